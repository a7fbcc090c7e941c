#pragma once
/// \file The contact points of obb_obb::find_manifold (obb_obb_manifold.hpp,
/// steps 3 and 4): face contacts (face_contact.cpp) and edge contacts
/// (edge_contact.cpp), for obb_obb_manifold.cpp, which finds the axis.
///
/// They work on plain arrays: with Eigen's runtime-indexed v[k] (a bounds
/// assert each in builds without NDEBUG) and 10-corner polygons returned by
/// value, the manifold cost 1.2–1.5x ODE's dBoxBox per pair (issue 33). Every
/// value is computed by the same IEEE operations on the same operands as the
/// Eigen form it replaced (noted where that is not obvious), so the manifold
/// is the same bit for bit; the rare paths (more than 8 corners, supporting
/// edges outside the other box) still run that Eigen form.
#include <array>

#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/shapes/obb3.hpp"

namespace sepax::obb_obb::manifold {

template <class S>
S sign_of(S x) {
  return x < S(0) ? S(-1) : S(1);
}

/// One box seen from another's frame: its center and axes in that frame.
template <class S>
struct Local {
  Vec3<S> center;
  std::array<Vec3<S>, 3> axes;
  std::array<S, 3> extents;
};

/// A box seen from the reference box's frame, as plain numbers: its center,
/// its axes (ax[j][k]: coordinate k of axis j) and its half extents.
template <class S>
struct Box {
  S c[3];
  S ax[3][3];
  S e[3];
};

/// The same box as the Eigen form the rare paths take.
template <class S>
Local<S> to_local(const Box<S>& b) {
  Local<S> l;
  l.center = {b.c[0], b.c[1], b.c[2]};
  for (int j = 0; j < 3; ++j) l.axes[j] = {b.ax[j][0], b.ax[j][1], b.ax[j][2]};
  l.extents = {b.e[0], b.e[1], b.e[2]};
  return l;
}

/// Always inlined: find_manifold_avx.cpp calls it, and an out-of-line copy
/// built for AVX2 could stand in for the baseline units' (cmake/check_isa_unit_symbols.cmake).
template <class S>
SEPAX_FORCE_INLINE Vec3<S> to_world(const Obb3<S>& box, const Vec3<S>& x) {
  return box.center + x[0] * box.axes[0] + x[1] * box.axes[1] + x[2] * box.axes[2];
}

/// Step 3: the reference box `ref`'s face k on side `side` (±1) faces the
/// incident box `inc` (given in ref's frame, where ref is at the origin with
/// unit axes). Writes the contact points in world coordinates to `out` and
/// returns their count (face_contact.cpp says how they are found).
template <class S>
int face_contact(const Obb3<S>& ref, int k, S side, const Box<S>& inc, S tol, std::array<Vec3<S>, 8>& out);

/// Step 4, in A's frame (A's half extents a_ext; B given in A's frame): the
/// contact point of the edge axis A_i × B_j with unit normal n (edge_contact.cpp).
template <class S>
Vec3<S> edge_contact(const std::array<S, 3>& a_ext, int i, const Box<S>& b, int j, const Vec3<S>& n, S tol);

extern template int face_contact(const Obb3<float>&, int, float, const Box<float>&, float,
                                 std::array<Vec3<float>, 8>&);
extern template int face_contact(const Obb3<double>&, int, double, const Box<double>&, double,
                                 std::array<Vec3<double>, 8>&);
extern template Vec3<float> edge_contact(const std::array<float, 3>&, int, const Box<float>&, int,
                                         const Vec3<float>&, float);
extern template Vec3<double> edge_contact(const std::array<double, 3>&, int, const Box<double>&, int,
                                          const Vec3<double>&, double);

}  // namespace sepax::obb_obb::manifold
