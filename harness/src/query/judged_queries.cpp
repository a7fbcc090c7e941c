// Every judged pair query behind one type (judged_queries.hpp).
#include "sepax/harness/query/judged_queries.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "queries.hpp"
#include "sepax/harness/query/query_shrink.hpp"
#include "sat_queries.hpp"

namespace sepax::harness {
namespace {

/// The query behind one type; with its registered kernels (which reads the
/// registry), or without (for what needs only its shapes: a plugin's calls).
template <class Pair, class Exact>
JudgedQuery erase(PairQuery<Pair, Exact> typed, bool with_kernels, const std::vector<std::string>& only) {
  // Every kernel of a scalar sees the cases as stored: the generators store
  // numbers of the case's scalar.
  if (with_kernels) typed.kernels = queries::kernels_of<Pair>(typed.name, typed.mode);
  if (!only.empty())
    std::erase_if(typed.kernels, [&](const PairKernel<Pair>& k) {
      return std::find(only.begin(), only.end(), k.id) == only.end();
    });
  auto q = std::make_shared<const PairQuery<Pair, Exact>>(std::move(typed));
  JudgedQuery j;
  j.name = q->name;
  j.mode = q->mode;
  j.families = q->families;
  for (const PairKernel<Pair>& k : q->kernels)
    j.kernel_ids[k.scalar == ScalarKind::float32 ? 0 : 1].push_back(k.id);
  j.layout = &query_layout(q->name, q->mode);
  j.run_batch = [q](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin, std::uint64_t end,
                    std::size_t max_findings, CaseWatchdog* watchdog) {
    return run_query_batch(*q, scalar, f, seed, begin, end, max_findings, watchdog);
  };
  j.case_lines = [q](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin, std::uint64_t end) {
    std::vector<std::string> lines;
    for (std::uint64_t i = begin; i < end; ++i)
      lines.push_back(query_case_line(*q, generate_query_case(*q, scalar, f, seed, i), scalar, f, seed, i, ""));
    return lines;
  };
  j.case_values = [q](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin, std::uint64_t end) {
    std::vector<double> values;
    for (std::uint64_t i = begin; i < end; ++i) q->flatten(generate_query_case(*q, scalar, f, seed, i), values);
    return values;
  };
  j.judge_answer = [q](ScalarKind scalar, std::span<const double> values, const QueryAnswer& answer,
                       const KernelBias& bias) {
    if (bias.method != BiasMethod::none)
      throw std::invalid_argument(fmt::format("bias: {} {} has no bias methods (only obb_obb, tri_obb and tri_tri do)",
                                              q->name, q->mode));
    const Pair p = q->unflatten(values, scalar);
    const Exact exact = q->exact(p);
    QueryVerdict v = q->judge(p, scalar, answer, exact);
    v.exactly_meets = q->exact_meets(exact);
    return v;
  };
  j.case_file_values = [q](const CaseOrError& c) -> std::optional<std::vector<double>> {
    const std::optional<Pair> pair = q->from_case(c);
    if (!pair) return std::nullopt;
    std::vector<double> values;
    q->flatten(*pair, values);
    return values;
  };
  j.values_case_line = [q](ScalarKind scalar, std::span<const double> values, const CaseLabel& label) {
    CaseLabel l = label;
    l.scalar = scalar;  // the line's "scalar" is the values' (parse_case rounds to it)
    return q->case_line(q->unflatten(values, scalar), l);
  };
  j.flatten_input = [q](const QueryInput& in, std::vector<double>& out) { q->flatten(std::get<Pair>(in), out); };
  j.run_kernel = [q](std::string_view id, ScalarKind scalar, std::span<const double> values) {
    const QueryKernel* k = find_query_kernel(id);
    if (!k || k->query != q->name || k->mode != q->mode || k->scalar != scalar)
      throw std::invalid_argument(fmt::format("{} is not a kernel of {} {} on {} cases", id, q->name, q->mode,
                                              to_string(scalar)));
    return k->run(QueryInput(q->unflatten(values, scalar)));
  };
  j.shrink = [q](ScalarKind scalar, std::size_t f, std::uint64_t seed, QueryFinding& finding, std::size_t tries) {
    const auto k = std::find_if(q->kernels.begin(), q->kernels.end(),
                                [&](const PairKernel<Pair>& k) { return k.id == finding.kernel; });
    if (k == q->kernels.end() || finding.kind == "threw" || tries == 0) return false;
    const Pair pair = generate_query_case(*q, scalar, f, seed, finding.index);
    const auto shrunk = shrink_query_case(*q, *k, scalar, f, seed, finding.index, pair, finding.kind, tries);
    if (!shrunk) return false;
    finding.case_line = shrunk->case_line;
    if (shrunk->verdict.margin) finding.severity = std::abs(*shrunk->verdict.margin);
    finding.band = shrunk->verdict.tolerance;
    finding.detail += fmt::format(" (shrunk: {} value{} made simpler in {} tries)", shrunk->changed,
                                  shrunk->changed == 1 ? "" : "s", shrunk->tries);
    return true;
  };
  return j;
}

std::vector<JudgedQuery> pair_queries(bool k, const std::vector<std::string>& o) {
  using namespace queries;
  return {erase(rect_query(), k, o),          erase(rect_motion_query(), k, o),   erase(sphere_static_query(), k, o),
          erase(sphere_sweep_query(), k, o),  erase(box_sphere_query(), k, o),    erase(sphere_plane_static_query(), k, o),
          erase(sphere_plane_sweep_query(), k, o), erase(aabb_static_query(), k, o), erase(aabb_sweep_query(), k, o),
          erase(segment_query(), k, o),       erase(enclosure_query(), k, o),     erase(manifold_query(), k, o),
          erase(distance_query(Query::obb_obb), k, o), erase(distance_query(Query::tri_obb), k, o),
          erase(distance_query(Query::tri_tri), k, o), erase(general_motion_query(), k, o)};
}

}  // namespace

std::vector<JudgedQuery> judged_queries(const std::vector<std::string>& kernel_ids) {
  for (const std::string& id : kernel_ids)
    if (!find_query_kernel(id)) throw std::invalid_argument("no pair-query kernel \"" + id + "\"");
  std::vector<JudgedQuery> all = pair_queries(true, kernel_ids);
  if (!kernel_ids.empty())  // only the queries of the kernels named
    std::erase_if(all, [](const JudgedQuery& q) { return q.kernel_ids[0].empty() && q.kernel_ids[1].empty(); });
  return all;
}

const std::vector<JudgedQuery>& query_shapes() {
  static const std::vector<JudgedQuery> shapes = [] {
    std::vector<JudgedQuery> all = sat_judged_queries();
    for (JudgedQuery& q : pair_queries(false, {})) all.push_back(std::move(q));
    return all;
  }();
  return shapes;
}

std::vector<JudgedQuery> every_judged_query() {
  std::vector<JudgedQuery> all = sat_judged_queries();
  for (JudgedQuery& q : judged_queries()) all.push_back(std::move(q));
  return all;
}

const JudgedQuery& query_shape(std::string_view name, std::string_view mode) {
  for (const JudgedQuery& q : query_shapes())
    if (q.name == name && q.mode == mode) return q;
  throw std::invalid_argument(fmt::format("no query \"{}\" with mode \"{}\"", name, mode));
}

JudgedQuery find_judged_query(std::string_view name, std::string_view mode) {
  std::string known;
  for (JudgedQuery& q : every_judged_query()) {
    if (q.name == name && q.mode == mode) return std::move(q);
    known += (known.empty() ? "" : ", ") + q.name + " " + q.mode;
  }
  throw std::invalid_argument(fmt::format("no query \"{}\" with mode \"{}\" (known: {})", name, mode, known));
}

QueryCause explain_answer(const JudgedQuery& q, ScalarKind scalar, std::span<const double> case_values,
                          const QueryAnswer& answer, const KernelBias& bias, const QueryVerdict& verdict) {
  if (q.explain) return q.explain(scalar, case_values, answer, bias, verdict);
  return explain_query_verdict("", answer.meets, verdict.exactly_meets.value_or(false), verdict);
}

std::vector<std::string> judged_query_names() {
  // From the layouts, which read no kernel registry (a command line's help
  // names them before the user's kernels are registered): SAT queries first.
  std::vector<std::string> names;
  for (const QueryLayout& l : query_layouts())
    if (std::find(names.begin(), names.end(), l.query) == names.end()) names.push_back(l.query);
  return names;
}

std::vector<JudgedQuery> select_judged_queries(const std::vector<std::string>& names,
                                               const std::vector<std::string>& kernel_ids) {
  const std::vector<std::string> known = judged_query_names();
  for (const std::string& n : names)
    if (std::find(known.begin(), known.end(), n) == known.end()) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      throw std::invalid_argument("unknown query \"" + n + "\" (known: " + list + ")");
    }
  std::vector<JudgedQuery> all = judged_queries(kernel_ids);
  if (names.empty()) return all;
  std::vector<JudgedQuery> out;
  for (JudgedQuery& q : all)
    if (std::find(names.begin(), names.end(), q.name) != names.end()) out.push_back(std::move(q));
  return out;
}

std::vector<QueryGroup> query_groups(const std::vector<JudgedQuery>& queries,
                                     const std::vector<std::string>& families) {
  std::vector<QueryGroup> out;
  for (const JudgedQuery& q : queries)
    for (const ScalarKind s : {ScalarKind::float32, ScalarKind::float64})
      for (std::size_t f = 0; f < q.families.size(); ++f)
        if (families.empty() || std::find(families.begin(), families.end(), q.families[f]) != families.end())
          out.push_back({&q, s, f});
  return out;
}

void shrink_query_findings(const QueryGroup& group, QueryBatch& result, std::uint64_t seed, std::size_t tries) {
  if (tries == 0 || !group.query->shrink) return;
  std::vector<std::pair<std::string, std::string>> done;  // (kernel, kind): the findings come lowest index first
  for (QueryFinding& f : result.findings) {
    const std::pair<std::string, std::string> key{f.kernel, f.kind};
    if (std::find(done.begin(), done.end(), key) != done.end()) continue;
    done.push_back(key);
    group.query->shrink(group.scalar, group.family, seed, f, tries);
  }
}

void run_query_groups(const std::vector<QueryGroup>& groups,
                      const std::function<std::uint64_t(const JudgedQuery&)>& cases_of, std::uint64_t seed,
                      std::size_t max_findings,
                      const std::function<void(const QueryGroup&, const QueryBatch&)>& done,
                      CaseWatchdog* watchdog) {
  for (const QueryGroup& g : groups)
    done(g, g.query->run_batch(g.scalar, g.family, seed, 0, cases_of(*g.query), max_findings, watchdog));
}

}  // namespace sepax::harness
