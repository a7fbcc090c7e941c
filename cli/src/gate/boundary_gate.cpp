#include "gate/boundary_gate.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <boost/math/special_functions/beta.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/harness/input_error.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::json;
using Key = std::tuple<std::string, std::string, std::string>;

Key key_of(const VerifyRow& r) { return {r.kernel, r.family, std::string(to_string(r.table))}; }

std::uint64_t count_of(const Json& entry, const char* field, const std::filesystem::path& path, std::size_t index) {
  const auto it = entry.find(field);
  if (it == entry.end() || !it->is_number_unsigned())
    throw InputError(fmt::format("{}: rows[{}]: \"{}\" must be a count (an integer >= 0){}", path.string(), index,
                                 field, it == entry.end() ? ", missing" : ", got " + it->dump()));
  return it->get<std::uint64_t>();
}

std::string text_of(const Json& entry, const char* field, const std::filesystem::path& path, std::size_t index) {
  const auto it = entry.find(field);
  if (it == entry.end() || !it->is_string())
    throw InputError(fmt::format("{}: rows[{}]: \"{}\" must be a string{}", path.string(), index, field,
                                 it == entry.end() ? ", missing" : ", got " + it->dump()));
  return it->get<std::string>();
}

}  // namespace

double binomial_upper_tail(std::uint64_t k, std::uint64_t n, double p) {
  if (k == 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  // P(X >= k) = I_p(k, n - k + 1), the regularized incomplete beta function.
  return boost::math::ibeta(double(k), double(n - k + 1), p);
}

BoundaryBaseline read_boundary_baseline(const std::filesystem::path& path) {
  const std::string text = read_text_file(path);
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not JSON ({})", path.string(), e.what()));
  }
  if (!doc.is_object() || doc.value("format", "") != "sepax-gate-boundary-baseline/1")
    throw InputError(path.string() + ": \"format\" must be \"sepax-gate-boundary-baseline/1\"");
  const auto rows = doc.find("rows");
  if (rows == doc.end() || !rows->is_array()) throw InputError(path.string() + ": \"rows\" must be an array");
  BoundaryBaseline b;
  b.path = path;
  for (std::size_t i = 0; i < rows->size(); ++i) {
    const Json& e = (*rows)[i];
    VerifyRow r;
    r.kernel = text_of(e, "kernel", path, i);
    r.family = text_of(e, "family", path, i);
    const std::string table = text_of(e, "table", path, i);
    if (table != "static" && table != "moving")
      throw InputError(fmt::format("{}: rows[{}]: \"table\" must be \"static\" or \"moving\", got \"{}\"",
                                   path.string(), i, table));
    r.table = table == "static" ? VerifyTable::static_kernels : VerifyTable::moving_kernels;
    r.cases = count_of(e, "cases", path, i);
    r.boundary = count_of(e, "boundary", path, i);
    if (r.boundary > r.cases)
      throw InputError(fmt::format("{}: rows[{}]: boundary {} > cases {}", path.string(), i, r.boundary, r.cases));
    b.rows.push_back(r);
  }
  return b;
}

std::string boundary_baseline_text(const std::vector<VerifyRow>& rows, const std::optional<std::string>& commit) {
  Json doc = {{"format", "sepax-gate-boundary-baseline/1"}, {"commit", commit ? Json(*commit) : Json(nullptr)}};
  Json list = Json::array();
  for (const VerifyRow& r : rows)
    if (!r.is_peer())
      list.push_back({{"kernel", r.kernel},
                      {"family", r.family},
                      {"table", std::string(to_string(r.table))},
                      {"cases", r.cases},
                      {"boundary", r.boundary}});
  doc["rows"] = list;
  return doc.dump(1) + "\n";
}

std::vector<GateCheck> boundary_checks(const std::vector<VerifyRow>& rows, const BoundaryBaseline& baseline) {
  std::map<Key, const VerifyRow*> base;
  for (const VerifyRow& r : baseline.rows) base[key_of(r)] = &r;
  std::vector<GateCheck> checks;
  for (const VerifyRow& row : rows) {
    if (row.is_peer()) continue;
    const auto it = base.find(key_of(row));
    GateCheck c;
    c.group = "boundary";
    c.subject = fmt::format("{} x {} ({})", row.kernel, row.family, to_string(row.table));
    c.measured = fmt::format("boundary {} of {} cases ({:.1f} %)", row.boundary, row.cases,
                             row.cases ? 100.0 * double(row.boundary) / double(row.cases) : 0.0);
    if (it == base.end() || it->second->cases == 0) {
      c.limit = "no baseline row";
      c.note = fmt::format("not in the boundary baseline {}", baseline.path.string());
      checks.push_back(c);
      continue;
    }
    const VerifyRow& b = *it->second;
    const double p0 = std::min(1.0, double(b.boundary + 1) / double(b.cases));
    const double tail = binomial_upper_tail(row.boundary, row.cases, p0);
    c.limit = fmt::format("P(>= {} of {} | baseline rate {:.3g}) > {:g} (baseline {} of {})", row.boundary, row.cases,
                          p0, kBoundaryFalseAlarm, b.boundary, b.cases);
    if (tail <= kBoundaryFalseAlarm)
      c.failures.push_back(fmt::format(
          "boundary share of {} on {} rose from {:.1f} % ({} of {}) to {:.1f} % ({} of {}): p = {:.2g} under the "
          "baseline's rate [{}]",
          row.kernel, row.family, 100.0 * double(b.boundary) / double(b.cases), b.boundary, b.cases,
          100.0 * double(row.boundary) / double(row.cases), row.boundary, row.cases, tail,
          file_position(row.file, row.line)));
    checks.push_back(c);
  }
  return checks;
}

}  // namespace sepax::cli
