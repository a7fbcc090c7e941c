// textbook/obb_obb_sat[_eps]/*: the classic OBB–OBB separating-axis test as
// published by Gottschalk, Lin & Manocha ("OBBTree", SIGGRAPH 1996; the RAPID
// library's form), written here from the math as an independent reference.
//
// In A's frame: R_ij = A_i·B_j, T_i = A_i·(C_B − C_A), |R|_ij = |R_ij| (+ ε).
// 15 candidate axes, early out, strict '>' (closed boxes: touching intersects):
//   L = A_i:       |T_i|                > a_i + Σ_j b_j |R|_ij
//   L = B_j:       |Σ_i T_i R_ij|       > Σ_i a_i |R|_ij + b_j
//   L = A_i × B_j: |T_{i+2} R_{i+1,j} − T_{i+1} R_{i+2,j}|
//                    > a_{i+1}|R|_{i+2,j} + a_{i+2}|R|_{i+1,j} + b_{j+1}|R|_{i,j+2} + b_{j+2}|R|_{i,j+1}
// (indices mod 3; the B radius on an edge axis uses B_j × B_{j+1} = B_{j+2},
// i.e. right-handed axes, which validate() guarantees).
// The _eps variant adds Gottschalk's ε = 1e-6 to every |R_ij| so that a
// near-zero cross product A_i × B_j cannot separate by rounding alone; it is
// conservative by about √ε·size (entry.hpp). Computed in the case scalar.
#include <array>
#include <cmath>

#include "entry.hpp"

namespace sepax::peers::detail {
namespace {

/// A box in the scalar the test runs in.
template <class S>
struct Box {
  std::array<Vec3<S>, 3> axes;
  Vec3<S> center;
  S e[3];
};

template <class S>
Box<S> to_box(const Obb3d& b) {
  Box<S> o;
  for (int i = 0; i < 3; ++i) {
    o.axes[i] = b.axes[i].template cast<S>();
    o.e[i] = S(b.extents[i]);
  }
  o.center = b.center.template cast<S>();
  return o;
}

template <class S>
struct BoxPair {
  Box<S> a, b;
};

/// Returns -1 when no axis separates, else the separating axis:
/// 0..2 = A_i, 3..5 = B_j, 6 + 3i + j = A_i × B_j.
template <class S>
int sat(const Box<S>& A, const Box<S>& B, S eps) {
  S R[3][3], AbsR[3][3], T[3];
  const Vec3<S> d = B.center - A.center;
  for (int i = 0; i < 3; ++i) {
    T[i] = A.axes[i].dot(d);
    for (int j = 0; j < 3; ++j) {
      R[i][j] = A.axes[i].dot(B.axes[j]);
      AbsR[i][j] = std::abs(R[i][j]) + eps;
    }
  }
  const S* a = A.e;
  const S* b = B.e;
  // L = A_i
  for (int i = 0; i < 3; ++i)
    if (std::abs(T[i]) > a[i] + b[0] * AbsR[i][0] + b[1] * AbsR[i][1] + b[2] * AbsR[i][2])
      return i;
  // L = B_j
  for (int j = 0; j < 3; ++j)
    if (std::abs(T[0] * R[0][j] + T[1] * R[1][j] + T[2] * R[2][j]) >
        a[0] * AbsR[0][j] + a[1] * AbsR[1][j] + a[2] * AbsR[2][j] + b[j])
      return 3 + j;
  // L = A_i × B_j
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const S dist = std::abs(T[i2] * R[i1][j] - T[i1] * R[i2][j]);
      const S ra = a[i1] * AbsR[i2][j] + a[i2] * AbsR[i1][j];
      const S rb = b[j1] * AbsR[i][j2] + b[j2] * AbsR[i][j1];
      if (dist > ra + rb) return 6 + 3 * i + j;
    }
  }
  return -1;
}

template <class S>
KernelInfo entry(const char* name, S eps) {
  KernelInfo k = make_entry(
      "textbook", name, Query::obb_obb, scalar_traits<S>::kind,
      [](const ShapePair& p) { return BoxPair<S>{to_box<S>(p.obb_a), to_box<S>(p.obb_b)}; },
      [eps](const BoxPair<S>& in) { return sat(in.a, in.b, eps) < 0; },
      eps > S(0) ? epsilon_on_rotation(double(eps)) : KernelBias{});
  // This peer is ours: report the witness axis as sepax kernels do.
  k.test = [eps](const ShapePair& p) {
    const BoxPair<S> in{to_box<S>(p.obb_a), to_box<S>(p.obb_b)};
    const int axis = sat(in.a, in.b, eps);
    StaticOutcome out;
    out.intersects = axis < 0;
    if (axis < 0) return out;
    Vec3<S> dir;
    if (axis < 3) {
      out.axis = {AxisKind::face_a, std::uint8_t(axis), 0};
      dir = in.a.axes[axis];
    } else if (axis < 6) {
      out.axis = {AxisKind::face_b, 0, std::uint8_t(axis - 3)};
      dir = in.b.axes[axis - 3];
    } else {
      const int i = (axis - 6) / 3, j = (axis - 6) % 3;
      out.axis = {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
      dir = in.a.axes[i].cross(in.b.axes[j]);
    }
    out.direction = {double(dir[0]), double(dir[1]), double(dir[2])};
    return out;
  };
  return k;
}

}  // namespace

std::vector<KernelInfo> textbook_obb_obb_kernels() {
  return {
      entry<float>("obb_obb_sat", 0.0f),
      entry<double>("obb_obb_sat", 0.0),
      entry<float>("obb_obb_sat_eps", 1e-6f),
      entry<double>("obb_obb_sat_eps", 1e-6),
  };
}

}  // namespace sepax::peers::detail
