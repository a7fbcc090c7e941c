// The queries of verify's pair-query campaigns (pair_queries.hpp), and their table.
#include "verify/pair_queries/pair_queries.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#include "kernel_lists/enclosure_kernels.hpp"
#include "kernel_lists/rect_kernels.hpp"
#include "kernel_lists/segment_kernels.hpp"
#include "kernel_lists/sphere_kernels.hpp"
#include "sepax/generators/gomez.hpp"
#include "sepax/generators/planar.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/gomez/aabb_judgement.hpp"
#include "sepax/harness/gomez/enclosure_judgement.hpp"
#include "sepax/harness/gomez/plane_judgement.hpp"
#include "sepax/harness/gomez/segment_judgement.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"
#include "sepax/harness/planar/rect_judgement.hpp"
#include "sepax/oracle/exact_rect2.hpp"
#include "verify/pair_queries/general_motion_query.hpp"
#include "verify/pair_queries/manifold_query.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;

QueryVerdict verdict_of(oracle::Class c, std::optional<double> margin, std::optional<double> tolerance,
                        std::optional<double> time_error) {
  QueryVerdict v;
  v.verdict_class = c;
  v.margin = margin;
  v.tolerance = tolerance;
  v.time_error = time_error;
  return v;
}

QueryAnswer meets(bool says) {
  QueryAnswer a;
  a.meets = says;
  return a;
}

/// The families' names, in their order (the generators take the index).
template <class F>
std::vector<std::string> names_of(std::span<const F> families) {
  std::vector<std::string> out;
  for (F f : families) out.emplace_back(gen::to_string(f));
  return out;
}

harness::PlanarCase planar_case(const Rect2<double>& a, const Rect2<double>& b, const CaseLabel& l) {
  harness::PlanarCase c;
  c.id = l.id;
  c.scalar = l.scalar;
  c.family = l.family;
  c.a = a;
  c.b = b;
  c.origin = l.origin;
  return c;
}

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
    const harness::RectJudgement j = harness::judge_rect_verdict(p.a, p.b, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::RectPair& p, const CaseLabel& l) { return harness::format_case(planar_case(p.a, p.b, l)); };
  for (const RectKernel& k : rect_kernels())
    if (k.test)
      q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.test](const gen::RectPair& p) -> std::optional<QueryAnswer> {
                             const std::optional<bool> says = t(p.a, p.b);
                             if (!says) return std::nullopt;
                             return meets(*says);
                           }});
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
    const harness::RectContactJudgement j =
        harness::judge_rect_contact(c.a, c.b, c.motion, s, state, a.time.value_or(0), e.state, e.time);
    return verdict_of(j.verdict_class, std::nullopt, j.tolerance, j.time_error);
  };
  q.case_line = [](const gen::RectMotionCase& m, const CaseLabel& l) {
    harness::PlanarCase c = planar_case(m.a, m.b, l);
    c.motion = m.motion;
    return harness::format_case(c);
  };
  for (const RectKernel& k : rect_kernels())
    if (k.contact)
      q.kernels.push_back(
          {k.id, k.scalar, k.peer, [t = k.contact](const gen::RectMotionCase& c) -> std::optional<QueryAnswer> {
             return t(c.a, c.b, c.motion);
           }});
  return q;
}

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

harness::SphereCase sphere_case(const Sphere3<double>& a, const Sphere3<double>& b, const CaseLabel& l) {
  harness::SphereCase c;
  c.id = l.id;
  c.scalar = l.scalar;
  c.family = l.family;
  c.a = a;
  c.b = b;
  c.origin = l.origin;
  return c;
}

PairQuery<gen::SpherePair, bool> sphere_static_query() {
  PairQuery<gen::SpherePair, bool> q;
  q.name = "sphere_sphere";
  q.mode = "test_static";
  q.families = sphere_family_names(false);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_sphere_pair(sphere_family(names[f]), s, src);
  };
  q.exact = [](const gen::SpherePair& p) { return harness::sphere_sphere_meets_exactly(p.a, p.b); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::SpherePair& p, ScalarKind s, const QueryAnswer& a, bool exact) {
    const harness::SphereJudgement j = harness::judge_sphere_static(p.a, p.b, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::SpherePair& p, const CaseLabel& l) {
    return harness::format_case(sphere_case(p.a, p.b, l));
  };
  for (const SphereKernel& k : sphere_kernels())
    if (!k.sweep)
      q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.test](const gen::SpherePair& p) -> std::optional<QueryAnswer> {
                             return meets(t(p.a, p.b));
                           }});
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
  q.exact = [](const gen::BoxSpherePair& p) { return harness::aabb_sphere_meets_exactly(p.box, p.sphere); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::BoxSpherePair& p, ScalarKind s, const QueryAnswer& a, bool exact) {
    const harness::SphereJudgement j = harness::judge_aabb_sphere(p.box, p.sphere, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::BoxSpherePair& p, const CaseLabel& l) {
    harness::SphereCase c = sphere_case(Sphere3<double>{}, p.sphere, l);
    c.box = p.box;
    return harness::format_case(c);
  };
  for (const BoxSphereKernel& k : box_sphere_kernels())
    q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.test](const gen::BoxSpherePair& p) -> std::optional<QueryAnswer> {
                           return meets(t(p.box, p.sphere));
                         }});
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
  q.exact = [](const gen::BoxSegmentPair& p) { return harness::obb_segment_meets_exactly(p.box, p.segment); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::BoxSegmentPair& p, ScalarKind s, const QueryAnswer& a, bool exact) {
    const harness::SphereJudgement j = harness::judge_obb_segment(p.box, p.segment, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::BoxSegmentPair& p, const CaseLabel& l) {
    harness::SphereCase c = sphere_case(Sphere3<double>{}, Sphere3<double>{}, l);
    c.obb = p.box;
    c.segment = p.segment;
    return harness::format_case(c);
  };
  for (const SegmentKernel& k : segment_kernels())
    q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.test](const gen::BoxSegmentPair& p) -> std::optional<QueryAnswer> {
                           return meets(t(p.box, p.segment));
                         }});
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
    const harness::EnclosureJudgement j = harness::judge_obb_to_aabb(box, *a.aabb, s);
    QueryVerdict v = verdict_of(j.verdict_class, j.verdict_class == oracle::Class::ok ? std::nullopt
                                                                                      : std::optional<double>(-j.miss),
                                j.tolerance, std::nullopt);
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const Obb3<double>& box, const CaseLabel& l) {
    harness::SphereCase c = sphere_case(Sphere3<double>{}, Sphere3<double>{}, l);
    c.obb = box;
    return harness::format_case(c);
  };
  for (const EnclosureKernel& k : enclosure_kernels())
    q.kernels.push_back({k.id, k.scalar, k.peer, [e = k.enclose](const Obb3<double>& box) -> std::optional<QueryAnswer> {
                           QueryAnswer a;
                           a.aabb = e(box);
                           a.meets = true;
                           return a;
                         }});
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
    const harness::SphereJudgement j =
        harness::judge_sphere_sweep(c.a, c.da, c.b, c.db, s, state, a.time.value_or(0), e);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, j.time_error);
  };
  q.case_line = [](const gen::SphereSweepCase& c, const CaseLabel& l) {
    harness::SphereCase sc = sphere_case(c.a, c.b, l);
    sc.sweep = harness::SphereCase::Sweep{c.da, c.db};
    return harness::format_case(sc);
  };
  for (const SphereKernel& k : sphere_kernels())
    if (k.sweep)
      q.kernels.push_back(
          {k.id, k.scalar, k.peer, [t = k.sweep](const gen::SphereSweepCase& c) -> std::optional<QueryAnswer> {
             return t(c.a, c.da, c.b, c.db);
           }});
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
  q.exact = [](const gen::SpherePlaneCase& c) { return harness::sphere_plane_meets_exactly(c.sphere, c.plane); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::SpherePlaneCase& c, ScalarKind s, const QueryAnswer& a, bool exact) {
    const harness::SphereJudgement j = harness::judge_sphere_plane(c.sphere, c.plane, s, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::SpherePlaneCase& c, const CaseLabel& l) {
    harness::SphereCase sc = sphere_case(c.sphere, Sphere3<double>{}, l);
    sc.plane = c.plane;
    return harness::format_case(sc);
  };
  for (const SpherePlaneKernel& k : sphere_plane_kernels())
    if (k.test)
      q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.test](const gen::SpherePlaneCase& c) -> std::optional<QueryAnswer> {
                             return meets(t(c.sphere, c.plane));
                           }});
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
    const harness::SphereJudgement j = harness::judge_sphere_plane_sweep(c.sphere, c.displacement, c.plane, s,
                                                                         state_of(a), a.time.value_or(0), e);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, j.time_error);
  };
  q.case_line = [](const gen::SpherePlaneCase& c, const CaseLabel& l) {
    harness::SphereCase sc = sphere_case(c.sphere, Sphere3<double>{}, l);
    sc.plane = c.plane;
    sc.sweep = harness::SphereCase::Sweep{c.displacement, Vec3<double>::Zero()};
    return harness::format_case(sc);
  };
  for (const SpherePlaneKernel& k : sphere_plane_kernels())
    if (k.sweep)
      q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.sweep](const gen::SpherePlaneCase& c) -> std::optional<QueryAnswer> {
                             return t(c.sphere, c.displacement, c.plane);
                           }});
  return q;
}

harness::SphereCase aabb_case(const gen::AabbPairCase& c, const CaseLabel& l) {
  harness::SphereCase sc = sphere_case(Sphere3<double>{}, Sphere3<double>{}, l);
  sc.box = c.a;
  sc.box_b = c.b;
  return sc;
}

PairQuery<gen::AabbPairCase, bool> aabb_static_query() {
  PairQuery<gen::AabbPairCase, bool> q;
  q.name = "aabb_aabb";
  q.mode = "test_static";
  q.families = sphere_family_names(false);
  q.generate = [names = q.families](std::size_t f, ScalarKind s, gen::Source& src) {
    return gen::generate_aabb_pair(sphere_family(names[f]), s, src, false);
  };
  q.exact = [](const gen::AabbPairCase& c) { return harness::aabb_aabb_meets_exactly(c.a, c.b); };
  q.exact_meets = [](bool e) { return e; };
  q.judge = [](const gen::AabbPairCase& c, ScalarKind, const QueryAnswer& a, bool exact) {
    const harness::SphereJudgement j = harness::judge_aabb_aabb(c.a, c.b, a.meets, exact);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, std::nullopt);
  };
  q.case_line = [](const gen::AabbPairCase& c, const CaseLabel& l) { return harness::format_case(aabb_case(c, l)); };
  for (const AabbKernel& k : aabb_kernels())
    if (k.test)
      q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.test](const gen::AabbPairCase& c) -> std::optional<QueryAnswer> {
                             return meets(t(c.a, c.b));
                           }});
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
    const harness::SphereJudgement j =
        harness::judge_aabb_sweep(c.a, c.da, c.b, c.db, s, state_of(a), a.time.value_or(0), e);
    return verdict_of(j.verdict_class, j.margin, j.tolerance, j.time_error);
  };
  q.case_line = [](const gen::AabbPairCase& c, const CaseLabel& l) {
    harness::SphereCase sc = aabb_case(c, l);
    sc.sweep = harness::SphereCase::Sweep{c.da, c.db};
    return harness::format_case(sc);
  };
  for (const AabbKernel& k : aabb_kernels())
    if (k.sweep)
      q.kernels.push_back({k.id, k.scalar, k.peer, [t = k.sweep](const gen::AabbPairCase& c) -> std::optional<QueryAnswer> {
                             return t(c.a, c.da, c.b, c.db);
                           }});
  return q;
}

std::string quantile(std::vector<double> v, double q) {
  if (v.empty()) return "-";
  std::sort(v.begin(), v.end());
  const std::size_t i = std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5));
  return fmt::format("{:.2g}", v[i]);
}

}  // namespace

PairQueryResult run_pair_query_campaigns(const PairQueryOptions& options, const ResultsDirectory& results,
                                         const std::string& run_id) {
  PairQueryResult out;
  run_pair_query(rect_query(), options, results, run_id, out);
  run_pair_query(rect_motion_query(), options, results, run_id, out);
  run_pair_query(sphere_static_query(), options, results, run_id, out);
  run_pair_query(sphere_sweep_query(), options, results, run_id, out);
  run_pair_query(box_sphere_query(), options, results, run_id, out);
  run_pair_query(sphere_plane_static_query(), options, results, run_id, out);
  run_pair_query(sphere_plane_sweep_query(), options, results, run_id, out);
  run_pair_query(aabb_static_query(), options, results, run_id, out);
  run_pair_query(aabb_sweep_query(), options, results, run_id, out);
  run_pair_query(segment_query(), options, results, run_id, out);
  run_pair_query(enclosure_query(), options, results, run_id, out);
  PairQuery<ShapePair, harness::ManifoldTruth> manifolds = manifold_query();
  manifolds.cases_per_group = options.manifold_cases;
  run_pair_query(manifolds, options, results, run_id, out);
  PairQuery<GeneralMotionPair, harness::GeneralMotionTruth> general = general_motion_query();
  general.cases_per_group = options.general_motion_cases;
  run_pair_query(general, options, results, run_id, out);
  out.drift = harness::integrator_drift_table();
  std::vector<Json> lines;
  for (const harness::IntegratorDrift& d : out.drift) lines.push_back(drift_row_json(d, run_id));
  try {
    results.append_rows(lines);
  } catch (const std::exception& e) {
    out.notes.push_back(fmt::format("note: general_motion drift table: {}", e.what()));
  }
  return out;
}

Json pair_query_row_json(const PairQueryRow& r, std::uint64_t seed, const std::string& run_id) {
  Json j;
  j["run"] = run_id;
  j["table"] = "pair_queries";
  j["seed"] = seed;
  j["query"] = r.query;
  j["mode"] = r.mode;
  j["kernel"] = r.kernel;
  j["scalar"] = r.scalar;
  j["family"] = r.family;
  j["peer"] = r.peer;
  j["cases"] = r.cases;
  j["truth_hits"] = r.truth_hits;
  j["ok"] = r.ok;
  j["boundary"] = r.boundary;
  j["gross"] = r.gross;
  j["refused"] = r.refused;
  j["ns_per_call"] = r.cases > 0 ? r.seconds * 1e9 / double(r.cases) : 0.0;
  const auto spread = [&](const char* key, std::vector<double> v) {
    if (v.empty()) return;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))]; };
    j[key] = {{"p50", at(0.5)}, {"p99", at(0.99)}, {"max", v.back()}, {"n", v.size()}};
  };
  spread("time_error", r.time_errors);
  spread("depth_error", r.depth_errors);        // manifolds: |depth − depth*| / ℓ
  spread("point_distance", r.point_distances);  // manifolds: a point's distance outside a box / ℓ
  return j;
}

std::string pair_query_table_title() {
  return "Queries of the seed articles beyond the SAT registry (2D rectangles; Gomez's sphere tests and sweeps; "
         "OBB-OBB contact manifolds), each answer against the exact one";
}

Table make_pair_query_table(const std::vector<PairQueryRow>& rows) {
  Table t({{"query"}, {"mode"}, {"kernel"}, {"family"}, {"cases", Table::Align::right},
           {"exact hits", Table::Align::right}, {"ok", Table::Align::right}, {"boundary", Table::Align::right},
           {"gross", Table::Align::right}, {"refused", Table::Align::right}, {"|t - t*| p99", Table::Align::right},
           {"depth err p99", Table::Align::right}, {"point dist max", Table::Align::right}});
  for (const PairQueryRow& r : rows)
    t.add_row({r.query, r.mode, r.kernel, r.family, std::to_string(r.cases), std::to_string(r.truth_hits),
               std::to_string(r.ok), std::to_string(r.boundary), std::to_string(r.gross), std::to_string(r.refused),
               quantile(r.time_errors, 0.99), quantile(r.depth_errors, 0.99), quantile(r.point_distances, 1.0)});
  return t;
}

}  // namespace sepax::cli
