#pragma once
// Internal to the "touching" family (family_touching.cpp and touching_*.cpp):
// the dyadic lattice its exact contacts are built on — the coarse lattice of
// triangles and axis-aligned boxes, the fine lattice of rotated boxes with
// quantised axes — and the three constructions, one file per query.
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>

#include "families/families.hpp"
#include "building/lattice.hpp"

namespace sepax::gen::detail::touching {


// Coarse lattice: 2^-5. Triangles and axis-aligned boxes live on it.
inline constexpr int kCoarse = 5;
inline constexpr int kAttempts = 16;

inline int sign_of(double x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }
inline int sign_of(std::int64_t x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

inline IVec3 unit_ivec(int axis, std::int64_t length) {
  IVec3 v{0, 0, 0};
  v[axis] = length;
  return v;
}

// The fine lattice of a scene with rotated boxes: points n·2^-fine with
// fine = q + 3, so half of a power-of-two extent ≥ 1/4 times a quantised axis
// is still on it.
struct Lattice {
  ScalarKind scalar;
  int q;
  int fine;

  explicit Lattice(ScalarKind s) : scalar(s), q(axis_quantum_bits(s)), fine(q + 3) {}

  IVec3 from_coarse(const IVec3& p) const { return shifted(p, fine - kCoarse); }
  std::int64_t from_coarse(std::int64_t x) const { return x << (fine - kCoarse); }
  /// 2^f on the fine lattice (f ≥ −3).
  std::int64_t power_of_two(int f) const { return std::int64_t{1} << (fine + f); }
  /// The unit axis e_w as quantised axis numerators.
  IVec3 unit_axis(int w, int sign) const { return unit_ivec(w, sign * (std::int64_t{1} << q)); }
  /// extent·axis on the fine lattice: exact because either the extent is a
  /// multiple of 2^-(fine-q) (a power of two ≥ 1/8) or the axis is a signed unit.
  IVec3 offset(std::int64_t extent, const IVec3& axis) const {
    const std::int64_t one = std::int64_t{1} << q;
    if (extent % one == 0) return (extent / one) * axis;
    return extent * IVec3{axis[0] / one, axis[1] / one, axis[2] / one};
  }
  Vec3d axis_to_double(const IVec3& a) const { return to_double(a, -q); }
};

/// A box on the lattice: fine centre and extents, quantised axes.
struct LatticeBox {
  IVec3 center{0, 0, 0};
  std::array<IVec3, 3> axes{};
  std::array<std::int64_t, 3> extents{0, 0, 0};
};

inline Obb3d to_box(const Lattice& lattice, const LatticeBox& box) {
  Obb3d out;
  out.center = to_double(box.center, -lattice.fine);
  for (int i = 0; i < 3; ++i) {
    out.axes[i] = lattice.axis_to_double(box.axes[i]);
    out.extents[i] = to_double(box.extents[i], -lattice.fine);
  }
  return out;
}

inline bool box_fits(const Lattice& lattice, const LatticeBox& box) {
  if (!fits(box.center, lattice.scalar)) return false;
  for (int i = 0; i < 3; ++i) {
    if (!fits(box.extents[i], lattice.scalar) || !fits(box.axes[i], lattice.scalar)) return false;
  }
  return true;
}

inline Triangle3d to_triangle(const std::array<IVec3, 3>& v, int exponent) {
  Triangle3d tri;
  for (int i = 0; i < 3; ++i) tri.vertices[i] = to_double(v[i], exponent);
  return tri;
}

inline bool triangle_fits(const std::array<IVec3, 3>& v, ScalarKind scalar) {
  return fits(v[0], scalar) && fits(v[1], scalar) && fits(v[2], scalar);
}

// An axis-aligned box with coarse centre in [−1/2, 1/2]³ and half-widths in
// [1/4, 3/2], on the fine lattice.
inline LatticeBox aligned_box(Source& source, const Lattice& lattice) {
  LatticeBox box;
  box.center = lattice.from_coarse(random_ivec(source, -16, 16));
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = lattice.unit_axis(i, 1);
    box.extents[i] = lattice.from_coarse(uniform_int(source, 8, 48));
  }
  return box;
}

// Power-of-two extents 1/4, 1/2 or 1.
inline std::array<std::int64_t, 3> power_of_two_extents(Source& source, const Lattice& lattice) {
  return {lattice.power_of_two(uniform_int(source, -2, 0)),
          lattice.power_of_two(uniform_int(source, -2, 0)),
          lattice.power_of_two(uniform_int(source, -2, 0))};
}

inline std::optional<std::array<IVec3, 3>> quantised_rotation(Source& source, const Lattice& lattice) {
  return quantise_axes(random_rotation(source), lattice.q, lattice.scalar);
}

// Quantised rotation about the coordinate axis w, its axes cyclically
// relabelled (column order stays right-handed).
inline std::optional<std::array<IVec3, 3>> quantised_planar_rotation(Source& source,
                                                              const Lattice& lattice, int w) {
  const auto cs = random_unit_2d(source);
  if (std::abs(cs[0]) < 0.05 || std::abs(cs[1]) < 0.05) return std::nullopt;
  auto axes = quantise_axes(planar_rotation(w, cs[0], cs[1]), lattice.q, lattice.scalar);
  if (!axes) return std::nullopt;
  const int shift = uniform_int(source, 0, 2);
  return std::array<IVec3, 3>{(*axes)[shift], (*axes)[(shift + 1) % 3], (*axes)[(shift + 2) % 3]};
}

// A coarse-lattice coordinate strictly inside (center − half, center + half).
inline std::int64_t strictly_inside(Source& source, const Lattice& lattice, std::int64_t center,
                             std::int64_t half) {
  const std::int64_t coarse_half = half >> (lattice.fine - kCoarse);
  const int r =
      uniform_int(source, static_cast<int>(-(coarse_half - 1)), static_cast<int>(coarse_half - 1));
  return center + lattice.from_coarse(r);
}

// A point strictly inside face (w, side) of an axis-aligned box.
inline IVec3 point_in_face(Source& source, const Lattice& lattice, const LatticeBox& box, int w,
                    int side) {
  IVec3 p;
  for (int t = 0; t < 3; ++t) {
    p[t] = t == w ? box.center[w] + side * box.extents[w]
                  : strictly_inside(source, lattice, box.center[t], box.extents[t]);
  }
  return p;
}

inline double dot_double(const Lattice& lattice, const Vec3d& n, const IVec3& axis) {
  return n.dot(lattice.axis_to_double(axis));
}

// y, or −y, so that n·y > 0; nullopt when n·y = 0.
inline std::optional<IVec3> on_positive_side(const IVec3& n, const IVec3& y) {
  const std::int64_t d = dot(n, y);
  if (d == 0) return std::nullopt;
  return d > 0 ? y : -1 * y;
}

/// An exactly touching pair of each query, with its certificate (families.hpp:
/// TouchingPair), before the exact symmetry family_touching.cpp applies.
TouchingPair boxes(Source& source, ScalarKind scalar);
TouchingPair triangle_box(Source& source, ScalarKind scalar);
TouchingPair triangles(Source& source);

}  // namespace sepax::gen::detail::touching
