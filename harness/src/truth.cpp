#include "sepax/harness/truth.hpp"

#include <stdexcept>

#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {

ExactTruth judge(const ShapePair& pair, const std::optional<LinearMotiond>& motion) {
  const OracleVerdict verdict = judge_exactly(pair, /*cross_check=*/true);
  if (verdict.oracles_disagree()) throw std::runtime_error("the exact oracles disagree on this pair (a harness bug)");
  ExactTruth truth;
  truth.intersects = verdict.intersects;
  truth.margin = oracle::relative_margin(pair, verdict.intersects);
  if (motion) {
    MovingOracleVerdict moving = judge_moving_exactly(pair, *motion, /*cross_check=*/true);
    if (moving.oracles_disagree()) throw std::runtime_error("the exact first-contact oracles disagree: " + moving.describe());
    truth.first_contact = moving.contact;
  }
  return truth;
}

oracle::Class classify(const ShapePair& pair, ScalarKind scalar, bool says_intersects, const KernelBias& bias) {
  KernelInfo kernel;
  kernel.id = "user";
  kernel.origin = "user";
  kernel.query = pair.query;
  kernel.scalar = scalar;
  kernel.bias = bias;
  kernel.reports_axis = false;
  const OracleVerdict verdict = judge_exactly(pair, /*cross_check=*/false);
  KernelJudgement run;
  run.outcome.intersects = says_intersects;
  LazyMargin margin(pair, verdict.intersects);
  classify_run(run, kernel, pair, verdict, margin);
  return run.verdict_class;
}

}  // namespace sepax::harness
