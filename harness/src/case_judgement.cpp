#include "sepax/harness/case_judgement.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include <fmt/format.h>

#include "sepax/harness/campaign/severity.hpp"
#include "sepax/harness/timed.hpp"
#include "sepax/oracle/cgal_judge.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {
namespace {

Obb3d to_float(const Obb3d& box) { return box.cast<float>().cast<double>(); }

Triangle3d to_float(const Triangle3d& tri) { return tri.cast<float>().cast<double>(); }

}  // namespace

ShapePair rounded_to(const ShapePair& pair, ScalarKind scalar) {
  if (scalar == ScalarKind::float64) return pair;
  ShapePair rounded = pair;
  rounded.obb_a = to_float(pair.obb_a);
  rounded.obb_b = to_float(pair.obb_b);
  rounded.tri_a = to_float(pair.tri_a);
  rounded.tri_b = to_float(pair.tri_b);
  return rounded;
}

OracleVerdict judge_exactly(const ShapePair& pair, bool cross_check, bool unfiltered_check) {
  OracleVerdict verdict;
  const oracle::SatVerdict sat = timed(verdict.filtered_seconds, [&] { return oracle::sat_filtered(pair); });
  verdict.intersects = sat.intersects;
  verdict.exact_fallback = sat.exact_fallback;
  if (cross_check || sat.exact_fallback)
    verdict.cgal_intersects = timed(verdict.cgal_seconds, [&] { return oracle::cgal_intersects(pair); });
  if (unfiltered_check)
    verdict.unfiltered_intersects = timed(verdict.unfiltered_seconds, [&] { return oracle::sat_exact(pair); });
  return verdict;
}

double LazyMargin::get() {
  if (!value_) value_ = oracle::relative_margin(pair_, intersects_);
  return *value_;
}

std::string limit_text(std::optional<double> tolerance, std::optional<double> band) {
  const double b = band.value_or(0), t = tolerance.value_or(b);
  return t > b ? fmt::format("the kernel's tolerance {:.6g}", t) : fmt::format("band {:.6g}", b);
}

KernelJudgement run_kernel(const KernelInfo& kernel, const ShapePair& pair) {
  KernelJudgement run;
  try {
    run.outcome = kernel.test(pair);
  } catch (const std::exception& e) {
    run.verdict_class = oracle::Class::gross;
    run.error = e.what();
  }
  return run;
}

std::vector<KernelJudgement> run_kernel_batch(const KernelInfo& kernel, std::span<const ShapePair> pairs) {
  std::vector<KernelJudgement> runs(pairs.size());
  if (kernel.test_batch && !pairs.empty()) {
    std::vector<StaticOutcome> outcomes(pairs.size());
    try {
      kernel.test_batch(pairs, outcomes);
      for (std::size_t i = 0; i < pairs.size(); ++i) runs[i].outcome = outcomes[i];
      return runs;
    } catch (const std::exception&) {
      // fall through: find the pair that throws
    }
  }
  for (std::size_t i = 0; i < pairs.size(); ++i) runs[i] = run_kernel(kernel, pairs[i]);
  return runs;
}

void classify_run(KernelJudgement& run, const KernelInfo& kernel, const ShapePair& pair,
                  const OracleVerdict& oracle, LazyMargin& margin) {
  if (run.error) return;  // already gross
  if (run.outcome.intersects == oracle.intersects) {
    run.verdict_class = oracle::Class::ok;
    return;
  }
  run.margin = margin.get();
  // A kernel that names its separating axis is held to it: where that axis's
  // test is decided exactly, the band is 0.
  const bool witness = kernel.reports_axis && !run.outcome.intersects;
  // A certified kernel claims the exact verdict: no band at all.
  run.band = kernel.exact_verdicts ? 0.0 : oracle::verdict_band(pair, kernel.scalar, witness ? &run.outcome.axis : nullptr);
  // The tolerance the kernel promises widens the band, never narrows it.
  run.tolerance = std::max(*run.band, kernel.tolerance);
  run.verdict_class = oracle::classify(run.outcome.intersects, oracle.intersects, *run.margin,
                                       *run.tolerance, oracle::granted_bias(kernel.bias), kernel.open_sets);
  if (run.verdict_class == oracle::Class::boundary && *run.tolerance > *run.band) {
    // Would it have been boundary on the band (and bias) alone?
    const oracle::Class strict = oracle::classify(run.outcome.intersects, oracle.intersects, *run.margin, *run.band,
                                                  oracle::granted_bias(kernel.bias), kernel.open_sets);
    run.beyond_band = strict == oracle::Class::gross;
  }
}

double KernelJudgement::severity() const {
  if (error) return kThrewSeverity;
  return margin ? std::abs(*margin) : 0.0;
}

bool KernelJudgement::tolerated() const { return verdict_class == oracle::Class::boundary && beyond_band; }

KernelJudgement judge_kernel(const KernelInfo& kernel, const ShapePair& pair,
                             const OracleVerdict& oracle, LazyMargin& margin) {
  KernelJudgement run = run_kernel(kernel, pair);
  classify_run(run, kernel, pair, oracle, margin);
  return run;
}

}  // namespace sepax::harness
