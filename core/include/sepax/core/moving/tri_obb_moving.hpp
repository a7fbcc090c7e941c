#pragma once
/// \file
/// Triangle–OBB with constant velocities over [0, T] (Eberly §3.2.2,
/// §3.3, eqs. 8–16).
///
/// Sets: the closed triangle moves by t·velocity_a, the closed box by
/// t·velocity_b; only W = velocity_b − velocity_a matters. Degenerate
/// triangles (segments, points) are valid input.
///
/// Everything is computed in the box's frame, as in the static kernel
/// (tri_obb.hpp), where the box is [−b, b] and b moves by t·ω relative to the
/// triangle, ω = the box-frame components of W.
///
/// test_moving is the static separating-axis test of the triangle against the
/// box swept along W over [0, T]: Table 3's thirteen axes (N, B_j, E_i × B_j),
/// the faces of the sweep W × B_j and the crosses of the triangle's edges with
/// the sweep direction W × E_i. A box that passes through the triangle within
/// [0, T] is therefore not missed.
///
/// find_first_contact intersects, over Table 3's thirteen axes (complete at
/// every instant, degenerate triangles included — tri_obb.hpp), the intervals
/// of times during which the projections overlap (axis_sweep.hpp). The contact
/// point comes from the supporting features across the last separating axis
/// (a triangle vertex, edge or face against a box vertex, edge or face,
/// clipped in the contact plane: contact_point.hpp), which covers Eberly's
/// eqs. 8–16 and Tables 4a–4d including their zero-coefficient cases.
#include <algorithm>
#include <array>
#include <cmath>

#include "sepax/core/moving/axis_sweep.hpp"
#include "sepax/core/moving/contact_point.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/moving/obb_obb_moving.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/static/tri_obb.hpp"

namespace sepax::tri_obb {

namespace detail {

/// The triangle in the box's frame, and W there.
template <class S>
struct BoxFrame {
  std::array<Vec3<S>, 3> v;  ///< vertices
  std::array<Vec3<S>, 3> e;  ///< cyclic edges
  Vec3<S> n;                 ///< triangle normal (accurate for slivers)
  std::array<Vec3<S>, 9> edge_axes;  ///< E_i × B_j at 3i + j (accurate when nearly parallel)
  Vec3<S> w;                 ///< W in the box frame

  BoxFrame(const Triangle3<S>& tri, const Obb3<S>& box, const LinearMotion<S>& m) {
    for (int k = 0; k < 3; ++k) {
      const Vec3<S> rel = tri.vertices[k] - box.center;
      v[k] = {box.axes[0].dot(rel), box.axes[1].dot(rel), box.axes[2].dot(rel)};
    }
    e = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
    n = frame_normal(tri, box, e);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) edge_axes[3 * i + j] = frame_edge_axis(tri, box, e, i, j);
    const Vec3<S> W = m.velocity_b - m.velocity_a;
    w = {box.axes[0].dot(W), box.axes[1].dot(W), box.axes[2].dot(W)};
  }

  S radius(const Obb3<S>& box, const Vec3<S>& l) const {
    using std::abs;
    return box.extents[0] * abs(l[0]) + box.extents[1] * abs(l[1]) + box.extents[2] * abs(l[2]);
  }
  void interval(const Vec3<S>& l, S& lo, S& hi) const {
    const S p0 = l.dot(v[0]), p1 = l.dot(v[1]), p2 = l.dot(v[2]);
    lo = std::min({p0, p1, p2});
    hi = std::max({p0, p1, p2});
  }
};

/// Table 3's thirteen axes in the box frame, in its order, with labels.
template <class S>
void static_axes(const BoxFrame<S>& f, std::array<Vec3<S>, 13>& l,
                 std::array<SeparatingAxis, 13>& label) {
  l[0] = f.n;
  label[0] = {AxisKind::normal_a, 0, 0};
  for (int j = 0; j < 3; ++j) {
    l[1 + j] = Vec3<S>::Unit(j);
    label[1 + j] = {AxisKind::face_b, 0, std::uint8_t(j)};
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      l[4 + 3 * i + j] = f.edge_axes[3 * i + j];
      label[4 + 3 * i + j] = {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
    }
}

/// The triangle's supporting feature in direction n: the vertices whose
/// projection is extreme up to rounding (a vertex, an edge, or the face; a
/// collinear "face" is reduced to its extreme segment).
template <class S>
sepax::detail::Feature<S> triangle_feature(const std::array<Vec3<S>, 3>& v, const Vec3<S>& n,
                                           S looseness = S(1)) {
  using std::abs;
  const S p[3] = {n.dot(v[0]), n.dot(v[1]), n.dot(v[2])};
  const S top = std::max({p[0], p[1], p[2]});
  S scale = S(0);
  for (const auto& x : v) scale = std::max(scale, x.cwiseAbs().maxCoeff());
  const S tol = looseness * S(64) * Eigen::NumTraits<S>::epsilon() * n.cwiseAbs().sum() * scale;
  sepax::detail::Feature<S> f;
  for (int k = 0; k < 3; ++k)
    if (p[k] >= top - tol) f.add(v[k]);
  if (f.count == 3) {
    const Vec3<S> area = (v[1] - v[0]).cross(v[2] - v[0]);
    const S longest = std::max({(v[1] - v[0]).squaredNorm(), (v[2] - v[1]).squaredNorm(),
                                (v[0] - v[2]).squaredNorm()});
    if (area.squaredNorm() <= S(0x1p-40) * longest * longest) {
      // Collinear: keep the two vertices farthest apart.
      int i0 = 0, i1 = 1;
      S best = (v[1] - v[0]).squaredNorm();
      if ((v[2] - v[1]).squaredNorm() > best) i0 = 1, i1 = 2, best = (v[2] - v[1]).squaredNorm();
      if ((v[0] - v[2]).squaredNorm() > best) i0 = 2, i1 = 0;
      f = {};
      f.add(v[i0]);
      f.add(v[i1]);
    }
  }
  if (f.count == 2 && f.points[0] == f.points[1]) f.count = 1;
  return f;
}

}  // namespace detail

template <class S>
StaticResult<S> test_moving(const Triangle3<S>& tri, const Obb3<S>& box,
                            const LinearMotion<S>& motion) {
  const detail::BoxFrame<S> f(tri, box, motion);
  const S T = motion.duration;
  // Is the triangle disjoint from the box swept over [0, T] along l?
  const auto swept_apart = [&](const Vec3<S>& axis) {
    const Vec3<S> l = sepax::detail::without_underflow(axis);
    S lo, hi;
    f.interval(l, lo, hi);
    const S r = f.radius(box, l), w = T * l.dot(f.w);
    if (mutant("tri_obb_sweep_ge"))  // planted: a sweep that just touches comes out separated
      return lo >= r + std::max(S(0), w) || hi <= -r + std::min(S(0), w);
    return lo > r + std::max(S(0), w) || hi < -r + std::min(S(0), w);
  };
  const auto found = [&](const SeparatingAxis& axis, const Vec3<S>& l) {
    return StaticResult<S>{false, axis, obb_obb::detail::from_frame(box, l)};
  };
  std::array<Vec3<S>, 13> l;
  std::array<SeparatingAxis, 13> label;
  detail::static_axes(f, l, label);
  for (int k = 0; k < 13; ++k)
    if (swept_apart(l[k])) return found(label[k], l[k]);
  // Mutants tri_obb_moving_drop_wxb and tri_obb_moving_drop_wxe: either family of sweep axes left out.
  for (int j = 0; j < 3 && !mutant("tri_obb_moving_drop_wxb"); ++j) {  // faces of the sweep: W × B_j
    const Vec3<S> lb = f.w.cross(Vec3<S>::Unit(j));
    if (swept_apart(lb)) return found({AxisKind::motion_b, 0, std::uint8_t(j)}, lb);
  }
  for (int i = 0; i < 3 && !mutant("tri_obb_moving_drop_wxe"); ++i) {  // triangle edges × the sweep direction: W × E_i
    const Vec3<S> la = f.w.cross(f.e[i]);
    if (swept_apart(la)) return found({AxisKind::motion_a, std::uint8_t(i), 0}, la);
  }
  return {};
}

template <class S>
ContactResult<S> find_first_contact(const Triangle3<S>& tri, const Obb3<S>& box,
                                    const LinearMotion<S>& motion) {
  const detail::BoxFrame<S> f(tri, box, motion);
  std::array<Vec3<S>, 13> l;
  std::array<SeparatingAxis, 13> label;
  detail::static_axes(f, l, label);
  sepax::detail::AxisSweep<S> sweep(motion.duration);
  S size = box.extents[0] + box.extents[1] + box.extents[2];
  for (const auto& x : f.v) size = std::max(size, x.cwiseAbs().sum());
  const S speed = f.w.cwiseAbs().sum();
  for (int k = 0; k < 13; ++k) {
    // Scaled as test_moving scales it: an edge parallel to a box axis but for
    // a subnormal component made E × B subnormal, the radius underflowed to 0
    // and the shapes came out separated throughout
    // (properties/regressions/fuzz_tri_obb_moving_subnormal_edge_axis.jsonl).
    const Vec3<S> lk = sepax::detail::without_underflow(l[k]);
    S lo, hi;
    f.interval(lk, lo, hi);
    const S r = f.radius(box, lk);
    if (!sweep.add(label[k], lk, lo, hi, -r, r, lk.dot(f.w), sepax::detail::projection_noise(lk, size),
                   sepax::detail::projection_noise(lk, speed)))
      break;
  }
  ContactResult<S> result = sweep.result();
  if (result.state != ContactState::first_contact) return result;
  // At time t the box sits at t·ω in its own (initial) frame.
  const S t = sweep.first_time();
  const std::array<Vec3<S>, 3> identity{Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>::UnitZ()};
  const S scale = box.extents[0] + box.extents[1] + box.extents[2] + f.v[0].cwiseAbs().sum();
  const S tiny = S(64) * Eigen::NumTraits<S>::epsilon() * scale;
  // n: from the triangle toward the box (the last separating axis, or a runner-up).
  const Vec3<S> feature_point = sepax::detail::binding_feature_point<S>(sweep, [&](const Vec3<S>& n) {
    return sepax::detail::contact_candidates<S>(n, tiny, [&](S looseness) {
      return std::pair{detail::triangle_feature(f.v, n, looseness),
                       obb_obb::detail::box_feature<S>(t * f.w, identity, box.extents, Vec3<S>(-n), looseness)};
    });
  });
  const auto wide_box = sepax::detail::widen(sepax::detail::BoxPolytope<S>{t * f.w, identity, box.extents});
  const auto wide_tri = sepax::detail::widen(f.v);
  using W = sepax::detail::Wide<S>;
  const sepax::detail::CheckedPoint<S> local = sepax::detail::checked_contact<S>(
      feature_point, tiny,
      [&](const Vec3<W>& x) { return sepax::detail::closest_on_triangle(x, wide_tri[0], wide_tri[1], wide_tri[2]); },
      [&](const Vec3<W>& x) { return wide_box.closest(x); },
      [&] { return sepax::detail::triangle_box_contact(wide_tri, wide_box); });
  // local is relative to the box's initial centre, in its frame; the triangle
  // has moved by t·velocity_a in the world, and so has this frame's origin
  // relative to the triangle: world = C_b + t·v_a + B·local.
  const Vec3<S> origin = box.center + t * motion.velocity_a;
  result.point = origin + obb_obb::detail::from_frame(box, local.point);
  result.point_path = local.path;
  result.feature_point = origin + obb_obb::detail::from_frame(box, feature_point);
  return result;
}

/// The swapped argument order forwards (the pair order is tri_obb): the
/// motion's velocities stay attached to their shapes.
template <class S>
ContactResult<S> find_first_contact(const Obb3<S>& box, const Triangle3<S>& tri,
                                    const LinearMotion<S>& motion) {
  return find_first_contact(tri, box, LinearMotion<S>{motion.velocity_b, motion.velocity_a, motion.duration});
}

}  // namespace sepax::tri_obb
