#pragma once
/// \file
/// How one judged pair query is described, once: its name and mode, its
/// generator families, how a case is generated, its exact answer, how a
/// kernel's answer is judged against it, and the line of a case file that
/// replays a case. judged_queries.hpp holds every such description; the
/// campaign engine (query_batch.hpp) runs any of them.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/generators/source.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/query/query_answer.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

/// A judgement: the class, and what it was decided from.
struct QueryVerdict {
  oracle::Class verdict_class = oracle::Class::ok;
  std::optional<double> margin, tolerance;  ///< when the answer was wrong (or its time off)
  std::optional<double> time_error;         ///< |t − t*| when both report a first contact
  /// Manifolds in contact on both sides: |depth − depth*| / ℓ and the largest
  /// distance of a point outside either box / ℓ.
  std::optional<double> depth_error, point_distance;
  std::string reason;  ///< what was wrong, when the judge says (manifolds)
  /// The exact answer's side (JudgedQuery::judge_answer sets it): the shapes meet.
  std::optional<bool> exactly_meets;
};

/// A kernel as a campaign of the query runs it (from query_kernels()).
template <class Pair>
struct PairKernel {
  std::string id;
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  /// nullopt: a pair the library cannot take (counted as refused, not judged).
  std::function<std::optional<QueryAnswer>(const Pair&)> run;
  /// Optional: many pairs in one call (QueryKernel::run_batch).
  std::function<std::vector<std::optional<QueryAnswer>>(std::span<const Pair>)> run_batch;
};

/// Where a replayed case came from (written into its "origin").
struct CaseLabel {
  std::string id, family;
  ScalarKind scalar = ScalarKind::float64;
  nlohmann::ordered_json origin;
};

template <class Pair, class Exact>
struct PairQuery {
  std::string name;  ///< the query id: "rect_rect", "sphere_sphere"
  std::string mode;  ///< "test_static", "find_first_contact", "enclose", "find_manifold"
  std::vector<std::string> families;
  std::function<Pair(std::size_t family, ScalarKind, gen::Source&)> generate;
  std::function<Exact(const Pair&)> exact;
  std::function<bool(const Exact&)> exact_meets;
  std::function<QueryVerdict(const Pair&, ScalarKind, const QueryAnswer&, const Exact&)> judge;
  std::function<std::string(const Pair&, const CaseLabel&)> case_line;
  /// The inverse of case_line: a case read from a case file as this query's
  /// pair; nullopt when it is not one of this query × mode (another query, or
  /// no motion for a moving mode: a moving case is also test_static's, its
  /// shapes alone).
  std::function<std::optional<Pair>(const CaseOrError&)> from_case;
  /// The case as its layout's input values (query_layout.hpp), appended to
  /// the vector, and back (throws std::invalid_argument naming the field of a
  /// value that is not finite).
  std::function<void(const Pair&, std::vector<double>&)> flatten;
  std::function<Pair(std::span<const double>, ScalarKind)> unflatten;
  std::vector<PairKernel<Pair>> kernels;
  /// Cases judged on several threads at once: every kernel and judge may run
  /// concurrently (Box2D's distance routine bumps global counters: not).
  bool parallel = true;
};

}  // namespace sepax::harness
