// The integrators' frame drift against the MPFR rotation (integrator_drift.hpp).
#include "sepax/harness/integrator_drift.hpp"

#include <algorithm>

#include "sepax/oracle/exact_rotation.hpp"

namespace sepax::harness {

IntegratorDrift integrator_drift(const RigidMotion<double>& m, int steps, Integrator integrator, bool gram_schmidt) {
  IntegratorDrift d;
  d.turn = m.angular_velocity.norm() * m.duration;
  d.steps = steps;
  d.integrator = integrator;
  d.gram_schmidt = gram_schmidt;
  const SampledMotion<double> sampled = sample_frames(m, steps, integrator);
  Mat3<double> frame = Mat3<double>::Identity();
  for (int i = 1; i <= steps; ++i) {
    const double t = sampled.samples[std::size_t(i)].time, h = t - sampled.samples[std::size_t(i) - 1].time;
    frame = gram_schmidt ? sampled.samples[std::size_t(i)].frame
                         : Mat3<double>(detail::integrate_step(m.angular_velocity, frame, h, integrator));
    d.frame_error = std::max(d.frame_error, (frame - oracle::rotation_exact(m.angular_velocity, t)).cwiseAbs().maxCoeff());
    d.defect = std::max(d.defect, (frame.transpose() * frame - Mat3<double>::Identity()).cwiseAbs().maxCoeff());
  }
  return d;
}

std::vector<IntegratorDrift> integrator_drift_table() {
  struct Named {
    const char* name;
    Vec3<double> omega;
  };
  const Named motions[] = {{"off-axis", {0.3, -1.1, 2.0}}, {"on-axis", {0, 0, 2}}, {"fast", {3, 4, 12}}};
  std::vector<IntegratorDrift> out;
  for (const Named& n : motions) {
    RigidMotion<double> m;
    m.angular_velocity = n.omega;
    m.duration = 1;
    for (int steps = 4; steps <= 256; steps *= 2)
      for (const Integrator integrator : {Integrator::euler, Integrator::rk4})
        for (const bool gs : {true, false}) {
          out.push_back(integrator_drift(m, steps, integrator, gs));
          out.back().motion = n.name;
        }
  }
  return out;
}

}  // namespace sepax::harness
