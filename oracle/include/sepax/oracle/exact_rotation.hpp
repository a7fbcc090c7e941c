#pragma once
/// \file
/// The rotation by a constant angular velocity Ω over time t, R(Ω·t),
/// in 256-bit MPFR (Rodrigues: I + sin θ·K + (1 − cos θ)·K², θ = |Ω|·t, K the
/// cross-product matrix of Ω/|Ω|), each entry rounded once to double: the
/// reference the general-motion integrators (Eberly §5) are judged against.
#include <Eigen/Core>

namespace sepax::oracle {

Eigen::Matrix3d rotation_exact(const Eigen::Vector3d& omega, double t);

}  // namespace sepax::oracle
