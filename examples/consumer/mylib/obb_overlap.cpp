#include "obb_overlap.hpp"

#include <cmath>

namespace mylib {

bool obb_overlap(const sepax::Obb3d& A, const sepax::Obb3d& B, double epsilon) {
  double R[3][3], AbsR[3][3], T[3];
  const auto d = B.center - A.center;
  for (int i = 0; i < 3; ++i) {
    T[i] = A.axes[i].dot(d);
    for (int j = 0; j < 3; ++j) {
      R[i][j] = A.axes[i].dot(B.axes[j]);
      AbsR[i][j] = std::abs(R[i][j]) + epsilon;
    }
  }
  const auto& a = A.extents;
  const auto& b = B.extents;
  for (int i = 0; i < 3; ++i)  // A's faces
    if (std::abs(T[i]) > a[i] + b[0] * AbsR[i][0] + b[1] * AbsR[i][1] + b[2] * AbsR[i][2]) return false;
  for (int j = 0; j < 3; ++j)  // B's faces
    if (std::abs(T[0] * R[0][j] + T[1] * R[1][j] + T[2] * R[2][j]) >
        a[0] * AbsR[0][j] + a[1] * AbsR[1][j] + a[2] * AbsR[2][j] + b[j])
      return false;
  for (int i = 0; i < 3; ++i) {  // edge pairs A_i × B_j
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double dist = std::abs(T[i2] * R[i1][j] - T[i1] * R[i2][j]);
      const double ra = a[i1] * AbsR[i2][j] + a[i2] * AbsR[i1][j];
      const double rb = b[j1] * AbsR[i][j2] + b[j2] * AbsR[i][j1];
      if (dist > ra + rb) return false;
    }
  }
  return true;
}

}  // namespace mylib
