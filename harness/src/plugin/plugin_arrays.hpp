#pragma once
/// \file Internal to the plugin loader: pairs as the plain arrays of the C ABI
/// (sepax/sepax_plugin.h: a box is 15 scalars, a triangle 9, a motion 7),
/// converted once per batch in the kernel's scalar. ShapePair stores doubles;
/// a float kernel gets them rounded to nearest (exact for float cases).
#include <cmath>
#include <cstddef>
#include <cstring>
#include <span>
#include <type_traits>
#include <variant>
#include <vector>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/harness/query/query_input.hpp"

namespace sepax::harness::plugin_detail {

constexpr std::size_t box_scalars = 15;
constexpr std::size_t triangle_scalars = 9;
constexpr std::size_t motion_scalars = 7;

constexpr std::size_t a_scalars(Query q) { return q == Query::obb_obb ? box_scalars : triangle_scalars; }
constexpr std::size_t b_scalars(Query q) { return q == Query::tri_tri ? triangle_scalars : box_scalars; }

template <class S>
void put(const Obb3d& box, S* out) {
  if constexpr (std::is_same_v<S, double>) {
    // Obb3d holds the layout's 15 doubles in its order (centre, axes row by
    // row, extents) with no padding: one copy (the campaign's brought
    // manifolds write a pair's boxes once a case).
    static_assert(sizeof(Obb3d) == box_scalars * sizeof(double) && offsetof(Obb3d, axes) == 3 * sizeof(double) &&
                  offsetof(Obb3d, extents) == 12 * sizeof(double));
    std::memcpy(out, &box, sizeof(Obb3d));
  } else {
    for (int k = 0; k < 3; ++k) out[k] = S(box.center[k]);
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) out[3 + 3 * i + k] = S(box.axes[i][k]);
    for (int i = 0; i < 3; ++i) out[12 + i] = S(box.extents[i]);
  }
}

template <class S>
void put(const Triangle3d& tri, S* out) {
  for (int v = 0; v < 3; ++v)
    for (int k = 0; k < 3; ++k) out[3 * v + k] = S(tri.vertices[v][k]);
}

template <class S>
void put(const LinearMotiond& m, S* out) {
  for (int k = 0; k < 3; ++k) {
    out[k] = S(m.velocity_a[k]);
    out[3 + k] = S(m.velocity_b[k]);
  }
  out[6] = S(m.duration);
}

/// The a and b shapes of n pairs of one query, in scalar S.
template <class S>
struct PairArrays {
  std::vector<S> a, b;

  PairArrays(Query query, std::span<const ShapePair> pairs)
      : a(pairs.size() * a_scalars(query)), b(pairs.size() * b_scalars(query)) {
    const std::size_t na = a_scalars(query), nb = b_scalars(query);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const ShapePair& p = pairs[i];
      if (query == Query::obb_obb) put(p.obb_a, &a[i * na]);
      else put(p.tri_a, &a[i * na]);
      if (query == Query::tri_tri) put(p.tri_b, &b[i * nb]);
      else put(p.obb_b, &b[i * nb]);
    }
  }
};

/// The boxes a and b of cases that are ShapePairs of two boxes (the
/// obb_obb_manifold query's), straight into a layout's two box arrays (15
/// scalars a case each), as PairArrays puts a SAT query's: no row of doubles
/// between. False when a value is not one of S (a float kernel given a case of
/// doubles): the general path then names it, as it refuses it.
template <class S>
bool put_box_pairs(std::span<const QueryInput> cases, S* a, S* b) {
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const ShapePair& p = std::get<ShapePair>(cases[i]);
    put(p.obb_a, a + i * box_scalars);
    put(p.obb_b, b + i * box_scalars);
    if constexpr (!std::is_same_v<S, double>) {
      double exact[2 * box_scalars];
      put(p.obb_a, exact);
      put(p.obb_b, exact + box_scalars);
      for (std::size_t k = 0; k < box_scalars; ++k)
        if ((double(a[i * box_scalars + k]) != exact[k] && !std::isnan(exact[k])) ||
            (double(b[i * box_scalars + k]) != exact[box_scalars + k] && !std::isnan(exact[box_scalars + k])))
          return false;
    }
  }
  return true;
}

/// n motions, 7 scalars each.
template <class S>
std::vector<S> motion_array(std::span<const LinearMotiond> motions) {
  std::vector<S> out(motions.size() * motion_scalars);
  for (std::size_t i = 0; i < motions.size(); ++i) put(motions[i], &out[i * motion_scalars]);
  return out;
}

}  // namespace sepax::harness::plugin_detail
