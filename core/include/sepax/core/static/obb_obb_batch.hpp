#pragma once
/// \file
/// OBB–OBB static test over many pairs at once (the SIMD note; Eberly
/// §2.1, Table 1).
///
/// Sets and verdict as test_static (obb_obb.hpp): closed boxes, touching
/// intersects, separation only by a strict `>`.
///
/// The form is the SIMD note's branch-free one: all fifteen axes are tested
/// unconditionally and their verdicts OR-ed, so a loop over structure-of-arrays
/// input has no data-dependent branch and the compiler vectorises it (one box
/// per SIMD lane). Axes are never normalised, so a degenerate cross product
/// (parallel edges) gives 0 > 0, never a false separation; the third row of the
/// relative rotation is the cross product of the first two (c_2j = (c_0 × c_1)_j,
/// the SIMD note's saving: exact for orthonormal frames, and a frame defect δ
/// only moves B's axes by ~δ, inside the boundary band's frame term).
///
/// Edge axes are written the way test_static writes them, not with Table 1's
/// cofactor radii: L = e_i × (c_0j, c_1j, c_2j) in A's frame and every
/// projection (of D, of A, of B) taken from that one L, so each rounding error
/// is proportional to |L| and nearly parallel edges (|L| ≈ θ) cannot turn an
/// overlap of a large fraction of the size into "separated" (see obb_obb.hpp).
///
/// Layout: ObbBatch holds each coordinate of centre, axes and extents in its
/// own contiguous array. Results are one byte per pair (1 = intersecting).
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/negligible_edge_axis.hpp"

namespace sepax::obb_obb {

/// Boxes in structure-of-arrays form: center[k][n] is coordinate k of box n's
/// centre, axis[3·i + k][n] coordinate k of its axis A_i, extent[i][n] a_i.
template <class S>
struct ObbBatch {
  std::array<std::vector<S>, 3> center;
  std::array<std::vector<S>, 9> axis;
  std::array<std::vector<S>, 3> extent;

  std::size_t size() const { return center[0].size(); }
  void reserve(std::size_t n) {
    for (auto* group : {&center, &extent})
      for (auto& v : *group) v.reserve(n);
    for (auto& v : axis) v.reserve(n);
  }
  void push_back(const Obb3<S>& box) {
    for (int k = 0; k < 3; ++k) {
      center[k].push_back(box.center[k]);
      extent[k].push_back(box.extents[k]);
      for (int i = 0; i < 3; ++i) axis[3 * i + k].push_back(box.axes[i][k]);
    }
  }
};

namespace detail {

/// One box read from a batch (or a broadcast single box) as plain scalars.
template <class S>
struct BoxLane {
  S c[3], ax[3][3], e[3];
};

/// Raw column pointers of a batch, loaded once before a loop so that the
/// vectoriser sees plain strided-by-one accesses.
template <class S>
struct BatchView {
  const S* c[3];
  const S* ax[9];
  const S* e[3];
  explicit BatchView(const ObbBatch<S>& b) {
    for (int k = 0; k < 3; ++k) c[k] = b.center[k].data(), e[k] = b.extent[k].data();
    for (int k = 0; k < 9; ++k) ax[k] = b.axis[k].data();
  }
};

template <class S>
SEPAX_FORCE_INLINE BoxLane<S> lane(const BatchView<S>& b, std::size_t n) {
  BoxLane<S> out;
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) {
    out.c[k] = b.c[k][n];
    out.e[k] = b.e[k][n];
#pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) out.ax[i][k] = b.ax[3 * i + k][n];
  }
  return out;
}

template <class S>
SEPAX_FORCE_INLINE BoxLane<S> lane(const Obb3<S>& b) {
  BoxLane<S> out;
  for (int k = 0; k < 3; ++k) {
    out.c[k] = b.center[k];
    out.e[k] = b.extents[k];
    for (int i = 0; i < 3; ++i) out.ax[i][k] = b.axes[i][k];
  }
  return out;
}

/// The fifteen tests of one pair, no branch: true when the boxes intersect.
template <class S>
SEPAX_FORCE_INLINE bool lane_intersects(const BoxLane<S>& a, const BoxLane<S>& b) {
  using std::abs;
  const S D[3] = {b.c[0] - a.c[0], b.c[1] - a.c[1], b.c[2] - a.c[2]};
  S d[3];       // D in A's frame
  S c[3][3];    // c[i][j] = A_i · B_j; column j = B_j in A's frame
  #pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) d[i] = a.ax[i][0] * D[0] + a.ax[i][1] * D[1] + a.ax[i][2] * D[2];
  #pragma GCC unroll 3
  for (int i = 0; i < 2; ++i)
    #pragma GCC unroll 3
    for (int j = 0; j < 3; ++j)
      c[i][j] = a.ax[i][0] * b.ax[j][0] + a.ax[i][1] * b.ax[j][1] + a.ax[i][2] * b.ax[j][2];
  // Third row from the first two (SIMD note): row 2 = row 0 × row 1.
  c[2][0] = c[0][1] * c[1][2] - c[0][2] * c[1][1];
  c[2][1] = c[0][2] * c[1][0] - c[0][0] * c[1][2];
  c[2][2] = c[0][0] * c[1][1] - c[0][1] * c[1][0];
  S ac[3][3];
  #pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
    #pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) ac[i][j] = abs(c[i][j]);

  bool separated = false;
  // L = A_i (Table 1, rows 1–3).
  #pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
    separated |= abs(d[i]) > a.e[i] + b.e[0] * ac[i][0] + b.e[1] * ac[i][1] + b.e[2] * ac[i][2];
  // L = B_j (rows 4–6): B_j·D = Σ_i c_ij d_i.
  #pragma GCC unroll 3
  for (int j = 0; j < 3; ++j)
    separated |= abs(c[0][j] * d[0] + c[1][j] * d[1] + c[2][j] * d[2]) >
                 a.e[0] * ac[0][j] + a.e[1] * ac[1][j] + a.e[2] * ac[2][j] + b.e[j];
  // L = A_i × B_j (rows 7–15) as e_i × col_j in A's frame: with (i1, i2) the
  // other two indices, L_{i1} = −c_{i2 j}, L_{i2} = c_{i1 j}, L_i = 0.
  // L·B_m = c_{i1 j} c_{i2 m} − c_{i2 j} c_{i1 m} is a 2×2 minor of C's rows
  // i1, i2, antisymmetric in (j, m) exactly (fl(x − y) = −fl(y − x)): three
  // per i serve its three axes, with the roundings of the products above.
  #pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const auto minor = [&](int j, int m) { return -c[i2][j] * c[i1][m] + c[i1][j] * c[i2][m]; };
    const S mu01 = abs(minor(0, 1)), mu02 = abs(minor(0, 2)), mu12 = abs(minor(1, 2));
    const S mu_next[3] = {mu01, mu12, mu02};  // |μ(j, j+1)|
    const S mu_prev[3] = {mu02, mu01, mu12};  // |μ(j, j+2)|
    #pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      const int m1 = (j + 1) % 3, m2 = (j + 2) % 3;
      const S l1 = -c[i2][j], l2 = c[i1][j];
      const S r = abs(l1 * d[i1] + l2 * d[i2]);
      const S r0 = a.e[i1] * abs(l1) + a.e[i2] * abs(l2);
      const S r1 = b.e[m1] * mu_next[j] + b.e[m2] * mu_prev[j];
      // An axis too short to project onto is left out (negligible_edge_axis.hpp).
      separated |= (r > r0 + r1) & !negligible_edge_axis(l1, l2);
    }
  }
  return !separated;
}

}  // namespace detail

/// out[n] = 1 when a and b[n] intersect, else 0. out.size() ≥ b.size().
void test_static_batch(const Obb3<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out);
void test_static_batch(const Obb3<double>& a, const ObbBatch<double>& b, std::span<std::uint8_t> out);
/// out[n] = 1 when a[n] and b[n] intersect (pairwise), else 0. Same sizes.
void test_static_batch(const ObbBatch<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out);
void test_static_batch(const ObbBatch<double>& a, const ObbBatch<double>& b, std::span<std::uint8_t> out);

namespace detail {
/// Pairwise, always through the x86-64 baseline copy of the loops (SSE2),
/// whatever the CPU has: lets the tests check the copy this machine would not
/// choose. Elsewhere the same as test_static_batch.
void test_static_batch_baseline(const ObbBatch<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out);
void test_static_batch_baseline(const ObbBatch<double>& a, const ObbBatch<double>& b, std::span<std::uint8_t> out);
}  // namespace detail

/// Any other scalar (exact, interval, the strict test scalar): the same
/// formulas, one pair at a time.
template <class S>
bool test_static_batch_one(const Obb3<S>& a, const Obb3<S>& b) {
  return detail::lane_intersects(detail::lane(a), detail::lane(b));
}

}  // namespace sepax::obb_obb
