#pragma once
/// \file
/// Judging moving kernels on one pair and motion (issue 3, SPEC §4): the
/// exact first contact (oracle::first_contact_sat, cross-checked by the
/// independent first_contact_lp), the margins when a verdict rule needs them,
/// and the ok / boundary / gross class of each test_moving and
/// find_first_contact kernel. Shared by `sepax check` and `sepax verify`, so
/// both judge a moving case the same way.
///
/// How a kernel is classified (rules in the order they apply):
///
/// | kernel vs exact                                  | class                                           |
/// |--------------------------------------------------|-------------------------------------------------|
/// | threw                                            | gross                                           |
/// | test_moving verdict, or find's "do they meet at  | as a static verdict: boundary when |moving_margin| ≤ moving_boundary_tolerance, gross beyond |
/// |   all" (separated_throughout vs the other two)   |                                                 |
/// | overlapping_at_start vs first_contact            | as a static verdict at t = 0: boundary when |relative_margin| ≤ boundary_tolerance, gross beyond |
/// | both first_contact                               | ok when time_error ≤ bound and point_distance ≤ the point's bound; otherwise boundary when ill_conditioned (score_contact), gross when not |
/// | same state, not first_contact                    | ok                                              |
///
/// bound = contact_error_bound(kernel scalar): issue 3's acceptance bound, see
/// there; the point's bound adds the coordinates' rounding to it
/// (oracle::ContactScore::point_tolerance).
#include <algorithm>
#include <optional>
#include <span>
#include <vector>
#include <string>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_contact.hpp"

namespace sepax::harness {

/// The largest time error (|t − t*| / T) that a find_first_contact kernel
/// computing in `scalar` may have on a well-conditioned first contact and
/// still be `ok` (its contact point, relative to reference_length, is allowed
/// this plus the coordinates' rounding: ContactScore::point_tolerance): issue 3's
/// acceptance bounds, oracle::contact_time_tolerance (1e-5 for float, 1e-12
/// for double) — the same τ with which score_contact calls a case
/// ill-conditioned (the rounding band of the inputs moves t* by more than τ·T).
/// A fixed multiple of u would not do: a kernel's time is a gap divided by a
/// closing speed, so its error grows like u·M/(|L̂·W|·T) on slow approaches
/// that are still well-conditioned in τ (measured: double errors up to
/// ~100·u·T). A wrong formula is off by far more (a fraction of a size).
constexpr double contact_error_bound(ScalarKind scalar) { return oracle::contact_time_tolerance(scalar); }

/// The motion exactly as a kernel computing in `scalar` sees it (velocities
/// and T rounded to nearest); may overflow to ±inf for float.
LinearMotiond rounded_to(const LinearMotiond& motion, ScalarKind scalar);

/// The exact answer on a moving pair, its cross-checks, and what they cost.
struct MovingOracleVerdict {
  /// oracle::first_contact_sat: the reference.
  oracle::ExactContact contact;
  /// oracle::first_contact_lp, when the cross-check ran.
  std::optional<oracle::ExactContact> lp;
  /// oracle::moving_intersects, when that check ran (same windows as method
  /// (a), but the filtered path that decides without times).
  std::optional<bool> moving_intersects;
  /// The static oracle's verdict at t = 0, when the caller knows it.
  std::optional<bool> static_intersects;

  /// Wall time (steady_clock) inside each call on this case; 0 when it did not run.
  double sat_seconds = 0;
  double lp_seconds = 0;

  /// Do the shapes meet for some t in [0, T]?
  bool meets() const { return contact.state != ContactState::separated_throughout; }
  /// A check that ran contradicts first_contact_sat (state, exact t*, the
  /// moving verdict or the state at t = 0): a harness bug.
  bool oracles_disagree() const;
  /// What the oracles said, readable ("first_contact_sat: first_contact at t*
  /// = 1; first_contact_lp: …").
  std::string describe() const;
};

/// Runs first_contact_sat, and with `cross_check` first_contact_lp and
/// moving_intersects as well. Exceptions from the oracles propagate.
MovingOracleVerdict judge_moving_exactly(const ShapePair& pair, const LinearMotiond& motion,
                                         bool cross_check);

/// The margins a disagreeing kernel is classified by, each computed on first
/// use only (QPs of up to a few ms). Refers to its arguments.
class MovingMargins {
 public:
  MovingMargins(const ShapePair& pair, const LinearMotiond& motion, const MovingOracleVerdict& oracle)
      : pair_(pair), motion_(motion), oracle_(oracle) {}

  /// oracle::moving_margin of the exact moving verdict.
  double moving();
  /// oracle::relative_margin at t = 0 of the exact state at t = 0.
  double at_start();

 private:
  const ShapePair& pair_;
  const LinearMotiond& motion_;
  const MovingOracleVerdict& oracle_;
  std::optional<double> moving_;
  std::optional<double> at_start_;
};

/// Which row of the classification table (file comment) decided a class.
enum class MovingRule {
  agreed,         ///< same verdict, or same state other than first_contact
  meets_verdict,  ///< disagreed on whether the shapes meet: the moving margin
  start_verdict,  ///< overlapping_at_start vs first_contact: the margin at t = 0
  contact_errors, ///< both first_contact: the time and point errors
};

/// One moving kernel's answer on one case and its class.
struct MovingKernelJudgement {
  KernelMode mode = KernelMode::moving_test;
  StaticOutcome verdict;   ///< mode moving_test
  ContactOutcome contact;  ///< mode first_contact
  oracle::Class verdict_class = oracle::Class::ok;
  MovingRule rule = MovingRule::agreed;
  /// Set by the verdict rules: the margin and tolerance classify used
  /// (tolerance = max(band, the kernel's promised KernelInfo::tolerance)).
  std::optional<double> margin;
  std::optional<double> tolerance;
  /// The rounding band alone (the contact rule: contact_error_bound).
  std::optional<double> band;
  /// Boundary only thanks to the promised tolerance.
  bool beyond_band = false;
  /// find_first_contact: score_contact against the exact contact, set when
  /// both states are first_contact (always set by check, for the report).
  std::optional<oracle::ContactScore> score;
  /// find_first_contact, with score: the distance of the primary path's own
  /// point (the supporting features', ContactOutcome::feature_point) from the
  /// shapes, the same as score->point_distance unless a rescue replaced it. A
  /// rescue never hides a wrong primary point: it is judged like the answer.
  std::optional<double> primary_point_distance;
  /// Whether the primary point is held to the bound: not when the last
  /// separating axis is so ill-conditioned (oracle::axis_sine < u / bound)
  /// that its rounding alone moves the supporting features beyond the bound.
  bool primary_judged = false;
  /// The kernel threw: the class is gross and this says why.
  std::optional<std::string> error;

  /// The contact rule: the point (rather than the time) is the further
  /// beyond its bound, relative to it; severity() and band are the point's.
  bool point_dominates = false;

  /// How far wrong (severity.hpp): |margin| for the verdict rules; for the
  /// contact rule the time error (/T) or the point error (/size), whichever is
  /// the further beyond its bound (point_dominates); kThrewSeverity when the
  /// kernel threw; 0 when it agreed.
  double severity() const;
  /// The contact rule's point error: the answer's point distance, and the
  /// primary path's where that is judged.
  double point_error() const {
    if (!score) return 0;
    return std::max(score->point_distance, primary_judged ? primary_point_distance.value_or(0) : 0.0);
  }
  bool tolerated() const { return verdict_class == oracle::Class::boundary && beyond_band; }

  /// The kernel's answer to "do the shapes meet in [0, T]?".
  bool meets() const {
    return mode == KernelMode::moving_test ? verdict.intersects
                                           : contact.state != ContactState::separated_throughout;
  }
  /// Both states first_contact and the case well-conditioned: the cases whose
  /// errors verify's statistics report.
  bool scored_first_contact() const {
    return rule == MovingRule::contact_errors && score && !score->ill_conditioned;
  }
};

/// Runs a moving kernel (mode moving_test or first_contact) on `pair` and
/// `motion`, which must be exactly representable in the kernel's scalar; an
/// exception becomes `error`, class gross.
MovingKernelJudgement run_moving_kernel(const KernelInfo& kernel, const ShapePair& pair,
                                        const LinearMotiond& motion);

/// run_moving_kernel over many cases: one call of the kernel's batch form when
/// it has one (test_moving_batch, find_first_contact_batch), else one call per
/// case. A batch that throws is run again case by case, so that the error
/// lands on the case that caused it.
std::vector<MovingKernelJudgement> run_moving_kernel_batch(const KernelInfo& kernel, std::span<const ShapePair> pairs,
                                                           std::span<const LinearMotiond> motions);

/// Classifies a run by the table of the file comment, computing margins through
/// `margins` only when a verdict rule needs them. With `always_score`, a
/// find_first_contact kernel is scored (score_contact) whatever its state, for
/// reports; otherwise only when both states are first_contact.
void classify_moving_run(MovingKernelJudgement& run, const KernelInfo& kernel, const ShapePair& pair,
                         const LinearMotiond& motion, const MovingOracleVerdict& oracle,
                         MovingMargins& margins, bool always_score = false);

/// Why a run is not ok, readable: the kernel's and the exact answer, with the
/// numbers its rule used.
std::string describe_moving_run(const MovingKernelJudgement& run, const KernelInfo& kernel,
                                const MovingOracleVerdict& oracle);

}  // namespace sepax::harness
