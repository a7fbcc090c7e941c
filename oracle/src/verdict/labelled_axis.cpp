// The candidate axis a kernel names (SeparatingAxis: "A2", "E0xF1", "NxE2"),
// rebuilt exactly from the stored shapes, and the exact gap along it. Used to
// judge a kernel's witness by its label alone, independently of the direction
// the kernel computed in its own scalar.
#include <algorithm>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

#include "verdict/exact_axes.hpp"
#include "verdict/exact_magnitude.hpp"
#include "verdict/exact_sets.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace {

using detail::Exact;
using detail::Vec;
using detail::operator-;

/// Edge i of a shape, as the labels number them (separating_axis.hpp): a
/// box's axis A_i, a triangle's E_i = U_{i+1} − U_i.
Vec<Exact> edge(const Obb3d& box, int i) { return detail::to_vec<Exact>(box.axes[i]); }
Vec<Exact> edge(const Triangle3d& tri, int i) {
  return detail::to_vec<Exact>(tri.vertices[(i + 1) % 3]) - detail::to_vec<Exact>(tri.vertices[i]);
}
Vec<Exact> normal(const Triangle3d& tri) { return detail::cross(edge(tri, 0), edge(tri, 1)); }

/// The axis a label names; the motion labels need W (velocity_b − velocity_a).
template <class A, class B>
std::optional<Vec<Exact>> labelled(const A& a, const B& b, const SeparatingAxis& axis, const Vec<Exact>* w = nullptr) {
  constexpr bool a_tri = std::is_same_v<A, Triangle3d>, b_tri = std::is_same_v<B, Triangle3d>;
  switch (axis.kind) {
    case AxisKind::face_a:
      if constexpr (!a_tri) return edge(a, axis.i);
      break;
    case AxisKind::face_b:
      if constexpr (!b_tri) return edge(b, axis.j);
      break;
    case AxisKind::normal_a:
      if constexpr (a_tri) return normal(a);
      break;
    case AxisKind::normal_b:
      if constexpr (b_tri) return normal(b);
      break;
    case AxisKind::edge_edge: return detail::cross(edge(a, axis.i), edge(b, axis.j));
    case AxisKind::inplane_a:
      if constexpr (a_tri) return detail::cross(normal(a), edge(a, axis.i));
      break;
    case AxisKind::inplane_b:
      if constexpr (b_tri) return detail::cross(normal(b), edge(b, axis.j));
      break;
    case AxisKind::motion_a:
      if (w) return detail::cross(*w, edge(a, axis.i));
      break;
    case AxisKind::motion_b:
      if (w) return detail::cross(*w, edge(b, axis.j));
      break;
    default: break;
  }
  return std::nullopt;
}

std::optional<Vec<Exact>> labelled_in(const ShapePair& pair, const SeparatingAxis& axis, const Vec<Exact>* w) {
  switch (pair.query) {
    case Query::obb_obb: return labelled(pair.obb_a, pair.obb_b, axis, w);
    case Query::tri_obb: return labelled(pair.tri_a, pair.obb_b, axis, w);
    case Query::tri_tri: return labelled(pair.tri_a, pair.tri_b, axis, w);
  }
  return std::nullopt;
}

}  // namespace

std::optional<double> labelled_axis_gap(const ShapePair& pair, const SeparatingAxis& axis) {
  const std::optional<Vec<Exact>> l = labelled_in(pair, axis, nullptr);
  if (!l) return std::nullopt;
  const Exact length2 = detail::dot(*l, *l);
  if (length2.is_zero()) return std::numeric_limits<double>::quiet_NaN();
  const detail::PairSets<Exact> s = detail::make_sets<Exact>(pair);
  const Exact g = detail::gap(detail::project(s.p, s.p_count, *l), detail::project(s.q, s.q_count, *l));
  return detail::signed_root(g.sign(), Exact(g * g / length2), reference_length(pair));
}

namespace {

using V = Vec3<double>;
V edge_d(const Obb3d& box, int i) { return box.axes[i]; }
V edge_d(const Triangle3d& tri, int i) { return tri.vertices[(i + 1) % 3] - tri.vertices[i]; }
double sine(const V& u, const V& v) {
  const double uv = u.norm() * v.norm();
  return uv > 0 ? u.cross(v).norm() / uv : 0.0;
}

/// A triangle's normal, whichever two edges a kernel crosses: |N| over the
/// longest edge squared, the smallest of the three vertex sines' bound.
double normal_sine(const Triangle3d& t) {
  const double longest = std::max({edge_d(t, 0).norm(), edge_d(t, 1).norm(), edge_d(t, 2).norm()});
  return longest > 0 ? edge_d(t, 0).cross(edge_d(t, 1)).norm() / (longest * longest) : 0.0;
}

template <class A, class B>
double labelled_sine(const A& a, const B& b, const SeparatingAxis& axis) {
  constexpr bool a_tri = std::is_same_v<A, Triangle3d>, b_tri = std::is_same_v<B, Triangle3d>;
  switch (axis.kind) {
    case AxisKind::face_a: return a_tri ? 0.0 : 1.0;
    case AxisKind::face_b: return b_tri ? 0.0 : 1.0;
    case AxisKind::normal_a:
    case AxisKind::inplane_a:
      if constexpr (a_tri) return normal_sine(a);
      return 0.0;
    case AxisKind::normal_b:
    case AxisKind::inplane_b:
      if constexpr (b_tri) return normal_sine(b);
      return 0.0;
    case AxisKind::edge_edge: return sine(edge_d(a, axis.i), edge_d(b, axis.j));
    default: return 0.0;
  }
}

/// The motion labels' sine: of W and the shape's edge.
double motion_sine(const ShapePair& pair, const SeparatingAxis& axis, const V& w) {
  const bool a = axis.kind == AxisKind::motion_a;
  const int k = a ? axis.i : axis.j;
  switch (pair.query) {
    case Query::obb_obb: return sine(w, edge_d(a ? pair.obb_a : pair.obb_b, k));
    case Query::tri_obb: return a ? sine(w, edge_d(pair.tri_a, k)) : sine(w, edge_d(pair.obb_b, k));
    case Query::tri_tri: return sine(w, edge_d(a ? pair.tri_a : pair.tri_b, k));
  }
  return 0.0;
}

/// Every label of the query's candidate axes (separating_axis.hpp's table).
std::vector<SeparatingAxis> candidate_labels(Query query, bool moving) {
  std::vector<SeparatingAxis> out;
  const auto add = [&](AxisKind kind, int count_i, int count_j) {
    for (int i = 0; i < count_i; ++i)
      for (int j = 0; j < count_j; ++j) out.push_back({kind, std::uint8_t(i), std::uint8_t(j)});
  };
  const bool a_tri = query != Query::obb_obb, b_tri = query == Query::tri_tri;
  if (a_tri) add(AxisKind::normal_a, 1, 1); else add(AxisKind::face_a, 3, 1);
  if (b_tri) add(AxisKind::normal_b, 1, 1); else add(AxisKind::face_b, 1, 3);
  add(AxisKind::edge_edge, 3, 3);
  if (query == Query::tri_tri) add(AxisKind::inplane_a, 3, 1), add(AxisKind::inplane_b, 1, 3);
  if (moving) add(AxisKind::motion_a, 3, 1), add(AxisKind::motion_b, 1, 3);
  return out;
}

}  // namespace

std::vector<AxisReading> survey_axes(const ShapePair& pair, const LinearMotiond* motion) {
  const detail::PairSets<Exact> s = detail::make_sets<Exact>(pair);
  std::optional<Vec<Exact>> w;
  V w_d = V::Zero();
  if (motion) {
    w_d = motion->velocity_b - motion->velocity_a;
    w = detail::to_vec<Exact>(motion->velocity_b) - detail::to_vec<Exact>(motion->velocity_a);
  }
  const Exact duration(motion ? motion->duration : 0.0);
  const double scale = reference_length(pair);
  std::vector<AxisReading> out;
  for (const SeparatingAxis& label : candidate_labels(pair.query, motion != nullptr)) {
    AxisReading r{label, std::numeric_limits<double>::quiet_NaN(), 0.0};
    const bool motion_label = label.kind == AxisKind::motion_a || label.kind == AxisKind::motion_b;
    r.sine = motion_label ? motion_sine(pair, label, w_d) : axis_sine(pair, label);
    const std::optional<Vec<Exact>> l = labelled_in(pair, label, w ? &*w : nullptr);
    if (!l) continue;
    const Exact length2 = detail::dot(*l, *l);
    if (!length2.is_zero()) {
      const detail::Projection<Exact> p = detail::project(s.p, s.p_count, *l);
      detail::Projection<Exact> q = detail::project(s.q, s.q_count, *l);
      if (w) {
        // B relative to A over [0, T]: its interval swept by T·(L·W).
        const Exact shift = duration * detail::dot(*l, *w);
        if (shift.sign() < 0) q.lo += shift; else q.hi += shift;
      }
      const Exact g = detail::gap(p, q);
      r.gap = detail::signed_root(g.sign(), Exact(g * g / length2), scale);
    }
    out.push_back(r);
  }
  return out;
}

double axis_sine(const ShapePair& pair, const SeparatingAxis& axis) {
  switch (pair.query) {
    case Query::obb_obb: return labelled_sine(pair.obb_a, pair.obb_b, axis);
    case Query::tri_obb: return labelled_sine(pair.tri_a, pair.obb_b, axis);
    case Query::tri_tri: return labelled_sine(pair.tri_a, pair.tri_b, axis);
  }
  return 0.0;
}

}  // namespace sepax::oracle
