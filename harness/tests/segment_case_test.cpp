// obb_segment cases (Gomez's OBB–segment test): reading and writing the case
// line, errors naming the field, the judge's classes on hand-worked cases,
// and sepax's kernels never gross on the generator families.
#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "sepax/core/simple/obb_segment.hpp"
#include "sepax/generators/gomez.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/gomez/segment_judgement.hpp"

namespace sepax::harness {
namespace {

const char* kLine =
    R"({"id":"g1","query":"obb_segment","scalar":"float","family":"touching",)"
    R"("a":{"center":[1,0,0],"axes":[[0,1,0],[-1,0,0],[0,0,1]],"extents":[1,2,"0x1p-1"]},)"
    R"("b":{"p0":[3,1,0],"p1":[4,1,0.25]}})";

std::string error_of(const std::string& line) {
  const CaseOrError parsed = parse_case(line, 2);
  if (const auto* e = std::get_if<CaseError>(&parsed)) return e->message;
  ADD_FAILURE() << "accepted: " << line;
  return "";
}

TEST(SegmentCaseFile, ReadsAndWritesAnObbSegmentLine) {
  const CaseOrError parsed = parse_case(kLine, 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(parsed));
  const SphereCase& c = std::get<SphereCase>(parsed);
  ASSERT_TRUE(c.obb && c.segment);
  EXPECT_EQ(c.obb->extents[2], 0.5);
  EXPECT_EQ(c.segment->p1, Vec3<double>(4, 1, 0.25));
  // The box spans x in [1 - 2, 1 + 2] (its second axis is -x): p0 = (3, 1, 0) lies on that face.
  EXPECT_TRUE(obb_segment_meets_exactly(*c.obb, *c.segment));
  const CaseOrError again = parse_case(format_case(c), 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(again));
  const SphereCase& back = std::get<SphereCase>(again);
  ASSERT_TRUE(back.obb && back.segment);
  EXPECT_EQ(back.obb->axes[1], c.obb->axes[1]);
  EXPECT_EQ(back.segment->p0, c.segment->p0);
  EXPECT_EQ(back.scalar, ScalarKind::float32);
}

TEST(SegmentCaseFile, BadLinesNameTheFieldAndValue) {
  const std::string box = R"("a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]})";
  EXPECT_NE(error_of(R"({"query":"obb_segment",)" + box + R"(,"b":{"p0":[0,0,0],"q1":[1,1,1]}})")
                .find("b.q1: unknown field"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"obb_segment",)" + box + R"(,"b":{"p0":[0,0,0],"p1":[1,"nan",1]}})")
                .find("b.p1[1]"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"obb_segment","a":{"center":[0,0,0],"axes":[[1,0,0],[0,2,0],[0,0,1]],"extents":[1,1,1]},"b":{"p0":[0,0,0],"p1":[1,1,1]}})")
                .find("a"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"query":"obb_segment",)" + box +
                     R"(,"b":{"p0":[0,0,0],"p1":[1,1,1]},"motion":{"va":[0,0,0],"vb":[0,0,0],"T":1}})")
                .find("obb_segment is a static test"),
            std::string::npos);
}

TEST(SegmentJudge, VerdictsAgainstTheExactAnswerAndTheBand) {
  Obb3<double> unit;
  unit.extents = {1, 1, 1};
  const Segment3<double> touching{{0, 2, 0}, {2, 0, 0}};  // through the edge point (1, 1, 0): small integers, band 0
  ASSERT_TRUE(obb_segment_meets_exactly(unit, touching));
  EXPECT_EQ(judge_obb_segment(unit, touching, ScalarKind::float32, true, true).verdict_class, oracle::Class::ok);
  const SphereJudgement missed = judge_obb_segment(unit, touching, ScalarKind::float32, false, true);
  EXPECT_EQ(missed.verdict_class, oracle::Class::gross);
  EXPECT_EQ(*missed.tolerance, 0);
  const Segment3<double> near{{0, 2 + 1e-12, 0.1}, {2 + 1e-12, 0, 0.1}};  // 1e-12·√2/2 outside the edge
  ASSERT_FALSE(obb_segment_meets_exactly(unit, near));
  EXPECT_EQ(judge_obb_segment(unit, near, ScalarKind::float32, true, false).verdict_class, oracle::Class::boundary);
  const Segment3<double> far{{0, 3, 0}, {3, 0, 0}};  // √2/2 outside
  EXPECT_EQ(judge_obb_segment(unit, far, ScalarKind::float64, true, false).verdict_class, oracle::Class::gross);
}

TEST(SegmentJudge, SepaxKernelsAreNeverGrossOnAnyFamily) {
  int judged = 0;
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (const gen::SegmentFamily f : gen::segment_families()) {
      gen::SeededSource src(20261127, std::uint64_t(f));
      for (int i = 0; i < 800; ++i) {
        const gen::BoxSegmentPair p = gen::generate_box_segment(f, scalar, src);
        const bool says = scalar == ScalarKind::float32
                              ? obb_segment::test_static(p.box.cast<float>(), p.segment.cast<float>()).intersects
                              : obb_segment::test_static(p.box, p.segment).intersects;
        const bool exact = obb_segment_meets_exactly(p.box, p.segment);
        const SphereJudgement j = judge_obb_segment(p.box, p.segment, scalar, says, exact);
        ASSERT_NE(j.verdict_class, oracle::Class::gross)
            << gen::to_string(f) << " " << to_string(scalar) << " case " << i << ": " << format_case([&] {
                 SphereCase c;
                 c.scalar = scalar;
                 c.obb = p.box;
                 c.segment = p.segment;
                 return c;
               }());
        judged += j.margin.has_value();
      }
    }
  EXPECT_GT(judged, 5);  // some verdicts disagreed with the exact one and were judged on the band
}

}  // namespace
}  // namespace sepax::harness
