#pragma once
/// \file Internal (oracle 1 and the margin): the two exact sets of a ShapePair
/// as vertex lists plus edge directions, templated on the number type so that
/// the interval filter and the GMP rationals build them with the same code.
///
/// A number type T plugs in through `Signs<T>`, which answers sign questions
/// only when it is sure (the exact type is always sure). Decisions that do not
/// depend on arithmetic — which edges exist — are taken on the stored doubles,
/// so every number type sees the same edge list in the same order.
#include <array>
#include <cstdint>
#include <type_traits>

#include <boost/multiprecision/gmp.hpp>

#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle::detail {

/// GMP rationals (SPEC §4). A double converts to it exactly.
using Exact = boost::multiprecision::mpq_rational;

template <class T>
using Vec = std::array<T, 3>;

template <class T>
Vec<T> to_vec(const Vec3<double>& v) {
  return {T(v.x()), T(v.y()), T(v.z())};
}

template <class T>
Vec<T> operator-(const Vec<T>& a, const Vec<T>& b) {
  return {T(a[0] - b[0]), T(a[1] - b[1]), T(a[2] - b[2])};
}

template <class T>
Vec<T> cross(const Vec<T>& a, const Vec<T>& b) {
  return {T(a[1] * b[2] - a[2] * b[1]), T(a[2] * b[0] - a[0] * b[2]),
          T(a[0] * b[1] - a[1] * b[0])};
}

template <class T>
T dot(const Vec<T>& a, const Vec<T>& b) {
  return T(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
}

/// Sign questions a number type answers with certainty or not at all
/// (`surely_*` false means "not known", never "false"). Specialised for Exact
/// here and for the interval type in exact_sat.cpp.
template <class T>
struct Signs;

template <>
struct Signs<Exact> {
  static bool surely_zero(const Exact& x) { return x.is_zero(); }
  static bool surely_nonzero(const Exact& x) { return !x.is_zero(); }
  static bool surely_positive(const Exact& x) { return x.sign() > 0; }
  static bool surely_nonpositive(const Exact& x) { return x.sign() <= 0; }
  static Exact min(const Exact& a, const Exact& b) { return a < b ? a : b; }
  static Exact max(const Exact& a, const Exact& b) { return a < b ? b : a; }
};

template <class T>
bool surely_zero(const Vec<T>& v) {
  return Signs<T>::surely_zero(v[0]) && Signs<T>::surely_zero(v[1]) && Signs<T>::surely_zero(v[2]);
}
template <class T>
bool surely_nonzero(const Vec<T>& v) {
  return Signs<T>::surely_nonzero(v[0]) || Signs<T>::surely_nonzero(v[1]) ||
         Signs<T>::surely_nonzero(v[2]);
}

/// Edges of P (first shape) and Q (second) in one list, P's first.
inline constexpr int kMaxEdges = 6;

/// The exact sets P and Q of a pair: every vertex (8 per box, duplicates when
/// extents are zero; 3 per triangle) and the edge directions.
///
/// Edge directions are a superset of the directions of the 1-faces of each
/// set: box Ai for ai ≠ 0 and Ai ≠ 0 (a parallelepiped is the zonotope of its
/// generators ai·Ai, so its edges are parallel to those; orthonormality is not
/// assumed); triangle Ui+1 − Ui when nonzero. Zero edges are left out so that
/// the span of the list is the span of the set's directions, which the
/// candidate construction relies on.
template <class T>
struct PairSets {
  std::array<Vec<T>, 8> p{}, q{};
  int p_count = 0, q_count = 0;
  std::array<Vec<T>, kMaxEdges> edges{};
  int edge_count = 0;
  int p_edge_count = 0;  ///< edges[0, p_edge_count) are P's
  bool p_is_triangle = false, q_is_triangle = false;
};

namespace sets_internal {

template <class T>
int add_vertices(const Obb3d& box, std::array<Vec<T>, 8>& out) {
  const Vec<T> c = to_vec<T>(box.center);
  std::array<Vec<T>, 3> half;
  for (int i = 0; i < 3; ++i) {
    const T a(box.extents[i]);
    const Vec<T> axis = to_vec<T>(box.axes[i]);
    half[i] = {T(a * axis[0]), T(a * axis[1]), T(a * axis[2])};
  }
  for (unsigned bits = 0; bits < 8; ++bits) {
    Vec<T> v = c;
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) v[k] = (bits >> i) & 1u ? T(v[k] + half[i][k]) : T(v[k] - half[i][k]);
    out[bits] = v;
  }
  return 8;
}

template <class T>
int add_vertices(const Triangle3d& tri, std::array<Vec<T>, 8>& out) {
  for (int i = 0; i < 3; ++i) out[i] = to_vec<T>(tri.vertices[i]);
  return 3;
}

template <class T>
void add_edges(const Obb3d& box, PairSets<T>& s) {
  for (int i = 0; i < 3; ++i)
    if (box.extents[i] != 0 && box.axes[i] != Vec3<double>::Zero())
      s.edges[s.edge_count++] = to_vec<T>(box.axes[i]);
}

template <class T>
void add_edges(const Triangle3d& tri, PairSets<T>& s) {
  for (int i = 0; i < 3; ++i) {
    const auto& from = tri.vertices[i];
    const auto& to = tri.vertices[(i + 1) % 3];
    if (from != to) s.edges[s.edge_count++] = to_vec<T>(to) - to_vec<T>(from);
  }
}

template <class T, class A, class B>
PairSets<T> make(const A& a, const B& b) {
  PairSets<T> s;
  s.p_is_triangle = std::is_same_v<A, Triangle3d>;
  s.q_is_triangle = std::is_same_v<B, Triangle3d>;
  s.p_count = add_vertices(a, s.p);
  s.q_count = add_vertices(b, s.q);
  add_edges(a, s);
  s.p_edge_count = s.edge_count;
  add_edges(b, s);
  return s;
}

}  // namespace sets_internal

/// The exact sets of `pair` in number type T (conversion from double exact for
/// Exact, enclosing for intervals).
template <class T>
PairSets<T> make_sets(const ShapePair& pair) {
  switch (pair.query) {
    case Query::obb_obb: return sets_internal::make<T>(pair.obb_a, pair.obb_b);
    case Query::tri_obb: return sets_internal::make<T>(pair.tri_a, pair.obb_b);
    case Query::tri_tri: return sets_internal::make<T>(pair.tri_a, pair.tri_b);
  }
  return {};
}

}  // namespace sepax::oracle::detail
