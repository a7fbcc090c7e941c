#include "sepax/harness/moving_judgement.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include <fmt/format.h>

#include "sepax/harness/campaign/severity.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/timed.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {
namespace {

double to_float(double x) { return static_cast<double>(static_cast<float>(x)); }

Vec3<double> to_float(const Vec3<double>& v) { return v.cast<float>().cast<double>(); }

std::string describe_contact(const char* method, const oracle::ExactContact& c) {
  if (c.state != ContactState::first_contact) return fmt::format("{}: {}", method, to_string(c.state));
  return fmt::format("{}: first_contact at t* = {:.17g} ({})", method, c.time, c.time_exact);
}

const char* meets_name(bool meets) { return meets ? "meet" : "never meet"; }

}  // namespace

LinearMotiond rounded_to(const LinearMotiond& motion, ScalarKind scalar) {
  if (scalar == ScalarKind::float64) return motion;
  return {to_float(motion.velocity_a), to_float(motion.velocity_b), to_float(motion.duration)};
}

bool MovingOracleVerdict::oracles_disagree() const {
  if (lp && (lp->state != contact.state || lp->time_exact != contact.time_exact)) return true;
  if (moving_intersects && *moving_intersects != meets()) return true;
  return static_intersects &&
         *static_intersects != (contact.state == ContactState::overlapping_at_start);
}

std::string MovingOracleVerdict::describe() const {
  std::string text = describe_contact("first_contact_sat", contact);
  if (lp) text += "; " + describe_contact("first_contact_lp", *lp);
  if (moving_intersects) text += fmt::format("; moving_intersects: {}", meets_name(*moving_intersects));
  if (static_intersects)
    text += fmt::format("; static oracle at t = 0: {}", *static_intersects ? "intersecting" : "separated");
  return text;
}

MovingOracleVerdict judge_moving_exactly(const ShapePair& pair, const LinearMotiond& motion,
                                         bool cross_check) {
  MovingOracleVerdict verdict;
  verdict.contact = timed(verdict.sat_seconds, [&] { return oracle::first_contact_sat(pair, motion); });
  if (cross_check) {
    verdict.lp = timed(verdict.lp_seconds, [&] { return oracle::first_contact_lp(pair, motion); });
    verdict.moving_intersects = oracle::moving_intersects(pair, motion).intersects;
  }
  return verdict;
}

double MovingMargins::moving() {
  if (!moving_) moving_ = oracle::moving_margin(pair_, motion_, oracle_.meets());
  return *moving_;
}

double MovingMargins::at_start() {
  if (!at_start_)
    at_start_ = oracle::relative_margin(pair_, oracle_.contact.state == ContactState::overlapping_at_start);
  return *at_start_;
}

MovingKernelJudgement run_moving_kernel(const KernelInfo& kernel, const ShapePair& pair,
                                        const LinearMotiond& motion) {
  MovingKernelJudgement run;
  run.mode = kernel.mode;
  try {
    if (kernel.mode == KernelMode::moving_test)
      run.verdict = kernel.test_moving(pair, motion);
    else
      run.contact = kernel.find_first_contact(pair, motion);
  } catch (const std::exception& e) {
    run.verdict_class = oracle::Class::gross;
    run.error = e.what();
  }
  return run;
}

std::vector<MovingKernelJudgement> run_moving_kernel_batch(const KernelInfo& kernel, std::span<const ShapePair> pairs,
                                                           std::span<const LinearMotiond> motions) {
  std::vector<MovingKernelJudgement> runs(pairs.size());
  const bool test = kernel.mode == KernelMode::moving_test;
  if ((test ? bool(kernel.test_moving_batch) : bool(kernel.find_first_contact_batch)) && !pairs.empty()) {
    try {
      if (test) {
        std::vector<StaticOutcome> outcomes(pairs.size());
        kernel.test_moving_batch(pairs, motions, outcomes);
        for (std::size_t i = 0; i < pairs.size(); ++i) runs[i].verdict = outcomes[i];
      } else {
        std::vector<ContactOutcome> outcomes(pairs.size());
        kernel.find_first_contact_batch(pairs, motions, outcomes);
        for (std::size_t i = 0; i < pairs.size(); ++i) runs[i].contact = outcomes[i];
      }
      for (MovingKernelJudgement& run : runs) run.mode = kernel.mode;
      return runs;
    } catch (const std::exception&) {
      // fall through: find the case that throws
    }
  }
  for (std::size_t i = 0; i < pairs.size(); ++i) runs[i] = run_moving_kernel(kernel, pairs[i], motions[i]);
  return runs;
}

namespace {

/// A verdict rule: classify against max(band, the promised tolerance), and
/// note when the band alone would have called it gross.
void classify_verdict(MovingKernelJudgement& run, const KernelInfo& kernel, bool says, bool exact, double band) {
  run.band = band;
  run.tolerance = std::max(band, kernel.tolerance);
  const double bias = oracle::granted_bias(kernel.bias);
  run.verdict_class = oracle::classify(says, exact, *run.margin, *run.tolerance, bias);
  run.beyond_band = run.verdict_class == oracle::Class::boundary && *run.tolerance > band &&
                    oracle::classify(says, exact, *run.margin, band, bias) == oracle::Class::gross;
}

}  // namespace

void classify_moving_run(MovingKernelJudgement& run, const KernelInfo& kernel, const ShapePair& pair,
                         const LinearMotiond& motion, const MovingOracleVerdict& oracle,
                         MovingMargins& margins, bool always_score) {
  if (run.error) return;  // already gross
  const bool find = run.mode == KernelMode::first_contact;
  const ContactState exact = oracle.contact.state;
  if (find && (always_score || (run.contact.state == ContactState::first_contact &&
                                exact == ContactState::first_contact))) {
    run.score = oracle::score_contact(pair, motion, oracle.contact, run.contact.state, run.contact.time,
                                      run.contact.point, kernel.scalar);
    if (run.contact.state == ContactState::first_contact) {
      run.primary_point_distance =
          run.contact.point_path == ContactPath::features
              ? run.score->point_distance
              : oracle::contact_point_distance(pair, motion, run.contact.time, run.contact.feature_point);
      run.primary_judged = oracle::axis_sine(pair, run.contact.axis) >=
                           unit_roundoff(kernel.scalar) / contact_error_bound(kernel.scalar);
    }
  }

  if (run.meets() != oracle.meets()) {
    // Whether they meet at all is a verdict like a static one, on the swept set.
    run.rule = MovingRule::meets_verdict;
    run.margin = margins.moving();
    classify_verdict(run, kernel, run.meets(), oracle.meets(),
                     oracle::moving_boundary_tolerance(pair, motion, kernel.scalar));
    return;
  }
  if (!find || run.contact.state == exact) {
    if (!find || exact != ContactState::first_contact) {
      run.rule = MovingRule::agreed;
      run.verdict_class = oracle::Class::ok;
      return;
    }
    // Both first_contact: the errors decide, excused only by ill-conditioning.
    // The time against τ, the point against its own bound (τ plus the
    // coordinates' rounding, score_contact). The primary path's point is held
    // to the same bound as the answer: a rescue that replaced a wrong feature
    // point does not make the case ok.
    run.rule = MovingRule::contact_errors;
    const double time_band = contact_error_bound(kernel.scalar), point_band = run.score->point_tolerance;
    const double point = run.point_error();
    run.point_dominates = point / point_band > run.score->time_error / time_band;
    run.band = run.point_dominates ? point_band : time_band;
    run.tolerance = std::max(*run.band, kernel.tolerance);
    const auto within = [&](double promised) {
      return run.score->time_error <= std::max(time_band, promised) && point <= std::max(point_band, promised);
    };
    run.verdict_class = within(0)                    ? oracle::Class::ok
                        : run.score->ill_conditioned ? oracle::Class::boundary
                        : within(kernel.tolerance)   ? oracle::Class::boundary
                                                     : oracle::Class::gross;
    run.beyond_band = run.verdict_class == oracle::Class::boundary && !run.score->ill_conditioned;
    return;
  }
  // overlapping_at_start vs first_contact: a static verdict at t = 0.
  run.rule = MovingRule::start_verdict;
  run.margin = margins.at_start();
  classify_verdict(run, kernel, run.contact.state == ContactState::overlapping_at_start,
                   exact == ContactState::overlapping_at_start, oracle::boundary_tolerance(pair, kernel.scalar));
}

double MovingKernelJudgement::severity() const {
  if (error) return kThrewSeverity;
  if (rule == MovingRule::contact_errors && score) return point_dominates ? point_error() : score->time_error;
  return margin ? std::abs(*margin) : 0.0;
}

std::string describe_moving_run(const MovingKernelJudgement& run, const KernelInfo& kernel,
                                const MovingOracleVerdict& oracle) {
  if (run.error) return "kernel threw: " + *run.error;
  std::string answer;
  if (run.mode == KernelMode::moving_test)
    answer = fmt::format("kernel says they {}", meets_name(run.meets()));
  else if (run.contact.state == ContactState::first_contact)
    answer = fmt::format("kernel says first_contact at t = {:.9g}", run.contact.time);
  else
    answer = fmt::format("kernel says {}", to_string(run.contact.state));
  const std::string exact = oracle.contact.state == ContactState::first_contact
                                ? fmt::format("exact: first_contact at t* = {:.17g}", oracle.contact.time)
                                : fmt::format("exact: {}", to_string(oracle.contact.state));
  switch (run.rule) {
    case MovingRule::agreed: return answer + ", " + exact;
    case MovingRule::meets_verdict:
      return fmt::format("{}, {}; moving margin {:.6g}, {}", answer, exact, run.margin.value_or(0),
                         limit_text(run.tolerance, run.band));
    case MovingRule::start_verdict:
      return fmt::format("{}, {}; margin at t = 0 {:.6g}, {}", answer, exact, run.margin.value_or(0),
                         limit_text(run.tolerance, run.band));
    case MovingRule::contact_errors: {
      const bool rescued = run.contact.point_path == ContactPath::closest_points;
      return fmt::format("{}, {}; time error {:.3g} T (bound {:.3g}), point distance {:.3g}{} (bound {:.3g}){}",
                         answer, exact, run.score->time_error, contact_error_bound(kernel.scalar),
                         run.score->point_distance,
                         rescued ? fmt::format(" (closest-points rescue; the features' point: {:.3g})",
                                               run.primary_point_distance.value_or(0))
                                 : std::string(),
                         run.score->point_tolerance, run.score->ill_conditioned ? ", ill-conditioned" : "");
    }
  }
  return answer;
}

}  // namespace sepax::harness
