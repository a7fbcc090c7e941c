// verify's general_motion campaign (general_motion_query.hpp).
#include "verify/general_motion_query.hpp"

#include <array>

#include "kernel_lists/general_motion_kernels.hpp"
#include "sepax/harness/case_file.hpp"

namespace sepax::cli {
namespace {

constexpr std::array<Query, 3> kPairs{Query::obb_obb, Query::tri_obb, Query::tri_tri};

/// Family f of the campaign: pair f / 3, generator family f % 3 ("obb_obb-random", ...).
Query pair_of(std::size_t f) { return kPairs[f / gen::general_motion_families().size()]; }
gen::GeneralMotionFamily family_of(std::size_t f) {
  return gen::general_motion_families()[f % gen::general_motion_families().size()];
}

}  // namespace

PairQuery<GeneralMotionPair, harness::GeneralMotionTruth> general_motion_query() {
  PairQuery<GeneralMotionPair, harness::GeneralMotionTruth> q;
  q.name = "general_motion";
  q.mode = "find_first_contact";
  for (std::size_t f = 0; f < kPairs.size() * gen::general_motion_families().size(); ++f)
    q.families.push_back(std::string(to_string(pair_of(f))) + "-" + gen::to_string(family_of(f)));
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    const gen::GeneralMotionCase c = gen::generate_general_motion(pair_of(f), family_of(f), s, src);
    return GeneralMotionPair{{c.pair, c.motion_a, c.motion_b, c.steps, c.integrator}, s};
  };
  q.exact = [](const GeneralMotionPair& p) { return harness::general_motion_truth(p.setup, p.scalar); };
  q.exact_meets = [](const harness::GeneralMotionTruth& t) { return t.state != ContactState::separated_throughout; };
  q.judge = [](const GeneralMotionPair& p, ScalarKind, const QueryAnswer& a, const harness::GeneralMotionTruth& t) {
    const harness::GeneralMotionJudgement j = harness::judge_general_motion(p.setup, *a.general, t);
    QueryVerdict v;
    v.verdict_class = j.verdict_class;
    v.margin = j.margin;
    v.tolerance = j.tolerance;
    v.time_error = j.time_error;
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const GeneralMotionPair& p, const CaseLabel& l) {
    harness::Case c;
    c.id = l.id;
    c.scalar = l.scalar;
    c.family = l.family;
    c.pair = p.setup.pair;
    c.general = harness::GeneralMotionSpec{p.setup.motion_a, p.setup.motion_b, p.setup.steps, p.setup.integrator};
    c.origin = l.origin;
    return harness::format_case(c);
  };
  for (const GeneralMotionKernel& k : general_motion_kernels())
    q.kernels.push_back({k.id, k.scalar, k.peer, [run = k.run](const GeneralMotionPair& p) -> std::optional<QueryAnswer> {
                           QueryAnswer a;
                           a.general = run(p.setup);
                           a.meets = a.general->state != ContactState::separated_throughout;
                           if (a.general->state == ContactState::first_contact) a.time = a.general->time;
                           return a;
                         }});
  return q;
}

}  // namespace sepax::cli
