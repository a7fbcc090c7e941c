#include "sepax/harness/case_file.hpp"

#include <cmath>
#include <cstdint>
#include <istream>
#include <map>
#include <string>
#include <utility>

#include "sepax/harness/hexfloat.hpp"
#include "sepax/core/shapes/validate.hpp"
#include "sepax/core/shapes/validate_simple.hpp"

namespace sepax::harness {
namespace {

/// A JSON document whose decimal numbers the lexer converts with strtof: the
/// one correctly rounded float, where double-then-float could round twice.
using FloatJson = nlohmann::basic_json<std::map, std::vector, std::string, bool, std::int64_t,
                                       std::uint64_t, float>;

/// Thrown inside the reader, turned into a CaseError by parse_case.
struct FieldError {
  std::string message;
};

[[noreturn]] void fail(std::string message) { throw FieldError{std::move(message)}; }

/// The value as written, cut short so one bad line cannot flood the report.
template <class Json>
std::string as_written(const Json& j) {
  std::string text = j.dump();
  constexpr std::size_t kMax = 80;
  if (text.size() > kMax) text = text.substr(0, kMax - 3) + "...";
  return text;
}

/// nlohmann prefixes "[json.exception.parse_error.101] "; the reader needs only the reason.
std::string without_exception_tag(const char* what) {
  std::string text = what;
  if (const auto end = text.find("] "); !text.empty() && text.front() == '[' && end != std::string::npos)
    text.erase(0, end + 2);
  return text;
}

constexpr const char* kBoxShape =
    R"(a box is {"center":[x,y,z],"axes":[[..],[..],[..]],"extents":[e0,e1,e2]})";
constexpr const char* kTriangleShape = R"(a triangle is {"vertices":[[x,y,z],[x,y,z],[x,y,z]]})";
constexpr const char* kMotionShape = R"(motion is {"va":[x,y,z],"vb":[x,y,z],"T":t})";
constexpr const char* kQueries =
    "obb_obb, obb_obb_manifold, tri_obb, tri_tri, rect_rect, sphere_sphere, aabb_sphere, sphere_plane, aabb_aabb";
constexpr const char* kMotion2Shape = R"(a 2D motion is {"va":[x,y],"vb":[x,y],"T":t})";
constexpr const char* kAabbShape = R"(a box is {"min":[x,y,z],"max":[x,y,z]})";
constexpr const char* kSphereShape = R"(a sphere is {"center":[x,y,z],"radius":r})";
constexpr const char* kPlaneShape = R"(a plane is {"normal":[x,y,z],"offset":d}, the surface n·x = d)";
constexpr const char* kRectShape =
    R"(a rectangle is {"center":[x,y],"axes":[[..],[..]],"extents":[e0,e1]})";
constexpr const char* kVerdictShape =
    R"(true/false, {"intersects":b,"bias":{...}}, {"meets":b} or {"state":s,"t":t,"point":[x,y,z]})";

/// Reads one case from a parsed line; `Json::number_float_t` is the scalar the
/// numbers are rounded to (float or double).
template <class Json>
class CaseReader {
  using S = typename Json::number_float_t;

 public:
  explicit CaseReader(ScalarKind scalar) : scalar_(scalar) {}

  /// The 2D case (query rect_rect): rectangles a and b, no motion yet.
  PlanarCase read_planar(const Json& doc, std::size_t line) const {
    PlanarCase c;
    read_header(doc, line, c);
    if (doc.contains("verdicts")) fail("verdicts: not read for rect_rect cases yet");
    c.a = rect(member(doc, "a", "", kRectShape), "a");
    c.b = rect(member(doc, "b", "", kRectShape), "b");
    if (doc.contains("motion")) c.motion = motion2(doc["motion"]);
    return c;
  }

  static bool is_planar(const Json& doc) { return doc.contains("query") && doc["query"] == "rect_rect"; }
  static bool is_sphere(const Json& doc) {
    return doc.contains("query") &&
           (doc["query"] == "sphere_sphere" || doc["query"] == "aabb_sphere" || doc["query"] == "sphere_plane" ||
            doc["query"] == "aabb_aabb");
  }

  /// A case of Gomez's queries (sphere_case.hpp): the shapes of its query, and
  /// his sweep over one frame when "motion" is given (T = 1; aabb_sphere has none).
  SphereCase read_sphere(const Json& doc, std::size_t line) const {
    SphereCase c;
    read_header(doc, line, c);
    if (doc.contains("verdicts"))
      fail("verdicts: not read for sphere_sphere, aabb_sphere, sphere_plane and aabb_aabb cases yet");
    const Json& query = doc["query"];
    if (query == "aabb_aabb" || query == "aabb_sphere")
      c.box = aabb(member(doc, "a", "", kAabbShape), "a");
    else
      c.a = sphere(member(doc, "a", "", kSphereShape), "a");
    if (query == "aabb_aabb")
      c.box_b = aabb(member(doc, "b", "", kAabbShape), "b");
    else if (query == "sphere_plane")
      c.plane = plane(member(doc, "b", "", kPlaneShape), "b");
    else
      c.b = sphere(member(doc, "b", "", kSphereShape), "b");
    if (!doc.contains("motion")) return c;
    if (query == "aabb_sphere") fail("motion: aabb_sphere is a static test");
    const CaseMotion m = motion(doc["motion"]);
    if (m.duration != 1)
      fail("motion.T = " + as_written(doc["motion"]["T"]) + ": Gomez's sweeps span one frame, T must be 1");
    if (query == "sphere_plane" && (m.vb[0] != 0 || m.vb[1] != 0 || m.vb[2] != 0))
      fail("motion.vb = " + as_written(doc["motion"]["vb"]) + ": the plane does not move (vb must be [0,0,0])");
    c.sweep = SphereCase::Sweep{{m.va[0], m.va[1], m.va[2]}, {m.vb[0], m.vb[1], m.vb[2]}};
    return c;
  }

  Case read(const Json& doc, std::size_t line) const {
    Case c;
    read_header(doc, line, c);
    c.manifold = doc.contains("query") && doc["query"] == "obb_obb_manifold";
    c.pair.query = c.manifold ? Query::obb_obb : query(doc);
    if (c.manifold && doc.contains("motion")) fail("motion: obb_obb_manifold cases are static");
    if (c.manifold && doc.contains("verdicts")) fail("verdicts: not read for obb_obb_manifold cases yet");
    switch (c.pair.query) {
      case Query::obb_obb:
        c.pair.obb_a = box(member(doc, "a", "", kBoxShape), "a");
        c.pair.obb_b = box(member(doc, "b", "", kBoxShape), "b");
        break;
      case Query::tri_obb:
        c.pair.tri_a = triangle(member(doc, "a", "", kTriangleShape), "a");
        c.pair.obb_b = box(member(doc, "b", "", kBoxShape), "b");
        break;
      case Query::tri_tri:
        c.pair.tri_a = triangle(member(doc, "a", "", kTriangleShape), "a");
        c.pair.tri_b = triangle(member(doc, "b", "", kTriangleShape), "b");
        break;
    }
    if (doc.contains("motion")) c.motion = motion(doc["motion"]);
    if (doc.contains("verdicts")) c.verdicts = verdicts(doc["verdicts"], c.motion.has_value());
    return c;
  }

 private:
  /// What every case has: line, scalar, id, family and origin.
  template <class AnyCase>
  void read_header(const Json& doc, std::size_t line, AnyCase& c) const {
    c.line = line;
    c.scalar = scalar_;
    c.id = doc.contains("id") ? text(doc["id"], "id") : "line-" + std::to_string(line);
    if (doc.contains("family")) c.family = text(doc["family"], "family");
    if (doc.contains("origin")) c.origin = nlohmann::ordered_json::parse(doc["origin"].dump());
  }

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

  Query query(const Json& doc) const {
    const std::string name =
        text(member(doc, "query", "", (std::string("one of ") + kQueries).c_str()), "query");
    const auto q = parse_query(name);
    if (!q) fail("query = \"" + name + "\": unknown query (known: " + kQueries + ")");
    return *q;
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

  /// "verdicts": {"<kernel id>": true | {"intersects"} | {"meets"} | {"state","t","point"}, ...}
  std::vector<RecordedVerdict> verdicts(const Json& j, bool has_motion) const {
    if (!j.is_object()) fail("verdicts = " + as_written(j) + ": expected an object {\"<kernel id>\": verdict, ...}");
    std::vector<RecordedVerdict> out;
    for (const auto& item : j.items()) {
      const std::string path = "verdicts." + item.key();
      if (item.key().empty() || item.key().find_first_of(" \t") != std::string::npos)
        fail(path + ": a kernel id without spaces is expected as the key");
      RecordedVerdict v;
      v.kernel = item.key();
      const Json& value = item.value();
      if (value.is_boolean()) {
        v.intersects = value.template get<bool>();
      } else if (value.is_object() && value.contains("intersects")) {
        expect_object(value, path, {"intersects", "bias"}, kVerdictShape);
        v.intersects = boolean(value["intersects"], path + ".intersects");
        if (value.contains("bias")) v.bias = bias(value["bias"], path + ".bias");
      } else if (value.is_object() && value.contains("meets")) {
        expect_object(value, path, {"meets"}, kVerdictShape);
        v.mode = KernelMode::moving_test;
        v.intersects = boolean(value["meets"], path + ".meets");
      } else if (value.is_object() && value.contains("state")) {
        expect_object(value, path, {"state", "t", "point"}, kVerdictShape);
        v.mode = KernelMode::first_contact;
        const std::string state = text(value["state"], path + ".state");
        if (state == "first_contact") {
          v.state = ContactState::first_contact;
          v.time = number(member(value, "t", path, kVerdictShape), path + ".t");
          v.point = numbers<3>(member(value, "point", path, kVerdictShape), path + ".point");
        } else if (state == "overlapping_at_start") {
          v.state = ContactState::overlapping_at_start;
        } else if (state == "separated_throughout") {
          v.state = ContactState::separated_throughout;
        } else {
          fail(path + ".state = \"" + state +
               "\": expected overlapping_at_start, separated_throughout or first_contact");
        }
      } else {
        fail(path + " = " + as_written(value) + ": expected " + kVerdictShape);
      }
      if (v.mode != KernelMode::static_test && !has_motion)
        fail(path + ": a moving verdict needs the case's \"motion\"");
      out.push_back(std::move(v));
    }
    return out;
  }

  static bool boolean(const Json& j, const std::string& path) {
    if (!j.is_boolean()) fail(path + " = " + as_written(j) + ": expected true or false");
    return j.template get<bool>();
  }

  KernelBias bias(const Json& j, const std::string& path) const {
    expect_object(j, path, {"method", "epsilon"}, "{\"method\": \"epsilon_on_rotation\", \"epsilon\": 1e-6}");
    KernelBias b;
    const std::string method = text(member(j, "method", path, "a bias method"), path + ".method");
    if (method == "none") b.method = BiasMethod::none;
    else if (method == "epsilon_on_rotation") b.method = BiasMethod::epsilon_on_rotation;
    else if (method == "epsilon_on_plane_distances") b.method = BiasMethod::epsilon_on_plane_distances;
    else
      fail(path + ".method = \"" + method +
           "\": expected none, epsilon_on_rotation or epsilon_on_plane_distances");
    if (j.contains("epsilon")) b.epsilon = number(j["epsilon"], path + ".epsilon");
    if (b.epsilon < 0) fail(path + ".epsilon = " + as_written(j["epsilon"]) + ": negative");
    return b;
  }

  ScalarKind scalar_;
};

ScalarKind read_scalar(const nlohmann::json& doc) {
  if (!doc.contains("scalar")) return ScalarKind::float64;
  const auto& j = doc["scalar"];
  if (j == "float") return ScalarKind::float32;
  if (j == "double") return ScalarKind::float64;
  fail("scalar = " + as_written(j) + ": expected \"float\" or \"double\"");
}

nlohmann::ordered_json vec_json(const Vec3<double>& v) {
  return {exact_number_json(v[0]), exact_number_json(v[1]), exact_number_json(v[2])};
}
nlohmann::ordered_json vec_json(const std::array<double, 3>& v) {
  return {exact_number_json(v[0]), exact_number_json(v[1]), exact_number_json(v[2])};
}

nlohmann::ordered_json box_json(const Obb3d& b) {
  nlohmann::ordered_json j;
  j["center"] = vec_json(b.center);
  j["axes"] = {vec_json(b.axes[0]), vec_json(b.axes[1]), vec_json(b.axes[2])};
  j["extents"] = vec_json(b.extents);
  return j;
}

nlohmann::ordered_json triangle_json(const Triangle3d& t) {
  nlohmann::ordered_json j;
  j["vertices"] = {vec_json(t.vertices[0]), vec_json(t.vertices[1]), vec_json(t.vertices[2])};
  return j;
}

const char* bias_method_name(BiasMethod m) {
  switch (m) {
    case BiasMethod::none: return "none";
    case BiasMethod::epsilon_on_rotation: return "epsilon_on_rotation";
    case BiasMethod::epsilon_on_plane_distances: return "epsilon_on_plane_distances";
  }
  return "none";
}

nlohmann::ordered_json recorded_verdict_json(const RecordedVerdict& v) {
  nlohmann::ordered_json j;
  switch (v.mode) {
    case KernelMode::static_test:
      if (v.bias.method == BiasMethod::none) return v.intersects;
      j["intersects"] = v.intersects;
      j["bias"] = {{"method", bias_method_name(v.bias.method)}, {"epsilon", exact_number_json(v.bias.epsilon)}};
      return j;
    case KernelMode::moving_test: j["meets"] = v.intersects; return j;
    case KernelMode::first_contact:
      j["state"] = to_string(v.state);
      if (v.state == ContactState::first_contact) {
        j["t"] = exact_number_json(v.time);
        j["point"] = vec_json(v.point);
      }
      return j;
  }
  return j;
}

/// Brackets and braces opened and not yet closed, outside strings: > 0 while
/// a case printed over several lines (as SPEC §10 prints its example) goes on.
int open_brackets(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return depth;
}

}  // namespace

CaseOrError parse_case(std::string_view text, std::size_t line) {
  try {
    const auto doc = nlohmann::json::parse(text);
    if (!doc.is_object()) return CaseError{line, "expected a JSON object, got " + as_written(doc)};
    const ScalarKind scalar = read_scalar(doc);
    if (scalar == ScalarKind::float64) {
      const CaseReader<nlohmann::json> reader(scalar);
      if (reader.is_planar(doc)) return reader.read_planar(doc, line);
      if (reader.is_sphere(doc)) return reader.read_sphere(doc, line);
      return reader.read(doc, line);
    }
    FloatJson float_doc;
    try {
      float_doc = FloatJson::parse(text);
    } catch (const nlohmann::json::exception& e) {
      // The line parsed as double, so only a number beyond float's range is left.
      return CaseError{line, "a number is too large for float: " + without_exception_tag(e.what())};
    }
    const CaseReader<FloatJson> reader(scalar);
    if (reader.is_planar(float_doc)) return reader.read_planar(float_doc, line);
    if (reader.is_sphere(float_doc)) return reader.read_sphere(float_doc, line);
    return reader.read(float_doc, line);
  } catch (const nlohmann::json::exception& e) {
    return CaseError{line, "invalid JSON: " + without_exception_tag(e.what())};
  } catch (const FieldError& e) {
    return CaseError{line, e.message};
  }
}

std::vector<CaseOrError> read_cases(std::istream& in) {
  std::vector<CaseOrError> cases;
  std::string pending;  // a case whose brackets are still open
  std::size_t pending_line = 0;
  auto flush = [&] {
    if (!pending.empty()) cases.push_back(parse_case(pending, pending_line));
    pending.clear();
  };
  std::string text;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    // pending is non-empty only while its brackets are open.
    const bool continues = !pending.empty() && text[first] != '{';
    if (!continues) {
      flush();
      pending_line = line;
    }
    pending += text;
    if (open_brackets(pending) <= 0) flush();
  }
  flush();
  return cases;
}

nlohmann::ordered_json exact_number_json(double value) {
  // Below 2^53 every integer-valued double prints exactly as a JSON integer;
  // −0 would lose its sign there.
  constexpr double kExactIntegers = 0x1p53;
  const bool integer = value == std::trunc(value) && std::fabs(value) < kExactIntegers;
  const bool negative_zero = value == 0 && std::signbit(value);
  if (integer && !negative_zero) return static_cast<std::int64_t>(value);
  return format_hex(value);
}

std::string format_case(const Case& c) {
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["query"] = c.manifold ? std::string("obb_obb_manifold") : std::string(to_string(c.pair.query));
  j["scalar"] = std::string(to_string(c.scalar));
  if (c.family) j["family"] = *c.family;
  switch (c.pair.query) {
    case Query::obb_obb:
      j["a"] = box_json(c.pair.obb_a);
      j["b"] = box_json(c.pair.obb_b);
      break;
    case Query::tri_obb:
      j["a"] = triangle_json(c.pair.tri_a);
      j["b"] = box_json(c.pair.obb_b);
      break;
    case Query::tri_tri:
      j["a"] = triangle_json(c.pair.tri_a);
      j["b"] = triangle_json(c.pair.tri_b);
      break;
  }
  if (c.motion) {
    nlohmann::ordered_json m;
    m["va"] = vec_json(c.motion->va);
    m["vb"] = vec_json(c.motion->vb);
    m["T"] = exact_number_json(c.motion->duration);
    j["motion"] = std::move(m);
  }
  if (!c.verdicts.empty()) {
    nlohmann::ordered_json verdicts = nlohmann::ordered_json::object();
    for (const RecordedVerdict& v : c.verdicts) verdicts[v.kernel] = recorded_verdict_json(v);
    j["verdicts"] = std::move(verdicts);
  }
  if (!c.origin.is_null()) j["origin"] = c.origin;
  return j.dump();
}

}  // namespace sepax::harness
