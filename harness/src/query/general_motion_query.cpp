// Eberly §5's stepped rigid-motion query (queries.hpp): the general-motion
// families of each pair (obb_obb, tri_obb, tri_tri), judged step by step by
// judge_general_motion.
#include "queries.hpp"

#include "flat_shapes.hpp"

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
  q.from_case = [](const CaseOrError& c) -> std::optional<GeneralMotionPair> {
    const Case* k = std::get_if<Case>(&c);
    if (!k || !k->general || k->manifold) return std::nullopt;
    const GeneralMotionSpec& g = *k->general;
    return GeneralMotionPair{{k->pair, g.a, g.b, g.steps, g.integrator}, k->scalar};
  };
  q.flatten = [](const GeneralMotionPair& p, std::vector<double>& out) {
    flat::Writer w{out};
    const ShapePair& pair = p.setup.pair;
    w.value(double(static_cast<int>(pair.query)));
    if (pair.query == Query::obb_obb) {
      w.obb(pair.obb_a);
    } else {
      w.triangle(pair.tri_a);
      w.zeros(6);
    }
    if (pair.query == Query::tri_tri) {
      w.triangle(pair.tri_b);
      w.zeros(6);
    } else {
      w.obb(pair.obb_b);
    }
    for (const RigidMotion<double>* m : {&p.setup.motion_a, &p.setup.motion_b}) {
      w.vec(m->center);
      w.vec(m->linear_velocity);
      w.vec(m->angular_velocity);
    }
    w.value(p.setup.motion_a.duration);
    w.value(p.setup.steps);
    w.value(double(static_cast<int>(p.setup.integrator)));
  };
  q.unflatten = [](std::span<const double> v, ScalarKind scalar) {
    flat::Reader r{v};
    GeneralMotionPair p;
    p.scalar = scalar;
    ShapePair& pair = p.setup.pair;
    const double kind = r.named("pair").value();
    if (kind != 0 && kind != 1 && kind != 2)
      throw std::invalid_argument(fmt::format("field \"pair\" is {}: 0 (obb_obb), 1 (tri_obb) or 2 (tri_tri)", kind));
    pair.query = static_cast<Query>(int(kind));
    r.named("a");
    if (pair.query == Query::obb_obb) {
      pair.obb_a = r.obb();
    } else {
      pair.tri_a = r.triangle();
      r.skip(6);
    }
    r.named("b");
    if (pair.query == Query::tri_tri) {
      pair.tri_b = r.triangle();
      r.skip(6);
    } else {
      pair.obb_b = r.obb();
    }
    for (auto [m, name] : {std::pair{&p.setup.motion_a, "motion_a"}, std::pair{&p.setup.motion_b, "motion_b"}}) {
      r.named(name);
      m->center = r.vec3();
      m->linear_velocity = r.vec3();
      m->angular_velocity = r.vec3();
    }
    p.setup.motion_a.duration = p.setup.motion_b.duration = r.named("duration").value();
    const double steps = r.named("steps").value();
    if (!(steps >= 1 && steps <= 1e6) || steps != std::floor(steps))
      throw std::invalid_argument(fmt::format("field \"steps\" is {}: a whole number from 1 to 10^6", steps));
    p.setup.steps = int(steps);
    const double integrator = r.named("integrator").value();
    if (integrator != 0 && integrator != 1)
      throw std::invalid_argument(fmt::format("field \"integrator\" is {}: 0 (Euler) or 1 (RK4)", integrator));
    p.setup.integrator = static_cast<Integrator>(int(integrator));
    return p;
  };
  return q;
}

}  // namespace sepax::harness::queries
