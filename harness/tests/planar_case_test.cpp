// rect_rect lines in case files (planar_case.hpp) and the 2D judge
// (rect_judgement.hpp): reading, errors that name the field, an exact round
// trip, and classes that follow the exact answer and the band.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "sepax/harness/case_file.hpp"
#include "sepax/harness/planar/rect_judgement.hpp"
#include "sepax/oracle/exact_rect2.hpp"

namespace sepax::harness {
namespace {

constexpr const char* kTouching =
    R"({"id":"r1","query":"rect_rect","scalar":"float","family":"touching",)"
    R"("a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},)"
    R"("b":{"center":["0x1p+1",0],"axes":[[1,0],[0,1]],"extents":[1,1]}})";

PlanarCase expect_planar(const CaseOrError& parsed) {
  if (const auto* e = std::get_if<CaseError>(&parsed)) {
    ADD_FAILURE() << "unexpected error: " << e->message;
    return {};
  }
  if (!std::holds_alternative<PlanarCase>(parsed)) {
    ADD_FAILURE() << "read as a 3D case";
    return {};
  }
  return std::get<PlanarCase>(parsed);
}

std::string error_of(const std::string& line) {
  const CaseOrError parsed = parse_case(line, 4);
  if (const auto* e = std::get_if<CaseError>(&parsed)) return e->message;
  ADD_FAILURE() << "accepted: " << line;
  return "";
}

std::string with_b(const std::string& b) {
  return std::string(R"({"query":"rect_rect","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"b":)") + b +
         "}";
}

TEST(PlanarCaseFile, ReadsARectRectLine) {
  const PlanarCase c = expect_planar(parse_case(kTouching, 3));
  EXPECT_EQ(c.id, "r1");
  EXPECT_EQ(c.line, 3u);
  EXPECT_EQ(c.scalar, ScalarKind::float32);
  EXPECT_EQ(c.family, "touching");
  EXPECT_EQ(c.b.center, Vec2<double>(2, 0));
  EXPECT_EQ(c.a.axes[1], Vec2<double>(0, 1));
  EXPECT_EQ(c.b.extents[0], 1.0);
}

TEST(PlanarCaseFile, RoundTripsBitExactly) {
  PlanarCase c;
  c.id = "rt";
  c.scalar = ScalarKind::float64;
  c.a.center = {0.1, -1e-300};
  c.a.axes = {Vec2<double>(std::cos(0.3), std::sin(0.3)), Vec2<double>(-std::sin(0.3), std::cos(0.3))};
  c.a.extents = {0.7, 0};
  c.b.center = {3.0, 1.0 / 3};
  c.b.extents = {2, 5e-7};
  const PlanarCase back = expect_planar(parse_case(format_case(c), 1));
  EXPECT_EQ(back.a.center, c.a.center);
  EXPECT_EQ(back.a.axes[0], c.a.axes[0]);
  EXPECT_EQ(back.a.axes[1], c.a.axes[1]);
  EXPECT_EQ(back.a.extents, c.a.extents);
  EXPECT_EQ(back.b.center, c.b.center);
  EXPECT_EQ(back.b.extents, c.b.extents);
}

TEST(PlanarCaseFile, BadLinesNameTheFieldAndValue) {
  EXPECT_NE(error_of(with_b(R"({"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,-2]})")).find("b.extents[1] = -2"),
            std::string::npos);
  EXPECT_NE(error_of(with_b(R"({"center":[0,0],"axes":[[1,0],[0,2]],"extents":[1,1]})")).find("b.axes[1]"),
            std::string::npos);
  EXPECT_NE(error_of(with_b(R"({"center":[0,0],"axes":[[1,0],[1,0]],"extents":[1,1]})")).find("not orthogonal"),
            std::string::npos);
  EXPECT_NE(error_of(with_b(R"({"center":[0,0,0],"axes":[[1,0],[0,1]],"extents":[1,1]})")).find("b.center"),
            std::string::npos);
  EXPECT_NE(error_of(with_b(R"({"center":[0,"nan"],"axes":[[1,0],[0,1]],"extents":[1,1]})")).find("b.center[1]"),
            std::string::npos);
  EXPECT_NE(error_of(with_b(R"({"centre":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]})")).find("b.centre: unknown"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"rect_rect","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]}})").find("b: missing"),
            std::string::npos);
}

TEST(RectJudge, ClassesFollowTheExactAnswerAndTheBand) {
  Rect2<double> a, b;
  a.extents = {1, 1};
  b.extents = {1, 1};
  b.center = {2.5, 0};  // a gap of 1/2: far outside any band
  EXPECT_EQ(judge_rect_verdict(a, b, ScalarKind::float32, false, false).verdict_class, oracle::Class::ok);
  const RectJudgement wrong = judge_rect_verdict(a, b, ScalarKind::float32, true, false);
  EXPECT_EQ(wrong.verdict_class, oracle::Class::gross);
  ASSERT_TRUE(wrong.margin.has_value());
  EXPECT_GT(*wrong.margin, 0.1);
  // Exactly touching, axis-aligned, every number exact: no rounding happens,
  // so "separated" is gross even in float.
  b.center = {2, 0};
  EXPECT_EQ(judge_rect_verdict(a, b, ScalarKind::float32, false, true).verdict_class, oracle::Class::gross);
  // Rotated (rounded axes), a gap of ~1e-9 of the size: within float's band.
  Rect2<double> c = a, d = a;
  c.axes = {Vec2<double>(std::cos(0.3), std::sin(0.3)), Vec2<double>(-std::sin(0.3), std::cos(0.3))};
  d.axes = c.axes;
  d.center = (2 + 1e-9) * c.axes[0];
  const RectJudgement near = judge_rect_verdict(c, d, ScalarKind::float32, true, false);
  EXPECT_EQ(near.verdict_class, oracle::Class::boundary);
  EXPECT_GT(*near.margin, 0);
  // A gap of 1e-3 of the size: beyond float's band.
  b.center = {2 + 2e-3, 0};
  EXPECT_EQ(judge_rect_verdict(a, b, ScalarKind::float32, true, false).verdict_class, oracle::Class::gross);
  // Rounding to float changes the pair as a float kernel sees it.
  Rect2<double> r;
  r.center = {0.1, 0};
  EXPECT_EQ(rect_rounded_to(r, ScalarKind::float32).center[0], double(0.1f));
  EXPECT_EQ(rect_rounded_to(r, ScalarKind::float64).center[0], 0.1);
}

TEST(PlanarCaseFile, ReadsAndWritesAMotion) {
  const PlanarCase c = expect_planar(parse_case(
      R"({"query":"rect_rect","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"b":{"center":[4,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"motion":{"va":[0,0],"vb":[-4,"0x1p-3"],"T":1}})",
      1));
  ASSERT_TRUE(c.motion.has_value());
  EXPECT_EQ(c.motion->velocity_b, Vec2<double>(-4, 0.125));
  const PlanarCase back = expect_planar(parse_case(format_case(c), 1));
  ASSERT_TRUE(back.motion.has_value());
  EXPECT_EQ(back.motion->velocity_b, c.motion->velocity_b);
  EXPECT_EQ(back.motion->duration, 1.0);
  EXPECT_NE(error_of(R"({"query":"rect_rect","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"b":{"center":[4,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"motion":{"va":[0,0],"vb":[-4,0],"T":-1}})")
                .find("motion.T = -1: negative"),
            std::string::npos);
}

TEST(RectJudge, FirstContactTimesWithinTheBandOfTouching) {
  // B slides in from x = 4 at speed 4: gap 2 closes at t* = 1/2.
  Rect2<double> a, b;
  a.extents = {1, 1};
  b.extents = {1, 1};
  b.center = {4, 0};
  const LinearMotion2<double> m{{0, 0}, {-4, 0}, 1};
  auto judge = [&](ContactState state, double t, ScalarKind s = ScalarKind::float64) {
    return judge_rect_contact(a, b, m, s, state, t, ContactState::first_contact, 0.5);
  };
  EXPECT_EQ(judge(ContactState::first_contact, 0.5).verdict_class, oracle::Class::ok);
  EXPECT_EQ(judge(ContactState::first_contact, 0.5 + 1e-16).verdict_class, oracle::Class::ok);
  const RectContactJudgement late = judge(ContactState::first_contact, 0.51);
  EXPECT_EQ(late.verdict_class, oracle::Class::gross);
  EXPECT_NEAR(*late.time_error, 0.01, 1e-15);
  EXPECT_EQ(judge(ContactState::first_contact, 0.5 - 1e-7, ScalarKind::float32).verdict_class, oracle::Class::ok);
  EXPECT_EQ(judge(ContactState::first_contact, 0.5 - 1e-3, ScalarKind::float32).verdict_class, oracle::Class::gross);
  EXPECT_EQ(judge(ContactState::separated_throughout, 0).verdict_class, oracle::Class::gross);
  EXPECT_EQ(judge(ContactState::overlapping_at_start, 0).verdict_class, oracle::Class::gross);
  // Grazing: B passes exactly along A's top edge (touching throughout): "separated" is within the band.
  Rect2<double> c = b;
  c.center = {4, 2};
  const oracle::ExactRectContact e = oracle::rect_rect_first_contact(a, c, m);
  ASSERT_EQ(e.state, ContactState::first_contact);
  EXPECT_EQ(judge_rect_contact(a, c, m, ScalarKind::float64, ContactState::separated_throughout, 0, e.state, e.time)
                .verdict_class,
            oracle::Class::boundary);
}

}  // namespace
}  // namespace sepax::harness
