#pragma once
/// \file Reading the shapes of a case-file line (case_file.hpp): numbers in
/// the case's scalar, vectors, boxes, triangles, balls, planes, segments,
/// rectangles and motions, each validated, every error naming the field and
/// the value as written. CaseReader (case_file.cpp) reads whole cases with it.
#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "sepax/core/shapes/validate.hpp"
#include "sepax/core/shapes/validate_simple.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/hexfloat.hpp"

namespace sepax::harness::case_reading {

/// A JSON document whose decimal numbers the lexer converts with strtof: the
/// one correctly rounded float, where double-then-float could round twice.
using FloatJson = nlohmann::basic_json<std::map, std::vector, std::string, bool, std::int64_t,
                                       std::uint64_t, float>;

/// Thrown inside the reader, turned into a CaseError by parse_case.
struct FieldError {
  std::string message;
};

[[noreturn]] inline void fail(std::string message) { throw FieldError{std::move(message)}; }

/// The value as written, cut short so one bad line cannot flood the report.
template <class Json>
std::string as_written(const Json& j) {
  std::string text = j.dump();
  constexpr std::size_t kMax = 80;
  if (text.size() > kMax) text = text.substr(0, kMax - 3) + "...";
  return text;
}

inline constexpr const char* kBoxShape =
    R"(a box is {"center":[x,y,z],"axes":[[..],[..],[..]],"extents":[e0,e1,e2]})";
inline constexpr const char* kTriangleShape = R"(a triangle is {"vertices":[[x,y,z],[x,y,z],[x,y,z]]})";
inline constexpr const char* kMotionShape = R"(motion is {"va":[x,y,z],"vb":[x,y,z],"T":t})";
inline constexpr const char* kQueries =
    "obb_obb, obb_obb_manifold, tri_obb, tri_tri, rect_rect, sphere_sphere, aabb_sphere, sphere_plane, aabb_aabb, "
    "obb_segment, obb_to_aabb, general_motion, obb_obb_distance, tri_obb_distance, tri_tri_distance";
inline constexpr const char* kMotion2Shape = R"(a 2D motion is {"va":[x,y],"vb":[x,y],"T":t})";
inline constexpr const char* kAabbShape = R"(a box is {"min":[x,y,z],"max":[x,y,z]})";
inline constexpr const char* kSegmentShape = R"(a segment is {"p0":[x,y,z],"p1":[x,y,z]})";
inline constexpr const char* kRigidMotionShape =
    R"(a rigid motion is {"center":[x,y,z],"velocity":[x,y,z],"angular_velocity":[x,y,z]})";
inline constexpr const char* kGeneralMotionShape =
    R"(a general motion is {"a":{rigid motion},"b":{rigid motion},"T":t,"steps":N,"integrator":"rk4"|"euler"})";
inline constexpr const char* kSphereShape = R"(a sphere is {"center":[x,y,z],"radius":r})";
inline constexpr const char* kPlaneShape = R"(a plane is {"normal":[x,y,z],"offset":d}, the surface n·x = d)";
inline constexpr const char* kRectShape =
    R"(a rectangle is {"center":[x,y],"axes":[[..],[..]],"extents":[e0,e1]})";
inline constexpr const char* kVerdictShape =
    R"(true/false, {"intersects":b,"bias":{...}}, {"meets":b} or {"state":s,"t":t,"point":[x,y,z]})";

/// Reads shapes from parsed JSON; `Json::number_float_t` is the scalar the
/// numbers are rounded to (float or double).
template <class Json>
class ShapeReader {
 protected:
  using S = typename Json::number_float_t;

  explicit ShapeReader(ScalarKind scalar) : scalar_(scalar) {}

  static std::string join(const std::string& parent, const char* key) {
    return parent.empty() ? key : parent + "." + key;
  }

  static const Json& member(const Json& object, const char* key, const std::string& parent,
                            const char* shape) {
    if (!object.contains(key)) fail(join(parent, key) + ": missing (" + shape + ")");
    return object[key];
  }

  /// a, b and motion are closed objects: an extra key is most likely a typo.
  static void expect_object(const Json& j, const std::string& path,
                            std::initializer_list<const char*> keys, const char* shape) {
    if (!j.is_object()) fail(path + " = " + as_written(j) + ": expected an object (" + shape + ")");
    for (const auto& item : j.items()) {
      bool known = false;
      for (const char* k : keys) known = known || item.key() == k;
      if (!known) fail(path + "." + item.key() + ": unknown field (" + shape + ")");
    }
  }

  static std::string text(const Json& j, const std::string& path) {
    if (!j.is_string()) fail(path + " = " + as_written(j) + ": expected a string");
    return j.template get<std::string>();
  }

  static bool boolean(const Json& j, const std::string& path) {
    if (!j.is_boolean()) fail(path + " = " + as_written(j) + ": expected true or false");
    return j.template get<bool>();
  }

  double number(const Json& j, const std::string& path) const {
    S value;
    if (j.is_number_unsigned()) {
      value = static_cast<S>(j.template get<std::uint64_t>());
    } else if (j.is_number_integer()) {
      value = static_cast<S>(j.template get<std::int64_t>());
    } else if (j.is_number_float()) {
      value = j.template get<S>();
    } else if (j.is_string()) {
      const auto parsed = parse_hex<S>(j.template get<std::string>());
      if (!parsed)
        fail(path + " = " + as_written(j) +
             ": not a number (write a JSON number or a C99 hex-float string such as \"0x1.8p-3\")");
      value = *parsed;
      if (std::isinf(value) && j.template get<std::string>().find_first_of("xX") != std::string::npos)
        fail(path + " = " + as_written(j) + ": too large for " + std::string(to_string(scalar_)));
    } else {
      fail(path + " = " + as_written(j) + ": expected a number");
    }
    if (std::isnan(value)) fail(path + " = " + as_written(j) + ": NaN; case files carry finite numbers only");
    if (std::isinf(value))
      fail(path + " = " + as_written(j) + ": infinite; case files carry finite numbers only");
    return static_cast<double>(value);
  }

  template <std::size_t N>
  std::array<double, N> numbers(const Json& j, const std::string& path) const {
    if (!j.is_array() || j.size() != N)
      fail(path + " = " + as_written(j) + ": expected an array of " + std::to_string(N) + " numbers");
    std::array<double, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = number(j[i], path + "[" + std::to_string(i) + "]");
    return out;
  }

  Vec3<double> point(const Json& j, const std::string& path) const {
    const auto xyz = numbers<3>(j, path);
    return {xyz[0], xyz[1], xyz[2]};
  }

  /// An array of three 3-vectors: box axes or triangle vertices.
  std::array<Vec3<double>, 3> points(const Json& j, const std::string& path) const {
    if (!j.is_array() || j.size() != 3)
      fail(path + " = " + as_written(j) + ": expected an array of 3 arrays of 3 numbers");
    return {point(j[0], path + "[0]"), point(j[1], path + "[1]"), point(j[2], path + "[2]")};
  }

  Obb3d box(const Json& j, const std::string& name) const {
    expect_object(j, name, {"center", "axes", "extents"}, kBoxShape);
    Obb3d b;
    b.center = point(member(j, "center", name, kBoxShape), name + ".center");
    b.axes = points(member(j, "axes", name, kBoxShape), name + ".axes");
    b.extents = numbers<3>(member(j, "extents", name, kBoxShape), name + ".extents");
    if (const auto error = validate(b, name, axis_tolerance(scalar_))) fail(error->message());
    return b;
  }

  Aabb3<double> aabb(const Json& j, const std::string& name) const {
    expect_object(j, name, {"min", "max"}, kAabbShape);
    Aabb3<double> b;
    b.min = point(member(j, "min", name, kAabbShape), name + ".min");
    b.max = point(member(j, "max", name, kAabbShape), name + ".max");
    for (int k = 0; k < 3; ++k)
      if (b.max[k] < b.min[k])
        fail(name + ".max[" + std::to_string(k) + "] = " + as_written(j["max"][k]) + ": below " + name + ".min[" +
             std::to_string(k) + "] (min ≤ max)");
    return b;
  }

  Plane3<double> plane(const Json& j, const std::string& name) const {
    expect_object(j, name, {"normal", "offset"}, kPlaneShape);
    Plane3<double> p;
    p.normal = point(member(j, "normal", name, kPlaneShape), name + ".normal");
    p.offset = number(member(j, "offset", name, kPlaneShape), name + ".offset");
    if (const auto error = validate(p, name, axis_tolerance(scalar_))) fail(error->message());
    return p;
  }

  Sphere3<double> sphere(const Json& j, const std::string& name) const {
    expect_object(j, name, {"center", "radius"}, kSphereShape);
    Sphere3<double> s;
    s.center = point(member(j, "center", name, kSphereShape), name + ".center");
    const Json& r = member(j, "radius", name, kSphereShape);
    s.radius = number(r, name + ".radius");
    if (s.radius < 0) fail(name + ".radius = " + as_written(r) + ": negative radius");
    return s;
  }

  RigidMotion<double> rigid_motion(const Json& j, const std::string& name) const {
    expect_object(j, name, {"center", "velocity", "angular_velocity"}, kRigidMotionShape);
    RigidMotion<double> m;
    m.center = point(member(j, "center", name, kRigidMotionShape), name + ".center");
    m.linear_velocity = point(member(j, "velocity", name, kRigidMotionShape), name + ".velocity");
    m.angular_velocity = point(member(j, "angular_velocity", name, kRigidMotionShape), name + ".angular_velocity");
    return m;
  }

  GeneralMotionSpec general_motion(const Json& j) const {
    expect_object(j, "motion", {"a", "b", "T", "steps", "integrator"}, kGeneralMotionShape);
    GeneralMotionSpec g;
    g.a = rigid_motion(member(j, "a", "motion", kGeneralMotionShape), "motion.a");
    g.b = rigid_motion(member(j, "b", "motion", kGeneralMotionShape), "motion.b");
    const Json& t = member(j, "T", "motion", kGeneralMotionShape);
    g.a.duration = g.b.duration = number(t, "motion.T");
    if (g.a.duration < 0) fail("motion.T = " + as_written(t) + ": negative; the interval is [0, T]");
    const Json& n = member(j, "steps", "motion", kGeneralMotionShape);
    if (!n.is_number_unsigned() || n.template get<std::uint64_t>() < 1 || n.template get<std::uint64_t>() > 1000000)
      fail("motion.steps = " + as_written(n) + ": expected a whole number of steps from 1 to 1000000");
    g.steps = int(n.template get<std::uint64_t>());
    const std::string integrator = text(member(j, "integrator", "motion", kGeneralMotionShape), "motion.integrator");
    if (integrator == "rk4") g.integrator = Integrator::rk4;
    else if (integrator == "euler") g.integrator = Integrator::euler;
    else fail("motion.integrator = \"" + integrator + "\": expected \"rk4\" or \"euler\"");
    return g;
  }

  /// p0 = p1 is valid: the segment is a point.
  Segment3<double> segment(const Json& j, const std::string& name) const {
    expect_object(j, name, {"p0", "p1"}, kSegmentShape);
    return {point(member(j, "p0", name, kSegmentShape), name + ".p0"),
            point(member(j, "p1", name, kSegmentShape), name + ".p1")};
  }

  Rect2<double> rect(const Json& j, const std::string& name) const {
    expect_object(j, name, {"center", "axes", "extents"}, kRectShape);
    Rect2<double> r;
    const auto c = numbers<2>(member(j, "center", name, kRectShape), name + ".center");
    r.center = {c[0], c[1]};
    const Json& axes = member(j, "axes", name, kRectShape);
    if (!axes.is_array() || axes.size() != 2)
      fail(name + ".axes = " + as_written(axes) + ": expected an array of 2 arrays of 2 numbers");
    for (int i = 0; i < 2; ++i) {
      const auto v = numbers<2>(axes[i], name + ".axes[" + std::to_string(i) + "]");
      r.axes[i] = {v[0], v[1]};
    }
    const Json& ext = member(j, "extents", name, kRectShape);
    const auto e = numbers<2>(ext, name + ".extents");
    for (int i = 0; i < 2; ++i)
      if (e[i] < 0)
        fail(name + ".extents[" + std::to_string(i) + "] = " + as_written(ext[i]) + ": negative extent");
    r.extents = e;
    const double tol = axis_tolerance(scalar_);
    for (int i = 0; i < 2; ++i)
      if (!(std::abs(r.axes[i].squaredNorm() - 1) <= tol))
        fail(name + ".axes[" + std::to_string(i) + "] = " + as_written(axes[i]) +
             ": not a unit vector (|A|^2 - 1 beyond " + std::to_string(tol) + ")");
    if (!(std::abs(r.axes[0].dot(r.axes[1])) <= tol))
      fail(name + ".axes = " + as_written(axes) + ": not orthogonal (|A0.A1| beyond " + std::to_string(tol) + ")");
    return r;
  }

  Triangle3d triangle(const Json& j, const std::string& name) const {
    expect_object(j, name, {"vertices"}, kTriangleShape);
    Triangle3d t;
    t.vertices = points(member(j, "vertices", name, kTriangleShape), name + ".vertices");
    if (const auto error = validate(t, name)) fail(error->message());
    return t;
  }

  LinearMotion2<double> motion2(const Json& j) const {
    expect_object(j, "motion", {"va", "vb", "T"}, kMotion2Shape);
    LinearMotion2<double> m;
    const auto va = numbers<2>(member(j, "va", "motion", kMotion2Shape), "motion.va");
    const auto vb = numbers<2>(member(j, "vb", "motion", kMotion2Shape), "motion.vb");
    m.velocity_a = {va[0], va[1]};
    m.velocity_b = {vb[0], vb[1]};
    const Json& t = member(j, "T", "motion", kMotion2Shape);
    m.duration = number(t, "motion.T");
    if (m.duration < 0) fail("motion.T = " + as_written(t) + ": negative; the interval is [0, T]");
    return m;
  }

  CaseMotion motion(const Json& j) const {
    expect_object(j, "motion", {"va", "vb", "T"}, kMotionShape);
    CaseMotion m;
    m.va = numbers<3>(member(j, "va", "motion", kMotionShape), "motion.va");
    m.vb = numbers<3>(member(j, "vb", "motion", kMotionShape), "motion.vb");
    const Json& t = member(j, "T", "motion", kMotionShape);
    m.duration = number(t, "motion.T");
    if (m.duration < 0) fail("motion.T = " + as_written(t) + ": negative; the interval is [0, T]");
    return m;
  }

  ScalarKind scalar_;
};

}  // namespace sepax::harness::case_reading
