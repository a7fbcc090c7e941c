#include "exact_shapes.hpp"

#include <algorithm>
#include <cmath>

#include "exact_steps.hpp"
#include "sepax/core/shapes/validate.hpp"

namespace sepax::fuzz::exact {
namespace {

using V3 = Vec3<double>;

/// The shapes of the pair that the query uses.
template <class Box, class Tri>
void for_shapes(FuzzCase& c, Box box, Tri tri) {
  switch (c.pair.query) {
    case Query::obb_obb: box(c.pair.obb_a), box(c.pair.obb_b); break;
    case Query::tri_obb: tri(c.pair.tri_a), box(c.pair.obb_b); break;
    case Query::tri_tri: tri(c.pair.tri_a), tri(c.pair.tri_b); break;
  }
}

/// Σ terms exactly, starting from `start`; each term a product f·g.
bool exact_sum_of_products(double start, std::initializer_list<std::pair<double, double>> terms, ScalarKind scalar,
                           double& out) {
  double acc = start;
  for (const auto& [f, g] : terms) {
    double p;
    if (!mul(f, g, p, scalar) || !add(acc, p, acc, scalar)) return false;
  }
  out = acc;
  return true;
}

}  // namespace

std::vector<double*> positions(FuzzCase& c) {
  std::vector<double*> out;
  for (V3* p : sepax::positions(c.pair))
    for (int k = 0; k < 3; ++k) out.push_back(&(*p)[k]);
  return out;
}

std::vector<double*> extents(FuzzCase& c) {
  std::vector<double*> out;
  for_shapes(
      c, [&](Obb3d& b) { for (double& e : b.extents) out.push_back(&e); }, [](Triangle3d&) {});
  return out;
}

std::vector<double*> velocities(FuzzCase& c) {
  std::vector<double*> out;
  if (!c.motion) return out;
  for (int k = 0; k < 3; ++k) out.push_back(&c.motion->velocity_a[k]);
  for (int k = 0; k < 3; ++k) out.push_back(&c.motion->velocity_b[k]);
  return out;
}

double scene_magnitude(FuzzCase& c) {
  double m = 0;
  for (double* v : positions(c)) m = std::max(m, std::abs(*v));
  for (double* v : extents(c)) m = std::max(m, std::abs(*v));
  return m;
}

std::optional<int> snap_scene(FuzzCase& c, int bits) {
  const double m = scene_magnitude(c);
  if (m == 0) return std::nullopt;
  const int e = std::ilogb(m) - bits + 1;
  for (double* v : positions(c)) *v = snap(*v, e);
  for (double* v : extents(c)) *v = snap(*v, e);
  return e;
}

bool quantise_box(Obb3d& box, ScalarKind scalar) {
  const int q = scalar == ScalarKind::float32 ? 19 : 40;
  const int bits = scalar == ScalarKind::float32 ? 2 : 10;
  for (auto& axis : box.axes)
    for (int k = 0; k < 3; ++k) axis[k] = snap(axis[k], -q);
  for (double& e : box.extents) e = round_bits(e, bits);
  for (int k = 0; k < 3; ++k) box.center[k] = rounded(box.center[k], scalar);
  return !validate(box, "box", axis_tolerance(scalar)).has_value();
}

bool face_point(const Obb3d& box, int i, int s, double x, double y, ScalarKind scalar, V3& p) {
  const int j = (i + 1) % 3, k = (i + 2) % 3;
  double ai, aj, ak;  // the signed extents, exact: x and y have few bits
  if (!mul(s, box.extents[i], ai, scalar) || !mul(x, box.extents[j], aj, scalar) ||
      !mul(y, box.extents[k], ak, scalar))
    return false;
  for (int c = 0; c < 3; ++c)
    if (!exact_sum_of_products(box.center[c], {{ai, box.axes[i][c]}, {aj, box.axes[j][c]}, {ak, box.axes[k][c]}},
                               scalar, p[c]))
      return false;
  return true;
}

bool plane_point(const Triangle3d& t, double alpha, double beta, ScalarKind scalar, V3& p) {
  V3 e1, e2;
  if (!difference(t.vertices[0], t.vertices[1], scalar, e1) || !difference(t.vertices[0], t.vertices[2], scalar, e2))
    return false;
  for (int c = 0; c < 3; ++c)
    if (!exact_sum_of_products(t.vertices[0][c], {{alpha, e1[c]}, {beta, e2[c]}}, scalar, p[c])) return false;
  return true;
}

bool place_box_vertex(Obb3d& box, unsigned sigma, const V3& p, ScalarKind scalar) {
  double neg[3];  // −σ_k·a_k
  for (int k = 0; k < 3; ++k) neg[k] = (sigma >> k) & 1u ? -box.extents[k] : box.extents[k];
  V3 center;
  for (int c = 0; c < 3; ++c)
    if (!exact_sum_of_products(p[c], {{neg[0], box.axes[0][c]}, {neg[1], box.axes[1][c]}, {neg[2], box.axes[2][c]}},
                               scalar, center[c]))
      return false;
  box.center = center;
  return true;
}

void place_triangle_vertex(Triangle3d& t, int j, const V3& p, bool keep_shape, ScalarKind scalar) {
  const V3 shift = p - t.vertices[j];
  if (keep_shape)
    for (int v = 0; v < 3; ++v)
      if (v != j)
        for (int c = 0; c < 3; ++c) t.vertices[v][c] = rounded(t.vertices[v][c] + shift[c], scalar);
  t.vertices[j] = p;
}

bool difference(const V3& a, const V3& b, ScalarKind scalar, V3& d) {
  for (int c = 0; c < 3; ++c)
    if (!add(b[c], -a[c], d[c], scalar)) return false;
  return true;
}

bool add_scaled(const V3& p, double f, const V3& d, ScalarKind scalar, V3& out) {
  for (int c = 0; c < 3; ++c)
    if (!exact_sum_of_products(p[c], {{f, d[c]}}, scalar, out[c])) return false;
  return true;
}

}  // namespace sepax::fuzz::exact
