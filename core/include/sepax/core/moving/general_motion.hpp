#pragma once
/// \file
/// Rigid bodies with constant linear and angular velocity, tested by
/// splitting [0, T] into N constant-velocity steps (Eberly §5).
///
/// Motion. A body moves rigidly about a centre K0: every point X0 of it follows
///   X(t) = K0 + t·V + R(t)·(X0 − K0),   R(t) = rotation by Ω·t,
/// the solution of dX/dt = V + Ω × (X − K(t)) with K(t) = K0 + t·V (Eberly §5).
/// R is not evaluated in closed form (no trig): the frame F(t), F(0) = I, is
/// integrated from dF/dt = S(Ω)·F, S(Ω) the cross-product matrix (S(Ω)x = Ω × x),
/// with Euler's method or classical RK4 on the N + 1 sample times
/// t_i = (i/N)·T, and re-orthonormalised by Gram–Schmidt after every step, as §5
/// prescribes, so every F_i is a rotation to rounding (a few ulps; the drift does
/// not accumulate with N). Positions are computed as
///   X(t_i) = X0 + t_i·V + (F_i − I)·(X0 − K0),
/// the same point as §5's formula, written so that F_i = I gives X0 + t_i·V with
/// no cancellation of K0 (a zero angular velocity then reproduces the
/// constant-velocity kernels' inputs exactly).
///
/// Integrator accuracy. RK4 is applied to the linear system F' = S F, so one step
/// multiplies by the degree-4 Taylor polynomial of exp(h·S): global frame error
/// O((|Ω|h)^4·|Ω|T), fourth order. Euler multiplies by I + h·S = (rotation by
/// atan(|Ω|h)) · (stretch by √(1 + |Ω|²h²) across Ω). Gram–Schmidt removes the
/// stretch but, being column-ordered, turns it into a rotation of ≈ (|Ω|h)²/2
/// per step about an axis fixed in the body; these add up to
/// O(|Ω|h·|Ω|T): first order (measured: order 0.9–1.0). The axis vanishes, and
/// Euler becomes second order, only when Ω lies along an axis of the initial
/// frame.
///
/// Contact (find_first_contact_general). On each step [t_i, t_{i+1}] both shapes
/// are posed at t_i and moved by the constant-velocity kernels of
/// obb_obb_moving.hpp, tri_obb_moving.hpp, tri_tri_moving.hpp over
/// Δt = t_{i+1} − t_i (Eberly §5: "assume constant velocity during that step").
/// Each shape's velocity is the chord velocity of its own reference point P (box
/// centre, triangle centroid): (P(t_{i+1}) − P(t_i))/Δt, computed as
/// V + (F_{i+1} − F_i)(P0 − K0)/Δt. Eberly's text uses the central point K's
/// chord, which is V itself; P's chord is the same idea applied to each shape, so
/// that a shape orbiting far from K0 has its reference point exactly at both ends
/// of the step and the swept volumes of consecutive steps connect.
///
/// Approximation — say it wherever a result is used: the orientation is frozen
/// at F_i during the step. Within step i a point at distance ρ from P is off its
/// true path by at most about |Ω|·Δt·ρ (plus the integrator's frame error times
/// ρ), so contact times and points carry an error of order |Ω|Δt·size / (approach
/// speed), first order in 1/N, and a gap smaller than |Ω|Δt·size can be reported
/// as a contact or a contact missed. The chord of an orbit (K0 far from P) also
/// cuts inside the true circular path by the sagitta ≈ |P0 − K0|(|Ω|Δt)²/8.
/// Choose N so that these are below the tolerance of the application.
///
/// When the rotation drives the approach, step i with F_i frozen often finds no
/// contact although the poses at t_{i+1} overlap: the turn from F_i to F_{i+1}
/// reveals it. Step i is then run once more with the orientation frozen at its
/// end: the poses at t_{i+1} moved back along the same chords, so the reference
/// points start at their true positions at t_i but the shapes are already turned
/// to F_{i+1}. That run errs on the other side (early rather than late) and gives
/// a time inside step i with a contact point. Only if it too starts overlapping
/// is the contact reported at t_{i+1} without a point (has_point = false).
#include <cmath>
#include <vector>

#include "sepax/core/numeric/assert.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/moving/obb_obb_moving.hpp"
#include "sepax/core/moving/tri_obb_moving.hpp"
#include "sepax/core/moving/tri_tri_moving.hpp"
#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

template <class S>
using Mat3 = Eigen::Matrix<S, 3, 3>;

/// Rigid motion over [0, duration] with constant linear velocity V and constant
/// angular velocity Ω (axis times angular speed, radians per unit time) about the
/// centre K0 (world coordinates at t = 0): X(t) = K0 + t·V + R(Ω·t)(X0 − K0).
/// Invariant: finite numbers, duration ≥ 0. Ω = 0, V = 0 and duration = 0 are
/// ordinary inputs.
template <class S>
struct RigidMotion {
  Vec3<S> center = Vec3<S>::Zero();            ///< K0, the rotation centre at t = 0
  Vec3<S> linear_velocity = Vec3<S>::Zero();   ///< V
  Vec3<S> angular_velocity = Vec3<S>::Zero();  ///< Ω
  S duration = S(0);                           ///< T
};

using RigidMotionf = RigidMotion<float>;
using RigidMotiond = RigidMotion<double>;

/// Numerical integrator for dF/dt = S(Ω)·F (Eberly §5 names Euler and
/// Runge–Kutta).
enum class Integrator { euler, rk4 };

constexpr const char* to_string(Integrator integrator) {
  return integrator == Integrator::euler ? "euler" : "rk4";
}

/// The motion at one sample time t_i.
template <class S>
struct MotionSample {
  S time = S(0);                          ///< t_i = (i/N)·T; t_0 = 0 and t_N = T exactly
  Vec3<S> center = Vec3<S>::Zero();       ///< K(t_i) = K0 + t_i·V
  Mat3<S> frame = Mat3<S>::Identity();    ///< F_i ≈ R(Ω·t_i), orthonormal to rounding
};

/// A motion sampled at N + 1 times: samples[i] for i = 0..N, samples[0].frame = I.
template <class S>
struct SampledMotion {
  RigidMotion<S> motion;
  std::vector<MotionSample<S>> samples;

  /// N, the number of steps.
  int steps() const { return int(samples.size()) - 1; }
};

namespace detail {

/// S(Ω)·F: Ω × each column of F.
template <class S>
Mat3<S> spin(const Vec3<S>& omega, const Mat3<S>& f) {
  Mat3<S> d;
  for (int k = 0; k < 3; ++k) d.col(k) = omega.cross(Vec3<S>(f.col(k)));
  return d;
}

/// One step of dF/dt = S(Ω)·F over h.
template <class S>
Mat3<S> integrate_step(const Vec3<S>& omega, const Mat3<S>& f, S h, Integrator integrator) {
  if (integrator == Integrator::euler) return f + h * spin(omega, f);
  const S half = h / S(2);
  const Mat3<S> k1 = spin(omega, f);
  const Mat3<S> k2 = spin(omega, Mat3<S>(f + half * k1));
  const Mat3<S> k3 = spin(omega, Mat3<S>(f + half * k2));
  const Mat3<S> k4 = spin(omega, Mat3<S>(f + h * k3));
  return f + (h / S(6)) * (k1 + S(2) * k2 + S(2) * k3 + k4);
}

/// One pass of modified Gram–Schmidt on the columns.
template <class S>
Mat3<S> gram_schmidt_pass(const Mat3<S>& f) {
  Vec3<S> c0 = f.col(0), c1 = f.col(1), c2 = f.col(2);
  c0.normalize();
  c1 -= c0.dot(c1) * c0;
  c1.normalize();
  c2 -= c0.dot(c2) * c0;
  c2 -= c1.dot(c2) * c1;
  c2.normalize();
  Mat3<S> q;
  q << c0, c1, c2;
  return q;
}

/// Gram–Schmidt re-orthonormalisation (Eberly §5: the iterate must be turned
/// back into a rotation), run twice. One pass leaves |QᵀQ − I| ≈ κ·u, κ the
/// condition number of the step matrix, which a step turning by |Ω|h rad makes
/// ≈ (|Ω|h)^4/24 for RK4 and ≈ |Ω|h for Euler (measured: 4·10³ u at 23 rad per RK4
/// step); the second pass brings any frame with κ·u < 1 back to a few ulps
/// ("twice is enough", Giraud et al. 2005). Both step matrices have positive
/// determinant, so the frame stays right-handed, except when κ·u ≥ 1 (e.g. a
/// float RK4 step of 230 rad): the component along Ω is then lost in rounding,
/// the orientation is meaningless anyway, and the sign of the third column is
/// restored so that the result is still a rotation.
template <class S>
Mat3<S> gram_schmidt(const Mat3<S>& f) {
  Mat3<S> q = gram_schmidt_pass(gram_schmidt_pass(f));
  if (Vec3<S>(q.col(0)).cross(Vec3<S>(q.col(1))).dot(Vec3<S>(q.col(2))) < S(0)) q.col(2) = -q.col(2);
  return q;
}

}  // namespace detail

/// Samples `motion` at t_i = (i/steps)·T, i = 0..steps, integrating the frame with
/// `integrator` and re-orthonormalising after every step (Eberly §5). No trig.
/// Precondition: steps ≥ 1.
template <class S>
SampledMotion<S> sample_frames(const RigidMotion<S>& motion, int steps, Integrator integrator) {
  SEPAX_ASSERT(steps >= 1, "sample_frames: at least one step");
  SEPAX_ASSERT(motion.duration >= S(0), "sample_frames: duration >= 0");
  SampledMotion<S> out{motion, {}};
  out.samples.resize(std::size_t(steps) + 1);
  Mat3<S> frame = Mat3<S>::Identity();
  for (int i = 0; i <= steps; ++i) {
    MotionSample<S>& s = out.samples[std::size_t(i)];
    // (i/N)·T is monotone in i, exactly 0 and T at the ends, and makes every
    // step length t_{i+1} − t_i an exact difference (Sterbenz, for i ≥ 1).
    s.time = (S(i) / S(steps)) * motion.duration;
    if (i > 0) {
      const S h = s.time - out.samples[std::size_t(i) - 1].time;
      frame = detail::gram_schmidt(detail::integrate_step(motion.angular_velocity, frame, h, integrator));
    }
    s.center = motion.center + s.time * motion.linear_velocity;
    s.frame = frame;
  }
  return out;
}

namespace detail {

/// X(t_i) = X0 + t_i·V + (F_i − I)(X0 − K0) (file comment: §5's formula without
/// cancelling K0).
template <class S>
Vec3<S> moved_point(const Vec3<S>& x0, const RigidMotion<S>& m, const MotionSample<S>& s) {
  const Mat3<S> turn = s.frame - Mat3<S>::Identity();
  return x0 + s.time * m.linear_velocity + turn * (x0 - m.center);
}

}  // namespace detail

/// The box at sample i: centre moved, axes turned by F_i, extents unchanged.
template <class S>
Obb3<S> pose_at(const Obb3<S>& box, const SampledMotion<S>& motion, int i) {
  SEPAX_ASSERT(i >= 0 && i <= motion.steps(), "pose_at: sample index in [0, N]");
  const MotionSample<S>& s = motion.samples[std::size_t(i)];
  Obb3<S> out = box;
  out.center = detail::moved_point(box.center, motion.motion, s);
  for (int k = 0; k < 3; ++k) out.axes[k] = s.frame * box.axes[k];
  return out;
}

/// The triangle at sample i: every vertex moved.
template <class S>
Triangle3<S> pose_at(const Triangle3<S>& tri, const SampledMotion<S>& motion, int i) {
  SEPAX_ASSERT(i >= 0 && i <= motion.steps(), "pose_at: sample index in [0, N]");
  const MotionSample<S>& s = motion.samples[std::size_t(i)];
  Triangle3<S> out;
  for (int k = 0; k < 3; ++k) out.vertices[k] = detail::moved_point(tri.vertices[k], motion.motion, s);
  return out;
}

/// Result of find_first_contact_general. The time and point carry the
/// approximation error described in the file comment.
///
/// | state                | step, step_begin, step_end | time                      | point, has_point |
/// |----------------------|----------------------------|---------------------------|------------------|
/// | overlapping_at_start | 0, 0, t_1                  | 0                         | unset, false     |
/// | separated_throughout | unset                      | unset                     | unset, false     |
/// | first_contact        | i: contact in [t_i, t_{i+1}] | t_i + τ, in [t_i, t_{i+1}] | the kernel's point (has_point), or t_{i+1} without a point (see above) |
///
/// axis is the constant-velocity kernel's for the reported step (its last
/// separating axis on first_contact, an axis separating throughout the last
/// step on separated_throughout), labelled for the shapes as the kernel got them.
/// frozen_at_end tells which orientation the reported step used: F_i (false,
/// Eberly's scheme) or F_{i+1} (true, the re-run described above).
template <class S>
struct GeneralContactResult {
  ContactState state = ContactState::overlapping_at_start;
  int step = 0;
  S step_begin = S(0);
  S step_end = S(0);
  S time = S(0);
  bool has_point = false;
  Vec3<S> point = Vec3<S>::Zero();
  SeparatingAxis axis{};
  bool frozen_at_end = false;
};

namespace detail {

template <class S>
Vec3<S> reference_point(const Obb3<S>& box) {
  return box.center;
}
template <class S>
Vec3<S> reference_point(const Triangle3<S>& tri) {
  return (tri.vertices[0] + tri.vertices[1] + tri.vertices[2]) / S(3);
}

template <class S>
Obb3<S> translated(Obb3<S> box, const Vec3<S>& d) {
  box.center += d;
  return box;
}
template <class S>
Triangle3<S> translated(Triangle3<S> tri, const Vec3<S>& d) {
  for (Vec3<S>& v : tri.vertices) v += d;
  return tri;
}

/// Chord velocity of the reference point p0 over step i: V + (F_{i+1} − F_i)(p0 − K0)/Δt.
template <class S>
Vec3<S> step_velocity(const SampledMotion<S>& m, const Vec3<S>& p0, int i, S dt) {
  const Vec3<S>& v = m.motion.linear_velocity;
  if (dt == S(0)) return v;  // T = 0: the velocity is never used
  const Mat3<S> turn = m.samples[std::size_t(i) + 1].frame - m.samples[std::size_t(i)].frame;
  return v + (turn * (p0 - m.motion.center)) / dt;
}

}  // namespace detail

/// One constant-velocity case of the general motion (Eberly §5), as
/// find_first_contact_general runs it: both shapes posed at t_i with the
/// chord velocities of their reference points over step i; with
/// frozen_at_end, posed at t_{i+1} and moved back along the same chords (the
/// re-run described in the file comment). The judge of general motion replays
/// these cases one by one against the exact constant-velocity oracle.
template <class S, class ShapeA, class ShapeB>
struct GeneralStep {
  ShapeA a;
  ShapeB b;
  LinearMotion<S> motion;  ///< velocities and Δt = t_{i+1} − t_i
  S begin = S(0);          ///< t_i
  S end = S(0);            ///< t_{i+1}
};

template <class S, class ShapeA, class ShapeB>
GeneralStep<S, ShapeA, ShapeB> general_step(const ShapeA& a, const SampledMotion<S>& ma, const ShapeB& b,
                                            const SampledMotion<S>& mb, int i, bool frozen_at_end = false) {
  SEPAX_ASSERT(i >= 0 && i < ma.steps() && ma.steps() == mb.steps(), "general_step: step index in [0, N)");
  GeneralStep<S, ShapeA, ShapeB> out;
  out.begin = ma.samples[std::size_t(i)].time;
  out.end = ma.samples[std::size_t(i) + 1].time;
  const S dt = out.end - out.begin;
  out.motion = {detail::step_velocity(ma, detail::reference_point(a), i, dt),
                detail::step_velocity(mb, detail::reference_point(b), i, dt), dt};
  if (!frozen_at_end) {
    out.a = pose_at(a, ma, i);
    out.b = pose_at(b, mb, i);
    return out;
  }
  out.a = detail::translated(pose_at(a, ma, i + 1), Vec3<S>(-dt * out.motion.velocity_a));
  out.b = detail::translated(pose_at(b, mb, i + 1), Vec3<S>(-dt * out.motion.velocity_b));
  return out;
}

namespace detail {

/// Eberly §5's loop for any pair: `kernel(a_i, b_i, LinearMotion)` is the pair's
/// constant-velocity find_first_contact, run on general_step's cases.
template <class S, class ShapeA, class ShapeB, class Kernel>
GeneralContactResult<S> first_contact_general(const ShapeA& a, const RigidMotion<S>& motion_a,
                                              const ShapeB& b, const RigidMotion<S>& motion_b,
                                              int steps, Integrator integrator, Kernel kernel) {
  SEPAX_ASSERT(steps >= 1, "find_first_contact_general: at least one step");
  SEPAX_ASSERT(motion_a.duration == motion_b.duration,
               "find_first_contact_general: both motions span the same [0, T]");
  const SampledMotion<S> ma = sample_frames(motion_a, steps, integrator);
  const SampledMotion<S> mb = sample_frames(motion_b, steps, integrator);
  GeneralContactResult<S> out;
  for (int i = 0; i < steps; ++i) {
    const GeneralStep<S, ShapeA, ShapeB> step = general_step(a, ma, b, mb, i);
    const ContactResult<S> r = kernel(step.a, step.b, step.motion);
    out.step = i;
    out.step_begin = step.begin;
    out.step_end = step.end;
    out.axis = r.axis;
    if (r.state == ContactState::separated_throughout) continue;
    if (r.state == ContactState::overlapping_at_start && i == 0) {
      out.state = ContactState::overlapping_at_start;
      out.time = step.begin;
      return out;
    }
    if (r.state == ContactState::overlapping_at_start) {
      // Step i−1 with F_{i−1} frozen missed a contact that the turn to F_i
      // reveals at t_i: re-run step i−1 frozen at F_i, from the poses at t_i
      // moved back along the same chords (file comment).
      const GeneralStep<S, ShapeA, ShapeB> rerun = general_step(a, ma, b, mb, i - 1, /*frozen_at_end=*/true);
      const ContactResult<S> e = kernel(rerun.a, rerun.b, rerun.motion);
      out.state = ContactState::first_contact;
      out.step = i - 1;
      out.step_begin = rerun.begin;
      out.step_end = rerun.end;
      out.axis = e.axis;
      out.frozen_at_end = true;
      out.time = rerun.end;
      if (e.state == ContactState::first_contact) {
        out.time = out.step_begin + e.time;  // ≤ t_i, as below
        out.has_point = true;
        out.point = e.point;
      }
      return out;
    }
    out.state = ContactState::first_contact;
    out.time = step.begin + r.time;  // ≤ t0 + dt = t1: dt is exact and rounding is monotone
    out.has_point = true;
    out.point = r.point;
    return out;
  }
  out.state = ContactState::separated_throughout;
  return out;
}

}  // namespace detail

}  // namespace sepax

namespace sepax::obb_obb {

/// First contact of two boxes in rigid motion, by N constant-velocity steps with
/// each step's orientation frozen (general_motion.hpp explains the error).
template <class S>
GeneralContactResult<S> find_first_contact_general(const Obb3<S>& a, const RigidMotion<S>& motion_a,
                                                   const Obb3<S>& b, const RigidMotion<S>& motion_b,
                                                   int steps, Integrator integrator) {
  return sepax::detail::first_contact_general(
      a, motion_a, b, motion_b, steps, integrator,
      [](const Obb3<S>& x, const Obb3<S>& y, const LinearMotion<S>& m) { return find_first_contact(x, y, m); });
}

}  // namespace sepax::obb_obb

namespace sepax::tri_obb {

/// First contact of a triangle and a box in rigid motion, by N constant-velocity
/// steps with each step's orientation frozen (general_motion.hpp).
template <class S>
GeneralContactResult<S> find_first_contact_general(const Triangle3<S>& tri, const RigidMotion<S>& motion_tri,
                                                   const Obb3<S>& box, const RigidMotion<S>& motion_box,
                                                   int steps, Integrator integrator) {
  return sepax::detail::first_contact_general(
      tri, motion_tri, box, motion_box, steps, integrator,
      [](const Triangle3<S>& x, const Obb3<S>& y, const LinearMotion<S>& m) { return find_first_contact(x, y, m); });
}

}  // namespace sepax::tri_obb

namespace sepax::tri_tri {

/// First contact of two triangles in rigid motion, by N constant-velocity steps
/// with each step's orientation frozen (general_motion.hpp).
template <class S>
GeneralContactResult<S> find_first_contact_general(const Triangle3<S>& a, const RigidMotion<S>& motion_a,
                                                   const Triangle3<S>& b, const RigidMotion<S>& motion_b,
                                                   int steps, Integrator integrator) {
  return sepax::detail::first_contact_general(
      a, motion_a, b, motion_b, steps, integrator,
      [](const Triangle3<S>& x, const Triangle3<S>& y, const LinearMotion<S>& m) { return find_first_contact(x, y, m); });
}

}  // namespace sepax::tri_tri
