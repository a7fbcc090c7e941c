// Every judged pair query behind one type (judged_queries.hpp).
#include "sepax/harness/query/judged_queries.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "queries.hpp"
#include "sat_queries.hpp"

namespace sepax::harness {
namespace {

template <class Pair, class Exact>
JudgedQuery erase(PairQuery<Pair, Exact> typed) {
  auto q = std::make_shared<const PairQuery<Pair, Exact>>(std::move(typed));
  JudgedQuery j;
  j.name = q->name;
  j.mode = q->mode;
  j.families = q->families;
  for (const PairKernel<Pair>& k : q->kernels)
    j.kernel_ids[k.scalar == ScalarKind::float32 ? 0 : 1].push_back(k.id);
  j.layout = &query_layout(q->name, q->mode);
  j.run_batch = [q](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin, std::uint64_t end,
                    std::size_t max_findings) {
    return run_query_batch(*q, scalar, f, seed, begin, end, max_findings);
  };
  j.case_lines = [q](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin, std::uint64_t end) {
    std::vector<std::string> lines;
    for (std::uint64_t i = begin; i < end; ++i) {
      const std::string group = query_group_label(q->name, q->mode, scalar, q->families[f]);
      const CaseLabel label{fmt::format("{}-{}", group, i), q->families[f], scalar,
                            {{"seed", seed}, {"group", group}, {"index", i}}};
      lines.push_back(q->case_line(generate_query_case(*q, scalar, f, seed, i), label));
    }
    return lines;
  };
  j.case_values = [q](ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t begin, std::uint64_t end) {
    std::vector<double> values;
    for (std::uint64_t i = begin; i < end; ++i) q->flatten(generate_query_case(*q, scalar, f, seed, i), values);
    return values;
  };
  j.judge_answer = [q](ScalarKind scalar, std::span<const double> values, const QueryAnswer& answer) {
    const Pair p = q->unflatten(values, scalar);
    return q->judge(p, scalar, answer, q->exact(p));
  };
  j.run_kernel = [q](std::string_view id, ScalarKind scalar, std::span<const double> values) {
    const QueryKernel* k = find_query_kernel(id);
    if (!k || k->query != q->name || k->mode != q->mode || k->scalar != scalar)
      throw std::invalid_argument(fmt::format("{} is not a kernel of {} {} on {} cases", id, q->name, q->mode,
                                              to_string(scalar)));
    return k->run(QueryInput(q->unflatten(values, scalar)));
  };
  return j;
}

}  // namespace

std::vector<JudgedQuery> judged_queries() {
  using namespace queries;
  return {erase(rect_query()),          erase(rect_motion_query()),        erase(sphere_static_query()),
          erase(sphere_sweep_query()),  erase(box_sphere_query()),         erase(sphere_plane_static_query()),
          erase(sphere_plane_sweep_query()), erase(aabb_static_query()),   erase(aabb_sweep_query()),
          erase(segment_query()),       erase(enclosure_query()),          erase(manifold_query()),
          erase(general_motion_query())};
}

std::vector<JudgedQuery> every_judged_query() {
  std::vector<JudgedQuery> all = sat_judged_queries();
  for (JudgedQuery& q : judged_queries()) all.push_back(std::move(q));
  return all;
}

JudgedQuery find_judged_query(std::string_view name, std::string_view mode) {
  std::string known;
  for (JudgedQuery& q : every_judged_query()) {
    if (q.name == name && q.mode == mode) return std::move(q);
    known += (known.empty() ? "" : ", ") + q.name + " " + q.mode;
  }
  throw std::invalid_argument(fmt::format("no query \"{}\" with mode \"{}\" (known: {})", name, mode, known));
}

std::vector<std::string> judged_query_names() {
  // Without reading the kernel registry (a command line's help names them
  // before the user's kernels are registered); judged_queries() has the same
  // pair queries in the same order (harness/tests/query_model_test.cpp).
  return {"obb_obb",     "tri_obb",     "tri_tri",     "rect_rect",        "sphere_sphere", "aabb_sphere",
          "sphere_plane", "aabb_aabb", "obb_segment", "obb_to_aabb", "obb_obb_manifold", "general_motion"};
}

std::vector<JudgedQuery> select_judged_queries(const std::vector<std::string>& names) {
  const std::vector<std::string> known = judged_query_names();
  for (const std::string& n : names)
    if (std::find(known.begin(), known.end(), n) == known.end()) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      throw std::invalid_argument("unknown query \"" + n + "\" (known: " + list + ")");
    }
  std::vector<JudgedQuery> all = judged_queries();
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

void run_query_groups(const std::vector<QueryGroup>& groups,
                      const std::function<std::uint64_t(const JudgedQuery&)>& cases_of, std::uint64_t seed,
                      std::size_t max_findings,
                      const std::function<void(const QueryGroup&, const QueryBatch&)>& done) {
  for (const QueryGroup& g : groups)
    done(g, g.query->run_batch(g.scalar, g.family, seed, 0, cases_of(*g.query), max_findings));
}

}  // namespace sepax::harness
