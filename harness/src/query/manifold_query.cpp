// The OBB–OBB contact-manifold query (queries.hpp): Gaul's manifolds judged by
// manifold_judgement.hpp on the static OBB–OBB families.
#include "queries.hpp"

#include "flat_shapes.hpp"

#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/harness/case_file.hpp"

namespace sepax::harness::queries {

PairQuery<ShapePair, ManifoldTruth> manifold_query() {
  PairQuery<ShapePair, ManifoldTruth> q;
  q.name = "obb_obb_manifold";
  q.mode = "find_manifold";
  for (const gen::Family f : static_sat_families()) q.families.emplace_back(gen::to_string(f));
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate(static_sat_families()[f], Query::obb_obb, s, src);
  };
  q.exact = [](const ShapePair& p) { return manifold_truth(p.obb_a, p.obb_b); };
  q.exact_meets = [](const ManifoldTruth& t) { return t.intersects; };
  q.judge = [](const ShapePair& p, ScalarKind s, const QueryAnswer& a, const ManifoldTruth& t) {
    const ManifoldJudgement j = judge_manifold(p.obb_a, p.obb_b, s, *a.manifold, t);
    QueryVerdict v;
    v.verdict_class = j.verdict_class;
    v.tolerance = j.tolerance;
    v.depth_error = j.depth_error;
    v.point_distance = j.point_distance;
    v.reason = j.reason;
    if (j.verdict_class != oracle::Class::ok) v.margin = t.margin;
    return v;
  };
  q.case_line = [](const ShapePair& p, const CaseLabel& l) {
    Case c;
    c.id = l.id;
    c.scalar = l.scalar;
    c.family = l.family;
    c.pair = p;
    c.manifold = true;
    c.origin = l.origin;
    return format_case(c);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<ShapePair> {
    const Case* k = std::get_if<Case>(&c);
    // An obb_obb case (not _manifold) asks for another answer: not this query's.
    if (!k || !k->manifold || k->general || k->pair.query != Query::obb_obb) return std::nullopt;
    return k->pair;
  };
  q.flatten = [](const ShapePair& p, std::vector<double>& out) {
    flat::Writer w{out};
    flat::write_pair(w, p);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    return flat::read_pair(r, Query::obb_obb);
  };
  return q;
}

}  // namespace sepax::harness::queries
