// Eberly §5's stepped rigid-motion query (queries.hpp): the general-motion
// families of each pair (obb_obb, tri_obb, tri_tri), judged step by step by
// judge_general_motion.
#include "queries.hpp"

#include <array>

#include "sepax/generators/general_motion.hpp"
#include "sepax/harness/case_file.hpp"

namespace sepax::harness::queries {
namespace {

constexpr std::array<Query, 3> kPairs{Query::obb_obb, Query::tri_obb, Query::tri_tri};

/// Family f of the campaign: pair f / 3, generator family f % 3 ("obb_obb-random", ...).
Query pair_of(std::size_t f) { return kPairs[f / gen::general_motion_families().size()]; }
gen::GeneralMotionFamily family_of(std::size_t f) {
  return gen::general_motion_families()[f % gen::general_motion_families().size()];
}

}  // namespace

PairQuery<GeneralMotionPair, GeneralMotionTruth> general_motion_query() {
  PairQuery<GeneralMotionPair, GeneralMotionTruth> q;
  q.name = "general_motion";
  q.mode = "find_first_contact";
  for (std::size_t f = 0; f < kPairs.size() * gen::general_motion_families().size(); ++f)
    q.families.push_back(std::string(to_string(pair_of(f))) + "-" + gen::to_string(family_of(f)));
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    const gen::GeneralMotionCase c = gen::generate_general_motion(pair_of(f), family_of(f), s, src);
    return GeneralMotionPair{{c.pair, c.motion_a, c.motion_b, c.steps, c.integrator}, s};
  };
  q.exact = [](const GeneralMotionPair& p) { return general_motion_truth(p.setup, p.scalar); };
  q.exact_meets = [](const GeneralMotionTruth& t) { return t.state != ContactState::separated_throughout; };
  q.judge = [](const GeneralMotionPair& p, ScalarKind, const QueryAnswer& a, const GeneralMotionTruth& t) {
    const GeneralMotionJudgement j = judge_general_motion(p.setup, *a.general, t);
    QueryVerdict v;
    v.verdict_class = j.verdict_class;
    v.margin = j.margin;
    v.tolerance = j.tolerance;
    v.time_error = j.time_error;
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const GeneralMotionPair& p, const CaseLabel& l) {
    Case c;
    c.id = l.id;
    c.scalar = l.scalar;
    c.family = l.family;
    c.pair = p.setup.pair;
    c.general = GeneralMotionSpec{p.setup.motion_a, p.setup.motion_b, p.setup.steps, p.setup.integrator};
    c.origin = l.origin;
    return format_case(c);
  };
  q.kernels = kernels_of<GeneralMotionPair>(q.name, q.mode);
  return q;
}

}  // namespace sepax::harness::queries
