// Pose files for mesh-vs-mesh checks: see sepax/harness/mesh/pose_file.hpp.
#include "sepax/harness/mesh/pose_file.hpp"

#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "sepax/harness/hexfloat.hpp"

namespace sepax::harness {
namespace {

using Json = nlohmann::json;

class LineReader {
 public:
  LineReader(const std::string& name, std::size_t line) : where_(file_position(name, line)) {}

  [[noreturn]] void fail(const std::string& what) const { throw InputError(where_ + ": " + what); }

  static std::string as_written(const Json& j) {
    std::string s = j.dump();
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
  }

  double number(const Json& j, const std::string& path) const {
    double value = 0;
    if (j.is_number()) {
      value = j.get<double>();
    } else if (j.is_string()) {
      const auto parsed = parse_hex<double>(j.get<std::string>());
      if (!parsed)
        fail(path + " = " + as_written(j) +
             ": not a number (write a JSON number or a C99 hex-float string such as \"0x1.8p-3\")");
      value = *parsed;
    } else {
      fail(path + " = " + as_written(j) + ": expected a number");
    }
    if (!std::isfinite(value)) fail(path + " = " + as_written(j) + ": not finite; poses carry finite numbers only");
    return value;
  }

  Vec3<double> vector3(const Json& j, const std::string& path) const {
    if (!j.is_array() || j.size() != 3) fail(path + " = " + as_written(j) + ": expected an array of 3 numbers");
    return {number(j[0], path + "[0]"), number(j[1], path + "[1]"), number(j[2], path + "[2]")};
  }

  Pose pose(const Json& j) const {
    const char* shape = "3 rows [r0, r1, r2, t]";
    if (!j.is_array() || j.size() != 3) fail("pose = " + as_written(j) + ": expected " + shape);
    Pose p;
    for (int i = 0; i < 3; ++i) {
      const std::string row = "pose[" + std::to_string(i) + "]";
      if (!j[i].is_array() || j[i].size() != 4) fail(row + " = " + as_written(j[i]) + ": expected 4 numbers");
      for (int k = 0; k < 3; ++k) p.rotation(i, k) = number(j[i][k], row + "[" + std::to_string(k) + "]");
      p.translation[i] = number(j[i][3], row + "[3]");
    }
    const double defect = (p.rotation.transpose() * p.rotation - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
    if (!(defect <= kPoseRotationTolerance))
      fail("pose: the 3x3 part is not a rotation (max |R^T R - I| = " + std::to_string(defect) + " > 1e-6)");
    if (p.rotation.determinant() < 0) fail("pose: the 3x3 part is a reflection (det R < 0), not a rotation");
    return p;
  }

 private:
  std::string where_;
};

}  // namespace

std::vector<MeshPose> parse_poses(std::string_view text, const std::string& name) {
  std::vector<MeshPose> out;
  std::set<std::string> ids;
  std::size_t line_no = 0, start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') {
      if (end == text.size()) break;
      continue;
    }
    const LineReader r(name, line_no);
    Json j;
    try {
      j = Json::parse(line);
    } catch (const Json::parse_error& e) {
      r.fail("not JSON: " + json_error_text(e.what()));
    }
    if (!j.is_object()) r.fail("expected an object {\"id\": ..., \"pose\": [[...], [...], [...]]}");
    for (const auto& item : j.items())
      if (item.key() != "id" && item.key() != "pose" && item.key() != "velocity" && item.key() != "angular" &&
          item.key() != "dt")
        r.fail(item.key() + ": unknown field (known: id, pose, velocity, angular, dt)");
    MeshPose p;
    p.line = line_no;
    if (j.contains("id")) {
      if (j["id"].is_string()) p.id = j["id"].get<std::string>();
      else if (j["id"].is_number_integer()) p.id = j["id"].dump();
      else r.fail("id = " + LineReader::as_written(j["id"]) + ": expected a string");
    } else {
      p.id = "line " + std::to_string(line_no);
    }
    if (!ids.insert(p.id).second) r.fail("id = \"" + p.id + "\": used by an earlier line");
    if (!j.contains("pose")) r.fail("pose: missing (3 rows [r0, r1, r2, t])");
    p.pose = r.pose(j["pose"]);
    if (j.contains("velocity")) p.velocity = r.vector3(j["velocity"], "velocity");
    if (j.contains("angular")) p.angular = r.vector3(j["angular"], "angular");
    if (j.contains("dt")) {
      const double dt = r.number(j["dt"], "dt");
      if (!(dt > 0)) r.fail("dt = " + LineReader::as_written(j["dt"]) + ": must be > 0");
      p.dt = dt;
    }
    if ((p.velocity || p.angular) && !p.dt) r.fail("velocity/angular without dt: a moving pose needs its interval");
    if (p.dt && !p.velocity && !p.angular) r.fail("dt without velocity or angular: nothing moves");
    out.push_back(std::move(p));
    if (end == text.size()) break;
  }
  return out;
}

std::vector<MeshPose> read_pose_file(const std::filesystem::path& path) {
  return parse_poses(read_text_file(path), path.string());
}

std::string pose_line(const MeshPose& p) {
  Json rows = Json::array();
  for (int i = 0; i < 3; ++i)
    rows.push_back({format_hex(p.pose.rotation(i, 0)), format_hex(p.pose.rotation(i, 1)),
                    format_hex(p.pose.rotation(i, 2)), format_hex(p.pose.translation[i])});
  Json j{{"id", p.id}, {"pose", rows}};
  auto vec = [](const Vec3<double>& v) { return Json{format_hex(v[0]), format_hex(v[1]), format_hex(v[2])}; };
  if (p.velocity) j["velocity"] = vec(*p.velocity);
  if (p.angular) j["angular"] = vec(*p.angular);
  if (p.dt) j["dt"] = format_hex(*p.dt);
  return j.dump();
}

}  // namespace sepax::harness
