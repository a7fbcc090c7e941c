#include "sepax/harness/campaign/batch_log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "sepax/harness/hexfloat.hpp"

namespace sepax::harness {

using Json = nlohmann::ordered_json;

namespace {

// ---- exact numbers: doubles as hexadecimal floats (inf and nan included) ----

Json hex(double v) { return format_hex(v); }

double number(const Json& j, const char* field) {
  if (j.is_string()) {
    if (const auto v = parse_hex<double>(j.get<std::string>())) return *v;
  } else if (j.is_number()) {
    return j.get<double>();
  }
  throw std::runtime_error(fmt::format("field \"{}\": {} is not a number", field, j.dump()));
}

const Json& at(const Json& j, const char* field) {
  if (!j.is_object() || !j.contains(field)) throw std::runtime_error(fmt::format("field \"{}\" is missing", field));
  return j.at(field);
}

std::uint64_t count(const Json& j, const char* field) {
  const Json& v = at(j, field);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
    throw std::runtime_error(fmt::format("field \"{}\": {} is not a count", field, v.dump()));
  return v.get<std::uint64_t>();
}

double seconds(const Json& j, const char* field) { return number(at(j, field), field); }

std::vector<double> numbers(const Json& j, const char* field) {
  const Json& a = at(j, field);
  if (!a.is_array()) throw std::runtime_error(fmt::format("field \"{}\" is not an array", field));
  std::vector<double> out;
  out.reserve(a.size());
  for (const Json& v : a) out.push_back(number(v, field));
  return out;
}

Json numbers_json(const std::vector<double>& values) {
  Json a = Json::array();
  for (double v : values) a.push_back(hex(v));
  return a;
}

// ---- findings: index, detail, the pair's 48 coordinates, the motion's 7 ----

void put(std::vector<double>& out, const Triangle3d& t) {
  for (const auto& v : t.vertices)
    for (int k = 0; k < 3; ++k) out.push_back(v[k]);
}
void put(std::vector<double>& out, const Obb3d& b) {
  for (int k = 0; k < 3; ++k) out.push_back(b.center[k]);
  for (const auto& a : b.axes)
    for (int k = 0; k < 3; ++k) out.push_back(a[k]);
  for (int k = 0; k < 3; ++k) out.push_back(b.extents[k]);
}
void take(const double*& in, Triangle3d& t) {
  for (auto& v : t.vertices)
    for (int k = 0; k < 3; ++k) v[k] = *in++;
}
void take(const double*& in, Obb3d& b) {
  for (int k = 0; k < 3; ++k) b.center[k] = *in++;
  for (auto& a : b.axes)
    for (int k = 0; k < 3; ++k) a[k] = *in++;
  for (int k = 0; k < 3; ++k) b.extents[k] = *in++;
}

Json finding_json(const Finding& f) {
  Json j;
  j["index"] = f.index;
  j["detail"] = f.detail;
  if (f.pair) {
    std::vector<double> v;
    put(v, f.pair->tri_a);
    put(v, f.pair->tri_b);
    put(v, f.pair->obb_a);
    put(v, f.pair->obb_b);
    j["query"] = std::string(to_string(f.pair->query));
    j["pair"] = numbers_json(v);
  }
  if (f.motion) {
    const LinearMotiond& m = *f.motion;
    j["motion"] = numbers_json({m.velocity_a[0], m.velocity_a[1], m.velocity_a[2], m.velocity_b[0], m.velocity_b[1],
                                m.velocity_b[2], m.duration});
  }
  if (f.severity) j["severity"] = hex(*f.severity);
  if (f.band) j["band"] = hex(*f.band);
  return j;
}

Finding finding_from_json(const Json& j) {
  Finding f;
  f.index = count(j, "index");
  const Json& detail = at(j, "detail");
  if (!detail.is_string()) throw std::runtime_error("field \"detail\" is not a string");
  f.detail = detail.get<std::string>();
  if (j.contains("pair")) {
    const std::vector<double> v = numbers(j, "pair");
    if (v.size() != 48) throw std::runtime_error(fmt::format("field \"pair\" has {} numbers, not 48", v.size()));
    const Json& q = at(j, "query");
    const auto query = q.is_string() ? parse_query(q.get<std::string>()) : std::nullopt;
    if (!query) throw std::runtime_error(fmt::format("field \"query\": {} is not a query", q.dump()));
    ShapePair p;
    p.query = *query;
    const double* in = v.data();
    take(in, p.tri_a);
    take(in, p.tri_b);
    take(in, p.obb_a);
    take(in, p.obb_b);
    f.pair = p;
  }
  if (j.contains("motion")) {
    const std::vector<double> v = numbers(j, "motion");
    if (v.size() != 7) throw std::runtime_error(fmt::format("field \"motion\" has {} numbers, not 7", v.size()));
    LinearMotiond m;
    m.velocity_a = Vec3<double>(v[0], v[1], v[2]);
    m.velocity_b = Vec3<double>(v[3], v[4], v[5]);
    m.duration = v[6];
    f.motion = m;
  }
  if (j.contains("severity")) f.severity = number(j.at("severity"), "severity");
  if (j.contains("band")) f.band = number(j.at("band"), "band");
  return f;
}

Json findings_json(const std::vector<Finding>& findings) {
  Json a = Json::array();
  for (const Finding& f : findings) a.push_back(finding_json(f));
  return a;
}

std::vector<Finding> findings_from_json(const Json& j, const char* field) {
  const Json& a = at(j, field);
  if (!a.is_array()) throw std::runtime_error(fmt::format("field \"{}\" is not an array", field));
  std::vector<Finding> out;
  for (const Json& f : a) out.push_back(finding_from_json(f));
  return out;
}

Json severity_json(const SeverityTally& t) {
  Json j;
  j["gross_at_least"] = t.gross_at_least;
  if (t.max_gross) j["max_gross"] = hex(*t.max_gross);
  j["tolerated"] = t.tolerated;
  return j;
}

/// Batches written before severities were kept have none: an empty tally.
SeverityTally severity_from_json(const Json& kj) {
  SeverityTally t;
  if (!kj.contains("severity")) return t;
  const Json& j = kj.at("severity");
  t.gross_at_least = at(j, "gross_at_least").get<decltype(t.gross_at_least)>();
  if (j.contains("max_gross")) t.max_gross = number(j.at("max_gross"), "max_gross");
  t.tolerated = count(j, "tolerated");
  return t;
}

const Json& array_of(const Json& j, const char* field) {
  const Json& a = at(j, field);
  if (!a.is_array()) throw std::runtime_error(fmt::format("field \"{}\" is not an array", field));
  return a;
}

}  // namespace

// ---- static groups ----

Json result_json(const GroupResult& r) {
  Json j;
  j["cases"] = r.cases;
  j["exact_fallbacks"] = r.exact_fallbacks;
  j["cross_checks"] = r.cross_checks;
  j["zero_band"] = r.zero_band;
  const OracleCosts& c = r.oracle_costs;
  j["costs"] = {c.filter_decided, hex(c.filter_decided_seconds), c.exact_fallbacks, hex(c.exact_fallback_seconds),
                c.unfiltered,     hex(c.unfiltered_seconds),     c.cgal,            hex(c.cgal_seconds)};
  j["oracle_disagreements"] = r.oracle_disagreements;
  j["harness_errors"] = r.harness_errors;
  j["harness_findings"] = findings_json(r.harness_findings);
  Json kernels = Json::array();
  for (const KernelCounts& k : r.kernels) {
    Json kj;
    kj["ok"] = k.ok;
    kj["boundary"] = k.boundary;
    kj["gross"] = k.gross;
    kj["convention"] = k.convention;
    kj["gross_findings"] = findings_json(k.gross_findings);
    kj["boundary_findings"] = findings_json(k.boundary_findings);
    if (k.max_boundary_margin) kj["max_boundary_margin"] = hex(*k.max_boundary_margin);
    kj["severity"] = severity_json(k.severity);
    kj["margin_cases"] = k.margins.cases;
    kj["margin_wrong"] = k.margins.wrong;
    kj["verdicts"] = k.verdicts.value();
    kj["paths"] = k.paths;
    kernels.push_back(kj);
  }
  j["kernels"] = kernels;
  j["seconds"] = hex(r.seconds);
  return j;
}

GroupResult group_result_from_json(const Json& j) {
  GroupResult r;
  r.cases = count(j, "cases");
  r.exact_fallbacks = count(j, "exact_fallbacks");
  r.cross_checks = count(j, "cross_checks");
  r.zero_band = count(j, "zero_band");
  const Json& c = array_of(j, "costs");
  if (c.size() != 8) throw std::runtime_error("field \"costs\" does not have 8 entries");
  r.oracle_costs = {c[0].get<std::uint64_t>(), number(c[1], "costs"), c[2].get<std::uint64_t>(), number(c[3], "costs"),
                    c[4].get<std::uint64_t>(), number(c[5], "costs"), c[6].get<std::uint64_t>(), number(c[7], "costs")};
  r.oracle_disagreements = count(j, "oracle_disagreements");
  r.harness_errors = count(j, "harness_errors");
  r.harness_findings = findings_from_json(j, "harness_findings");
  for (const Json& kj : array_of(j, "kernels")) {
    KernelCounts k;
    k.ok = count(kj, "ok");
    k.boundary = count(kj, "boundary");
    k.gross = count(kj, "gross");
    k.convention = count(kj, "convention");
    k.gross_findings = findings_from_json(kj, "gross_findings");
    if (kj.contains("boundary_findings")) k.boundary_findings = findings_from_json(kj, "boundary_findings");
    if (kj.contains("max_boundary_margin")) k.max_boundary_margin = seconds(kj, "max_boundary_margin");
    k.severity = severity_from_json(kj);
    k.margins.cases = at(kj, "margin_cases").get<decltype(k.margins.cases)>();
    k.margins.wrong = at(kj, "margin_wrong").get<decltype(k.margins.wrong)>();
    k.verdicts = VerdictHash(count(kj, "verdicts"));
    k.paths = at(kj, "paths").get<decltype(k.paths)>();
    r.kernels.push_back(std::move(k));
  }
  r.seconds = seconds(j, "seconds");
  return r;
}

// ---- moving groups ----

Json result_json(const MovingGroupResult& r) {
  Json j;
  j["cases"] = r.cases;
  j["cross_checks"] = r.cross_checks;
  const MovingOracleCosts& c = r.oracle_costs;
  j["costs"] = {c.sat, hex(c.sat_seconds), c.sat_on_sample, hex(c.sat_on_sample_seconds), c.lp, hex(c.lp_seconds)};
  j["oracle_disagreements"] = r.oracle_disagreements;
  j["harness_errors"] = r.harness_errors;
  j["harness_findings"] = findings_json(r.harness_findings);
  Json kernels = Json::array();
  for (const MovingKernelCounts& k : r.kernels) {
    Json kj;
    kj["ok"] = k.ok;
    kj["boundary"] = k.boundary;
    kj["gross"] = k.gross;
    kj["gross_findings"] = findings_json(k.gross_findings);
    kj["boundary_findings"] = findings_json(k.boundary_findings);
    kj["severity"] = severity_json(k.severity);
    kj["both_first_contact"] = k.both_first_contact;
    kj["ill_conditioned"] = k.ill_conditioned;
    kj["time_errors"] = numbers_json(k.time_errors);
    kj["point_distances"] = numbers_json(k.point_distances);
    kj["features_path"] = k.features_path;
    kj["closest_points_path"] = k.closest_points_path;
    kj["primary_point_distances"] = numbers_json(k.primary_point_distances);
    kj["verdicts"] = k.verdicts.value();
    kernels.push_back(kj);
  }
  j["kernels"] = kernels;
  j["seconds"] = hex(r.seconds);
  return j;
}

MovingGroupResult moving_group_result_from_json(const Json& j) {
  MovingGroupResult r;
  r.cases = count(j, "cases");
  r.cross_checks = count(j, "cross_checks");
  const Json& c = array_of(j, "costs");
  if (c.size() != 6) throw std::runtime_error("field \"costs\" does not have 6 entries");
  r.oracle_costs = {c[0].get<std::uint64_t>(), number(c[1], "costs"), c[2].get<std::uint64_t>(),
                    number(c[3], "costs"),     c[4].get<std::uint64_t>(), number(c[5], "costs")};
  r.oracle_disagreements = count(j, "oracle_disagreements");
  r.harness_errors = count(j, "harness_errors");
  r.harness_findings = findings_from_json(j, "harness_findings");
  for (const Json& kj : array_of(j, "kernels")) {
    MovingKernelCounts k;
    k.ok = count(kj, "ok");
    k.boundary = count(kj, "boundary");
    k.gross = count(kj, "gross");
    k.gross_findings = findings_from_json(kj, "gross_findings");
    if (kj.contains("boundary_findings")) k.boundary_findings = findings_from_json(kj, "boundary_findings");
    k.severity = severity_from_json(kj);
    k.both_first_contact = count(kj, "both_first_contact");
    k.ill_conditioned = count(kj, "ill_conditioned");
    k.time_errors = numbers(kj, "time_errors");
    k.point_distances = numbers(kj, "point_distances");
    k.features_path = count(kj, "features_path");
    k.closest_points_path = count(kj, "closest_points_path");
    k.primary_point_distances = numbers(kj, "primary_point_distances");
    k.verdicts = VerdictHash(count(kj, "verdicts"));
    r.kernels.push_back(std::move(k));
  }
  r.seconds = seconds(j, "seconds");
  return r;
}

// ---- the log ----

std::vector<BatchRecord> read_batch_log(const std::filesystem::path& file, bool repair) {
  std::vector<BatchRecord> out;
  std::ifstream in(file, std::ios::binary);
  if (!in) return out;
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::size_t pos = 0, line = 0;
  while (pos < text.size()) {
    const std::size_t newline = text.find('\n', pos);
    if (newline == std::string::npos) {  // torn by a kill: never read back
      if (repair) std::filesystem::resize_file(file, pos);
      break;
    }
    ++line;
    const std::string_view content(text.data() + pos, newline - pos);
    pos = newline + 1;
    if (content.empty()) continue;
    try {
      const Json j = Json::parse(content);
      BatchRecord r;
      const Json& group = at(j, "group");
      if (!group.is_string()) throw std::runtime_error("field \"group\" is not a string");
      r.group = group.get<std::string>();
      r.begin = count(j, "begin");
      r.end = count(j, "end");
      r.result = at(j, "result");
      out.push_back(std::move(r));
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("{}:{}: not a batch record: {}", file.string(), line, e.what()));
    }
  }
  return out;
}

void append_batch(const std::filesystem::path& file, const BatchRecord& record) {
  Json j;
  j["group"] = record.group;
  j["begin"] = record.begin;
  j["end"] = record.end;
  j["result"] = record.result;
  const std::string line = j.dump() + "\n";
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(fmt::format("cannot open {}: {}", file.string(), std::strerror(errno)));
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = errno;
      ::close(fd);
      throw std::runtime_error(fmt::format("cannot write {}: {}", file.string(), std::strerror(e)));
    }
    written += std::size_t(n);
  }
  const bool synced = ::fsync(fd) == 0;
  const int e = errno;
  ::close(fd);
  if (!synced) throw std::runtime_error(fmt::format("cannot fsync {}: {}", file.string(), std::strerror(e)));
}

}  // namespace sepax::harness
