#pragma once
/// \file
/// OBB–OBB with constant velocities over [0, T] (Eberly §2.2.2, Table 1′;
/// §2.3, Table 2).
///
/// Sets: box a moves by t·velocity_a, box b by t·velocity_b; only
/// W = velocity_b − velocity_a matters. Closed sets; separation is a strict `>`.
///
/// test_moving is the static separating-axis test of a against b swept along
/// W over [0, T] (b ⊕ [0, T·W], a convex polytope): its candidate axes are
/// Table 1's fifteen plus the faces of the sweep, W × B_j, and the crosses of
/// a's edges with the sweep direction, W × A_i — Table 1′'s six. Along an axis L
/// the swept interval of b is [p − R1 + min(0, T·w), p + R1 + max(0, T·w)]
/// with w = L·W: Eberly's "p > r and p + T·w > r" written as one interval, so a
/// box that passes *through* the other during [0, T] is not missed.
///
/// find_first_contact tracks, along Table 1's fifteen axes (complete at every
/// instant, since translations do not turn the frames), the interval of times
/// during which the projections overlap (axis_sweep.hpp); the first time of
/// contact is the start of their intersection with [0, T] and the axis that
/// set it is the last separating axis. The contact point comes from the
/// supporting features of both boxes across that axis (contact_point.hpp):
/// the vertex/edge/face of Table 2, with the c_ij = 0 cases resolved by
/// clipping the two features in the contact plane.
///
/// As in the static kernel every projection is computed from one explicit
/// axis vector in a's frame (obb_obb.hpp explains why). Times are the only
/// divisions; there is no sqrt. T = 0 and W = 0 are ordinary inputs.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "sepax/core/moving/axis_sweep.hpp"
#include "sepax/core/moving/contact_point.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/static/obb_obb.hpp"

namespace sepax::obb_obb {

namespace detail {

/// Box b relative to box a, in a's frame.
template <class S>
struct RelativeFrame {
  Vec3<S> d;                     ///< b's centre minus a's, in a's frame
  Vec3<S> w;                     ///< W = velocity_b − velocity_a, in a's frame
  std::array<Vec3<S>, 3> col;    ///< b's axes in a's frame: col[j] = (c_0j, c_1j, c_2j)

  RelativeFrame(const Obb3<S>& a, const Obb3<S>& b, const LinearMotion<S>& m) {
    const Vec3<S> D = b.center - a.center;
    // Mutant obb_moving_velocity_sign (mutant_catalog.hpp): W = V_a − V_b.
    const Vec3<S> W = mutant("obb_moving_velocity_sign") ? Vec3<S>(m.velocity_a - m.velocity_b)
                                                          : Vec3<S>(m.velocity_b - m.velocity_a);
    for (int i = 0; i < 3; ++i) {
      d[i] = a.axes[i].dot(D);
      w[i] = a.axes[i].dot(W);
      for (int j = 0; j < 3; ++j) col[j][i] = a.axes[i].dot(b.axes[j]);
    }
  }

  /// Radii of a and b along l (a's frame).
  S radius_a(const Obb3<S>& a, const Vec3<S>& l) const {
    using std::abs;
    return a.extents[0] * abs(l[0]) + a.extents[1] * abs(l[1]) + a.extents[2] * abs(l[2]);
  }
  S radius_b(const Obb3<S>& b, const Vec3<S>& l) const {
    using std::abs;
    return b.extents[0] * abs(l.dot(col[0])) + b.extents[1] * abs(l.dot(col[1])) +
           b.extents[2] * abs(l.dot(col[2]));
  }
};

/// Table 1's fifteen axes in a's frame, in its order, with their labels.
template <class S>
void static_axes(const RelativeFrame<S>& f, std::array<Vec3<S>, 15>& l,
                 std::array<SeparatingAxis, 15>& label) {
  for (int i = 0; i < 3; ++i) {
    l[i] = Vec3<S>::Unit(i);
    label[i] = {AxisKind::face_a, std::uint8_t(i), 0};
    l[3 + i] = f.col[i];
    label[3 + i] = {AxisKind::face_b, 0, std::uint8_t(i)};
    for (int j = 0; j < 3; ++j) {
      l[6 + 3 * i + j] = unit_cross(i, f.col[j]);
      label[6 + 3 * i + j] = {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
    }
  }
}

/// The supporting feature of the box with half-widths e and axes `axes`
/// (columns, in a's frame) centred at c, in direction n: coordinates fixed at
/// ±e_k where n·axis_k is clearly nonzero, free where it is at rounding level.
template <class S>
sepax::detail::Feature<S> box_feature(const Vec3<S>& c, const std::array<Vec3<S>, 3>& axes,
                                      const std::array<S, 3>& e, const Vec3<S>& n,
                                      S looseness = S(1)) {
  using std::abs;
  const S tiny = looseness * S(64) * Eigen::NumTraits<S>::epsilon() * n.cwiseAbs().maxCoeff();
  Vec3<S> fixed = c;
  int free_axes[3];
  int free_count = 0;
  for (int k = 0; k < 3; ++k) {
    const S s = n.dot(axes[k]);
    if (abs(s) <= tiny && e[k] > S(0)) {
      free_axes[free_count++] = k;
    } else {
      fixed += (s >= S(0) ? e[k] : -e[k]) * axes[k];
    }
  }
  sepax::detail::Feature<S> f;
  if (free_count == 0) {
    f.add(fixed);
  } else if (free_count == 1) {
    const Vec3<S> u = e[free_axes[0]] * axes[free_axes[0]];
    f.add(fixed - u);
    f.add(fixed + u);
  } else {  // a face (three free axes would need n = 0, which never separates)
    const Vec3<S> u = e[free_axes[0]] * axes[free_axes[0]];
    const Vec3<S> v = e[free_axes[1]] * axes[free_axes[1]];
    f.add(fixed - u - v);
    f.add(fixed + u - v);
    f.add(fixed + u + v);
    f.add(fixed - u + v);
  }
  return f;
}

}  // namespace detail

template <class S>
StaticResult<S> test_moving(const Obb3<S>& a, const Obb3<S>& b, const LinearMotion<S>& motion) {
  const detail::RelativeFrame<S> f(a, b, motion);
  const S T = motion.duration;
  // Is a disjoint from b swept over [0, T] along l?
  const auto swept_apart = [&](const Vec3<S>& axis) {
    const Vec3<S> l = sepax::detail::without_underflow(axis);
    const S p = l.dot(f.d), w = T * l.dot(f.w);
    const S r0 = f.radius_a(a, l), r1 = f.radius_b(b, l);
    // Mutant obb_moving_not_swept: the interval at t = 0 only (Eberly's "p + T·w > r" forgotten).
    if (mutant("obb_moving_not_swept")) return p - r1 > r0 || p + r1 < -r0;
    return p - r1 + std::min(S(0), w) > r0 || p + r1 + std::max(S(0), w) < -r0;
  };
  std::array<Vec3<S>, 15> l;
  std::array<SeparatingAxis, 15> label;
  detail::static_axes(f, l, label);
  for (int k = 0; k < 15; ++k)
    if (swept_apart(l[k])) return {false, label[k], detail::from_frame(a, l[k])};
  // Table 1′: W × A_i and W × B_j. Mutant obb_moving_drop_wxa: the W × A_i left out.
  for (int i = 0; i < 3 && !mutant("obb_moving_drop_wxa"); ++i) {
    const Vec3<S> la = f.w.cross(Vec3<S>::Unit(i));
    if (swept_apart(la)) return {false, {AxisKind::motion_a, std::uint8_t(i), 0}, detail::from_frame(a, la)};
  }
  for (int j = 0; j < 3; ++j) {
    const Vec3<S> lb = f.w.cross(f.col[j]);
    if (swept_apart(lb)) return {false, {AxisKind::motion_b, 0, std::uint8_t(j)}, detail::from_frame(a, lb)};
  }
  return {};
}

template <class S>
ContactResult<S> find_first_contact(const Obb3<S>& a, const Obb3<S>& b,
                                    const LinearMotion<S>& motion) {
  const detail::RelativeFrame<S> f(a, b, motion);
  std::array<Vec3<S>, 15> l;
  std::array<SeparatingAxis, 15> label;
  detail::static_axes(f, l, label);
  sepax::detail::AxisSweep<S> sweep(motion.duration);
  const S size = f.d.cwiseAbs().sum() + a.extents[0] + a.extents[1] + a.extents[2] +
                 b.extents[0] + b.extents[1] + b.extents[2];
  const S speed = f.w.cwiseAbs().sum();
  for (int k = 0; k < 15; ++k) {
    // Scaled as test_moving scales it: nearly parallel edges' subnormal L
    // made the radii underflow to 0 and the boxes separated throughout.
    const Vec3<S> lk = sepax::detail::without_underflow(l[k]);
    const S p = lk.dot(f.d);
    const S r0 = f.radius_a(a, lk), r1 = f.radius_b(b, lk);
    if (!sweep.add(label[k], lk, -r0, r0, p - r1, p + r1, lk.dot(f.w), sepax::detail::projection_noise(lk, size),
                   sepax::detail::projection_noise(lk, speed)))
      break;
  }
  ContactResult<S> result = sweep.result();
  if (result.state != ContactState::first_contact) return result;
  const S t = sweep.first_time();
  const std::array<Vec3<S>, 3> identity{Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>::UnitZ()};
  const S scale = f.d.cwiseAbs().sum() + a.extents[0] + a.extents[1] + a.extents[2];
  const S tiny = S(64) * Eigen::NumTraits<S>::epsilon() * scale;
  // n: a's frame, from a toward b (the last separating axis, or a runner-up).
  const Vec3<S> feature_point = sepax::detail::binding_feature_point<S>(sweep, [&](const Vec3<S>& n) {
    return sepax::detail::contact_candidates<S>(n, tiny, [&](S looseness) {
      return std::pair{
          detail::box_feature<S>(Vec3<S>::Zero(), identity, a.extents, n, looseness),
          // Mutant table2_sigma (mutant.hpp): B's feature taken along +n, Table 2's sign flipped.
          detail::box_feature<S>(f.d + t * f.w, f.col, b.extents, mutant("table2_sigma") ? n : Vec3<S>(-n),
                                 looseness)};
    });
  });
  const auto box_a = sepax::detail::widen(sepax::detail::BoxPolytope<S>{Vec3<S>::Zero(), identity, a.extents});
  const auto box_b = sepax::detail::widen(sepax::detail::BoxPolytope<S>{f.d + t * f.w, f.col, b.extents});
  using W = sepax::detail::Wide<S>;
  const sepax::detail::CheckedPoint<S> local = sepax::detail::checked_contact<S>(
      feature_point, tiny, [&](const Vec3<W>& x) { return box_a.closest(x); },
      [&](const Vec3<W>& x) { return box_b.closest(x); },
      [&] { return sepax::detail::box_box_contact(box_a, box_b); });
  const Vec3<S> origin = a.center + t * motion.velocity_a;
  result.point = origin + detail::from_frame(a, local.point);
  result.point_path = local.path;
  result.feature_point = origin + detail::from_frame(a, feature_point);
  return result;
}

}  // namespace sepax::obb_obb
