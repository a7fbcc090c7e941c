// obb_to_aabb cases (Gomez's OBB→AABB conversion): the case line, and the
// judge — contained exactly and tight within the rounding, or gross.
#include <cmath>
#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/generators/gomez.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/gomez/enclosure_judgement.hpp"

namespace sepax::harness {
namespace {

TEST(EnclosureCaseFile, ReadsWritesAndRefusesASecondShape) {
  const std::string line =
      R"({"id":"e1","query":"obb_to_aabb","a":{"center":[1,2,3],"axes":[[0,1,0],[-1,0,0],[0,0,1]],"extents":[1,2,0.5]}})";
  const CaseOrError parsed = parse_case(line, 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(parsed));
  const SphereCase& c = std::get<SphereCase>(parsed);
  ASSERT_TRUE(c.obb && !c.segment);
  const CaseOrError again = parse_case(format_case(c), 1);
  ASSERT_TRUE(std::holds_alternative<SphereCase>(again));
  EXPECT_EQ(std::get<SphereCase>(again).obb->axes[1], c.obb->axes[1]);
  const CaseOrError two = parse_case(
      R"({"query":"obb_to_aabb","a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},"b":{"p0":[0,0,0],"p1":[1,1,1]}})",
      4);
  ASSERT_TRUE(std::holds_alternative<CaseError>(two));
  EXPECT_NE(std::get<CaseError>(two).message.find("obb_to_aabb takes one box"), std::string::npos);
}

TEST(EnclosureJudge, ContainedAndTightIsOkACutOrALooseBoxIsGross) {
  Obb3<double> box;
  box.center = {1, 2, 3};
  box.axes = {Vec3<double>(0, 1, 0), Vec3<double>(-1, 0, 0), Vec3<double>(0, 0, 1)};
  box.extents = {1, 2, 0.5};  // spans x ∈ [-1, 3], y ∈ [1, 3], z ∈ [2.5, 3.5]
  const Aabb3<double> exact{{-1, 1, 2.5}, {3, 3, 3.5}};
  EXPECT_EQ(judge_obb_to_aabb(box, exact, ScalarKind::float64).verdict_class, oracle::Class::ok);
  Aabb3<double> cut = exact;
  cut.max[0] = std::nextafter(3.0, 0.0);
  const EnclosureJudgement j = judge_obb_to_aabb(box, cut, ScalarKind::float64);
  EXPECT_EQ(j.verdict_class, oracle::Class::gross);
  EXPECT_GT(j.miss, 0);
  Aabb3<double> loose = exact;
  loose.min[2] -= 1e-6;
  EXPECT_EQ(judge_obb_to_aabb(box, loose, ScalarKind::float64).verdict_class, oracle::Class::gross);
  EXPECT_EQ(judge_obb_to_aabb(box, loose, ScalarKind::float32).verdict_class, oracle::Class::ok);  // within 16 ε_float
}

TEST(EnclosureJudge, SepaxIsNeverGrossOnTheBoxFamilies) {
  int judged = 0;
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (const gen::SegmentFamily f : {gen::SegmentFamily::random, gen::SegmentFamily::touching, gen::SegmentFamily::scale}) {
      gen::SeededSource src(20261128, std::uint64_t(f));
      for (int i = 0; i < 500; ++i) {
        const Obb3<double> box = gen::generate_box_segment(f, scalar, src).box;
        Aabb3<double> a;
        if (scalar == ScalarKind::float32) {
          const Aabb3<float> af = obb_to_aabb(box.cast<float>());
          a = {af.min.cast<double>(), af.max.cast<double>()};
        } else {
          a = obb_to_aabb(box);
        }
        const EnclosureJudgement j = judge_obb_to_aabb(box, a, scalar);
        ASSERT_EQ(j.verdict_class, oracle::Class::ok) << gen::to_string(f) << " case " << i << ": " << j.reason;
        ++judged;
      }
    }
  EXPECT_EQ(judged, 3000);
}

}  // namespace
}  // namespace sepax::harness
