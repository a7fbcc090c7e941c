// OBB–OBB manifolds: the exact manifold facts (oracle/exact_manifold.hpp) on
// boxes worked out by hand, the judge on hand-made right and wrong answers,
// and sepax's kernels judged on every family (0 gross, both kinds of contact
// exercised).
#include <cmath>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "sepax/core/static/obb_obb_manifold.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/harness/manifold/manifold_judgement.hpp"
#include "sepax/oracle/exact_manifold.hpp"

namespace sepax::harness {
namespace {

Obb3d box(Vec3<double> c, double ex, double ey, double ez) {
  Obb3d b;
  b.center = c;
  b.extents = {ex, ey, ez};
  return b;
}

// A (half-widths 2, 2, 1) at the origin; B (0.5, 0.5, 1) centred at
// (0.5, −0.5, 1.75): B's bottom face z = 0.75 is 0.25 deep in A's top face.
const Obb3d kA = box({0, 0, 0}, 2, 2, 1);
const Obb3d kB = box({0.5, -0.5, 1.75}, 0.5, 0.5, 1);

TEST(ExactManifold, OrientedOverlapIsTheTranslationThatSeparates) {
  // Along +z B must rise 0.25; along −z it must sink 2.75 + 1 = 3.75.
  EXPECT_DOUBLE_EQ(oracle::oriented_overlap(kA, kB, {0, 0, 1}, 1), 0.25);
  EXPECT_DOUBLE_EQ(oracle::oriented_overlap(kA, kB, {0, 0, -7}, 1), 3.75);
  EXPECT_TRUE(std::isnan(oracle::oriented_overlap(kA, kB, {0, 0, 0}, 1)));
}

TEST(ExactManifold, OutsideDistanceIsZeroInsideAndTheGapOutside) {
  EXPECT_EQ(oracle::outside_distance(kA, {2, -2, 1}, 1), 0.0);  // a corner
  EXPECT_DOUBLE_EQ(oracle::outside_distance(kA, {5, 0, 0}, 1), 3.0);
  EXPECT_DOUBLE_EQ(oracle::outside_distance(kA, {5, 6, 1}, 2), 2.5);  // √(3² + 4²) / 2
}

TEST(ExactManifold, FacePolygonOfStackedBoxesIsTheSmallFacesCorners) {
  // Reference: A's top face (k = 2, side +1); incident: B's bottom face.
  const auto polygons = oracle::face_contact_polygons(kA, 2, 1, kB, 1e-9, 1e-12);
  ASSERT_EQ(polygons.size(), 1u);
  EXPECT_EQ(polygons[0].must.size(), 4u);
  for (const oracle::Point3& p : polygons[0].must) {
    EXPECT_EQ(p[2], 0.75);
    EXPECT_TRUE((p[0] == 0 || p[0] == 1) && (p[1] == 0 || p[1] == -1)) << p[0] << " " << p[1];
  }
}

TEST(ExactManifold, EdgeSegmentJoinsTheCrossedEdges) {
  // A turned 45° about x (its top edge along x at z = √2), B turned 45° about
  // y (its bottom edge along y at z = 2.8 − √2): the edges cross above the origin.
  Obb3d a = box({0, 0, 0}, 1, 1, 1), b = box({0, 0, 2.8}, 1, 1, 1);
  const double h = std::sqrt(0.5);
  a.axes = {Vec3<double>(1, 0, 0), Vec3<double>(0, h, h), Vec3<double>(0, -h, h)};
  b.axes = {Vec3<double>(h, 0, -h), Vec3<double>(0, 1, 0), Vec3<double>(h, 0, h)};
  const auto segment = oracle::edge_contact_segment(a, 0, b, 1, {0, 0, 1}, 1e-9);
  ASSERT_TRUE(segment);
  EXPECT_NEAR((*segment)[0][2], 2.8 - std::sqrt(2.0), 1e-15);  // on B's edge
  EXPECT_NEAR((*segment)[1][2], std::sqrt(2.0), 1e-15);        // on A's edge
  for (const auto& p : *segment) EXPECT_NEAR(std::hypot(p[0], p[1]), 0, 1e-15);
}

/// The stacked boxes' right manifold, written by hand.
ManifoldAnswer right_answer() {
  ManifoldAnswer m;
  m.contact = true;
  m.normal = {0, 0, 1};
  m.depth = 0.25;
  m.points = {{0, -1, 0.75}, {1, -1, 0.75}, {1, 0, 0.75}, {0, 0, 0.75}};
  return m;
}

TEST(ManifoldJudge, RightAnswerIsOk) {
  const ManifoldJudgement j = judge_manifold(kA, kB, ScalarKind::float64, right_answer(), manifold_truth(kA, kB));
  EXPECT_EQ(j.verdict_class, oracle::Class::ok) << j.reason;
  EXPECT_EQ(*j.depth_error, 0.0);
  EXPECT_EQ(*j.point_distance, 0.0);
}

TEST(ManifoldJudge, EachWrongPartIsGrossAndNamed) {
  const ManifoldTruth t = manifold_truth(kA, kB);
  const auto judge = [&](const ManifoldAnswer& m) { return judge_manifold(kA, kB, ScalarKind::float64, m, t); };
  ManifoldAnswer deeper = right_answer();
  deeper.depth = 0.2501;
  EXPECT_EQ(judge(deeper).reason, "depth");
  ManifoldAnswer flipped = right_answer();
  flipped.normal = {0, 0, -1};
  EXPECT_EQ(judge(flipped).reason, "normal is not a direction of least penetration");
  ManifoldAnswer outside = right_answer();
  outside.points[1] = {1, -1, 0.7};  // below B's bottom face
  EXPECT_EQ(judge(outside).reason, "point outside the boxes");
  ManifoldAnswer half = right_answer();
  half.points.resize(2);  // an edge of the contact square only
  EXPECT_EQ(judge(half).reason, "face contact polygon");
  ManifoldAnswer none = right_answer();
  none.contact = false;
  EXPECT_EQ(judge(none).verdict_class, oracle::Class::gross);
  for (const ManifoldAnswer* m : {&deeper, &flipped, &outside, &half}) EXPECT_EQ(judge(*m).verdict_class, oracle::Class::gross);
}

TEST(ManifoldJudge, PointsAnywhereAlongTheNormalInsideBothBoxesAreOk) {
  // FCL reports its points halfway between the faces: still the contact square, across the normal.
  ManifoldAnswer mid = right_answer();
  for (Vec3<double>& p : mid.points) p[2] = 0.875;
  EXPECT_EQ(judge_manifold(kA, kB, ScalarKind::float64, mid, manifold_truth(kA, kB)).verdict_class, oracle::Class::ok);
}

/// sepax's manifold in S, as the judge takes it.
template <class S>
ManifoldAnswer sepax_answer(const Obb3d& a, const Obb3d& b, AxisKind& kind) {
  const obb_obb::Manifold<S> m = obb_obb::find_manifold(a.cast<S>(), b.cast<S>());
  kind = m.axis.kind;
  ManifoldAnswer out{m.contact, m.normal.template cast<double>(), double(m.depth), {}};
  for (int k = 0; k < m.count; ++k) out.points.push_back(m.points[k].template cast<double>());
  return out;
}

TEST(ManifoldProperty, SepaxIsNeverGrossAndMeetsFacesAndEdges) {
  constexpr int kCases = 400;  // per family and scalar; seeded: the failure message names the case
  std::map<AxisKind, int> kinds;
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (const gen::Family f : gen::all_families()) {
      if (f == gen::Family::motion) continue;
      for (int i = 0; i < kCases; ++i) {
        const ShapePair p = gen::generate(f, Query::obb_obb, scalar, 20261126, std::uint64_t(i));
        AxisKind kind = AxisKind::none;
        const ManifoldAnswer m = scalar == ScalarKind::float32 ? sepax_answer<float>(p.obb_a, p.obb_b, kind)
                                                              : sepax_answer<double>(p.obb_a, p.obb_b, kind);
        const ManifoldJudgement j = judge_manifold(p.obb_a, p.obb_b, scalar, m, manifold_truth(p.obb_a, p.obb_b));
        ASSERT_NE(j.verdict_class, oracle::Class::gross)
            << j.reason << "; replay: sepax verify --manifold-cases " << i + 1 << " (family " << gen::to_string(f)
            << ", " << to_string(scalar) << ", seed 20261126, index " << i << ")";
        ++kinds[kind];
      }
    }
  // The property exercises both ways of making contact, and separation.
  EXPECT_GT(kinds[AxisKind::face_a] + kinds[AxisKind::face_b], 1000);
  EXPECT_GT(kinds[AxisKind::edge_edge], 100);
  EXPECT_GT(kinds[AxisKind::none], 1000);
}

}  // namespace
}  // namespace sepax::harness
