#pragma once
/// \file Internal (oracle 1 and the margin): the complete candidate-axis set of
/// a pair of exact sets, and the projection gap along an axis.
///
/// Why these axes are complete: see the derivation at the top of exact_sat.cpp.
/// In short, with E the edge list of PairSets (P's and Q's edges) and k the
/// dimension of span(E) = the dimension of the Minkowski difference P − Q:
///
/// | k | axes (zero vectors skipped)                                   |
/// |---|---------------------------------------------------------------|
/// | 3 | every normal ei × ej (face normals of P and Q, eP × eQ)        |
/// | 2 | one nonzero normal n, and n × e for every e in E              |
/// | 1 | one edge e, and e × (e × d), d = first vertex of P − of Q      |
/// | 0 | d                                                             |
///
/// The construction takes a number type whose sign answers may be unknown
/// (intervals). It then uses what is *surely* true: k ≥ kmin, and whether k is
/// known. When k is not known it takes the union of the rows k could be in, so
/// the list (evaluated exactly) is always complete. With Exact every answer is
/// known and the list is the table's row.
#include <array>
#include <cstdint>

#include "verdict/exact_sets.hpp"

namespace sepax::oracle::detail {

/// The pair of edges whose cross product is a normal candidate.
struct NormalPair {
  std::uint8_t i = 0, j = 0;
};

/// 3 + 3 + 9 for two boxes; a triangle contributes one face normal.
inline constexpr int kMaxNormals = 15;

struct NormalPairs {
  std::array<NormalPair, kMaxNormals> items{};
  int count = 0;
};

/// Face normals of P and Q (cross products of two own edges) and every
/// eP × eQ. For a triangle every pair of its edges gives ±N (E0 + E1 + E2 = 0,
/// also when one edge is zero and left out), so only its first pair is kept.
template <class T>
NormalPairs normal_pairs(const PairSets<T>& s) {
  NormalPairs out;
  auto own_faces = [&](int begin, int end, bool triangle) {
    for (int i = begin; i < end; ++i)
      for (int j = i + 1; j < end; ++j) {
        out.items[out.count++] = {std::uint8_t(i), std::uint8_t(j)};
        if (triangle) return;
      }
  };
  own_faces(0, s.p_edge_count, s.p_is_triangle);
  own_faces(s.p_edge_count, s.edge_count, s.q_is_triangle);
  for (int i = 0; i < s.p_edge_count; ++i)
    for (int j = s.p_edge_count; j < s.edge_count; ++j)
      out.items[out.count++] = {std::uint8_t(i), std::uint8_t(j)};
  return out;
}

/// How to compute one candidate axis from the edge list; the same recipe gives
/// the interval vector and the exact one.
struct AxisRecipe {
  enum class Kind : std::uint8_t {
    normal,       ///< n = ei × ej for normal pair `n`
    in_plane,     ///< n × e
    edge,         ///< e
    edge_offset,  ///< e × (e × d)
    offset,       ///< d
  };
  Kind kind = Kind::offset;
  std::uint8_t n = 0;  ///< index into NormalPairs
  std::uint8_t e = 0;  ///< index into PairSets::edges
};

/// Largest list: k unknown between 1 and 3 gives 15 normals + 15·6 in-plane + 2.
inline constexpr int kMaxAxes = 128;

struct AxisList {
  std::array<AxisRecipe, kMaxAxes> items{};
  int count = 0;
  void push(AxisRecipe r) { items[count++] = r; }
};

/// d: a difference of vertices of P and Q (every one spans aff(P − Q) with E).
template <class T>
Vec<T> offset(const PairSets<T>& s) {
  return s.p[0] - s.q[0];
}

template <class T>
Vec<T> axis_vector(const AxisRecipe& r, const PairSets<T>& s, const NormalPairs& pairs) {
  using K = AxisRecipe::Kind;
  switch (r.kind) {
    case K::normal: {
      const NormalPair& np = pairs.items[r.n];
      return cross(s.edges[np.i], s.edges[np.j]);
    }
    case K::in_plane: {
      const NormalPair& np = pairs.items[r.n];
      return cross(cross(s.edges[np.i], s.edges[np.j]), s.edges[r.e]);
    }
    case K::edge: return s.edges[r.e];
    case K::edge_offset: return cross(s.edges[r.e], cross(s.edges[r.e], offset(s)));
    case K::offset: return offset(s);
  }
  return offset(s);
}

/// The candidate list for the sets (table above), built from what T surely
/// knows about k.
template <class T>
AxisList candidate_axes(const PairSets<T>& s, const NormalPairs& pairs) {
  using K = AxisRecipe::Kind;
  std::array<Vec<T>, kMaxNormals> normals;
  int representative = -1;  // first surely nonzero normal
  bool rank3 = false, all_normals_zero = true, all_triples_zero = true;
  for (int n = 0; n < pairs.count; ++n) {
    normals[n] = cross(s.edges[pairs.items[n].i], s.edges[pairs.items[n].j]);
    const bool zero = surely_zero(normals[n]);
    if (zero) continue;
    all_normals_zero = false;
    if (representative < 0 && surely_nonzero(normals[n])) representative = n;
    // k = 3 iff some normal has a nonzero triple product with some edge:
    // three independent edges ea, eb, ec give ±(ea × eb)·ec ≠ 0 with ea × eb
    // one of the normals (up to sign).
    for (int e = 0; e < s.edge_count && !rank3; ++e) {
      const T triple = dot(normals[n], s.edges[e]);
      if (Signs<T>::surely_nonzero(triple)) rank3 = true;
      if (!Signs<T>::surely_zero(triple)) all_triples_zero = false;
    }
  }
  const int k_min = rank3 ? 3 : representative >= 0 ? 2 : s.edge_count > 0 ? 1 : 0;

  AxisList out;
  auto push_possible_normals = [&] {
    for (int n = 0; n < pairs.count; ++n)
      if (!surely_zero(normals[n])) out.push({K::normal, std::uint8_t(n), 0});
  };
  auto push_in_plane = [&](int n) {
    for (int e = 0; e < s.edge_count; ++e) out.push({K::in_plane, std::uint8_t(n), std::uint8_t(e)});
  };
  switch (k_min) {
    case 3:  // k = 3: the facet normals of P − Q.
      push_possible_normals();
      break;
    case 2:
      if (all_triples_zero) {
        // k = 2: every nonzero normal is the plane's; one suffices.
        out.push({K::normal, std::uint8_t(representative), 0});
      } else {
        push_possible_normals();  // k may be 3
      }
      push_in_plane(representative);  // valid when k = 2, extra when k = 3
      break;
    case 1:
      if (!all_normals_zero) {
        // k may be 2 or 3 with an unknown normal nonzero: every possible
        // normal and its in-plane axes.
        push_possible_normals();
        for (int n = 0; n < pairs.count; ++n)
          if (!surely_zero(normals[n])) push_in_plane(n);
      }
      // k = 1: every edge is along the line; edge 0 stands for all.
      out.push({K::edge, 0, 0});
      out.push({K::edge_offset, 0, 0});
      break;
    default:  // k = 0: two points.
      out.push({K::offset, 0, 0});
  }
  return out;
}

/// [lo, hi] of the projections of a vertex list on L (not normalised).
template <class T>
struct Projection {
  T lo, hi;
};

template <class T>
Projection<T> project(const std::array<Vec<T>, 8>& vertices, int count, const Vec<T>& axis) {
  if constexpr (std::is_same_v<T, Exact>) {
    std::array<T, 8> d;
    for (int i = 0; i < count; ++i) d[i] = dot(vertices[i], axis);
    int lo = 0, hi = 0;  // compare in place: copying rationals allocates
    for (int i = 1; i < count; ++i) {
      if (d[i] < d[lo]) lo = i;
      if (d[hi] < d[i]) hi = i;
    }
    return {d[lo], d[hi]};
  } else {
    const T first = dot(vertices[0], axis);
    Projection<T> p{first, first};
    for (int i = 1; i < count; ++i) {
      const T x = dot(vertices[i], axis);
      p.lo = Signs<T>::min(p.lo, x);
      p.hi = Signs<T>::max(p.hi, x);
    }
    return p;
  }
}

/// Signed gap along L, scaled by |L|: > 0 exactly when L separates.
template <class T>
T gap(const Projection<T>& p, const Projection<T>& q) {
  return Signs<T>::max(T(q.lo - p.hi), T(p.lo - q.hi));
}

}  // namespace sepax::oracle::detail
