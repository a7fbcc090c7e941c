// The signed-distance judge (distance_judgement.hpp) on pairs whose distance,
// depth and witnesses are worked out by hand: right answers pass, and each
// kind of wrong answer fails the check that names it.
#include <gtest/gtest.h>

#include <cmath>

#include "sepax/harness/distance/distance_judgement.hpp"

namespace sepax::harness {
namespace {

Obb3d unit_box(Vec3<double> center) {
  Obb3d b;
  b.center = center;
  b.axes = {Vec3<double>::UnitX(), Vec3<double>::UnitY(), Vec3<double>::UnitZ()};
  b.extents = {1, 1, 1};
  return b;
}

ShapePair boxes(double x) { return ShapePair{Query::obb_obb, {}, {}, unit_box({0, 0, 0}), unit_box({x, 0, 0})}; }

DistanceAnswer apart(double d, Vec3<double> pa, Vec3<double> pb) {
  DistanceAnswer a;
  a.distance = d;
  a.point_a = pa;
  a.point_b = pb;
  return a;
}

DistanceAnswer overlap(double depth, Vec3<double> normal) {
  DistanceAnswer a;
  a.distance = -depth;
  a.normal = normal;
  return a;
}

oracle::Class judged(const ShapePair& p, const DistanceAnswer& a, std::string* reason = nullptr) {
  const DistanceJudgement j = judge_distance(p, ScalarKind::float64, a, distance_truth(p));
  if (reason) *reason = j.reason;
  return j.verdict_class;
}

TEST(DistanceJudgement, TheTruthIsTheExactSignedDistance) {
  const DistanceTruth apart_by_half = distance_truth(boxes(2.5));
  EXPECT_FALSE(apart_by_half.intersects);
  EXPECT_DOUBLE_EQ(apart_by_half.margin * apart_by_half.ell, 0.5);
  const DistanceTruth overlapping = distance_truth(boxes(1.75));
  EXPECT_TRUE(overlapping.intersects);
  EXPECT_DOUBLE_EQ(overlapping.margin * overlapping.ell, -0.25);
}

TEST(DistanceJudgement, RightAnswersAreOk) {
  EXPECT_EQ(judged(boxes(2.5), apart(0.5, {1, 0.3, -0.2}, {1.5, 0.3, -0.2})), oracle::Class::ok);
  EXPECT_EQ(judged(boxes(1.75), overlap(0.25, {1, 0, 0})), oracle::Class::ok);
  EXPECT_EQ(judged(boxes(2), overlap(0, {0, 0, 0})), oracle::Class::ok);  // touching
}

TEST(DistanceJudgement, EachWrongAnswerIsGrossAndNamed) {
  std::string why;
  EXPECT_EQ(judged(boxes(2.5), apart(0.6, {1, 0, 0}, {1.6, 0, 0}), &why), oracle::Class::gross);
  EXPECT_NE(why.find("distance"), std::string::npos) << why;
  // The right distance, a witness off its box.
  EXPECT_EQ(judged(boxes(2.5), apart(0.5, {1.1, 0, 0}, {1.6, 0, 0}), &why), oracle::Class::gross);
  EXPECT_NE(why.find("witness"), std::string::npos) << why;
  // Overlapping boxes called apart, and apart ones called overlapping.
  EXPECT_EQ(judged(boxes(1.75), apart(0.1, {1, 0, 0}, {1.1, 0, 0}), &why), oracle::Class::gross);
  EXPECT_NE(why.find("overlap"), std::string::npos) << why;
  EXPECT_EQ(judged(boxes(2.5), overlap(0.1, {1, 0, 0})), oracle::Class::gross);
  // The depth 1.0 where it is 0.25 (a reported EPA failure's shape).
  EXPECT_EQ(judged(boxes(1.75), overlap(1.0, {1, 0, 0}), &why), oracle::Class::gross);
  EXPECT_NE(why.find("penetration depth"), std::string::npos) << why;
  // The right depth along a direction that does not separate by it (y: overlap 2).
  EXPECT_EQ(judged(boxes(1.75), overlap(0.25, {0, 1, 0}), &why), oracle::Class::gross);
  EXPECT_NE(why.find("normal"), std::string::npos) << why;
  // The normal pointing from B to A.
  EXPECT_EQ(judged(boxes(1.75), overlap(0.25, {-1, 0, 0})), oracle::Class::gross);
  EXPECT_EQ(judged(boxes(1.75), overlap(0.25, {0, 0, 0}), &why), oracle::Class::gross);
  EXPECT_EQ(judged(boxes(2.5), apart(NAN, {1, 0, 0}, {1.5, 0, 0}), &why), oracle::Class::gross);
}

TEST(DistanceJudgement, ADeclaredToleranceCoversAnIterativeMethodsErrorAndNoMore) {
  DistanceAnswer close = apart(0.5 + 1e-7, {1, 0, 0}, {1.5 + 1e-7, 0, 0});
  EXPECT_EQ(judged(boxes(2.5), close), oracle::Class::gross);  // beyond double's band
  close.tolerance = 1e-6;
  EXPECT_EQ(judged(boxes(2.5), close), oracle::Class::ok);
  DistanceAnswer far = apart(0.6, {1, 0, 0}, {1.6, 0, 0});
  far.tolerance = 1e-6;
  EXPECT_EQ(judged(boxes(2.5), far), oracle::Class::gross);
}

TEST(DistanceJudgement, TrianglesTooAboveABoxAndBesideEachOther) {
  Triangle3d t;
  t.vertices = {Vec3<double>(-1, -1, 3), Vec3<double>(1, -1, 3), Vec3<double>(0, 1, 3)};
  const ShapePair above{Query::tri_obb, t, {}, {}, unit_box({0, 0, 0})};
  EXPECT_EQ(judged(above, apart(2, {0, 0, 3}, {0, 0, 1})), oracle::Class::ok);
  EXPECT_EQ(judged(above, apart(2, {0, 0, 2.5}, {0, 0, 1})), oracle::Class::gross);  // not on the triangle
  Triangle3d u = t;
  for (Vec3<double>& v : u.vertices) v.z() = 2.5;
  const ShapePair stacked{Query::tri_tri, t, u, {}, {}};
  EXPECT_EQ(judged(stacked, apart(0.5, {0, 0, 3}, {0, 0, 2.5})), oracle::Class::ok);
}

}  // namespace
}  // namespace sepax::harness
