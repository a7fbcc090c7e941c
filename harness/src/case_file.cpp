#include "sepax/harness/case_file.hpp"

#include <cmath>
#include <cstdint>
#include <istream>
#include <map>
#include <string>
#include <utility>

#include "case_reading/shape_reader.hpp"

namespace sepax::harness {
namespace {

using case_reading::as_written;
using case_reading::fail;
using case_reading::FieldError;
using case_reading::FloatJson;
using namespace case_reading;  // the shapes' descriptions (kBoxShape, ...)

/// nlohmann prefixes "[json.exception.parse_error.101] "; the reader needs only the reason.
std::string without_exception_tag(const char* what) {
  std::string text = what;
  if (const auto end = text.find("] "); !text.empty() && text.front() == '[' && end != std::string::npos)
    text.erase(0, end + 2);
  return text;
}

/// Reads one case from a parsed line; `Json::number_float_t` is the scalar the
/// numbers are rounded to (float or double).
template <class Json>
class CaseReader : case_reading::ShapeReader<Json> {
  using Base = case_reading::ShapeReader<Json>;
  using Base::aabb, Base::boolean, Base::box, Base::expect_object, Base::member, Base::motion, Base::motion2,
      Base::number, Base::numbers, Base::plane, Base::rect, Base::scalar_, Base::segment, Base::sphere, Base::text,
      Base::triangle;

 public:
  explicit CaseReader(ScalarKind scalar) : Base(scalar) {}

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
    if (!doc.contains("query")) return false;
    for (const char* q : {"sphere_sphere", "aabb_sphere", "sphere_plane", "aabb_aabb", "obb_segment", "obb_to_aabb"})
      if (doc["query"] == q) return true;
    return false;
  }

  /// A case of Gomez's queries (sphere_case.hpp): the shapes of its query, and
  /// his sweep over one frame when "motion" is given (T = 1; aabb_sphere and
  /// obb_segment have none).
  SphereCase read_sphere(const Json& doc, std::size_t line) const {
    SphereCase c;
    read_header(doc, line, c);
    const std::string query = doc["query"].template get<std::string>();
    if (doc.contains("verdicts")) fail("verdicts: not read for " + query + " cases yet");
    if (query == "aabb_aabb" || query == "aabb_sphere")
      c.box = aabb(member(doc, "a", "", kAabbShape), "a");
    else if (query == "obb_segment" || query == "obb_to_aabb")
      c.obb = box(member(doc, "a", "", kBoxShape), "a");
    else
      c.a = sphere(member(doc, "a", "", kSphereShape), "a");
    if (query == "obb_to_aabb") {
      if (doc.contains("b")) fail("b: obb_to_aabb takes one box, \"a\"");
      if (doc.contains("motion")) fail("motion: obb_to_aabb is a conversion of one box");
      return c;
    }
    if (query == "aabb_aabb")
      c.box_b = aabb(member(doc, "b", "", kAabbShape), "b");
    else if (query == "sphere_plane")
      c.plane = plane(member(doc, "b", "", kPlaneShape), "b");
    else if (query == "obb_segment")
      c.segment = segment(member(doc, "b", "", kSegmentShape), "b");
    else
      c.b = sphere(member(doc, "b", "", kSphereShape), "b");
    if (!doc.contains("motion")) return c;
    if (query == "aabb_sphere" || query == "obb_segment") fail("motion: " + query + " is a static test");
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
    const bool general = doc.contains("query") && doc["query"] == "general_motion";
    const std::optional<Query> distance = distance_query(doc);
    c.distance = distance.has_value();
    c.pair.query = c.manifold ? Query::obb_obb : general ? pair_query(doc) : distance ? *distance : query(doc);
    if (c.distance && doc.contains("motion")) fail("motion: " + std::string(to_string(*distance)) + "_distance cases are static");
    if (c.distance && doc.contains("verdicts")) fail("verdicts: not read for distance cases yet");
    if (general && doc.contains("verdicts")) fail("verdicts: not read for general_motion cases yet");
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
    if (general) {
      c.general = Base::general_motion(member(doc, "motion", "", kGeneralMotionShape));
      return c;
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

  /// general_motion's "pair": obb_obb, tri_obb or tri_tri.
  Query pair_query(const Json& doc) const {
    const std::string name = text(member(doc, "pair", "", "obb_obb, tri_obb or tri_tri"), "pair");
    const auto q = parse_query(name);
    if (!q) fail("pair = \"" + name + "\": expected obb_obb, tri_obb or tri_tri");
    return *q;
  }

  /// "obb_obb_distance", "tri_obb_distance", "tri_tri_distance": the pair whose signed distance is asked.
  static std::optional<Query> distance_query(const Json& doc) {
    if (!doc.contains("query") || !doc["query"].is_string()) return std::nullopt;
    const std::string name = doc["query"].template get<std::string>();
    const std::string tail = "_distance";
    if (name.size() <= tail.size() || name.compare(name.size() - tail.size(), tail.size(), tail) != 0)
      return std::nullopt;
    return parse_query(name.substr(0, name.size() - tail.size()));
  }

  Query query(const Json& doc) const {
    const std::string name =
        text(member(doc, "query", "", (std::string("one of ") + kQueries).c_str()), "query");
    const auto q = parse_query(name);
    if (!q) fail("query = \"" + name + "\": unknown query (known: " + kQueries + ")");
    return *q;
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
          v.point = this->template numbers<3>(member(value, "point", path, kVerdictShape), path + ".point");
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
  j["query"] = c.manifold   ? std::string("obb_obb_manifold")
               : c.general  ? std::string("general_motion")
               : c.distance ? std::string(to_string(c.pair.query)) + "_distance"
                            : std::string(to_string(c.pair.query));
  if (c.general) j["pair"] = std::string(to_string(c.pair.query));
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
  if (c.general) {
    auto rigid = [](const RigidMotion<double>& r) {
      nlohmann::ordered_json m;
      m["center"] = vec_json(r.center);
      m["velocity"] = vec_json(r.linear_velocity);
      m["angular_velocity"] = vec_json(r.angular_velocity);
      return m;
    };
    nlohmann::ordered_json m;
    m["a"] = rigid(c.general->a);
    m["b"] = rigid(c.general->b);
    m["T"] = exact_number_json(c.general->a.duration);
    m["steps"] = c.general->steps;
    m["integrator"] = to_string(c.general->integrator);
    j["motion"] = std::move(m);
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
