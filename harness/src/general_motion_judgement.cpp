// Eberly §5's general motion judged step by step (general_motion_judgement.hpp).
#include "sepax/harness/general_motion_judgement.hpp"

#include <stdexcept>
#include <string>

#include "sepax/core/registry.hpp"

namespace sepax::harness {
namespace {

template <class S>
RigidMotion<S> cast(const RigidMotion<double>& m) {
  return {m.center.cast<S>(), m.linear_velocity.cast<S>(), m.angular_velocity.cast<S>(), S(m.duration)};
}

template <class S, class A, class B>
StepCase widened(const GeneralStep<S, A, B>& g, ShapePair pair) {
  StepCase out;
  out.pair = pair;
  out.motion = g.motion.template cast<double>();
  out.begin = double(g.begin);
  out.end = double(g.end);
  return out;
}

template <class S>
StepCase step_case_in(const GeneralMotionSetup& s, int i, bool frozen) {
  const SampledMotion<S> ma = sample_frames(cast<S>(s.motion_a), s.steps, s.integrator);
  const SampledMotion<S> mb = sample_frames(cast<S>(s.motion_b), s.steps, s.integrator);
  ShapePair p;
  p.query = s.pair.query;
  switch (s.pair.query) {
    case Query::obb_obb: {
      const auto g = general_step(s.pair.obb_a.cast<S>(), ma, s.pair.obb_b.cast<S>(), mb, i, frozen);
      p.obb_a = g.a.template cast<double>();
      p.obb_b = g.b.template cast<double>();
      return widened(g, p);
    }
    case Query::tri_obb: {
      const auto g = general_step(s.pair.tri_a.cast<S>(), ma, s.pair.obb_b.cast<S>(), mb, i, frozen);
      p.tri_a = g.a.template cast<double>();
      p.obb_b = g.b.template cast<double>();
      return widened(g, p);
    }
    case Query::tri_tri: {
      const auto g = general_step(s.pair.tri_a.cast<S>(), ma, s.pair.tri_b.cast<S>(), mb, i, frozen);
      p.tri_a = g.a.template cast<double>();
      p.tri_b = g.b.template cast<double>();
      return widened(g, p);
    }
  }
  throw std::logic_error("general_step_case: unknown query");
}

template <class S>
GeneralContactResult<double> run_in(const GeneralMotionSetup& s) {
  const RigidMotion<S> ma = cast<S>(s.motion_a), mb = cast<S>(s.motion_b);
  GeneralContactResult<S> r;
  switch (s.pair.query) {
    case Query::obb_obb:
      r = obb_obb::find_first_contact_general(s.pair.obb_a.cast<S>(), ma, s.pair.obb_b.cast<S>(), mb, s.steps,
                                              s.integrator);
      break;
    case Query::tri_obb:
      r = tri_obb::find_first_contact_general(s.pair.tri_a.cast<S>(), ma, s.pair.obb_b.cast<S>(), mb, s.steps,
                                              s.integrator);
      break;
    case Query::tri_tri:
      r = tri_tri::find_first_contact_general(s.pair.tri_a.cast<S>(), ma, s.pair.tri_b.cast<S>(), mb, s.steps,
                                              s.integrator);
      break;
  }
  GeneralContactResult<double> out;
  out.state = r.state;
  out.step = r.step;
  out.step_begin = double(r.step_begin);
  out.step_end = double(r.step_end);
  out.time = double(r.time);
  out.has_point = r.has_point;
  out.point = r.point.template cast<double>();
  out.axis = r.axis;
  out.frozen_at_end = r.frozen_at_end;
  return out;
}

/// What the kernel's answer says about one step.
struct Claim {
  int step = 0;
  bool rerun = false;
  ContactState state = ContactState::separated_throughout;
  double time = 0;  ///< within the step (first_contact)
  std::array<double, 3> point{0, 0, 0};
};

std::vector<Claim> claims_of(const GeneralContactResult<double>& a, int steps) {
  std::vector<Claim> out;
  const auto separated_until = [&](int last) {
    for (int j = 0; j <= last; ++j) out.push_back({j, false, ContactState::separated_throughout, 0, {}});
  };
  const std::array<double, 3> point{a.point[0], a.point[1], a.point[2]};
  switch (a.state) {
    case ContactState::overlapping_at_start:
      out.push_back({0, false, ContactState::overlapping_at_start, 0, {}});
      break;
    case ContactState::separated_throughout: separated_until(steps - 1); break;
    case ContactState::first_contact:
      if (!a.frozen_at_end) {
        separated_until(a.step - 1);
        out.push_back({a.step, false, ContactState::first_contact, a.time - a.step_begin, point});
      } else {
        separated_until(a.step);
        out.push_back({a.step + 1, false, ContactState::overlapping_at_start, 0, {}});
        if (a.has_point) out.push_back({a.step, true, ContactState::first_contact, a.time - a.step_begin, point});
      }
      break;
  }
  return out;
}

int severity(oracle::Class c) { return c == oracle::Class::gross ? 2 : c == oracle::Class::ok ? 0 : 1; }

}  // namespace

StepCase general_step_case(const GeneralMotionSetup& setup, ScalarKind scalar, int step, bool frozen_at_end) {
  return scalar == ScalarKind::float32 ? step_case_in<float>(setup, step, frozen_at_end)
                                       : step_case_in<double>(setup, step, frozen_at_end);
}

GeneralContactResult<double> run_sepax_general_motion(const GeneralMotionSetup& setup, ScalarKind scalar) {
  return scalar == ScalarKind::float32 ? run_in<float>(setup) : run_in<double>(setup);
}

GeneralMotionTruth general_motion_truth(const GeneralMotionSetup& setup, ScalarKind scalar) {
  GeneralMotionTruth t;
  t.scalar = scalar;
  for (int i = 0; i < setup.steps; ++i) {
    const StepCase c = general_step_case(setup, scalar, i, false);
    t.steps.push_back(judge_moving_exactly(c.pair, c.motion, /*cross_check=*/false));
    const oracle::ExactContact& e = t.steps.back().contact;
    t.step = i;
    if (e.state == ContactState::separated_throughout) continue;
    if (e.state == ContactState::overlapping_at_start && i == 0) {
      t.state = ContactState::overlapping_at_start;
      return t;
    }
    t.state = ContactState::first_contact;
    if (e.state == ContactState::first_contact) {
      t.time = c.begin + e.time;
      return t;
    }
    // Overlapping at t_i: the kernel's scheme re-runs step i − 1 frozen at its end.
    const StepCase r = general_step_case(setup, scalar, i - 1, true);
    t.rerun = judge_moving_exactly(r.pair, r.motion, /*cross_check=*/false);
    t.step = i - 1;
    t.frozen_at_end = true;
    t.time = t.rerun->contact.state == ContactState::first_contact ? r.begin + t.rerun->contact.time : r.end;
    return t;
  }
  t.state = ContactState::separated_throughout;
  return t;
}

GeneralMotionJudgement judge_general_motion(const GeneralMotionSetup& setup, const GeneralContactResult<double>& answer,
                                            const GeneralMotionTruth& truth) {
  const std::string id = std::string(to_string(setup.pair.query)) + "/find_first_contact/" +
                         (truth.scalar == ScalarKind::float32 ? "float" : "double");
  const KernelInfo* kernel = find_kernel(id);
  if (!kernel) throw std::logic_error("judge_general_motion: no kernel " + id);
  const double duration = setup.motion_a.duration;
  GeneralMotionJudgement j;
  for (const Claim& claim : claims_of(answer, setup.steps)) {
    const StepCase c = general_step_case(setup, truth.scalar, claim.step, claim.rerun);
    MovingOracleVerdict computed;
    const MovingOracleVerdict* oracle = nullptr;
    if (claim.rerun && truth.rerun && truth.step == claim.step)
      oracle = &*truth.rerun;
    else if (!claim.rerun && claim.step < int(truth.steps.size()))
      oracle = &truth.steps[std::size_t(claim.step)];
    else
      oracle = &(computed = judge_moving_exactly(c.pair, c.motion, /*cross_check=*/false));
    MovingKernelJudgement run;
    run.mode = KernelMode::first_contact;
    run.contact.state = claim.state;
    run.contact.time = claim.time;
    run.contact.point = run.contact.feature_point = claim.point;
    MovingMargins margins(c.pair, c.motion, *oracle);
    classify_moving_run(run, *kernel, c.pair, c.motion, *oracle, margins);
    ++j.claims;
    if (claim.state == ContactState::first_contact && run.score && run.score->state_matches && duration > 0)
      j.time_error = run.score->time_error * c.motion.duration / duration;
    if (severity(run.verdict_class) > severity(j.verdict_class)) {
      j.verdict_class = run.verdict_class;
      j.margin = run.margin;
      j.tolerance = run.tolerance;
      j.deciding_step = claim.step;
      j.reason = "step " + std::to_string(claim.step) + (claim.rerun ? " (re-run frozen at its end)" : "") + ": " +
                 describe_moving_run(run, *kernel, *oracle);
    }
    if (j.verdict_class == oracle::Class::gross) break;
  }
  return j;
}

}  // namespace sepax::harness
