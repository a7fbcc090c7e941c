// sphere_sphere lines in case files (gomez/sphere_case.hpp) and the sphere
// judge (gomez/sphere_judgement.hpp): reading, errors that name the field, an
// exact round trip, and classes that follow the exact answers and the band.
#include <string>

#include <gtest/gtest.h>

#include "sepax/harness/case_file.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/generators/gomez.hpp"
#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/harness/gomez/aabb_judgement.hpp"
#include "sepax/harness/gomez/plane_judgement.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"

namespace sepax::harness {
namespace {

SphereCase expect_sphere(const CaseOrError& parsed) {
  if (const auto* e = std::get_if<CaseError>(&parsed)) {
    ADD_FAILURE() << "unexpected error: " << e->message;
    return {};
  }
  if (!std::holds_alternative<SphereCase>(parsed)) {
    ADD_FAILURE() << "read as another query";
    return {};
  }
  return std::get<SphereCase>(parsed);
}

std::string error_of(const std::string& line) {
  const CaseOrError parsed = parse_case(line, 2);
  if (const auto* e = std::get_if<CaseError>(&parsed)) return e->message;
  ADD_FAILURE() << "accepted: " << line;
  return "";
}

TEST(SphereCaseFile, ReadsAStaticAndASweepLine) {
  const SphereCase s = expect_sphere(parse_case(
      R"({"id":"s","query":"sphere_sphere","scalar":"float","a":{"center":[0,0,0],"radius":1},"b":{"center":[3,4,0],"radius":"0x1p+2"}})",
      1));
  EXPECT_EQ(s.scalar, ScalarKind::float32);
  EXPECT_EQ(s.b.center, Vec3<double>(3, 4, 0));
  EXPECT_EQ(s.b.radius, 4.0);
  EXPECT_FALSE(s.sweep.has_value());
  const SphereCase m = expect_sphere(parse_case(
      R"({"query":"sphere_sphere","a":{"center":[0,0,0],"radius":0.5},"b":{"center":[4,0,0],"radius":0.5},"motion":{"va":[2,0,0],"vb":[-6,0,0],"T":1}})",
      7));
  EXPECT_EQ(m.id, "line-7");
  ASSERT_TRUE(m.sweep.has_value());
  EXPECT_EQ(m.sweep->db, Vec3<double>(-6, 0, 0));
}

TEST(SphereCaseFile, RoundTripsBitExactly) {
  SphereCase c;
  c.id = "rt";
  c.a = {{0.1, -1e-300, 3}, 1.0 / 3};
  c.b = {{2, 5e-7, -0.7}, 0};
  c.sweep = SphereCase::Sweep{{0.3, 0, 1e10}, {-1.0 / 7, 2, 0}};
  const SphereCase back = expect_sphere(parse_case(format_case(c), 1));
  EXPECT_EQ(back.a.center, c.a.center);
  EXPECT_EQ(back.a.radius, c.a.radius);
  EXPECT_EQ(back.b.center, c.b.center);
  EXPECT_EQ(back.b.radius, c.b.radius);
  ASSERT_TRUE(back.sweep.has_value());
  EXPECT_EQ(back.sweep->da, c.sweep->da);
  EXPECT_EQ(back.sweep->db, c.sweep->db);
}

TEST(SphereCaseFile, BadLinesNameTheFieldAndValue) {
  const std::string head = R"({"query":"sphere_sphere","a":{"center":[0,0,0],"radius":1},"b":)";
  EXPECT_NE(error_of(head + R"({"center":[0,0,0],"radius":-0.5}})").find("b.radius = -0.5: negative radius"),
            std::string::npos);
  EXPECT_NE(error_of(head + R"({"center":[0,0],"radius":1}})").find("b.center"), std::string::npos);
  EXPECT_NE(error_of(head + R"({"center":[0,0,0],"radius":1,"r":2}})").find("b.r: unknown field"), std::string::npos);
  EXPECT_NE(error_of(head + R"({"center":[0,0,0],"radius":"inf"}})").find("b.radius"), std::string::npos);
  EXPECT_NE(error_of(head + R"({"center":[0,0,0],"radius":1},"motion":{"va":[0,0,0],"vb":[1,0,0],"T":0.5}})")
                .find("T must be 1"),
            std::string::npos);
}

TEST(SphereJudge, StaticClassesFollowTheExactAnswerAndTheBand) {
  const Sphere3<double> a{{0, 0, 0}, 1};
  // 3-4-5 apart with radii 1 and 4: touching, every number a small integer:
  // exact arithmetic, so "separated" is gross.
  const Sphere3<double> touching{{3, 4, 0}, 4};
  ASSERT_TRUE(sphere_sphere_meets_exactly(a, touching));
  EXPECT_EQ(judge_sphere_static(a, touching, ScalarKind::float32, true, true).verdict_class, oracle::Class::ok);
  EXPECT_EQ(judge_sphere_static(a, touching, ScalarKind::float32, false, true).verdict_class, oracle::Class::gross);
  // A gap of ~1e-12 of the size with numbers that round: boundary in float.
  const Sphere3<double> near{{2 + 1e-12, 0, 0}, 1};
  const bool meets = sphere_sphere_meets_exactly(a, near);
  EXPECT_FALSE(meets);
  const SphereJudgement j = judge_sphere_static(a, near, ScalarKind::float32, true, meets);
  EXPECT_EQ(j.verdict_class, oracle::Class::boundary);
  EXPECT_GT(*j.margin, 0);
  // Far apart: gross.
  EXPECT_EQ(judge_sphere_static(a, Sphere3<double>{{5, 0, 0}, 1}, ScalarKind::float32, true, false).verdict_class,
            oracle::Class::gross);
}

TEST(SphereJudge, SweepTimesAreJudgedByTheDistanceAtThatTime) {
  const Sphere3<double> a{{0, 0, 0}, 0.5}, b{{4, 0, 0}, 0.5};
  const Vec3<double> da(2, 0, 0), db(-6, 0, 0);
  const oracle::ExactSweep e = oracle::sphere_sphere_sweep_exact(a, da, b, db);
  ASSERT_EQ(e.first, 0.375);
  auto judge = [&](ContactState state, double t) {
    return judge_sphere_sweep(a, da, b, db, ScalarKind::float64, state, t, e);
  };
  EXPECT_EQ(judge(ContactState::first_contact, 0.375).verdict_class, oracle::Class::ok);
  EXPECT_EQ(judge(ContactState::first_contact, 0.375 + 1e-15).verdict_class, oracle::Class::ok);
  const SphereJudgement late = judge(ContactState::first_contact, 0.4);  // 0.2 deep: the second contact time?
  EXPECT_EQ(late.verdict_class, oracle::Class::gross);
  EXPECT_NEAR(*late.time_error, 0.025, 1e-15);
  EXPECT_EQ(judge(ContactState::first_contact, 1.5).verdict_class, oracle::Class::gross);  // outside the frame
  EXPECT_EQ(judge(ContactState::separated_throughout, 0).verdict_class, oracle::Class::gross);
  EXPECT_EQ(judge(ContactState::overlapping_at_start, 0).verdict_class, oracle::Class::gross);  // 3 apart at u = 0
}

TEST(SphereJudge, TheTimeTheBallsPartAgainIsNoFirstContact) {
  // Head on: touching at u = 3/8, centres together at 1/2, parting at 5/8 —
  // where they touch again (distance 0), a root of the same equation.
  const Sphere3<double> a{{0, 0, 0}, 0.5}, b{{4, 0, 0}, 0.5};
  const Vec3<double> da(2, 0, 0), db(-6, 0, 0);
  const oracle::ExactSweep e = oracle::sphere_sphere_sweep_exact(a, da, b, db);
  const SphereJudgement parting = judge_sphere_sweep(a, da, b, db, ScalarKind::float64, ContactState::first_contact,
                                                     0.625, e);
  EXPECT_EQ(parting.verdict_class, oracle::Class::gross);
  EXPECT_EQ(parting.reason, "later root: the shapes overlap before the reported first contact");
  EXPECT_LT(*parting.margin, -0.1);  // a whole unit deep at u = 1/2 (the centres together)
  // A grazing pass: the two roots a hair apart, the overlap between them
  // (one ulp of 1) within the band: which root is reported is rounding.
  const Sphere3<double> g{{4, 1 - 0x1p-53, 0}, 0.5};
  const oracle::ExactSweep ge = oracle::sphere_sphere_sweep_exact(a, da, g, db);
  ASSERT_EQ(ge.state, ContactState::first_contact);
  EXPECT_NE(judge_sphere_sweep(a, da, g, db, ScalarKind::float64, ContactState::first_contact, ge.last, ge).verdict_class,
            oracle::Class::gross);
}

TEST(SphereCaseFile, ReadsAndWritesAnAabbSphereLine) {
  const SphereCase c = expect_sphere(parse_case(
      R"({"query":"aabb_sphere","a":{"min":[0,0,0],"max":[2,"0x1p+1",2]},"b":{"center":[5,6,1],"radius":5}})", 1));
  ASSERT_TRUE(c.box.has_value());
  EXPECT_EQ(c.box->max, Vec3<double>(2, 2, 2));
  EXPECT_TRUE(aabb_sphere_meets_exactly(*c.box, c.b));  // 3-4-5 from an edge: touching
  const SphereCase back = expect_sphere(parse_case(format_case(c), 1));
  ASSERT_TRUE(back.box.has_value());
  EXPECT_EQ(back.box->min, c.box->min);
  EXPECT_EQ(back.b.center, c.b.center);
  EXPECT_NE(error_of(R"({"query":"aabb_sphere","a":{"min":[0,3,0],"max":[2,2,2]},"b":{"center":[5,6,1],"radius":5}})")
                .find("a.max[1] = 2: below a.min[1]"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"aabb_sphere","a":{"min":[0,0,0],"max":[2,2,2]},"b":{"center":[5,6,1],"radius":5},"motion":{"va":[0,0,0],"vb":[0,0,0],"T":1}})")
                .find("aabb_sphere is a static test"),
            std::string::npos);
}

TEST(SphereJudge, ArvoVerdictsAgainstTheExactDistance) {
  const Aabb3<double> box{{0, 0, 0}, {2, 2, 2}};
  const Sphere3<double> touching{{5, 6, 1}, 5};  // small integers: exact arithmetic, no band
  EXPECT_EQ(judge_aabb_sphere(box, touching, ScalarKind::float32, true, true).verdict_class, oracle::Class::ok);
  EXPECT_EQ(judge_aabb_sphere(box, touching, ScalarKind::float32, false, true).verdict_class, oracle::Class::gross);
  const Sphere3<double> near{{3 + 1e-12, 1, 1}, 1};  // 1e-12 apart, numbers that round
  ASSERT_FALSE(aabb_sphere_meets_exactly(box, near));
  EXPECT_EQ(judge_aabb_sphere(box, near, ScalarKind::float32, true, false).verdict_class, oracle::Class::boundary);
  EXPECT_EQ(judge_aabb_sphere(box, Sphere3<double>{{5, 1, 1}, 1}, ScalarKind::float64, true, false).verdict_class,
            oracle::Class::gross);
}

TEST(SphereCaseFile, ReadsAndWritesASpherePlaneLineAndRefusesAMovingPlane) {
  const std::string line =
      R"({"id":"p1","query":"sphere_plane","a":{"center":[0,0,5],"radius":1},"b":{"normal":[0,0,1],"offset":0},)"
      R"("motion":{"va":[0,0,-8],"vb":[0,0,0],"T":1}})";
  const CaseOrError read = parse_case(line, 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(read));
  const SphereCase& c = std::get<SphereCase>(read);
  ASSERT_TRUE(c.plane && c.sweep);
  EXPECT_EQ(c.plane->normal, Vec3<double>(0, 0, 1));
  EXPECT_EQ(c.sweep->da, Vec3<double>(0, 0, -8));
  const CaseOrError again = parse_case(format_case(c), 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(again));
  EXPECT_EQ(std::get<SphereCase>(again).plane->offset, 0);
  EXPECT_EQ(std::get<SphereCase>(again).sweep->da, c.sweep->da);
  std::string moving = line;
  moving.replace(moving.find(R"("vb":[0,0,0])"), 12, R"("vb":[1,0,0])");
  const CaseOrError bad = parse_case(moving, 2);
  ASSERT_TRUE(std::holds_alternative<CaseError>(bad));
  EXPECT_NE(std::get<CaseError>(bad).message.find("motion.vb"), std::string::npos);
  const std::string tilted = R"({"query":"sphere_plane","a":{"center":[0,0,5],"radius":1},"b":{"normal":[0,0,2],"offset":0}})";
  const CaseOrError not_unit = parse_case(tilted, 3);
  ASSERT_TRUE(std::holds_alternative<CaseError>(not_unit));
  EXPECT_NE(std::get<CaseError>(not_unit).message.find("b"), std::string::npos);
}

TEST(SpherePlaneJudge, SepaxKernelsAreNeverGrossOnAnyFamily) {
  // The static test and the sweep in float and double, against the exact
  // answers, 600 seeded cases per family and scalar.
  int judged_times = 0;
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (const gen::SphereFamily f : gen::sphere_plane_families()) {
      gen::SeededSource src(20261126, std::uint64_t(f));
      for (int i = 0; i < 600; ++i) {
        const gen::SpherePlaneCase p = gen::generate_sphere_plane(f, scalar, src, false);
        const gen::SpherePlaneCase c = gen::generate_sphere_plane(f, scalar, src, true);
        const bool single = scalar == ScalarKind::float32;
        const bool says = single ? sphere_plane::test_static(p.sphere.cast<float>(), p.plane.cast<float>())
                                 : sphere_plane::test_static(p.sphere, p.plane);
        const SphereJudgement js =
            judge_sphere_plane(p.sphere, p.plane, scalar, says, sphere_plane_meets_exactly(p.sphere, p.plane));
        ASSERT_NE(js.verdict_class, oracle::Class::gross) << gen::to_string(f) << " static case " << i;
        ContactState state;
        double first;
        if (single) {
          const auto r = sphere_plane::sweep(c.sphere.cast<float>(), Vec3<float>(c.displacement.cast<float>()),
                                             c.plane.cast<float>());
          state = r.state, first = r.first;
        } else {
          const auto r = sphere_plane::sweep(c.sphere, c.displacement, c.plane);
          state = r.state, first = r.first;
        }
        const SphereJudgement jw = judge_sphere_plane_sweep(
            c.sphere, c.displacement, c.plane, scalar, state, first,
            oracle::sphere_plane_sweep_exact(c.sphere, c.displacement, c.plane));
        ASSERT_NE(jw.verdict_class, oracle::Class::gross) << gen::to_string(f) << " sweep case " << i;
        judged_times += jw.time_error.has_value();
      }
    }
  EXPECT_GT(judged_times, 1000);  // the first-time branch of the judge was exercised
}

TEST(AabbCaseFile, ReadsAndWritesAnAabbAabbLine) {
  const std::string line =
      R"({"id":"b1","query":"aabb_aabb","a":{"min":[0,0,0],"max":[1,1,1]},"b":{"min":[4,0,0],"max":[5,1,1]},)"
      R"("motion":{"va":[0,0,0],"vb":[-4,0,0],"T":1}})";
  const CaseOrError read = parse_case(line, 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(read));
  const SphereCase& c = std::get<SphereCase>(read);
  ASSERT_TRUE(c.box && c.box_b && c.sweep);
  EXPECT_EQ(c.box_b->min, Vec3<double>(4, 0, 0));
  const CaseOrError again = parse_case(format_case(c), 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(again));
  EXPECT_EQ(std::get<SphereCase>(again).box_b->max, c.box_b->max);
  EXPECT_EQ(std::get<SphereCase>(again).sweep->db, c.sweep->db);
  const std::string inverted = R"({"query":"aabb_aabb","a":{"min":[0,0,0],"max":[1,1,1]},"b":{"min":[4,0,0],"max":[3,1,1]}})";
  const CaseOrError bad = parse_case(inverted, 4);
  ASSERT_TRUE(std::holds_alternative<CaseError>(bad));
  EXPECT_NE(std::get<CaseError>(bad).message.find("b.max[0]"), std::string::npos);
}

TEST(AabbJudge, SepaxKernelsAreNeverGrossOnAnyFamily) {
  int judged_times = 0;
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (const gen::SphereFamily f : gen::aabb_families()) {
      gen::SeededSource src(20261126, std::uint64_t(f));
      for (int i = 0; i < 600; ++i) {
        const gen::AabbPairCase p = gen::generate_aabb_pair(f, scalar, src, false);
        const gen::AabbPairCase c = gen::generate_aabb_pair(f, scalar, src, true);
        const bool single = scalar == ScalarKind::float32;
        const bool says = single ? aabb_aabb::test_static(p.a.cast<float>(), p.b.cast<float>()).intersects
                                 : aabb_aabb::test_static(p.a, p.b).intersects;
        const SphereJudgement js = judge_aabb_aabb(p.a, p.b, says, aabb_aabb_meets_exactly(p.a, p.b));
        ASSERT_EQ(js.verdict_class, oracle::Class::ok) << gen::to_string(f) << " static case " << i;
        ContactState state;
        double first;
        if (single) {
          const auto r = aabb_aabb::sweep(c.a.cast<float>(), Vec3<float>(c.da.cast<float>()), c.b.cast<float>(),
                                          Vec3<float>(c.db.cast<float>()));
          state = r.state, first = r.first;
        } else {
          const auto r = aabb_aabb::sweep(c.a, c.da, c.b, c.db);
          state = r.state, first = r.first;
        }
        const SphereJudgement jw =
            judge_aabb_sweep(c.a, c.da, c.b, c.db, scalar, state, first, oracle::aabb_aabb_sweep_exact(c.a, c.da, c.b, c.db));
        ASSERT_NE(jw.verdict_class, oracle::Class::gross) << gen::to_string(f) << " sweep case " << i;
        judged_times += jw.time_error.has_value();
      }
    }
  EXPECT_GT(judged_times, 1000);  // the first-time branch of the judge was exercised
}

}  // namespace
}  // namespace sepax::harness
