#pragma once
/// \file
/// How far Eberly §5's integrated frames drift from the exact rotation:
/// for an angular velocity Ω over [0, T], the N + 1 frames of Euler or RK4
/// with Gram–Schmidt after every step (sample_frames, what the kernels use) or
/// without it, against R(Ω·t_i) computed in 256-bit MPFR
/// (oracle/exact_rotation.hpp). verify reports a table of it per step count;
/// the tests check the orders (Euler first, RK4 fourth until rounding).
#include <string>
#include <vector>

#include "sepax/core/moving/general_motion.hpp"

namespace sepax::harness {

struct IntegratorDrift {
  std::string motion;      ///< "off-axis", "on-axis", "fast"
  double turn = 0;         ///< |Ω|·T, radians
  int steps = 0;           ///< N
  Integrator integrator = Integrator::rk4;
  bool gram_schmidt = true;
  double frame_error = 0;  ///< max over the samples of max |F_i − R(Ω·t_i)| (entries)
  double defect = 0;       ///< max over the samples of max |F_iᵀF_i − I|
};

/// The drift of one motion's frames (its center and linear velocity do not enter).
IntegratorDrift integrator_drift(const RigidMotion<double>& motion, int steps, Integrator integrator,
                                 bool gram_schmidt);

/// The table verify reports: three angular velocities over T = 1 — off every
/// frame axis (2.3 rad), along the z axis (2 rad: Euler's Gram–Schmidt error
/// vanishes there) and fast (13 rad) — × N = 4 … 256 × Euler, RK4 × with and
/// without Gram–Schmidt.
std::vector<IntegratorDrift> integrator_drift_table();

}  // namespace sepax::harness
