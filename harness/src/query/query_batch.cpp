// The pair queries' batch results: kinds, merging and the exact record (query_batch.hpp).
#include "sepax/harness/query/query_batch.hpp"

#include <map>
#include <stdexcept>

namespace sepax::harness {
namespace {

using Json = nlohmann::ordered_json;

std::string reason_kind(std::string reason) {
  // "step 3 (re-run …): <what the moving judge said>": the step and its numbers are not the class.
  if (reason.rfind("step ", 0) == 0) return "wrong-contact";
  reason = reason.substr(0, reason.find_first_of(";:(0123456789"));
  std::string kind = "wrong-";  // "wrong-depth", as docs/concepts.md names it
  for (char ch : reason) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))
      kind += char(ch | 0x20);
    else if (kind.back() != '-')
      kind += '-';
  }
  while (kind.back() == '-') kind.pop_back();
  if (kind == "wrong") kind = "wrong-answer";  // nothing but separators after it
  // A folder name: at most 48 characters, cut between words.
  if (kind.size() > 48) kind = kind.substr(0, kind.rfind('-', 48));
  return kind;
}

void pool(std::vector<double>& into, const std::vector<double>& from) {
  into.insert(into.end(), from.begin(), from.end());
  std::sort(into.begin(), into.end());
}

template <class T>
T field(const Json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) throw std::runtime_error(std::string("pair-query batch: field \"") + key + "\" is missing");
  try {
    return it->get<T>();
  } catch (const std::exception&) {
    throw std::runtime_error(std::string("pair-query batch: field \"") + key + "\" is " + it->dump(-1).substr(0, 40));
  }
}

}  // namespace

std::string query_gross_kind(bool says_meets, bool truly_meets, const std::string& reason) {
  if (says_meets && !truly_meets) return "false-positive";
  if (!says_meets && truly_meets) return "false-negative";
  return reason_kind(reason);
}

std::string query_group_label(const std::string& query, const std::string& mode, ScalarKind scalar,
                              const std::string& family) {
  return fmt::format("{}/{}/{}/{}", query, mode, to_string(scalar), family);
}

void merge_query_batches(QueryBatch& total, const QueryBatch& part, std::size_t max_findings) {
  if (total.rows.empty() && total.cases == 0)  // an empty total takes part's kernels
    for (const QueryRow& r : part.rows) {
      QueryRow fresh;
      fresh.kernel = r.kernel;
      fresh.peer = r.peer;
      total.rows.push_back(std::move(fresh));
    }
  if (total.rows.size() != part.rows.size())
    throw std::runtime_error(fmt::format("pair-query batches of {} and {} kernels cannot be merged", total.rows.size(),
                                         part.rows.size()));
  total.cases += part.cases;
  total.seconds += part.seconds;
  for (std::size_t k = 0; k < total.rows.size(); ++k) {
    QueryRow& t = total.rows[k];
    const QueryRow& p = part.rows[k];
    if (t.kernel != p.kernel)
      throw std::runtime_error("pair-query batches of other kernels: " + t.kernel + " and " + p.kernel);
    t.cases += p.cases;
    t.ok += p.ok;
    t.boundary += p.boundary;
    t.gross += p.gross;
    t.refused += p.refused;
    t.truth_hits += p.truth_hits;
    t.seconds += p.seconds;
    pool(t.time_errors, p.time_errors);
    pool(t.depth_errors, p.depth_errors);
    pool(t.point_distances, p.point_distances);
    t.verdicts += p.verdicts;
  }
  // Per kernel, the lowest indices: the same findings however the cases were cut.
  std::vector<QueryFinding> all = std::move(total.findings);
  all.insert(all.end(), part.findings.begin(), part.findings.end());
  std::stable_sort(all.begin(), all.end(), [&](const QueryFinding& a, const QueryFinding& b) {
    return a.index < b.index;
  });
  std::map<std::string, std::size_t> kept;
  total.findings.clear();
  for (QueryFinding& f : all)
    if (kept[f.kernel]++ < max_findings) total.findings.push_back(std::move(f));
}

Json query_batch_json(const QueryBatch& b) {
  Json j;
  j["cases"] = b.cases;
  j["seconds"] = b.seconds;
  Json rows = Json::array();
  for (const QueryRow& r : b.rows)
    rows.push_back({{"kernel", r.kernel}, {"peer", r.peer}, {"cases", r.cases}, {"ok", r.ok},
                    {"boundary", r.boundary}, {"gross", r.gross}, {"refused", r.refused},
                    {"truth_hits", r.truth_hits}, {"seconds", r.seconds}, {"time_errors", r.time_errors},
                    {"depth_errors", r.depth_errors}, {"point_distances", r.point_distances},
                    {"verdict_hash", r.verdicts.value()}});
  j["rows"] = std::move(rows);
  Json findings = Json::array();
  for (const QueryFinding& f : b.findings)
  {
    Json one{{"kernel", f.kernel}, {"peer", f.peer}, {"index", f.index}, {"kind", f.kind},
             {"detail", f.detail}, {"case", f.case_line}, {"cause", f.cause}, {"cause_detail", f.cause_detail},
             {"cause_fix", f.cause_fix}};
    if (f.severity) one["severity"] = *f.severity;
    if (f.band) one["band"] = *f.band;
    findings.push_back(std::move(one));
  }
  j["findings"] = std::move(findings);
  return j;
}

QueryBatch query_batch_from_json(const Json& j) {
  QueryBatch b;
  b.cases = field<std::uint64_t>(j, "cases");
  b.seconds = field<double>(j, "seconds");
  for (const Json& r : field<Json>(j, "rows")) {
    QueryRow row;
    row.kernel = field<std::string>(r, "kernel");
    row.peer = field<bool>(r, "peer");
    row.cases = field<std::uint64_t>(r, "cases");
    row.ok = field<std::uint64_t>(r, "ok");
    row.boundary = field<std::uint64_t>(r, "boundary");
    row.gross = field<std::uint64_t>(r, "gross");
    row.refused = field<std::uint64_t>(r, "refused");
    row.truth_hits = field<std::uint64_t>(r, "truth_hits");
    row.seconds = field<double>(r, "seconds");
    row.time_errors = field<std::vector<double>>(r, "time_errors");
    row.depth_errors = field<std::vector<double>>(r, "depth_errors");
    row.point_distances = field<std::vector<double>>(r, "point_distances");
    row.verdicts = VerdictHash(field<std::uint64_t>(r, "verdict_hash"));
    b.rows.push_back(std::move(row));
  }
  for (const Json& f : field<Json>(j, "findings")) {
    QueryFinding q;
    q.kernel = field<std::string>(f, "kernel");
    q.peer = field<bool>(f, "peer");
    q.index = field<std::uint64_t>(f, "index");
    q.kind = field<std::string>(f, "kind");
    q.detail = field<std::string>(f, "detail");
    q.case_line = field<std::string>(f, "case");
    q.cause = field<std::string>(f, "cause");
    q.cause_detail = field<std::string>(f, "cause_detail");
    q.cause_fix = field<std::string>(f, "cause_fix");
    if (f.contains("severity")) q.severity = field<double>(f, "severity");
    if (f.contains("band")) q.band = field<double>(f, "band");
    b.findings.push_back(std::move(q));
  }
  return b;
}

}  // namespace sepax::harness
