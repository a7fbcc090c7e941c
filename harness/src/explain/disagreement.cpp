#include "sepax/harness/explain/disagreement.hpp"

#include <exception>

#include <fmt/format.h>

#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/harness/valid_case.hpp"

namespace sepax::harness {

const char* axis_kind_name(AxisKind k) {
  switch (k) {
    case AxisKind::none: return "none";
    case AxisKind::face_a: return "face_a";
    case AxisKind::face_b: return "face_b";
    case AxisKind::normal_a: return "normal_a";
    case AxisKind::normal_b: return "normal_b";
    case AxisKind::edge_edge: return "edge_edge";
    case AxisKind::inplane_a: return "inplane_a";
    case AxisKind::inplane_b: return "inplane_b";
    case AxisKind::degenerate: return "degenerate";
    case AxisKind::motion_a: return "motion_a";
    case AxisKind::motion_b: return "motion_b";
  }
  return "?";
}

namespace {

/// What a static or moving judgement says of the disagreement.
template <class Run>
Disagreement judged(const Run& run, bool exact, bool says) {
  Disagreement d;
  d.verdict_class = run.verdict_class;
  d.exactly_intersect = exact;
  d.kernel_says_intersect = says;
  d.severity = run.severity();
  d.band = run.band.value_or(0);
  d.tolerance = run.tolerance.value_or(0);
  d.margin = run.margin;
  return d;
}

Disagreement read_static(const KernelInfo& kernel, const ShapePair& pair) {
  const OracleVerdict oracle = judge_exactly(pair, /*cross_check=*/false);
  LazyMargin margin(pair, oracle.intersects);
  const KernelJudgement run = judge_kernel(kernel, pair, oracle, margin);
  Disagreement d = judged(run, oracle.intersects, run.outcome.intersects);
  if (run.error) {
    d.kind = "threw";
  } else if (run.outcome.intersects != oracle.intersects) {
    if (run.outcome.intersects) {
      d.kind = "false-positive";
    } else if (kernel.reports_axis) {
      d.kind = fmt::format("false-negative {}", axis_kind_name(run.outcome.axis.kind));
      d.named_axis = run.outcome.axis;
    } else {
      d.kind = "false-negative";
    }
  }
  return d;
}

Disagreement read_moving(const KernelInfo& kernel, const ShapePair& pair, const LinearMotiond& motion) {
  const MovingOracleVerdict oracle = judge_moving_exactly(pair, motion, /*cross_check=*/false);
  MovingKernelJudgement run = run_moving_kernel(kernel, pair, motion);
  MovingMargins margins(pair, motion, oracle);
  classify_moving_run(run, kernel, pair, motion, oracle, margins);
  Disagreement d = judged(run, oracle.meets(), run.meets());
  if (run.error) {
    d.kind = "threw";
  } else if (run.verdict_class != oracle::Class::ok) {
    // As shrink has always named them: the moving kinds carry no axis.
    d.kind = run.meets() == oracle.meets() ? "wrong-contact" : run.meets() ? "false-positive" : "false-negative";
    if (!run.meets() && kernel.reports_axis && run.mode == KernelMode::moving_test) d.named_axis = run.verdict.axis;
    if (run.mode == KernelMode::first_contact) d.contact_axis = run.contact.axis;
    d.ill_conditioned_contact = run.rule == MovingRule::contact_errors && run.score && run.score->ill_conditioned;
    if (run.rule == MovingRule::contact_errors)
      d.contact_error = run.point_dominates ? Disagreement::ContactError::point : Disagreement::ContactError::time;
  }
  return d;
}

}  // namespace

std::optional<Disagreement> read_disagreement(const KernelInfo& kernel, const ShapePair& pair,
                                              const std::optional<LinearMotiond>& motion) {
  if (!valid_case(pair, motion, kernel.scalar)) return std::nullopt;
  try {
    if (kernel.mode == KernelMode::static_test) return read_static(kernel, pair);
    if (!motion) return std::nullopt;
    return read_moving(kernel, pair, *motion);
  } catch (const std::exception&) {
    return std::nullopt;  // an oracle refusing the case
  }
}

}  // namespace sepax::harness
