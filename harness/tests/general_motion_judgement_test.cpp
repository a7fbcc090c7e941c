// Eberly §5's general motion judged step by step: sepax's stepped kernels are
// never gross on the general-motion families (and the families reach first
// contacts and the re-run), a wrong time or a missed contact is caught.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <variant>

#include "sepax/generators/general_motion.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/general_motion_judgement.hpp"

namespace sepax::harness {
namespace {

GeneralMotionSetup setup_of(const gen::GeneralMotionCase& c) {
  return {c.pair, c.motion_a, c.motion_b, c.steps, c.integrator};
}

TEST(GeneralMotionJudge, SepaxStepsAreNeverGrossAndTheFamiliesReachEveryBranch) {
  int firsts = 0, reruns = 0, scored = 0, separated = 0;
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (const Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
      for (const gen::GeneralMotionFamily f : gen::general_motion_families()) {
        gen::SeededSource src(20261126, std::uint64_t(f) * 3 + std::uint64_t(query));
        for (int i = 0; i < 25; ++i) {
          const GeneralMotionSetup s = setup_of(gen::generate_general_motion(query, f, scalar, src));
          const GeneralMotionTruth truth = general_motion_truth(s, scalar);
          const GeneralContactResult<double> answer =
              run_sepax_general_motion(s, scalar);
          const GeneralMotionJudgement j = judge_general_motion(s, answer, truth);
          ASSERT_NE(j.verdict_class, oracle::Class::gross)
              << to_string(query) << " " << gen::to_string(f) << " " << to_string(scalar) << " case " << i << ": "
              << j.reason;
          ASSERT_GE(j.claims, 1);
          firsts += truth.state == ContactState::first_contact;
          reruns += truth.frozen_at_end;
          separated += truth.state == ContactState::separated_throughout;
          scored += j.time_error.has_value();
        }
      }
  std::printf("firsts %d reruns %d separated %d scored %d\n", firsts, reruns, separated, scored);
  EXPECT_GT(firsts, 100);
  EXPECT_GT(reruns, 5);
  EXPECT_GT(separated, 50);
  EXPECT_GT(scored, 100);
}

TEST(GeneralMotionJudge, AWrongTimeAndAMissedContactAreGross) {
  gen::SeededSource src(7);
  int checked = 0;
  for (int i = 0; i < 200 && checked < 5; ++i) {
    const GeneralMotionSetup s =
        setup_of(gen::generate_general_motion(Query::obb_obb, gen::GeneralMotionFamily::random, ScalarKind::float64, src));
    const GeneralMotionTruth truth = general_motion_truth(s, ScalarKind::float64);
    const GeneralContactResult<double> answer = run_sepax_general_motion(s, ScalarKind::float64);
    if (truth.state != ContactState::first_contact || answer.state != ContactState::first_contact ||
        answer.frozen_at_end || truth.frozen_at_end)
      continue;
    ASSERT_EQ(judge_general_motion(s, answer, truth).verdict_class, oracle::Class::ok);
    GeneralContactResult<double> late = answer;
    late.time = answer.step_begin + 0.999 * (answer.step_end - answer.step_begin);
    if (answer.time < answer.step_begin + 0.9 * (answer.step_end - answer.step_begin)) {
      EXPECT_EQ(judge_general_motion(s, late, truth).verdict_class, oracle::Class::gross) << "case " << i;
    }
    GeneralContactResult<double> missed = answer;
    missed.state = ContactState::separated_throughout;
    const GeneralMotionJudgement m = judge_general_motion(s, missed, truth);
    EXPECT_NE(m.verdict_class, oracle::Class::ok) << "case " << i;
    EXPECT_EQ(m.deciding_step, truth.step);
    ++checked;
  }
  EXPECT_EQ(checked, 5);
}

TEST(GeneralMotionCaseFile, RoundTripsAndBadFieldsAreNamed) {
  gen::SeededSource src(11);
  const gen::GeneralMotionCase g =
      gen::generate_general_motion(Query::tri_obb, gen::GeneralMotionFamily::spin, ScalarKind::float32, src);
  Case c;
  c.id = "g1";
  c.scalar = ScalarKind::float32;
  c.pair = g.pair;
  c.general = GeneralMotionSpec{g.motion_a, g.motion_b, g.steps, g.integrator};
  const CaseOrError back = parse_case(format_case(c), 1);
  ASSERT_TRUE(std::holds_alternative<Case>(back)) << format_case(c);
  const Case& r = std::get<Case>(back);
  ASSERT_TRUE(r.general.has_value());
  EXPECT_EQ(r.pair.query, Query::tri_obb);
  EXPECT_EQ(r.pair.tri_a.vertices[1], c.pair.tri_a.vertices[1]);
  EXPECT_EQ(r.general->a.angular_velocity, g.motion_a.angular_velocity);
  EXPECT_EQ(r.general->b.center, g.motion_b.center);
  EXPECT_EQ(r.general->steps, g.steps);
  EXPECT_EQ(r.general->integrator, g.integrator);
  EXPECT_FALSE(r.motion.has_value());
  const std::string shapes =
      R"("a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},"b":{"center":[3,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]})";
  const std::string rigid = R"({"center":[0,0,0],"velocity":[1,0,0],"angular_velocity":[0,0,1]})";
  auto error_of = [](const std::string& line) {
    const CaseOrError parsed = parse_case(line, 3);
    return std::holds_alternative<CaseError>(parsed) ? std::get<CaseError>(parsed).message : std::string("accepted");
  };
  EXPECT_NE(error_of(R"({"query":"general_motion","pair":"obb_box",)" + shapes + "}").find("pair = \"obb_box\""),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"general_motion","pair":"obb_obb",)" + shapes + R"(,"motion":{"a":)" + rigid +
                     R"(,"b":)" + rigid + R"(,"T":1,"steps":0,"integrator":"rk4"}})")
                .find("motion.steps = 0"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"general_motion","pair":"obb_obb",)" + shapes + R"(,"motion":{"a":)" + rigid +
                     R"(,"b":)" + rigid + R"(,"T":1,"steps":4,"integrator":"midpoint"}})")
                .find("motion.integrator = \"midpoint\""),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"general_motion","pair":"obb_obb",)" + shapes + R"(,"motion":{"a":{"center":[0,0,0],"velocity":[1,0,0]},"b":)" +
                     rigid + R"(,"T":1,"steps":4,"integrator":"rk4"}})")
                .find("motion.a.angular_velocity: missing"),
            std::string::npos);
}

}  // namespace
}  // namespace sepax::harness
