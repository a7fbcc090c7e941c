#pragma once
/// \file
/// The kernel registry: every kernel has one string id
/// ("obb_obb/test_static/float", STYLE.md) used alike by tests, the CLI,
/// campaigns and reports. Adding one of sepax's kernels is one line in
/// core/src/registry/registry_static.cpp or registry_moving.cpp; anyone else's
/// goes through register_kernels() below.
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sepax/core/kernel_bias.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax {

/// A static kernel's answer, widened to double for the harness.
/// Which path of a static kernel produced a verdict, for kernels with more
/// than one: the triangle batch's vectorised fast path, or its full path (the
/// whole scalar kernel, branch-free; on double without FMA tri_tri::test_static
/// itself) for the pairs the fast path flags; a certified kernel's
/// floating-point filter (fast) or its exact rationals (full).
enum class StaticPath : std::uint8_t { only, fast, full };

constexpr const char* to_string(StaticPath p) {
  return p == StaticPath::only ? "only" : p == StaticPath::fast ? "fast" : "full";
}

struct StaticOutcome {
  bool intersects = true;
  SeparatingAxis axis{};
  std::array<double, 3> direction{0, 0, 0};
  StaticPath path = StaticPath::only;
};

/// A first-contact kernel's answer, widened to double.
struct ContactOutcome {
  ContactState state = ContactState::overlapping_at_start;
  double time = 0;
  std::array<double, 3> point{0, 0, 0};
  SeparatingAxis axis{};
  /// How `point` was produced (first_contact only): the features of the
  /// seed's method or the closest-points rescue (motion.hpp).
  ContactPath point_path = ContactPath::features;
  /// The primary path's own point, also when the rescue replaced it.
  std::array<double, 3> feature_point{0, 0, 0};
};

/// A prepared benchmark set: tests every pair of the set it was made from and
/// returns how many the kernel reports intersecting.
using SetRunner = std::function<std::size_t()>;

/// Which of the three kernel signatures an entry has.
enum class KernelMode { static_test, moving_test, first_contact };

struct KernelInfo {
  std::string id;          ///< "<query>/<mode>/<scalar>", or "<library>/<name>/<scalar>" for peers
  /// Who wrote the kernel: "sepax", or the peer library ("fcl", "ode",
  /// "textbook", ...). Gross verdicts of peers are findings, not sepax failures.
  std::string origin = "sepax";
  Query query;
  ScalarKind scalar;
  KernelMode mode = KernelMode::static_test;
  /// The kernel's deliberate bias, by method and ε (kernel_bias.hpp); the
  /// judge derives the extra band it opens on the "reported touching" side.
  /// Default: none (exact up to rounding).
  KernelBias bias{};
  /// The library's documented set convention: true when touching shapes
  /// count as separated (open sets: ODE's dBoxBox and its Bullet port report
  /// no contact for them). Their exact-touch disagreements are reported as
  /// class `convention`, apart from ok, boundary and gross. sepax's own
  /// kernels use closed sets.
  bool open_sets = false;
  /// The kernel names the axis that separated (StaticOutcome::axis and
  /// direction) — a witness the oracle can check. false for the batch form
  /// (verdicts only) and for peers, whose libraries do not say.
  bool reports_axis = true;
  /// A certified kernel (test_certified): it claims the exact verdict on
  /// every input, so the judge allows it no rounding band — any verdict
  /// that differs from the exact one is gross.
  bool exact_verdicts = false;
  /// The tolerance the kernel promises, relative to the larger shape's size
  /// (issue 29): a disagreement with the exact answer within
  /// max(rounding band, tolerance) is not gross. Its author's statement (or
  /// the user's, with promise_tolerances), shown beside its rates; 0 (the
  /// default) holds the kernel to the rounding band alone.
  double tolerance = 0;
  /// Runs the kernel on the pair, converting the stored doubles to the kernel's
  /// scalar (exact for cases whose scalar is this kernel's).
  std::function<StaticOutcome(const ShapePair&)> test;
  /// moving_test: do the shapes meet for some t in [0, T]? (axis may be a
  /// motion axis, Eberly Table 1′).
  std::function<StaticOutcome(const ShapePair&, const LinearMotiond&)> test_moving;
  /// first_contact: state, first time and a contact point.
  std::function<ContactOutcome(const ShapePair&, const LinearMotiond&)> find_first_contact;
  /// Optional batch forms of the three calls above, for kernels whose call
  /// has a fixed cost worth spreading over many pairs (a plugin's C ABI, an
  /// external process): the campaigns call them over the pairs of a range of
  /// cases instead of the per-pair function. The answers go to `out`, one
  /// per pair, in order (out.size() == pairs.size()). They must agree with
  /// the per-pair functions, which stay required (check and the property
  /// suites ask one pair at a time).
  std::function<void(std::span<const ShapePair>, std::span<StaticOutcome>)> test_batch;
  std::function<void(std::span<const ShapePair>, std::span<const LinearMotiond>, std::span<StaticOutcome>)>
      test_moving_batch;
  std::function<void(std::span<const ShapePair>, std::span<const LinearMotiond>, std::span<ContactOutcome>)>
      find_first_contact_batch;
  /// static_test only, for benchmarks: converts a set of pairs to the
  /// kernel's own input types once (outside the timed loop) and returns a
  /// runner over them. The pairs must outlive nothing: the runner owns copies.
  std::function<SetRunner(std::span<const ShapePair>)> prepare_set;
  bool is_peer() const { return origin != "sepax"; }
};

/// Adds kernels that are not sepax's own (peer adapters, a user's kernels,
/// the deliberately wrong kernels of the CLI's tests) beside sepax's: static
/// ones to static_kernels(), moving and first-contact ones to
/// moving_kernels(), in the order given. Call before the registry is first
/// read (static_kernels(), moving_kernels() or find_kernel()): the registry
/// hands out spans and never moves afterwards, so a late call throws
/// std::logic_error, as does an id that is already registered.
void register_kernels(std::vector<KernelInfo> extra);

/// The tolerances users promise for kernels (`--tolerance REL`,
/// `--tolerance ID=REL`): `by_id` for the kernels named, `all` (when set) for
/// every other kernel, a kernel's own KernelInfo::tolerance otherwise. Applied
/// when the registry is first read, so call before that (a late call throws
/// std::logic_error); a negative or non-finite value throws
/// std::invalid_argument. Ids that name no kernel are the caller's to report
/// (unknown_tolerance_ids()).
void promise_tolerances(std::optional<double> all, const std::map<std::string, double, std::less<>>& by_id);

/// The ids given to promise_tolerances that name no registered kernel (reads the registry).
std::vector<std::string> unknown_tolerance_ids();

/// Every registered static kernel (mode static_test), in a stable order.
std::span<const KernelInfo> static_kernels();
/// Every registered moving kernel (modes moving_test and first_contact).
std::span<const KernelInfo> moving_kernels();
/// The kernel with this id (any mode), or nullptr.
const KernelInfo* find_kernel(std::string_view id);

}  // namespace sepax
