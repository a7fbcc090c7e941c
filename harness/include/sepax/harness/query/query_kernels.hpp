#pragma once
/// \file
/// The one door through which every kernel of a judged pair query comes
/// in — sepax's own (query_kernels.cpp), the peers' (peers/, at start-up) and
/// a user's — as the SAT kernels come in through sepax::register_kernels
/// (core/registry.hpp). A kernel names its query and mode; the campaigns and
/// `sepax check` hand it the inputs of that query (query_input.hpp).
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/query/query_answer.hpp"
#include "sepax/harness/query/query_input.hpp"

namespace sepax::harness {

struct QueryKernel {
  std::string id;  ///< "rect_rect/test_static/float", "fcl/sphere_sphere/double"
  /// Who wrote it: "sepax", or the peer library ("fcl", "box2d", ...).
  std::string origin = "sepax";
  std::string query;  ///< "rect_rect", "sphere_sphere", ... (judged_queries.hpp)
  std::string mode;   ///< "test_static", "find_first_contact", "enclose", "find_manifold"
  /// The scalar of the cases it runs on (stored in double, representable in it).
  ScalarKind scalar = ScalarKind::float64;
  /// Its answer; nullopt: an input the library cannot take (counted as
  /// refused, not judged). Called from several threads at once unless the
  /// query says otherwise.
  std::function<std::optional<QueryAnswer>(const QueryInput&)> run;
  /// Optional: the answers to many inputs in one call, for kernels whose call
  /// has a fixed cost worth spreading (a plugin's C ABI, another process).
  /// Must agree with `run`, which stays required (`sepax check` asks one case
  /// at a time). An exception (or a wrong number of answers) is retried case
  /// by case, so that an error lands on the case that caused it.
  std::function<std::vector<std::optional<QueryAnswer>>(std::span<const QueryInput>)> run_batch;
  /// The tolerance the kernel promises, relative to the larger shape's size
  /// (issue 29's KernelInfo::tolerance; 0: the rounding band alone). Shown
  /// with its rows; the pair queries' judges do not use it yet.
  double tolerance = 0;
  bool is_peer() const { return origin != "sepax"; }
};

/// A kernel over one alternative of QueryInput: `f(const Input&)` returns a
/// QueryAnswer, a bool (meets) or an optional of either (nullopt: refused).
template <class Input, class F>
QueryKernel query_kernel(std::string id, std::string origin, std::string query, std::string mode, ScalarKind scalar,
                         F f) {
  QueryKernel k;
  k.id = std::move(id);
  k.origin = std::move(origin);
  k.query = std::move(query);
  k.mode = std::move(mode);
  k.scalar = scalar;
  k.run = [f = std::move(f)](const QueryInput& in) -> std::optional<QueryAnswer> {
    const auto says = f(std::get<Input>(in));
    using Says = std::decay_t<decltype(says)>;
    if constexpr (std::is_same_v<Says, bool>)
      return meets_answer(says);
    else if constexpr (std::is_same_v<Says, std::optional<bool>>)
      return says ? std::optional<QueryAnswer>(meets_answer(*says)) : std::nullopt;
    else
      return std::optional<QueryAnswer>(says);
  };
  return k;
}

/// Adds kernels beside sepax's own, in the order given. Call before the list
/// is first read (query_kernels(), find_query_kernel()): a late call throws
/// std::logic_error, as does an id already registered or a kernel without
/// `run`, query or mode.
void register_query_kernels(std::vector<QueryKernel> extra);

/// Every pair-query kernel: sepax's own, then the registered ones.
std::span<const QueryKernel> query_kernels();

/// The kernel with this id, or nullptr.
const QueryKernel* find_query_kernel(std::string_view id);

}  // namespace sepax::harness
