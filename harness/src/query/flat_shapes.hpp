#pragma once
// Shapes as the flat values of query_layout.hpp's table, and back: what every
// query's flatten and unflatten are made of.
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/shapes/rect2.hpp"
#include "sepax/core/shapes/segment3.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax::harness::flat {

struct Writer {
  std::vector<double>& out;

  void value(double v) { out.push_back(v); }
  template <class V>
  void vec(const V& v) {
    const std::size_t at = out.size();
    out.resize(at + std::size_t(v.size()));
    for (int i = 0; i < int(v.size()); ++i) out[at + std::size_t(i)] = double(v[i]);
  }
  void obb(const Obb3<double>& b) {
    const std::size_t at = out.size();
    out.resize(at + 15);
    double* to = out.data() + at;
    for (int k = 0; k < 3; ++k) to[k] = b.center[k];
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) to[3 + 3 * i + k] = b.axes[std::size_t(i)][k];
    for (int i = 0; i < 3; ++i) to[12 + i] = b.extents[std::size_t(i)];
  }
  void triangle(const Triangle3<double>& t) {
    for (const auto& v : t.vertices) vec(v);
  }
  void rect(const Rect2<double>& r) {
    vec(r.center);
    for (const auto& a : r.axes) vec(a);
    for (double e : r.extents) value(e);
  }
  void sphere(const Sphere3<double>& s) {
    vec(s.center);
    value(s.radius);
  }
  void aabb(const Aabb3<double>& b) {
    vec(b.min);
    vec(b.max);
  }
  void plane(const Plane3<double>& p) {
    vec(p.normal);
    value(p.offset);
  }
  void segment(const Segment3<double>& s) {
    vec(s.p0);
    vec(s.p1);
  }
  void zeros(int n) {
    for (int i = 0; i < n; ++i) out.push_back(0);
  }
};

/// Reads a case's values in order; a value that is not finite is refused,
/// naming the field and the value's place in it.
struct Reader {
  explicit Reader(std::span<const double> values) : in(values) {}

  std::span<const double> in;
  std::size_t at = 0;
  std::string field;

  Reader& named(std::string f) {
    field = std::move(f);
    start = at;
    return *this;
  }
  double value() {
    if (at >= in.size()) throw std::invalid_argument(fmt::format("field \"{}\": too few values", field));
    const double v = in[at++];
    if (!std::isfinite(v))
      throw std::invalid_argument(fmt::format("field \"{}\" value {} is {}, not a finite number", field, at - 1 - start, v));
    return v;
  }
  Vec3<double> vec3() {
    Vec3<double> v;
    for (int i = 0; i < 3; ++i) v[i] = value();
    return v;
  }
  Vec2<double> vec2() {
    Vec2<double> v;
    for (int i = 0; i < 2; ++i) v[i] = value();
    return v;
  }
  Obb3<double> obb() {
    Obb3<double> b;
    b.center = vec3();
    for (auto& a : b.axes) a = vec3();
    for (double& e : b.extents) e = value();
    return b;
  }
  Triangle3<double> triangle() {
    Triangle3<double> t;
    for (auto& v : t.vertices) v = vec3();
    return t;
  }
  Rect2<double> rect() {
    Rect2<double> r;
    r.center = vec2();
    for (auto& a : r.axes) a = vec2();
    for (double& e : r.extents) e = value();
    return r;
  }
  Sphere3<double> sphere() {
    Sphere3<double> s;
    s.center = vec3();
    s.radius = value();
    return s;
  }
  Aabb3<double> aabb() {
    Aabb3<double> b;
    b.min = vec3();
    b.max = vec3();
    return b;
  }
  Plane3<double> plane() {
    Plane3<double> p;
    p.normal = vec3();
    p.offset = value();
    return p;
  }
  Segment3<double> segment() {
    Segment3<double> s;
    s.p0 = vec3();
    s.p1 = vec3();
    return s;
  }
  void skip(int n) {
    for (int i = 0; i < n; ++i) value();
  }

 private:
  std::size_t start = 0;
};

/// The two shapes of a SAT pair (box or triangle a, box or triangle b), and back.
inline void write_pair(Writer& w, const ShapePair& p) {
  if (p.query == Query::obb_obb) w.obb(p.obb_a); else w.triangle(p.tri_a);
  if (p.query == Query::tri_tri) w.triangle(p.tri_b); else w.obb(p.obb_b);
}
inline ShapePair read_pair(Reader& r, Query query) {
  ShapePair p;
  p.query = query;
  r.named("a");
  if (query == Query::obb_obb) p.obb_a = r.obb(); else p.tri_a = r.triangle();
  r.named("b");
  if (query == Query::tri_tri) p.tri_b = r.triangle(); else p.obb_b = r.obb();
  return p;
}

}  // namespace sepax::harness::flat
