#pragma once
/// \file
/// Judging kernels on one pair: the exact verdict (filtered rational SAT,
/// cross-checked by CGAL), the margin when it is needed, and the
/// ok / boundary / gross class of each kernel (SPEC §4). Shared by
/// `sepax check` and `sepax verify`, so both judge a case the same way.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

/// The pair exactly as a kernel computing in `scalar` sees it: every stored
/// double rounded to nearest in that scalar. Only float32 changes anything
/// (float → double is exact); the result can differ from `pair` when a double
/// case is handed to a float kernel.
ShapePair rounded_to(const ShapePair& pair, ScalarKind scalar);

/// The exact verdict on a pair, and what each oracle call cost.
struct OracleVerdict {
  bool intersects = false;      ///< oracle::sat_filtered, the reference
  bool exact_fallback = false;  ///< the interval filter could not decide
  /// oracle::cgal_intersects, when the cross-check ran.
  std::optional<bool> cgal_intersects;
  /// oracle::sat_exact (rationals, no filter), when that check ran.
  std::optional<bool> unfiltered_intersects;

  /// Wall time (steady_clock) inside each call on this case; the last two are
  /// 0 when their call did not run. For verify's oracle cost table.
  double filtered_seconds = 0;
  double cgal_seconds = 0;
  double unfiltered_seconds = 0;

  /// An oracle that ran contradicts sat_filtered: a harness bug.
  bool oracles_disagree() const {
    return (cgal_intersects && *cgal_intersects != intersects) ||
           (unfiltered_intersects && *unfiltered_intersects != intersects);
  }
};

/// Runs the filtered rational SAT, and CGAL as well when `cross_check` is set
/// or the filter fell back to exact arithmetic (the cases where a filter bug
/// would hide); with `unfiltered_check`, also the same SAT in rationals
/// without the filter (which checks the filter and measures what it saves).
/// Exceptions from the oracles propagate.
OracleVerdict judge_exactly(const ShapePair& pair, bool cross_check, bool unfiltered_check = false);

/// oracle::relative_margin, computed on first use only: it costs up to ~1 ms,
/// and verify needs it only for the rare kernel that disagrees.
class LazyMargin {
 public:
  /// `known`: the margin when the caller already has it (computed once per
  /// case, several kernels classified).
  LazyMargin(const ShapePair& pair, bool intersects, std::optional<double> known = std::nullopt)
      : pair_(pair), intersects_(intersects), value_(known) {}
  double get();
  /// The margin if it has been computed.
  std::optional<double> computed() const { return value_; }

 private:
  const ShapePair& pair_;
  bool intersects_;
  std::optional<double> value_;
};

/// One kernel's answer on one pair and its class.
struct KernelJudgement {
  StaticOutcome outcome;
  oracle::Class verdict_class = oracle::Class::ok;
  /// Set when the kernel disagreed with the oracle (the values classify used):
  /// the relative margin, and the tolerance = max(band, the kernel's promised
  /// KernelInfo::tolerance).
  std::optional<double> margin;
  std::optional<double> tolerance;
  /// The rounding band alone (verdict_band; 0 for a certified kernel), when set.
  std::optional<double> band;
  /// The kernel threw (a failed SEPAX_ASSERT on valid input included): the
  /// class is gross and this says why.
  std::optional<std::string> error;
  /// Set by classify_run: boundary only thanks to the promised tolerance.
  bool beyond_band = false;

  /// |margin| (relative to size) of a disagreement, kThrewSeverity when the
  /// kernel threw, 0 when it agreed (severity.hpp).
  double severity() const;
  /// A boundary verdict beyond the rounding band (and the granted bias): only
  /// the kernel's promised tolerance kept it from gross.
  bool tolerated() const;
};

/// What a disagreement was held to, for a finding's text: "band 1.67e-05",
/// or "the kernel's tolerance 0.001" when its promise is the wider (the
/// judgements' `tolerance` is the larger of the two; a bare "tolerance"
/// read as the kernel's promise when it was the band).
std::string limit_text(std::optional<double> tolerance, std::optional<double> band);

/// Runs `kernel` on `pair`, which must be exactly representable in the
/// kernel's scalar (see rounded_to); an exception becomes `error`, class gross.
KernelJudgement run_kernel(const KernelInfo& kernel, const ShapePair& pair);

/// run_kernel over many pairs: one call of the kernel's batch form when it has
/// one (KernelInfo::test_batch), else one call per pair. A batch that throws
/// is run again pair by pair, so that the error lands on the case that caused
/// it.
std::vector<KernelJudgement> run_kernel_batch(const KernelInfo& kernel, std::span<const ShapePair> pairs);

/// Classifies a run against `oracle`, with verdict_band(pair,
/// kernel.scalar) and the bias the judge grants the kernel
/// (oracle::granted_bias); the margin is computed
/// only if the verdicts differ.
void classify_run(KernelJudgement& run, const KernelInfo& kernel, const ShapePair& pair,
                  const OracleVerdict& oracle, LazyMargin& margin);

/// run_kernel, then classify_run.
KernelJudgement judge_kernel(const KernelInfo& kernel, const ShapePair& pair,
                             const OracleVerdict& oracle, LazyMargin& margin);

}  // namespace sepax::harness
