// The 2D rectangle queries of the SAT tutorial: rect_rect at rest and moving (queries.hpp).
#include "queries.hpp"

#include "flat_shapes.hpp"

#include "sepax/harness/case_file.hpp"
#include "sepax/harness/planar/rect_judgement.hpp"

namespace sepax::harness::queries {
namespace {

PlanarCase planar_case(const Rect2<double>& a, const Rect2<double>& b, const CaseLabel& l) {
  PlanarCase c;
  c.id = l.id;
  c.scalar = l.scalar;
  c.family = l.family;
  c.a = a;
  c.b = b;
  c.origin = l.origin;
  return c;
}

}  // namespace

PairQuery<gen::RectPair, bool> rect_query() {
  PairQuery<gen::RectPair, bool> q;
  q.name = "rect_rect";
  q.mode = "test_static";
  q.parallel = false;  // Box2D's b2TestOverlap counts its GJK calls in globals
  q.families = names_of(gen::planar_families());
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_rect_pair(gen::planar_families()[f], s, src);
  };
  q.exact = [](const gen::RectPair& p) { return oracle::rect_rect_exact(p.a, p.b); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::RectPair& p, ScalarKind s, const QueryAnswer& a, bool exact) {
    const RectJudgement j = judge_rect_verdict(p.a, p.b, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::RectPair& p, const CaseLabel& l) { return format_case(planar_case(p.a, p.b, l)); };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::RectPair> {
    const PlanarCase* p = std::get_if<PlanarCase>(&c);
    if (!p) return std::nullopt;
    return gen::RectPair{p->a, p->b};  // a moving case's rectangles at rest
  };
  q.flatten = [](const gen::RectPair& p, std::vector<double>& out) {
    flat::Writer w{out};
    w.rect(p.a);
    w.rect(p.b);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::RectPair p;
    p.a = r.named("a").rect();
    p.b = r.named("b").rect();
    return p;
  };
  return q;
}

PairQuery<gen::RectMotionCase, oracle::ExactRectContact> rect_motion_query() {
  PairQuery<gen::RectMotionCase, oracle::ExactRectContact> q;
  q.name = "rect_rect";
  q.mode = "find_first_contact";
  q.families = names_of(gen::planar_motion_families());
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_rect_motion(gen::planar_motion_families()[f], s, src);
  };
  q.exact = [](const gen::RectMotionCase& c) { return oracle::rect_rect_first_contact(c.a, c.b, c.motion); };
  q.exact_meets = [](const oracle::ExactRectContact& e) { return e.state != ContactState::separated_throughout; };
  q.judge = [](const gen::RectMotionCase& c, ScalarKind s, const QueryAnswer& a, const oracle::ExactRectContact& e) {
    const ContactState state = state_of(a);
    const RectContactJudgement j =
        judge_rect_contact(c.a, c.b, c.motion, s, state, a.time.value_or(0), e.state, e.time);
    return verdict_of(j.verdict_class, std::nullopt, j.tolerance, j.time_error);
  };
  q.case_line = [](const gen::RectMotionCase& m, const CaseLabel& l) {
    PlanarCase c = planar_case(m.a, m.b, l);
    c.motion = m.motion;
    return format_case(c);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::RectMotionCase> {
    const PlanarCase* p = std::get_if<PlanarCase>(&c);
    if (!p || !p->motion) return std::nullopt;
    return gen::RectMotionCase{p->a, p->b, *p->motion};
  };
  q.flatten = [](const gen::RectMotionCase& c, std::vector<double>& out) {
    flat::Writer w{out};
    w.rect(c.a);
    w.rect(c.b);
    w.vec(c.motion.velocity_a);
    w.vec(c.motion.velocity_b);
    w.value(c.motion.duration);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::RectMotionCase c;
    c.a = r.named("a").rect();
    c.b = r.named("b").rect();
    r.named("motion");
    c.motion.velocity_a = r.vec2();
    c.motion.velocity_b = r.vec2();
    c.motion.duration = r.value();
    return c;
  };
  return q;
}

}  // namespace sepax::harness::queries
