// Issue 29 in the harness: a disagreement's severity and tolerance
// (case_judgement.hpp), the exact axis survey it is explained by
// (oracle::survey_axes), its cause (explain/cause.hpp) and the search for the
// worst case of its kind (explain/grow.hpp). Every expected value comes from
// how the case was built (aligned boxes at dyadic positions: every quantity
// exact), never from the code under test.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/explain/cause.hpp"
#include "sepax/harness/explain/class_analysis.hpp"
#include "sepax/harness/explain/grow.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {
namespace {

/// Two axis-aligned boxes of extents 0.5 (unit cubes), B's centre at (x, 0, 0).
ShapePair cubes(double x, double far = 0) {
  ShapePair p;
  p.query = Query::obb_obb;
  p.obb_a.center = {far, far, far};
  p.obb_b.center = {far + x, far, far};
  p.obb_a.extents = p.obb_b.extents = {0.5, 0.5, 0.5};
  return p;
}

/// A kernel whose answer is fixed; `axis` named when it says separated.
KernelInfo fixed(bool intersects, SeparatingAxis axis = {}, double tolerance = 0, Query query = Query::obb_obb) {
  KernelInfo k;
  k.id = "test/fixed/double";
  k.origin = "test";
  k.query = query;
  k.scalar = ScalarKind::float64;
  k.reports_axis = !intersects;
  k.tolerance = tolerance;
  k.test = [intersects, axis](const ShapePair&) {
    StaticOutcome o;
    o.intersects = intersects;
    if (!intersects) o.axis = axis;
    return o;
  };
  return k;
}

KernelInfo throws() {
  KernelInfo k = fixed(true);
  k.test = [](const ShapePair&) -> StaticOutcome { throw std::runtime_error("planted"); };
  return k;
}

Disagreement read(const KernelInfo& k, const ShapePair& p) {
  const std::optional<Disagreement> d = read_disagreement(k, p, std::nullopt);
  EXPECT_TRUE(d.has_value());
  return d.value_or(Disagreement{});
}

const double kSqrt3 = std::sqrt(3.0);  // the reference length of two unit cubes: 2·|(0.5, 0.5, 0.5)|

TEST(Severity, IsTheMarginOfADisagreementAndInfiniteForAThrow) {
  // Cubes 2^-20 apart: a separation of 2^-20 / √3 of the size, decided exactly (band 0).
  const ShapePair p = cubes(1 + std::ldexp(1.0, -20));
  const Disagreement d = read(fixed(true), p);
  EXPECT_EQ(d.verdict_class, oracle::Class::gross);
  EXPECT_EQ(d.kind, "false-positive");
  EXPECT_NEAR(d.severity, std::ldexp(1.0, -20) / kSqrt3, 1e-15);
  EXPECT_EQ(d.band, 0.0);
  const Disagreement agreed = read(fixed(false, {AxisKind::face_a, 0, 0}), p);
  EXPECT_TRUE(agreed.agrees());
  EXPECT_EQ(agreed.severity, 0.0);
  const Disagreement threw = read(throws(), p);
  EXPECT_EQ(threw.kind, "threw");
  EXPECT_TRUE(std::isinf(threw.severity));
}

TEST(Tolerance, APromisedToleranceKeepsDisagreementsWithinItFromGross) {
  const ShapePair p = cubes(1 + std::ldexp(1.0, -20));  // severity 5.5e-7
  const OracleVerdict exact = judge_exactly(p, false);
  for (const auto& [tolerance, expected, tolerated] :
       {std::tuple{0.0, oracle::Class::gross, false}, std::tuple{1e-7, oracle::Class::gross, false},
        std::tuple{1e-6, oracle::Class::boundary, true}}) {
    SCOPED_TRACE(tolerance);
    LazyMargin margin(p, exact.intersects);
    const KernelJudgement run = judge_kernel(fixed(true, {}, tolerance), p, exact, margin);
    EXPECT_EQ(run.verdict_class, expected);
    EXPECT_EQ(run.tolerated(), tolerated);
    EXPECT_EQ(run.band.value_or(-1), 0.0);
    EXPECT_EQ(run.tolerance.value_or(-1), tolerance);
  }
}

TEST(AxisSurvey, ReadsEveryCandidateAxisExactly) {
  const ShapePair p = cubes(1.5);  // 0.5 apart along x
  const auto axes = oracle::survey_axes(p);
  ASSERT_EQ(axes.size(), 15u);
  int separating = 0, zero = 0;
  for (const oracle::AxisReading& r : axes) {
    if (r.axis.kind == AxisKind::face_a || r.axis.kind == AxisKind::face_b) {
      EXPECT_EQ(r.sine, 1.0);
    }
    if (std::isnan(r.gap)) {
      ++zero;  // A_i × B_i of aligned boxes
      continue;
    }
    separating += r.gap > 0;
    if ((r.axis.kind == AxisKind::face_a && r.axis.i == 0) || (r.axis.kind == AxisKind::face_b && r.axis.j == 0)) {
      EXPECT_NEAR(r.gap, 0.5 / kSqrt3, 1e-15);
    }
  }
  EXPECT_EQ(zero, 3);
  // x separates; so do A_i × B_j that are ±x (A1 × B2, A2 × B1).
  EXPECT_EQ(separating, 4);
}

TEST(AxisSurvey, SweepsTheIntervalsOverTheMotion) {
  // B 0.5 away along x, closing at speed 1 for T: along x the swept gap is 0.5 − T.
  const ShapePair p = cubes(1.5);
  for (const auto& [duration, gap] : {std::pair{0.25, 0.25}, std::pair{1.0, -0.5}}) {
    const LinearMotiond motion{Vec3<double>::Zero(), Vec3<double>(-1, 0, 0), duration};
    const auto axes = oracle::survey_axes(p, &motion);
    ASSERT_EQ(axes.size(), 21u) << "15 static axes and 6 motion axes";
    const auto x = std::find_if(axes.begin(), axes.end(), [](const oracle::AxisReading& r) {
      return r.axis.kind == AxisKind::face_a && r.axis.i == 0;
    });
    ASSERT_NE(x, axes.end());
    EXPECT_NEAR(x->gap, gap / kSqrt3, 1e-15) << "T = " << duration;
  }
}

TEST(Recentred, MovesFarShapesExactlyAndLeavesNearOnesAlone) {
  EXPECT_FALSE(recentred(cubes(1.5), ScalarKind::float64).has_value());
  const double far = 1e6 + 0.25;
  const ShapePair p = cubes(1.5, far);
  for (ScalarKind s : {ScalarKind::float64, ScalarKind::float32}) {
    const auto near = recentred(p, s);
    ASSERT_TRUE(near.has_value());
    for (int k = 0; k < 3; ++k) {
      EXPECT_LT(std::abs(near->obb_a.center[k]), 64.0);
      // The same shapes: the centres' difference is unchanged, exactly.
      EXPECT_EQ(near->obb_b.center[k] - near->obb_a.center[k], p.obb_b.center[k] - p.obb_a.center[k]);
      if (s == ScalarKind::float32) {
        EXPECT_EQ(double(float(near->obb_a.center[k])), near->obb_a.center[k]);
      }
    }
  }
}

TEST(Causes, ComeFromTheExactQuantitiesOfTheCase) {
  // Touching exactly, called separated: the open-set convention.
  const Disagreement touch = read(fixed(false, {AxisKind::face_a, 0, 0}), cubes(1.0));
  EXPECT_EQ(explain(fixed(false, {AxisKind::face_a, 0, 0}), cubes(1.0), std::nullopt, touch).cause, Cause::convention);
  // 0.5 apart along a face axis, called intersecting: an axis missed.
  const KernelInfo intersecting = fixed(true);
  EXPECT_EQ(explain(intersecting, cubes(1.5), std::nullopt, read(intersecting, cubes(1.5))).cause, Cause::missing_axis);
  // 0.25 deep, called separated across A0: a false separation.
  const KernelInfo separated = fixed(false, {AxisKind::face_a, 0, 0});
  EXPECT_EQ(explain(separated, cubes(0.75), std::nullopt, read(separated, cubes(0.75))).cause, Cause::false_separation);
  // Within the promised tolerance: declared.
  const KernelInfo promised = fixed(true, {}, 1e-6);
  const ShapePair close = cubes(1 + std::ldexp(1.0, -20));
  EXPECT_EQ(explain(promised, close, std::nullopt, read(promised, close)).cause, Cause::declared_bias);
  // A throw.
  EXPECT_EQ(explain(throws(), close, std::nullopt, read(throws(), close)).cause, Cause::threw);
}

TEST(LimitText, NamesTheBandUnlessTheKernelsPromiseIsWider) {
  // The judgements' `tolerance` is max(band, promise): said as what it is.
  EXPECT_EQ(limit_text(1e-5, 1e-5), "band 1e-05");
  EXPECT_EQ(limit_text(1e-3, 1e-5), "the kernel's tolerance 0.001");
  EXPECT_EQ(limit_text(0.0, 0.0), "band 0");
  EXPECT_EQ(limit_text(std::nullopt, 2e-7), "band 2e-07");
}

TEST(Causes, SayTheRoundingLossInTheUnitOfTheGapsBesideIt) {
  // A face axis (sin θ = 1) separating the boxes: its loss is the band
  // itself, a fraction of the size like the gap (a bare "its rounding
  // loss 214" once left the reader to guess what 214 counted).
  // B turned about z, so that the band is not 0 (axis-aligned cubes are
  // decided exactly).
  ShapePair p = cubes(2.0);
  const double c = std::cos(0.3), s = std::sin(0.3);
  p.obb_b.axes = {Vec3<double>(c, s, 0), Vec3<double>(-s, c, 0), Vec3<double>(0, 0, 1)};
  const KernelInfo intersecting = fixed(true);
  const Disagreement d = read(intersecting, p);
  ASSERT_GT(d.band, 0);
  const Explanation e = explain(intersecting, p, std::nullopt, d);
  ASSERT_EQ(e.cause, Cause::missing_axis) << e.detail;
  EXPECT_NE(e.detail.find(fmt::format("its rounding loss, {:.3g} of the size (the band {:.2g} over sin θ)", d.band, d.band)),
            std::string::npos)
      << e.detail;
}

TEST(Causes, ASeparationClaimedAcrossTheZeroNormalOfACollinearTriangleIsDegenerateInput) {
  ShapePair p;
  p.query = Query::tri_obb;
  p.tri_a.vertices = {Vec3<double>(-1, 0, 0), Vec3<double>(0, 0, 0), Vec3<double>(1, 0, 0)};  // through the box
  p.obb_b.extents = {0.5, 0.5, 0.5};
  const KernelInfo k = fixed(false, {AxisKind::normal_a, 0, 0}, 0, Query::tri_obb);
  const Disagreement d = read(k, p);
  ASSERT_EQ(d.kind, "false-negative normal_a");
  EXPECT_EQ(explain(k, p, std::nullopt, d).cause, Cause::degenerate_input);
}

TEST(Grow, PushesADisagreementTowardLargerMarginsKeepingItsKind) {
  // Called separated while overlapping by 2^-30: the search must find much deeper overlaps.
  const KernelInfo separated = fixed(false, {AxisKind::face_a, 0, 0});
  const ShapePair p = cubes(1 - std::ldexp(1.0, -30));
  const Disagreement start = read(separated, p);
  const Grown g = grow_disagreement(separated, p, std::nullopt, start, 100, 7);
  EXPECT_EQ(g.tried, 100u);
  EXPECT_GT(g.accepted, 0u);
  EXPECT_EQ(g.worst.kind, start.kind);
  EXPECT_GT(g.worst.severity, 1e3 * start.severity);
  // The worst case is what read_disagreement says of it.
  EXPECT_EQ(read(separated, g.pair).severity, g.worst.severity);
  // Deterministic for a seed.
  EXPECT_EQ(grow_disagreement(separated, p, std::nullopt, start, 100, 7).worst.severity, g.worst.severity);
  // A throw is not grown.
  EXPECT_EQ(grow_disagreement(throws(), p, std::nullopt, read(throws(), p), 100, 7).tried, 0u);
}

TEST(ClassAnalysis, SummarisesTheSampledSeveritiesAndTheWorstCase) {
  const KernelInfo separated = fixed(false, {AxisKind::face_a, 0, 0});
  std::vector<Finding> findings;
  for (double depth : {0.125, 0.25, 0.0625}) {
    const ShapePair p = cubes(1 - depth);
    const Disagreement d = read(separated, p);
    findings.push_back(Finding{0, p, "", std::nullopt, d.severity, d.band});
  }
  std::vector<const Finding*> members;
  for (const Finding& f : findings) members.push_back(&f);
  const ClassAnalysis a = analyse_class(separated, members, 30, 1);
  ASSERT_TRUE(a.sampled_max && a.sampled_median);
  EXPECT_EQ(*a.sampled_max, findings[1].severity);
  EXPECT_EQ(*a.sampled_median, findings[0].severity);
  EXPECT_GE(*a.worst_severity(), *a.sampled_max);
  EXPECT_TRUE(a.worst_is_gross());
  EXPECT_EQ(a.cause.cause, Cause::false_separation);
}

}  // namespace
}  // namespace sepax::harness
