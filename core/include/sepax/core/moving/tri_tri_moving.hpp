#pragma once
/// \file
/// Triangle–triangle with constant velocities over [0, T] (Eberly
/// §4.2.2, §4.3, Table 7).
///
/// Sets: closed triangles (segments and points included); triangle a moves by
/// t·velocity_a, triangle b by t·velocity_b; only W = velocity_b − velocity_a
/// matters.
///
/// Both queries intersect, over a candidate-axis set that is complete at every
/// instant, the intervals of times during which the projections overlap
/// (axis_sweep.hpp); a set that is complete at every instant makes the
/// intersection of those intervals exactly the set of contact times. The set is
/// the static kernel's (tri_tri.hpp): Table 5's N, M, E_i × F_j, Table 6's
/// in-plane N × E_i, M × F_j, and, for segment- or point-like triangles, the
/// axes segments and points need — except that the static kernel's e × (e × D)
/// and D depend on the relative position D, which changes with time; here they
/// are replaced by fixed axes spanning the same directions: e × x̂, e × ŷ,
/// e × ẑ (all of e's normal plane), likewise for f, and x̂, ŷ, ẑ for two
/// points. test_moving answers whether that intersection meets [0, T] (for
/// triangles the swept prism's own axis set has many flat special cases, and the
/// interval test decides the same question exactly); find_first_contact returns
/// its start and the contact point from the supporting features across the
/// last separating axis (contact_point.hpp), covering Table 7 and its
/// coplanar cases.
#include <algorithm>
#include <array>

#include "sepax/core/moving/axis_sweep.hpp"
#include "sepax/core/moving/contact_point.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/moving/tri_obb_moving.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/static/tri_tri.hpp"

namespace sepax::tri_tri {

namespace detail {

/// Runs the time sweep of the pair over the instant-complete axis set.
template <class S>
struct MovingPair {
  Points<S> p, q, e, f;
  Vec3<S> w;
  S size = S(0), speed = S(0);  ///< magnitudes for the rounding bounds
  sepax::detail::AxisSweep<S> sweep;

  MovingPair(const Triangle3<S>& a, const Triangle3<S>& b, const LinearMotion<S>& m)
      : sweep(m.duration) {
    const Vec3<S>& origin = a.vertices[0];
    p = {Vec3<S>::Zero(), a.vertices[1] - origin, a.vertices[2] - origin};
    q = {b.vertices[0] - origin, b.vertices[1] - origin, b.vertices[2] - origin};
    e = {p[1] - p[0], p[2] - p[1], p[0] - p[2]};
    f = {q[1] - q[0], q[2] - q[1], q[0] - q[2]};
    w = m.velocity_b - m.velocity_a;
    for (const auto& x : p) size = std::max(size, x.cwiseAbs().sum());
    for (const auto& x : q) size = std::max(size, x.cwiseAbs().sum());
    speed = w.cwiseAbs().sum();
    run(a, b);
  }

  /// false once separated throughout.
  bool axis(AxisKind kind, int i, int j, const Vec3<S>& unscaled) {
    const Vec3<S> l = sepax::detail::without_underflow(unscaled);
    const S a0 = l.dot(p[0]), a1 = l.dot(p[1]), a2 = l.dot(p[2]);
    const S b0 = l.dot(q[0]), b1 = l.dot(q[1]), b2 = l.dot(q[2]);
    return sweep.add({kind, std::uint8_t(i), std::uint8_t(j)}, l, std::min({a0, a1, a2}),
                     std::max({a0, a1, a2}), std::min({b0, b1, b2}), std::max({b0, b1, b2}),
                     l.dot(w), sepax::detail::projection_noise(l, size),
                     sepax::detail::projection_noise(l, speed));
  }

  void run(const Triangle3<S>& a, const Triangle3<S>& b) {
    const auto& u = a.vertices;
    const auto& v = b.vertices;
    const Vec3<S> n = edge_cross(e[0], e[1], u[0], u[1], u[1], u[2]);
    const Vec3<S> m = edge_cross(f[0], f[1], v[0], v[1], v[1], v[2]);
    if (!axis(AxisKind::normal_a, 0, 0, n) || !axis(AxisKind::normal_b, 0, 0, m)) return;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (!axis(AxisKind::edge_edge, i, j,
                  edge_cross(e[i], f[j], u[i], u[(i + 1) % 3], v[j], v[(j + 1) % 3])))
          return;
    // Planted (tri_tri_moving_no_inplane): without the in-plane axes, coplanar
    // triangles that never meet are called meeting.
    for (int i = 0; i < 3 && !mutant("tri_tri_moving_no_inplane"); ++i)
      if (!axis(AxisKind::inplane_a, i, 0, n.cross(e[i]))) return;
    for (int j = 0; j < 3 && !mutant("tri_tri_moving_no_inplane"); ++j)
      if (!axis(AxisKind::inplane_b, 0, j, m.cross(f[j]))) return;
    const Vec3<S>& el = e[longest(e)];
    const Vec3<S>& fl = f[longest(f)];
    if (!segment_like(n, el) && !segment_like(m, fl)) return;
    const Vec3<S> ef = el.cross(fl);
    const std::array<Vec3<S>, 6> fixed{m.cross(el),  n.cross(fl),  el,
                                       fl,           ef.cross(el), ef.cross(fl)};
    for (int k = 0; k < 6; ++k)
      if (!axis(AxisKind::degenerate, k, 0, fixed[k])) return;
    // e × x̂, e × ŷ, e × ẑ, f × …, and x̂, ŷ, ẑ (labels 9 + …: past the static ones).
    for (int c = 0; c < 3; ++c) {
      if (!axis(AxisKind::degenerate, 9 + c, 0, el.cross(Vec3<S>::Unit(c))) ||
          !axis(AxisKind::degenerate, 12 + c, 0, fl.cross(Vec3<S>::Unit(c))) ||
          !axis(AxisKind::degenerate, 15 + c, 0, Vec3<S>::Unit(c)))
        return;
    }
  }
};

}  // namespace detail

template <class S>
StaticResult<S> test_moving(const Triangle3<S>& a, const Triangle3<S>& b,
                            const LinearMotion<S>& motion) {
  const detail::MovingPair<S> pair(a, b, motion);
  if (!pair.sweep.separated_throughout()) return {};
  return {false, pair.sweep.separating_axis(), Vec3<S>::Zero()};
}

template <class S>
ContactResult<S> find_first_contact(const Triangle3<S>& a, const Triangle3<S>& b,
                                    const LinearMotion<S>& motion) {
  const detail::MovingPair<S> pair(a, b, motion);
  const auto& sweep = pair.sweep;
  ContactResult<S> result = sweep.result();
  if (result.state != ContactState::first_contact) return result;
  const S t = sweep.first_time();
  const detail::Points<S> moved{pair.q[0] + t * pair.w, pair.q[1] + t * pair.w,
                                pair.q[2] + t * pair.w};
  const S tiny = S(64) * Eigen::NumTraits<S>::epsilon() * pair.size;
  // n: from a toward b (the last separating axis, or a runner-up).
  const Vec3<S> feature_point = sepax::detail::binding_feature_point<S>(sweep, [&](const Vec3<S>& n) {
    return sepax::detail::contact_candidates<S>(n, tiny, [&](S looseness) {
      return std::pair{tri_obb::detail::triangle_feature(pair.p, n, looseness),
                       tri_obb::detail::triangle_feature(moved, Vec3<S>(-n), looseness)};
    });
  });
  const auto wa = sepax::detail::widen(pair.p), wb = sepax::detail::widen(moved);
  using W = sepax::detail::Wide<S>;
  const sepax::detail::CheckedPoint<S> local = sepax::detail::checked_contact<S>(
      feature_point, tiny,
      [&](const Vec3<W>& x) { return sepax::detail::closest_on_triangle(x, wa[0], wa[1], wa[2]); },
      [&](const Vec3<W>& x) { return sepax::detail::closest_on_triangle(x, wb[0], wb[1], wb[2]); },
      [&] { return sepax::detail::triangles_contact(wa, wb); });
  const Vec3<S> origin = a.vertices[0] + t * motion.velocity_a;
  result.point = origin + local.point;
  result.point_path = local.path;
  result.feature_point = origin + feature_point;
  return result;
}

}  // namespace sepax::tri_tri
