// The signed-distance queries (queries.hpp): obb_obb_distance,
// tri_obb_distance and tri_tri_distance, judged by distance_judgement.hpp on
// the static families of their pair.
#include "../query/queries.hpp"

#include "../query/flat_shapes.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/harness/case_file.hpp"

namespace sepax::harness::queries {

PairQuery<ShapePair, DistanceTruth> distance_query(Query pair) {
  PairQuery<ShapePair, DistanceTruth> q;
  q.name = std::string(to_string(pair)) + "_distance";
  q.mode = "find_distance";
  for (const gen::Family f : static_sat_families()) q.families.emplace_back(gen::to_string(f));
  q.generate = [pair](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate(static_sat_families()[f], pair, s, src);
  };
  q.exact = [](const ShapePair& p) { return distance_truth(p); };
  q.exact_meets = [](const DistanceTruth& t) { return t.intersects; };
  q.judge = [](const ShapePair& p, ScalarKind s, const QueryAnswer& a, const DistanceTruth& t) {
    const DistanceAnswer says = a.distance.value_or(DistanceAnswer{a.meets ? 0.0 : 1.0});
    const DistanceJudgement j = judge_distance(p, s, says, t);
    QueryVerdict v;
    v.verdict_class = j.verdict_class;
    v.tolerance = j.tolerance;
    v.depth_error = j.distance_error;
    v.point_distance = j.witness_error;
    v.reason = j.reason;
    if (j.verdict_class != oracle::Class::ok)
      v.margin = j.distance_error && *j.distance_error > j.tolerance ? *j.distance_error : t.margin;
    return v;
  };
  q.case_line = [](const ShapePair& p, const CaseLabel& l) {
    Case c;
    c.id = l.id;
    c.scalar = l.scalar;
    c.family = l.family;
    c.pair = p;
    c.distance = true;
    c.origin = l.origin;
    return format_case(c);
  };
  q.from_case = [pair](const CaseOrError& c) -> std::optional<ShapePair> {
    const Case* k = std::get_if<Case>(&c);
    if (!k || !k->distance || k->pair.query != pair) return std::nullopt;
    return k->pair;
  };
  q.flatten = [](const ShapePair& p, std::vector<double>& out) {
    flat::Writer w{out};
    flat::write_pair(w, p);
  };
  q.unflatten = [pair](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    return flat::read_pair(r, pair);
  };
  return q;
}

}  // namespace sepax::harness::queries
