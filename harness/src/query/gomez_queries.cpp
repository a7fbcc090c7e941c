// Gomez's queries: spheres, planes, AABBs, box–ball, OBB–segment and OBB→AABB, at rest and swept (queries.hpp).
#include "queries.hpp"

#include "flat_shapes.hpp"

#include "sepax/harness/case_file.hpp"
#include "sepax/harness/gomez/aabb_judgement.hpp"
#include "sepax/harness/gomez/enclosure_judgement.hpp"
#include "sepax/harness/gomez/plane_judgement.hpp"
#include "sepax/harness/gomez/segment_judgement.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"

namespace sepax::harness::queries {
namespace {

std::vector<std::string> sphere_family_names(bool sweeps) {
  std::vector<std::string> out;
  for (gen::SphereFamily f : gen::sphere_families())
    if (sweeps || f != gen::SphereFamily::grazing) out.emplace_back(gen::to_string(f));  // grazing: sweeps only
  return out;
}

gen::SphereFamily sphere_family(const std::string& name) {
  for (gen::SphereFamily f : gen::sphere_families())
    if (name == gen::to_string(f)) return f;
  return gen::SphereFamily::random;
}

SphereCase sphere_case(const Sphere3<double>& a, const Sphere3<double>& b, const CaseLabel& l) {
  SphereCase c;
  c.id = l.id;
  c.scalar = l.scalar;
  c.family = l.family;
  c.a = a;
  c.b = b;
  c.origin = l.origin;
  return c;
}

/// The query of a Gomez case: the shapes set tell them apart, in the order
/// format_case and `sepax check` read them (an obb_segment case has obb set too).
std::string_view sphere_query_of(const SphereCase& c) {
  return c.segment ? "obb_segment"
         : c.obb   ? "obb_to_aabb"
         : c.box_b ? "aabb_aabb"
         : c.box   ? "aabb_sphere"
         : c.plane ? "sphere_plane"
                   : "sphere_sphere";
}

/// The case when it is a Gomez case of `query` with a sweep when `sweep` (a
/// case with a sweep is also its static query's); null otherwise.
const SphereCase* sphere_case_of(const CaseOrError& c, std::string_view query, bool sweep) {
  const SphereCase* s = std::get_if<SphereCase>(&c);
  return s && sphere_query_of(*s) == query && (!sweep || s->sweep) ? s : nullptr;
}

SphereCase aabb_case(const gen::AabbPairCase& c, const CaseLabel& l) {
  SphereCase sc = sphere_case(Sphere3<double>{}, Sphere3<double>{}, l);
  sc.box = c.a;
  sc.box_b = c.b;
  return sc;
}

}  // namespace

PairQuery<gen::SpherePair, bool> sphere_static_query() {
  PairQuery<gen::SpherePair, bool> q;
  q.name = "sphere_sphere";
  q.mode = "test_static";
  q.families = sphere_family_names(false);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_sphere_pair(sphere_family(names[f]), s, src);
  };
  q.exact = [](const gen::SpherePair& p) { return sphere_sphere_meets_exactly(p.a, p.b); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::SpherePair& p, ScalarKind s, const QueryAnswer& a, bool exact) {
    const SphereJudgement j = judge_sphere_static(p.a, p.b, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::SpherePair& p, const CaseLabel& l) {
    return format_case(sphere_case(p.a, p.b, l));
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::SpherePair> {
    const SphereCase* s = sphere_case_of(c, "sphere_sphere", false);
    if (!s) return std::nullopt;
    return gen::SpherePair{s->a, s->b};
  };
  q.flatten = [](const gen::SpherePair& p, std::vector<double>& out) {
    flat::Writer w{out};
    w.sphere(p.a);
    w.sphere(p.b);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::SpherePair p;
    p.a = r.named("a").sphere();
    p.b = r.named("b").sphere();
    return p;
  };
  return q;
}

PairQuery<gen::BoxSpherePair, bool> box_sphere_query() {
  PairQuery<gen::BoxSpherePair, bool> q;
  q.name = "aabb_sphere";
  q.mode = "test_static";
  q.families = names_of(gen::box_sphere_families());
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_box_sphere(gen::box_sphere_families()[f], s, src);
  };
  q.exact = [](const gen::BoxSpherePair& p) { return aabb_sphere_meets_exactly(p.box, p.sphere); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::BoxSpherePair& p, ScalarKind s, const QueryAnswer& a, bool exact) {
    const SphereJudgement j = judge_aabb_sphere(p.box, p.sphere, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::BoxSpherePair& p, const CaseLabel& l) {
    SphereCase c = sphere_case(Sphere3<double>{}, p.sphere, l);
    c.box = p.box;
    return format_case(c);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::BoxSpherePair> {
    const SphereCase* s = sphere_case_of(c, "aabb_sphere", false);
    if (!s) return std::nullopt;
    return gen::BoxSpherePair{*s->box, s->b};
  };
  q.flatten = [](const gen::BoxSpherePair& p, std::vector<double>& out) {
    flat::Writer w{out};
    w.aabb(p.box);
    w.sphere(p.sphere);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::BoxSpherePair p;
    p.box = r.named("a").aabb();
    p.sphere = r.named("b").sphere();
    return p;
  };
  return q;
}

PairQuery<gen::BoxSegmentPair, bool> segment_query() {
  PairQuery<gen::BoxSegmentPair, bool> q;
  q.name = "obb_segment";
  q.mode = "test_static";
  q.families = names_of(gen::segment_families());
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_box_segment(gen::segment_families()[f], s, src);
  };
  q.exact = [](const gen::BoxSegmentPair& p) { return obb_segment_meets_exactly(p.box, p.segment); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::BoxSegmentPair& p, ScalarKind s, const QueryAnswer& a, bool exact) {
    const SphereJudgement j = judge_obb_segment(p.box, p.segment, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::BoxSegmentPair& p, const CaseLabel& l) {
    SphereCase c = sphere_case(Sphere3<double>{}, Sphere3<double>{}, l);
    c.obb = p.box;
    c.segment = p.segment;
    return format_case(c);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::BoxSegmentPair> {
    const SphereCase* s = sphere_case_of(c, "obb_segment", false);
    if (!s || !s->obb) return std::nullopt;  // format_case would write a ball as "a"
    return gen::BoxSegmentPair{*s->obb, *s->segment};
  };
  q.flatten = [](const gen::BoxSegmentPair& p, std::vector<double>& out) {
    flat::Writer w{out};
    w.obb(p.box);
    w.segment(p.segment);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::BoxSegmentPair p;
    p.box = r.named("a").obb();
    p.segment = r.named("b").segment();
    return p;
  };
  return q;
}

/// OBB→AABB: the boxes of the OBB–segment families random (turned at random),
/// touching (turned by a signed permutation, dyadic: "aligned") and scale.
PairQuery<Obb3<double>, bool> enclosure_query() {
  static constexpr gen::SegmentFamily kFrom[] = {gen::SegmentFamily::random, gen::SegmentFamily::touching,
                                                 gen::SegmentFamily::scale};
  PairQuery<Obb3<double>, bool> q;
  q.name = "obb_to_aabb";
  q.mode = "enclose";
  q.families = {"random", "aligned", "scale"};
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_box_segment(kFrom[f], s, src).box;
  };
  q.exact = [](const Obb3<double>&) { return true; };
  q.exact_meets = [](bool) { return true; };
  q.judge = [](const Obb3<double>& box, ScalarKind s, const QueryAnswer& a, bool) {
    const EnclosureJudgement j = judge_obb_to_aabb(box, *a.aabb, s);
    QueryVerdict v = verdict_of(j.verdict_class, j.verdict_class == oracle::Class::ok ? std::nullopt
                                                                                      : std::optional<double>(-j.miss),
                                j.tolerance, std::nullopt);
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const Obb3<double>& box, const CaseLabel& l) {
    SphereCase c = sphere_case(Sphere3<double>{}, Sphere3<double>{}, l);
    c.obb = box;
    return format_case(c);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<Obb3<double>> {
    const SphereCase* s = sphere_case_of(c, "obb_to_aabb", false);
    if (!s) return std::nullopt;
    return *s->obb;
  };
  q.flatten = [](const Obb3<double>& box, std::vector<double>& out) { flat::Writer{out}.obb(box); };
  q.unflatten = [](std::span<const double> v, ScalarKind) { return flat::Reader{v}.named("a").obb(); };
  return q;
}

PairQuery<gen::SphereSweepCase, oracle::ExactSweep> sphere_sweep_query() {
  PairQuery<gen::SphereSweepCase, oracle::ExactSweep> q;
  q.name = "sphere_sphere";
  q.mode = "find_first_contact";
  q.families = sphere_family_names(true);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_sphere_sweep(sphere_family(names[f]), s, src);
  };
  q.exact = [](const gen::SphereSweepCase& c) { return oracle::sphere_sphere_sweep_exact(c.a, c.da, c.b, c.db); };
  q.exact_meets = [](const oracle::ExactSweep& e) { return e.state != ContactState::separated_throughout; };
  q.judge = [](const gen::SphereSweepCase& c, ScalarKind s, const QueryAnswer& a, const oracle::ExactSweep& e) {
    const ContactState state = state_of(a);
    const SphereJudgement j =
        judge_sphere_sweep(c.a, c.da, c.b, c.db, s, state, a.time.value_or(0), e);
    QueryVerdict v = verdict_of(j.verdict_class, j.margin, j.tolerance, j.time_error);
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const gen::SphereSweepCase& c, const CaseLabel& l) {
    SphereCase sc = sphere_case(c.a, c.b, l);
    sc.sweep = SphereCase::Sweep{c.da, c.db};
    return format_case(sc);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::SphereSweepCase> {
    const SphereCase* s = sphere_case_of(c, "sphere_sphere", true);
    if (!s) return std::nullopt;
    return gen::SphereSweepCase{s->a, s->b, s->sweep->da, s->sweep->db};
  };
  q.flatten = [](const gen::SphereSweepCase& c, std::vector<double>& out) {
    flat::Writer w{out};
    w.sphere(c.a);
    w.sphere(c.b);
    w.vec(c.da);
    w.vec(c.db);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::SphereSweepCase c;
    c.a = r.named("a").sphere();
    c.b = r.named("b").sphere();
    r.named("motion");
    c.da = r.vec3();
    c.db = r.vec3();
    return c;
  };
  return q;
}

PairQuery<gen::SpherePlaneCase, bool> sphere_plane_static_query() {
  PairQuery<gen::SpherePlaneCase, bool> q;
  q.name = "sphere_plane";
  q.mode = "test_static";
  q.families = sphere_family_names(false);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_sphere_plane(sphere_family(names[f]), s, src, false);
  };
  q.exact = [](const gen::SpherePlaneCase& c) { return sphere_plane_meets_exactly(c.sphere, c.plane); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::SpherePlaneCase& c, ScalarKind s, const QueryAnswer& a, bool exact) {
    const SphereJudgement j = judge_sphere_plane(c.sphere, c.plane, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::SpherePlaneCase& c, const CaseLabel& l) {
    SphereCase sc = sphere_case(c.sphere, Sphere3<double>{}, l);
    sc.plane = c.plane;
    return format_case(sc);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::SpherePlaneCase> {
    const SphereCase* s = sphere_case_of(c, "sphere_plane", false);
    if (!s) return std::nullopt;
    return gen::SpherePlaneCase{s->a, *s->plane};
  };
  q.flatten = [](const gen::SpherePlaneCase& c, std::vector<double>& out) {
    flat::Writer w{out};
    w.sphere(c.sphere);
    w.plane(c.plane);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::SpherePlaneCase c;
    c.sphere = r.named("a").sphere();
    c.plane = r.named("b").plane();
    return c;
  };
  return q;
}

PairQuery<gen::SpherePlaneCase, oracle::ExactSweep> sphere_plane_sweep_query() {
  PairQuery<gen::SpherePlaneCase, oracle::ExactSweep> q;
  q.name = "sphere_plane";
  q.mode = "find_first_contact";
  q.families = sphere_family_names(true);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_sphere_plane(sphere_family(names[f]), s, src, true);
  };
  q.exact = [](const gen::SpherePlaneCase& c) {
    return oracle::sphere_plane_sweep_exact(c.sphere, c.displacement, c.plane);
  };
  q.exact_meets = [](const oracle::ExactSweep& e) { return e.state != ContactState::separated_throughout; };
  q.judge = [](const gen::SpherePlaneCase& c, ScalarKind s, const QueryAnswer& a, const oracle::ExactSweep& e) {
    const SphereJudgement j = judge_sphere_plane_sweep(c.sphere, c.displacement, c.plane, s,
                                                                         state_of(a), a.time.value_or(0), e);
    QueryVerdict v = verdict_of(j.verdict_class, j.margin, j.tolerance, j.time_error);
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const gen::SpherePlaneCase& c, const CaseLabel& l) {
    SphereCase sc = sphere_case(c.sphere, Sphere3<double>{}, l);
    sc.plane = c.plane;
    sc.sweep = SphereCase::Sweep{c.displacement, Vec3<double>::Zero()};
    return format_case(sc);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::SpherePlaneCase> {
    const SphereCase* s = sphere_case_of(c, "sphere_plane", true);
    // The plane does not move (parse_case refuses vb != 0): a case moving it is none of this query's.
    if (!s || s->sweep->db != Vec3<double>::Zero()) return std::nullopt;
    return gen::SpherePlaneCase{s->a, *s->plane, s->sweep->da};
  };
  q.flatten = [](const gen::SpherePlaneCase& c, std::vector<double>& out) {
    flat::Writer w{out};
    w.sphere(c.sphere);
    w.plane(c.plane);
    w.vec(c.displacement);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::SpherePlaneCase c;
    c.sphere = r.named("a").sphere();
    c.plane = r.named("b").plane();
    c.displacement = r.named("motion").vec3();
    return c;
  };
  return q;
}

PairQuery<gen::AabbPairCase, bool> aabb_static_query() {
  PairQuery<gen::AabbPairCase, bool> q;
  q.name = "aabb_aabb";
  q.mode = "test_static";
  q.families = sphere_family_names(false);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_aabb_pair(sphere_family(names[f]), s, src, false);
  };
  q.exact = [](const gen::AabbPairCase& c) { return aabb_aabb_meets_exactly(c.a, c.b); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::AabbPairCase& c, ScalarKind, const QueryAnswer& a, bool exact) {
    const SphereJudgement j = judge_aabb_aabb(c.a, c.b, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::AabbPairCase& c, const CaseLabel& l) { return format_case(aabb_case(c, l)); };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::AabbPairCase> {
    const SphereCase* s = sphere_case_of(c, "aabb_aabb", false);
    if (!s || !s->box) return std::nullopt;  // format_case would write a ball as "a"
    return gen::AabbPairCase{*s->box, *s->box_b};
  };
  q.flatten = [](const gen::AabbPairCase& c, std::vector<double>& out) {
    flat::Writer w{out};
    w.aabb(c.a);
    w.aabb(c.b);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::AabbPairCase c;
    c.a = r.named("a").aabb();
    c.b = r.named("b").aabb();
    return c;
  };
  return q;
}

PairQuery<gen::AabbPairCase, oracle::ExactSweep> aabb_sweep_query() {
  PairQuery<gen::AabbPairCase, oracle::ExactSweep> q;
  q.name = "aabb_aabb";
  q.mode = "find_first_contact";
  q.families = sphere_family_names(true);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_aabb_pair(sphere_family(names[f]), s, src, true);
  };
  q.exact = [](const gen::AabbPairCase& c) { return oracle::aabb_aabb_sweep_exact(c.a, c.da, c.b, c.db); };
  q.exact_meets = [](const oracle::ExactSweep& e) { return e.state != ContactState::separated_throughout; };
  q.judge = [](const gen::AabbPairCase& c, ScalarKind s, const QueryAnswer& a, const oracle::ExactSweep& e) {
    const SphereJudgement j =
        judge_aabb_sweep(c.a, c.da, c.b, c.db, s, state_of(a), a.time.value_or(0), e);
    QueryVerdict v = verdict_of(j.verdict_class, j.margin, j.tolerance, j.time_error);
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const gen::AabbPairCase& c, const CaseLabel& l) {
    SphereCase sc = aabb_case(c, l);
    sc.sweep = SphereCase::Sweep{c.da, c.db};
    return format_case(sc);
  };
  q.from_case = [](const CaseOrError& c) -> std::optional<gen::AabbPairCase> {
    const SphereCase* s = sphere_case_of(c, "aabb_aabb", true);
    if (!s || !s->box) return std::nullopt;
    return gen::AabbPairCase{*s->box, *s->box_b, s->sweep->da, s->sweep->db};
  };
  q.flatten = [](const gen::AabbPairCase& c, std::vector<double>& out) {
    flat::Writer w{out};
    w.aabb(c.a);
    w.aabb(c.b);
    w.vec(c.da);
    w.vec(c.db);
  };
  q.unflatten = [](std::span<const double> v, ScalarKind) {
    flat::Reader r{v};
    gen::AabbPairCase c;
    c.a = r.named("a").aabb();
    c.b = r.named("b").aabb();
    r.named("motion");
    c.da = r.vec3();
    c.db = r.vec3();
    return c;
  };
  return q;
}

}  // namespace sepax::harness::queries
