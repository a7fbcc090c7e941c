// The candidate axis a kernel names (SeparatingAxis: "A2", "E0xF1", "NxE2"),
// rebuilt exactly from the stored shapes, and the exact gap along it. Used to
// judge a kernel's witness by its label alone, independently of the direction
// the kernel computed in its own scalar.
#include <algorithm>
#include <limits>
#include <optional>
#include <type_traits>

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

template <class A, class B>
std::optional<Vec<Exact>> labelled(const A& a, const B& b, const SeparatingAxis& axis) {
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
    default: break;
  }
  return std::nullopt;
}

}  // namespace

std::optional<double> labelled_axis_gap(const ShapePair& pair, const SeparatingAxis& axis) {
  std::optional<Vec<Exact>> l;
  switch (pair.query) {
    case Query::obb_obb: l = labelled(pair.obb_a, pair.obb_b, axis); break;
    case Query::tri_obb: l = labelled(pair.tri_a, pair.obb_b, axis); break;
    case Query::tri_tri: l = labelled(pair.tri_a, pair.tri_b, axis); break;
  }
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

}  // namespace

double axis_sine(const ShapePair& pair, const SeparatingAxis& axis) {
  switch (pair.query) {
    case Query::obb_obb: return labelled_sine(pair.obb_a, pair.obb_b, axis);
    case Query::tri_obb: return labelled_sine(pair.tri_a, pair.obb_b, axis);
    case Query::tri_tri: return labelled_sine(pair.tri_a, pair.tri_b, axis);
  }
  return 0.0;
}

}  // namespace sepax::oracle
