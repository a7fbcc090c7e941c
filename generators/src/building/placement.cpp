// Near-contact placement; the construction and why its sign is known are in
// placement.hpp.
#include "building/placement.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::gen::detail {

Features features(const Obb3d& box) {
  Features f;
  for (unsigned bits = 0; bits < 8; ++bits) f.points.push_back(box.vertex(bits));
  for (const Vec3d& axis : box.axes) {
    f.face_normals.push_back(axis);
    f.face_normals.push_back(-axis);
    f.edge_directions.push_back(axis);
  }
  f.size = shape_size(box);
  return f;
}

Features features(const Triangle3d& tri) {
  Features f;
  const auto& v = tri.vertices;
  f.points.assign(v.begin(), v.end());
  const Vec3d normal = (v[1] - v[0]).cross(v[2] - v[0]);
  if (normal != Vec3d::Zero()) {
    f.face_normals.push_back(normal);
    f.face_normals.push_back(-normal);
  }
  for (int i = 0; i < 3; ++i) {
    const Vec3d e = v[(i + 1) % 3] - v[i];
    if (e != Vec3d::Zero()) f.edge_directions.push_back(e);
  }
  f.size = shape_size(tri);
  return f;
}

Features features_a(const ShapePair& pair) {
  return pair.query == Query::obb_obb ? features(pair.obb_a) : features(pair.tri_a);
}

Features features_b(const ShapePair& pair) {
  return pair.query == Query::tri_tri ? features(pair.tri_b) : features(pair.obb_b);
}

void translate_b(ShapePair& pair, const Vec3d& t) {
  if (pair.query == Query::tri_tri) {
    for (Vec3d& v : pair.tri_b.vertices) v += t;
  } else {
    pair.obb_b.center += t;
  }
}

void translate_all(ShapePair& pair, const Vec3d& t) {
  translate_b(pair, t);
  if (pair.query == Query::obb_obb) {
    pair.obb_a.center += t;
  } else {
    for (Vec3d& v : pair.tri_a.vertices) v += t;
  }
}

namespace {

// A random point of the set of `points` whose projection on n is within a
// relative 1e-12 of the extreme (the support set: a face, an edge or a vertex).
Vec3d random_support_point(Source& source, const std::vector<Vec3d>& points, const Vec3d& n) {
  double best = -HUGE_VAL;
  double scale = 0;
  for (const Vec3d& p : points) {
    best = std::max(best, n.dot(p));
    scale = std::max(scale, p.cwiseAbs().maxCoeff());
  }
  const double tolerance = 1e-12 * scale * n.norm();
  Vec3d sum = Vec3d::Zero();
  double weight_sum = 0;
  Vec3d first = Vec3d::Zero();
  bool have_first = false;
  for (const Vec3d& p : points) {
    if (n.dot(p) < best - tolerance) continue;
    if (!have_first) first = p, have_first = true;
    const double w = source.unit();
    sum += w * p;
    weight_sum += w;
  }
  return weight_sum > 0 ? Vec3d(sum / weight_sum) : first;
}

template <class T>
const T& pick_one(Source& source, const std::vector<T>& items) {
  return items[source.below(items.size())];
}

}  // namespace

Vec3d contact_normal(Source& source, const Features& a, const Features& b) {
  Vec3d n = Vec3d::Zero();
  switch (pick(source, std::array{2, 2, 2, 3})) {
    case 0:
      break;  // random direction: generic vertex–vertex contact
    case 1:
      if (!a.face_normals.empty()) n = pick_one(source, a.face_normals);
      break;
    case 2:
      if (!b.face_normals.empty()) n = -pick_one(source, b.face_normals);
      break;
    case 3:
      if (!a.edge_directions.empty() && !b.edge_directions.empty()) {
        const Vec3d& ea = pick_one(source, a.edge_directions);
        const Vec3d& eb = pick_one(source, b.edge_directions);
        n = random_sign(source) * ea.cross(eb);
        // Nearly parallel edges give a cross product that is mostly rounding.
        if (n.norm() <= 1e-6 * ea.norm() * eb.norm()) n = Vec3d::Zero();
      }
      break;
  }
  if (n == Vec3d::Zero()) return random_unit_vector(source);
  return n / n.norm();
}

Vec3d contact_translation(Source& source, const Features& a, const Features& b, const Vec3d& n,
                          double gap) {
  const Vec3d p = random_support_point(source, a.points, n);
  const Vec3d q = random_support_point(source, b.points, -n);
  return p - q + gap * n;
}

double boundary_gap(Source& source, double length, ScalarKind scalar) {
  const int digits = scalar == ScalarKind::float32 ? 24 : 53;
  switch (pick(source, std::array{14, 2, 4})) {
    case 0: {
      const double sign = random_sign(source);
      return sign * length * pow2_uniform(source, -(digits + 4), -1);
    }
    case 1:
      return 0;
    default:
      return length * source.uniform(-1, 1);
  }
}

Vec3d near_contact_translation(Source& source, const ShapePair& pair, ScalarKind scalar) {
  const Features a = features_a(pair);
  const Features b = features_b(pair);
  double length = std::min(a.size, b.size);
  if (length == 0) length = std::max(a.size, b.size);
  if (length == 0) length = 1;
  const Vec3d n = contact_normal(source, a, b);
  return contact_translation(source, a, b, n, boundary_gap(source, length, scalar));
}

Vec3d separating_direction(const ShapePair& pair) {
  const Features a = features_a(pair);
  const Features b = features_b(pair);
  std::vector<Vec3d> candidates = a.face_normals;
  candidates.insert(candidates.end(), b.face_normals.begin(), b.face_normals.end());
  for (const Vec3d& e : a.edge_directions) {
    for (const Vec3d& f : b.edge_directions) {
      const Vec3d c = e.cross(f);
      if (c.norm() > 1e-6 * e.norm() * f.norm()) candidates.push_back(c);
    }
  }
  auto extent = [](const std::vector<Vec3d>& points, const Vec3d& L) {
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (const Vec3d& p : points) lo = std::min(lo, L.dot(p)), hi = std::max(hi, L.dot(p));
    return std::array<double, 2>{lo, hi};
  };
  Vec3d best = Vec3d::Zero();
  double best_gap = -HUGE_VAL;
  for (const Vec3d& c : candidates) {
    const Vec3d L = c / c.norm();
    const auto pa = extent(a.points, L);
    const auto pb = extent(b.points, L);
    const double ahead = pb[0] - pa[1];   // b on the +L side
    const double behind = pa[0] - pb[1];  // b on the −L side
    if (std::max(ahead, behind) > best_gap) {
      best_gap = std::max(ahead, behind);
      best = ahead >= behind ? L : Vec3d(-L);
    }
  }
  if (best != Vec3d::Zero()) return best;
  Vec3d centre_a = Vec3d::Zero(), centre_b = Vec3d::Zero();
  for (const Vec3d& p : a.points) centre_a += p / static_cast<double>(a.points.size());
  for (const Vec3d& p : b.points) centre_b += p / static_cast<double>(b.points.size());
  const Vec3d d = centre_b - centre_a;
  return d.norm() > 0 ? Vec3d(d / d.norm()) : Vec3d::UnitX();
}

}  // namespace sepax::gen::detail
