// Family "touching" (SPEC §5): pairs in EXACT contact for the stored numbers —
// they share a point and a plane separates them weakly, so the exact margin is
// 0 and, the sets being closed, every pair intersects. Contacts: face–face,
// edge–face, vertex–face, edge–edge, vertex–vertex for boxes; a triangle vertex
// on a box face, a triangle edge across a box edge, a triangle flat on a face,
// a triangle vertex at a box corner, a box corner inside a triangle for
// triangle–box; a shared vertex, a vertex inside the other triangle, edges
// crossing at one point, a vertex on an edge, overlapping collinear edges for
// triangle pairs.
//
// How exactness is kept (lattice.hpp): every coordinate is an integer on a
// dyadic lattice. Axis-aligned boxes have exact face planes. A rotated box has
// axes quantised to 2^-q and power-of-two extents, so each vertex offset
// Σ σk·bk·Bk lies on the fine lattice and its centre can be placed at
// "contact point − offset" exactly; whether that centre fits the scalar is
// checked and the construction retried otherwise. The side conditions — the
// contact feature of each shape is its extreme one along the separating
// normal n — are decided from integers, or from doubles only when the value is
// far from zero (|n·Bj| ≥ 1e-3·|n|), so the sign is certain.
//
// generate_touching_contact() also returns that certificate — the contact
// point and the normal of a plane through it with A on one side and B on the
// other — which the motion family uses to build contacts exactly at a chosen time.
#include <cmath>
#include <optional>

#include "families/families.hpp"
#include "building/lattice.hpp"

namespace sepax::gen::detail {
namespace {

// Coarse lattice: 2^-5. Triangles and axis-aligned boxes live on it.
constexpr int kCoarse = 5;
constexpr int kAttempts = 16;

int sign_of(double x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }
int sign_of(std::int64_t x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

IVec3 unit_ivec(int axis, std::int64_t length) {
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

Obb3d to_box(const Lattice& lattice, const LatticeBox& box) {
  Obb3d out;
  out.center = to_double(box.center, -lattice.fine);
  for (int i = 0; i < 3; ++i) {
    out.axes[i] = lattice.axis_to_double(box.axes[i]);
    out.extents[i] = to_double(box.extents[i], -lattice.fine);
  }
  return out;
}

bool box_fits(const Lattice& lattice, const LatticeBox& box) {
  if (!fits(box.center, lattice.scalar)) return false;
  for (int i = 0; i < 3; ++i) {
    if (!fits(box.extents[i], lattice.scalar) || !fits(box.axes[i], lattice.scalar)) return false;
  }
  return true;
}

Triangle3d to_triangle(const std::array<IVec3, 3>& v, int exponent) {
  Triangle3d tri;
  for (int i = 0; i < 3; ++i) tri.vertices[i] = to_double(v[i], exponent);
  return tri;
}

bool triangle_fits(const std::array<IVec3, 3>& v, ScalarKind scalar) {
  return fits(v[0], scalar) && fits(v[1], scalar) && fits(v[2], scalar);
}

// An axis-aligned box with coarse centre in [−1/2, 1/2]³ and half-widths in
// [1/4, 3/2], on the fine lattice.
LatticeBox aligned_box(Source& source, const Lattice& lattice) {
  LatticeBox box;
  box.center = lattice.from_coarse(random_ivec(source, -16, 16));
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = lattice.unit_axis(i, 1);
    box.extents[i] = lattice.from_coarse(uniform_int(source, 8, 48));
  }
  return box;
}

// Power-of-two extents 1/4, 1/2 or 1.
std::array<std::int64_t, 3> power_of_two_extents(Source& source, const Lattice& lattice) {
  return {lattice.power_of_two(uniform_int(source, -2, 0)),
          lattice.power_of_two(uniform_int(source, -2, 0)),
          lattice.power_of_two(uniform_int(source, -2, 0))};
}

std::optional<std::array<IVec3, 3>> quantised_rotation(Source& source, const Lattice& lattice) {
  return quantise_axes(random_rotation(source), lattice.q, lattice.scalar);
}

// Quantised rotation about the coordinate axis w, its axes cyclically
// relabelled (column order stays right-handed).
std::optional<std::array<IVec3, 3>> quantised_planar_rotation(Source& source,
                                                              const Lattice& lattice, int w) {
  const auto cs = random_unit_2d(source);
  if (std::abs(cs[0]) < 0.05 || std::abs(cs[1]) < 0.05) return std::nullopt;
  auto axes = quantise_axes(planar_rotation(w, cs[0], cs[1]), lattice.q, lattice.scalar);
  if (!axes) return std::nullopt;
  const int shift = uniform_int(source, 0, 2);
  return std::array<IVec3, 3>{(*axes)[shift], (*axes)[(shift + 1) % 3], (*axes)[(shift + 2) % 3]};
}

// A coarse-lattice coordinate strictly inside (center − half, center + half).
std::int64_t strictly_inside(Source& source, const Lattice& lattice, std::int64_t center,
                             std::int64_t half) {
  const std::int64_t coarse_half = half >> (lattice.fine - kCoarse);
  const int r =
      uniform_int(source, static_cast<int>(-(coarse_half - 1)), static_cast<int>(coarse_half - 1));
  return center + lattice.from_coarse(r);
}

// A point strictly inside face (w, side) of an axis-aligned box.
IVec3 point_in_face(Source& source, const Lattice& lattice, const LatticeBox& box, int w,
                    int side) {
  IVec3 p;
  for (int t = 0; t < 3; ++t) {
    p[t] = t == w ? box.center[w] + side * box.extents[w]
                  : strictly_inside(source, lattice, box.center[t], box.extents[t]);
  }
  return p;
}

double dot_double(const Lattice& lattice, const Vec3d& n, const IVec3& axis) {
  return n.dot(lattice.axis_to_double(axis));
}

// ---- obb_obb ------------------------------------------------------------------

enum class BoxContact { face_face, edge_face, vertex_face, edge_edge, vertex_vertex };

// B, and the contact point with the normal (from A to B) of a plane through it
// that separates the boxes weakly: A ⊂ {n·x ≤ n·point}, B ⊂ {n·x ≥ n·point}.
struct BoxTouch {
  LatticeBox b;
  Vec3d normal;
  IVec3 point;
};

// B touches the axis-aligned box A with the contact `kind`; nullopt when a
// random choice was degenerate or B's centre does not fit the scalar.
std::optional<BoxTouch> touching_box(Source& source, const Lattice& lattice, const LatticeBox& a,
                                     BoxContact kind) {
  LatticeBox b;
  Vec3d normal = Vec3d::Zero();
  IVec3 point{0, 0, 0};
  b.extents = power_of_two_extents(source, lattice);
  switch (kind) {
    case BoxContact::face_face: {
      // B rotated about A's face normal: B's face lies in A's face plane.
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      const IVec3 p = point_in_face(source, lattice, a, w, side);
      normal = side * Vec3d::Unit(w);
      point = p;
      const auto axes = quantised_planar_rotation(source, lattice, w);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.center = p;
      for (int k = 0; k < 3; ++k) {
        if (b.axes[k][w] != 0) {  // the axis ±e_w: step out of A by B's extent
          b.center =
              b.center + lattice.offset(b.extents[k], side * sign_of(b.axes[k][w]) * b.axes[k]);
        }
      }
      break;
    }
    case BoxContact::edge_face: {
      // B rotated about an axis t in A's face plane: B's edge along e_t lies on
      // the face, its point p at parameter τ ∈ {−1/2, 0, 1/2} along the edge.
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      const int t = (w + uniform_int(source, 1, 2)) % 3;
      const IVec3 p = point_in_face(source, lattice, a, w, side);
      normal = side * Vec3d::Unit(w);
      point = p;
      const auto axes = quantised_planar_rotation(source, lattice, t);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      const int tau = uniform_int(source, -1, 1);
      b.center = p;
      for (int k = 0; k < 3; ++k) {
        if (b.axes[k][w] == 0) {  // the edge direction ±e_t
          b.center = b.center - tau * lattice.offset(b.extents[k] / 2, b.axes[k]);
        } else {  // σk = −sign(side·Bk[w]): B's edge extreme toward A
          b.center =
              b.center + lattice.offset(b.extents[k], side * sign_of(b.axes[k][w]) * b.axes[k]);
        }
      }
      break;
    }
    case BoxContact::vertex_face: {
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      const IVec3 p = point_in_face(source, lattice, a, w, side);
      normal = side * Vec3d::Unit(w);
      point = p;
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.center = p;
      for (int k = 0; k < 3; ++k) {
        if (b.axes[k][w] == 0) return std::nullopt;  // an edge or face would touch, not a vertex
        b.center =
            b.center + lattice.offset(b.extents[k], side * sign_of(b.axes[k][w]) * b.axes[k]);
      }
      break;
    }
    case BoxContact::edge_edge: {
      // A's edge along e_e; B's edge along B_k through the same point p. The
      // plane through both edges has normal n = e_e × B_k; A's edge must be A's
      // extreme one toward +n (choose which of A's 4 parallel edges by the
      // signs of n) and B's edge B's extreme one toward −n (σj = −sign(n·Bj)).
      const int e = uniform_int(source, 0, 2);
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      const int k = uniform_int(source, 0, 2);
      const IVec3 n = cross(unit_ivec(e, 1), b.axes[k]);  // exact; n[e] = 0
      IVec3 p;
      for (int t = 0; t < 3; ++t) {
        if (t == e) {
          p[t] = strictly_inside(source, lattice, a.center[t], a.extents[t]);
        } else {
          if (n[t] == 0) return std::nullopt;
          p[t] = a.center[t] + sign_of(n[t]) * a.extents[t];
        }
      }
      const Vec3d n_double = lattice.axis_to_double(n);
      normal = n_double;
      point = p;
      const int tau = uniform_int(source, -1, 1);
      b.center = p - tau * lattice.offset(b.extents[k] / 2, b.axes[k]);
      for (int j = 0; j < 3; ++j) {
        if (j == k) continue;
        const double d = dot_double(lattice, n_double, b.axes[j]);
        if (std::abs(d) < 1e-3 * n_double.norm()) return std::nullopt;
        b.center = b.center + lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      break;
    }
    case BoxContact::vertex_vertex: {
      // A's corner in the octant of n and B's vertex extreme toward −n.
      const IVec3 corner_signs{random_sign(source), random_sign(source), random_sign(source)};
      Vec3d n = random_unit_vector(source);
      IVec3 corner;
      for (int t = 0; t < 3; ++t) {
        n[t] = corner_signs[t] * std::max(std::abs(n[t]), 0.1);
        corner[t] = a.center[t] + corner_signs[t] * a.extents[t];
      }
      normal = n;
      point = corner;
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.center = corner;
      for (int j = 0; j < 3; ++j) {
        const double d = dot_double(lattice, n, b.axes[j]);
        if (std::abs(d) < 1e-3 * n.norm()) return std::nullopt;
        b.center = b.center + lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      break;
    }
  }
  if (!box_fits(lattice, b)) return std::nullopt;
  return BoxTouch{b, normal, point};
}

TouchingPair boxes(Source& source, ScalarKind scalar) {
  const Lattice lattice(scalar);
  TouchingPair out;
  ShapePair& pair = out.pair;
  pair.query = Query::obb_obb;
  const LatticeBox a = aligned_box(source, lattice);
  std::optional<BoxTouch> b;
  for (int attempt = 0; attempt < kAttempts && !b; ++attempt) {
    const int kind = pick(source, std::array{2, 2, 3, 4, 2});
    b = touching_box(source, lattice, a, static_cast<BoxContact>(kind));
  }
  if (!b) {
    // Always exact: two axis-aligned boxes face to face.
    LatticeBox fallback = aligned_box(source, lattice);
    const int w = uniform_int(source, 0, 2);
    const IVec3 p = point_in_face(source, lattice, a, w, 1);
    fallback.center = p;
    fallback.center[w] += fallback.extents[w];
    b = BoxTouch{fallback, Vec3d::Unit(w), p};
  }
  pair.obb_a = to_box(lattice, a);
  pair.obb_b = to_box(lattice, b->b);
  out.normal = b->normal;
  out.point = to_double(b->point, -lattice.fine);
  if (source.coin()) {
    swap_shapes(pair);
    out.normal = -out.normal;
  }
  return out;
}

// ---- tri_obb -----------------------------------------------------------------

enum class TriangleBoxContact {
  vertex_on_face,
  edge_across_edge,
  flat_on_face,
  vertex_at_corner,
  corner_in_triangle,
  edge_on_rotated_edge,
};

// y, or −y, so that n·y > 0; nullopt when n·y = 0.
std::optional<IVec3> on_positive_side(const IVec3& n, const IVec3& y) {
  const std::int64_t d = dot(n, y);
  if (d == 0) return std::nullopt;
  return d > 0 ? y : -1 * y;
}

// A random coarse offset, mapped to the fine lattice, with n·y > 0.
std::optional<IVec3> coarse_offset_beyond(Source& source, const Lattice& lattice, const IVec3& n) {
  const auto y = on_positive_side(n, random_ivec(source, -40, 40));
  if (!y) return std::nullopt;
  return lattice.from_coarse(*y);
}

struct TriangleBox {
  std::array<IVec3, 3> triangle;  // fine lattice
  LatticeBox box;
  Vec3d normal = Vec3d::Zero();  // from the triangle to the box (weakly separating)
  IVec3 point{0, 0, 0};          // the contact point, fine lattice
};

std::optional<TriangleBox> touching_triangle_box(Source& source, const Lattice& lattice,
                                                 TriangleBoxContact kind) {
  TriangleBox out;
  LatticeBox& b = out.box;
  auto& v = out.triangle;
  switch (kind) {
    case TriangleBoxContact::vertex_on_face: {
      b = aligned_box(source, lattice);
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      v[0] = point_in_face(source, lattice, b, w, side);
      out.normal = -side * Vec3d::Unit(w);
      out.point = v[0];
      for (int i = 1; i < 3; ++i) {
        IVec3 y = random_ivec(source, -40, 40);
        y[w] = side * uniform_int(source, 1, 40);
        v[i] = v[0] + lattice.from_coarse(y);
      }
      break;
    }
    case TriangleBoxContact::edge_across_edge: {
      // Box edge along e_e at the corner signs (su, sv); n = (su·p, sv·r) in the
      // (u, v) plane, so the box's extreme toward n is that edge. The triangle
      // edge runs through p perpendicular to n; the apex is beyond the plane.
      b = aligned_box(source, lattice);
      const int e = uniform_int(source, 0, 2);
      const int u = (e + 1) % 3;
      const int w = (e + 2) % 3;
      IVec3 n{0, 0, 0};
      n[u] = signed_int(source, 1, 4);
      n[w] = signed_int(source, 1, 4);
      IVec3 p;
      p[e] = strictly_inside(source, lattice, b.center[e], b.extents[e]);
      p[u] = b.center[u] + sign_of(n[u]) * b.extents[u];
      p[w] = b.center[w] + sign_of(n[w]) * b.extents[w];
      const int beta = uniform_int(source, -3, 3);
      const int gamma = uniform_int(source, -8, 8);
      if (beta == 0 && gamma == 0) return std::nullopt;
      IVec3 delta{0, 0, 0};
      delta[u] = -beta * n[w];
      delta[w] = beta * n[u];
      delta[e] = gamma;
      const auto y = coarse_offset_beyond(source, lattice, n);
      if (!y) return std::nullopt;
      v[0] = p + lattice.from_coarse(uniform_int(source, 1, 3) * delta);
      v[1] = p - lattice.from_coarse(uniform_int(source, 1, 3) * delta);
      v[2] = p + *y;
      out.normal = -to_double(n, 0);
      out.point = p;
      break;
    }
    case TriangleBoxContact::flat_on_face: {
      b = aligned_box(source, lattice);
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      v[0] = point_in_face(source, lattice, b, w, side);
      out.normal = -side * Vec3d::Unit(w);
      out.point = v[0];
      for (int i = 1; i < 3; ++i) {
        IVec3 y = random_ivec(source, -64, 64);
        y[w] = 0;
        v[i] = v[0] + lattice.from_coarse(y);
      }
      break;
    }
    case TriangleBoxContact::vertex_at_corner:
    case TriangleBoxContact::corner_in_triangle: {
      // K is the box's extreme vertex toward n (σj = sign(n·Bj)); the triangle
      // lies beyond the plane n·x = n·K, touching it at K (a vertex), or in that
      // plane with K strictly inside.
      IVec3 n = random_ivec(source, -4, 4);
      if (n[0] == 0 || n[1] == 0 || n[2] == 0) return std::nullopt;
      std::array<IVec3, 3> axes;
      if (chance(source, 0.2)) {
        const Axes permutation = random_signed_permutation(source);
        for (int i = 0; i < 3; ++i) {
          for (int t = 0; t < 3; ++t) {
            axes[i][t] = static_cast<std::int64_t>(permutation[i][t]) << lattice.q;
          }
        }
      } else {
        const auto rotation = quantised_rotation(source, lattice);
        if (!rotation) return std::nullopt;
        axes = *rotation;
      }
      b.axes = axes;
      b.extents = power_of_two_extents(source, lattice);
      const IVec3 corner = lattice.from_coarse(random_ivec(source, -16, 16));
      const Vec3d n_double(static_cast<double>(n[0]), static_cast<double>(n[1]),
                           static_cast<double>(n[2]));
      out.normal = -n_double;
      out.point = corner;
      b.center = corner;
      for (int j = 0; j < 3; ++j) {
        const double d = dot_double(lattice, n_double, b.axes[j]);
        if (std::abs(d) < 1e-3 * n_double.norm()) return std::nullopt;
        b.center = b.center - lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      if (kind == TriangleBoxContact::vertex_at_corner) {
        v[0] = corner;
        for (int i = 1; i < 3; ++i) {
          const auto y = coarse_offset_beyond(source, lattice, n);
          if (!y) return std::nullopt;
          v[i] = corner + *y;
        }
      } else {
        // u0 = α·t1, u1 = β·t2, u2 = −(γ·t1 + δ·t2) with t1, t2 ⊥ n: the origin
        // is a positive combination of the three, so K is strictly inside.
        const IVec3 t1 = cross(n, random_ivec(source, -3, 3));
        const IVec3 t2 = cross(n, random_ivec(source, -3, 3));
        if (is_zero(cross(t1, t2))) return std::nullopt;
        const int alpha = uniform_int(source, 1, 3);
        const int beta = uniform_int(source, 1, 3);
        const int gamma = uniform_int(source, 1, 3);
        const int delta = uniform_int(source, 1, 3);
        v[0] = corner + lattice.from_coarse(alpha * t1);
        v[1] = corner + lattice.from_coarse(beta * t2);
        v[2] = corner - lattice.from_coarse(gamma * t1 + delta * t2);
      }
      break;
    }
    case TriangleBoxContact::edge_on_rotated_edge: {
      // The box edge along B_k and the triangle edge along E' cross at p; n =
      // E' × B_k. The box's extreme edge toward n has σj = sign(n·Bj) (j ≠ k);
      // the apex lies beyond the plane (its side decided with a margin).
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.extents = power_of_two_extents(source, lattice);
      const int k = uniform_int(source, 0, 2);
      const IVec3 p = lattice.from_coarse(random_ivec(source, -16, 16));
      const IVec3 edge = random_ivec(source, -24, 24);
      const Vec3d edge_double(static_cast<double>(edge[0]), static_cast<double>(edge[1]),
                              static_cast<double>(edge[2]));
      const Vec3d bk = lattice.axis_to_double(b.axes[k]);
      const Vec3d n = edge_double.cross(bk);
      if (n.norm() < 0.05 * edge_double.norm()) return std::nullopt;
      const int tau = uniform_int(source, -1, 1);
      b.center = p - tau * lattice.offset(b.extents[k] / 2, b.axes[k]);
      for (int j = 0; j < 3; ++j) {
        if (j == k) continue;
        const double d = dot_double(lattice, n, b.axes[j]);
        if (std::abs(d) < 1e-3 * n.norm()) return std::nullopt;
        b.center = b.center - lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      IVec3 y = random_ivec(source, -40, 40);
      const Vec3d y_double(static_cast<double>(y[0]), static_cast<double>(y[1]),
                           static_cast<double>(y[2]));
      const double side = n.dot(y_double);
      if (std::abs(side) < 1e-3 * n.norm() * y_double.norm()) return std::nullopt;
      if (side < 0) y = -1 * y;
      v[0] = p - lattice.from_coarse(uniform_int(source, 1, 2) * edge);
      v[1] = p + lattice.from_coarse(uniform_int(source, 1, 2) * edge);
      v[2] = p + lattice.from_coarse(y);
      out.normal = -n;
      out.point = p;
      break;
    }
  }
  if (!box_fits(lattice, b) || !triangle_fits(v, lattice.scalar)) return std::nullopt;
  return out;
}

TouchingPair triangle_box(Source& source, ScalarKind scalar) {
  const Lattice lattice(scalar);
  TouchingPair out;
  ShapePair& pair = out.pair;
  pair.query = Query::tri_obb;
  std::optional<TriangleBox> found;
  for (int attempt = 0; attempt < kAttempts && !found; ++attempt) {
    const int kind = pick(source, std::array{3, 3, 2, 3, 3, 3});
    found = touching_triangle_box(source, lattice, static_cast<TriangleBoxContact>(kind));
  }
  if (!found) {
    // Always exact: a triangle flat on a face of an axis-aligned box.
    found = touching_triangle_box(source, lattice, TriangleBoxContact::flat_on_face);
  }
  pair.tri_a = to_triangle(found->triangle, -lattice.fine);
  pair.obb_b = to_box(lattice, found->box);
  out.normal = found->normal;
  out.point = to_double(found->point, -lattice.fine);
  shuffle_vertices(source, pair.tri_a);
  return out;
}

// ---- tri_tri -------------------------------------------------------------------

enum class TriangleContact {
  shared_vertex,
  vertex_in_interior,
  edges_crossing,
  vertex_on_edge,
  collinear_edges,
};

using ITriangle = std::array<IVec3, 3>;

struct TrianglesTouch {
  ITriangle a, b;
  IVec3 normal;  // A ⊂ {normal·x ≤ normal·point}, B ⊂ {normal·x ≥ normal·point}
  IVec3 point;   // in both triangles
};

// Two triangles on the coarse lattice touching as `kind`. A lies in
// {n·x ≤ n·p}, B in {n·x ≥ n·p}, and p belongs to both.
std::optional<TrianglesTouch> touching_triangles(Source& source, TriangleContact kind) {
  ITriangle a;
  ITriangle b;
  IVec3 normal{0, 0, 0};
  IVec3 contact{0, 0, 0};
  const IVec3 p = random_ivec(source, -16, 16);
  contact = p;
  auto beyond = [&](const IVec3& n) { return on_positive_side(n, random_ivec(source, -40, 40)); };
  switch (kind) {
    case TriangleContact::shared_vertex: {
      const IVec3 n = random_ivec(source, -4, 4);
      if (is_zero(n)) return std::nullopt;
      normal = n;
      a[0] = b[0] = p;
      for (int i = 1; i < 3; ++i) {
        const auto ya = beyond(-1 * n);
        const auto yb = beyond(n);
        if (!ya || !yb) return std::nullopt;
        a[i] = p + *ya;
        b[i] = p + *yb;
      }
      break;
    }
    case TriangleContact::vertex_in_interior: {
      // B's vertex at p + (α·e1 + β·e2)/8 with α, β ≥ 1, α + β ≤ 7: strictly
      // inside A; e1, e2 multiples of 8 keep it on the lattice.
      const IVec3 f1 = random_ivec(source, -5, 5);
      const IVec3 f2 = random_ivec(source, -5, 5);
      normal = cross(f1, f2);
      if (is_zero(normal)) return std::nullopt;
      const int alpha = uniform_int(source, 1, 6);
      const int beta = uniform_int(source, 1, 7 - alpha);
      a = {p, p + 8 * f1, p + 8 * f2};
      const IVec3 q = p + alpha * f1 + beta * f2;
      contact = q;
      b[0] = q;
      for (int i = 1; i < 3; ++i) {
        const auto y = beyond(normal);
        if (!y) return std::nullopt;
        b[i] = q + *y;
      }
      break;
    }
    case TriangleContact::edges_crossing: {
      const IVec3 da = random_ivec(source, -24, 24);
      const IVec3 db = random_ivec(source, -24, 24);
      const IVec3 n = cross(da, db);
      if (is_zero(n)) return std::nullopt;
      const auto ya = beyond(-1 * n);
      const auto yb = beyond(n);
      if (!ya || !yb) return std::nullopt;
      normal = n;
      a = {p - uniform_int(source, 1, 2) * da, p + uniform_int(source, 1, 2) * da, p + *ya};
      b = {p - uniform_int(source, 1, 2) * db, p + uniform_int(source, 1, 2) * db, p + *yb};
      break;
    }
    case TriangleContact::vertex_on_edge:
    case TriangleContact::collinear_edges: {
      // A's edge through p along δ; the plane through that edge with normal
      // n = δ × r has A's apex on its negative side. B touches at p (a vertex)
      // or along a collinear overlapping edge, its apex on the positive side.
      const IVec3 delta = random_ivec(source, -24, 24);
      IVec3 n = cross(delta, random_ivec(source, -4, 4));
      const IVec3 apex_a = random_ivec(source, -40, 40);
      const std::int64_t side = dot(n, apex_a);
      if (is_zero(delta) || side == 0) return std::nullopt;
      if (side > 0) n = -1 * n;
      normal = n;
      a = {p - uniform_int(source, 1, 2) * delta, p + uniform_int(source, 1, 2) * delta,
           p + apex_a};
      const auto yb = beyond(n);
      if (!yb) return std::nullopt;
      if (kind == TriangleContact::vertex_on_edge) {
        const auto yc = beyond(n);
        if (!yc) return std::nullopt;
        b = {p, p + *yb, p + *yc};
      } else {
        b = {p - uniform_int(source, 1, 3) * delta, p + uniform_int(source, 1, 3) * delta, p + *yb};
      }
      break;
    }
  }
  return TrianglesTouch{a, b, normal, contact};
}

TouchingPair triangles(Source& source) {
  TouchingPair out;
  ShapePair& pair = out.pair;
  pair.query = Query::tri_tri;
  std::optional<TrianglesTouch> found;
  for (int attempt = 0; attempt < kAttempts && !found; ++attempt) {
    const int kind = pick(source, std::array{2, 3, 3, 2, 1});
    found = touching_triangles(source, static_cast<TriangleContact>(kind));
  }
  if (!found) {
    // Always exact: two triangles sharing the vertex 0, on either side of z = 0.
    found = TrianglesTouch{ITriangle{IVec3{0, 0, 0}, IVec3{32, 0, -8}, IVec3{0, 32, -16}},
                           ITriangle{IVec3{0, 0, 0}, IVec3{-32, 8, 8}, IVec3{8, -32, 16}},
                           IVec3{0, 0, 1}, IVec3{0, 0, 0}};
  }
  // Coarse coordinates have ≤ 8 significant bits: exact in either scalar.
  pair.tri_a = to_triangle(found->a, -kCoarse);
  pair.tri_b = to_triangle(found->b, -kCoarse);
  out.normal = to_double(found->normal, 0);
  out.point = to_double(found->point, -kCoarse);
  shuffle_vertices(source, pair.tri_a);
  shuffle_vertices(source, pair.tri_b);
  if (source.coin()) {
    swap_shapes(pair);
    out.normal = -out.normal;
  }
  return out;
}

}  // namespace

TouchingPair generate_touching_contact(Query query, ScalarKind scalar, Source& source) {
  TouchingPair out;
  switch (query) {
    case Query::obb_obb:
      out = boxes(source, scalar);
      break;
    case Query::tri_obb:
      out = triangle_box(source, scalar);
      break;
    case Query::tri_tri:
      out = triangles(source);
      break;
  }
  // A signed permutation and a power-of-two scale keep every contact exact.
  const ExactSymmetry symmetry = ExactSymmetry::draw(source, -4, 4);
  symmetry.apply(out.pair);
  out.normal = symmetry.direction(out.normal);
  out.point = symmetry.point(out.point);
  return out;
}

ShapePair generate_touching(Query query, ScalarKind scalar, Source& source) {
  return generate_touching_contact(query, scalar, source).pair;
}

}  // namespace sepax::gen::detail
