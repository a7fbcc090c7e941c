// The moving kernels over the strict scalar (strict_scalar.hpp): the
// constant-velocity test_moving and find_first_contact of every pair (with
// axis_sweep.hpp and contact_point.hpp, which they instantiate whole), and the
// general-motion code (frame integration, poses, find_first_contact_general).
// A bare literal or a double temporary in any of them fails to compile here.
//
// On clearly non-degenerate motions (no contact within rounding of a frame's
// end, no nearly parallel features) every state, step and axis equals the
// double kernels'; times and points agree to a few ulps of the case's size
// (Strict's dot products are not summed in double's order: strict_scalar.hpp;
// the largest differences seen are 2e-16 in times and 1e-15 in points).
// Each test also counts its states, so that it cannot pass by comparing only
// "separated throughout".
#include <gtest/gtest.h>

#include <array>

#include "sepax/core/moving/general_motion.hpp"
#include "sepax/core/moving/obb_obb_moving.hpp"
#include "sepax/core/moving/tri_obb_moving.hpp"
#include "sepax/core/moving/tri_tri_moving.hpp"
#include "strict_scalar.hpp"

namespace sepax {
namespace {

using testing::dbl;
using testing::gap;
using testing::Strict;
using testing::strict;

constexpr double kTime = 1e-12;   // |Δt|, for durations of a few units
constexpr double kPoint = 1e-12;  // |Δpoint|∞, for shapes of a few units

Obb3d box(double angle, Vec3<double> center) {
  Obb3d b;
  const Eigen::Matrix3d r = Eigen::AngleAxisd(angle, Vec3<double>(1, 2, 3).normalized()).toRotationMatrix();
  for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i);
  b.center = center;
  b.extents = {1, 0.5, 2};
  return b;
}

Triangle3d triangle(Vec3<double> at) {
  return {{at + Vec3<double>(0, 0, 0), at + Vec3<double>(-1, 2, 1), at + Vec3<double>(1, 1, -1.5)}};
}

/// One constant-velocity case: the shapes' offset (b's centre, or where a
/// triangle is placed) and the motion.
struct MovingCase {
  Vec3<double> at;
  LinearMotiond motion;
};

// First contact from far away (passing through), a diagonal approach, a
// perpendicular miss, overlap at start, a itself moving, an approach along z,
// and a near miss sideways.
const std::array<MovingCase, 7> kCases{{
    {{8, 4, 0.25}, {{0, 0, 0}, {-8, -4, 0}, 1}},
    {{6, -1, 0.5}, {{0, 0, 0}, {-3, 0.5, 0.2}, 2}},
    {{8, 4, 0.25}, {{0, 0, 0}, {0, 0, 5}, 1}},
    {{1, 0.5, 0.25}, {{0, 0, 0}, {1, 0, 0}, 1}},
    {{8, 4, 0.25}, {{2, 1, 0}, {0, 0, 0}, 3}},
    {{0.5, 0, 9}, {{0, 0, 0}, {0.3, -0.2, -4}, 2}},
    {{9, 9, 0}, {{0, 0, 0}, {-6, 3, 0}, 1.5}},
}};

/// How often each state occurred: a comparison that never saw a first contact
/// compared little.
struct StateCount {
  int by_state[3] = {0, 0, 0};
  void add(ContactState s) { ++by_state[int(s)]; }
  void expect_all_seen() const {
    EXPECT_GE(by_state[int(ContactState::overlapping_at_start)], 1);
    EXPECT_GE(by_state[int(ContactState::separated_throughout)], 1);
    EXPECT_GE(by_state[int(ContactState::first_contact)], 3);
  }
};

void expect_agree(const StaticResult<double>& d, const StaticResult<Strict>& s) {
  EXPECT_EQ(d.intersects, s.intersects);
  EXPECT_EQ(d.axis, s.axis);
  EXPECT_LE(gap(d.direction, s.direction), 1e-12 * (1 + d.direction.cwiseAbs().maxCoeff()));
}

void expect_agree(const ContactResult<double>& d, const ContactResult<Strict>& s) {
  EXPECT_EQ(d.state, s.state);
  EXPECT_EQ(d.axis, s.axis);
  EXPECT_NEAR(d.time, dbl(s.time), kTime);
  EXPECT_LE(gap(d.point, s.point), kPoint) << "double point " << d.point.transpose();
}

TEST(StrictScalarMoving, ObbObbCompilesAndAgreesWithDouble) {
  const Obb3d a = box(0.3, {0, 0, 0});
  StateCount count;
  for (const MovingCase& c : kCases) {
    SCOPED_TRACE(::testing::PrintToString(c.at.transpose()));
    const Obb3d b = box(1.1, c.at);
    expect_agree(obb_obb::test_moving(a, b, c.motion),
                 obb_obb::test_moving(strict(a), strict(b), strict(c.motion)));
    const auto d = obb_obb::find_first_contact(a, b, c.motion);
    expect_agree(d, obb_obb::find_first_contact(strict(a), strict(b), strict(c.motion)));
    count.add(d.state);
  }
  count.expect_all_seen();
}

TEST(StrictScalarMoving, TriObbCompilesAndAgreesWithDouble) {
  const Obb3d b = box(1.1, {0, 0, 0});
  StateCount count;
  for (const MovingCase& c : kCases) {
    SCOPED_TRACE(::testing::PrintToString(c.at.transpose()));
    // The triangle starts at `at` and moves by −W: the same relative motion.
    const Triangle3d t = triangle(c.at);
    const LinearMotiond m{c.motion.velocity_b, c.motion.velocity_a, c.motion.duration};
    expect_agree(tri_obb::test_moving(t, b, m), tri_obb::test_moving(strict(t), strict(b), strict(m)));
    const auto d = tri_obb::find_first_contact(t, b, m);
    expect_agree(d, tri_obb::find_first_contact(strict(t), strict(b), strict(m)));
    // The swapped order forwards, velocities attached to their shapes.
    const LinearMotiond swapped{m.velocity_b, m.velocity_a, m.duration};
    expect_agree(d, tri_obb::find_first_contact(strict(b), strict(t), strict(swapped)));
    count.add(d.state);
  }
  count.expect_all_seen();
}

TEST(StrictScalarMoving, TriTriCompilesAndAgreesWithDouble) {
  const Triangle3d a{{Vec3<double>(0, 0, 0), Vec3<double>(2, 0, 1), Vec3<double>(1, 2, 1)}};
  StateCount count;
  for (const MovingCase& c : kCases) {
    SCOPED_TRACE(::testing::PrintToString(c.at.transpose()));
    const Triangle3d b = triangle(c.at);
    const auto ds = tri_tri::test_moving(a, b, c.motion);
    const auto ss = tri_tri::test_moving(strict(a), strict(b), strict(c.motion));
    EXPECT_EQ(ds.intersects, ss.intersects);
    EXPECT_EQ(ds.axis, ss.axis);
    const auto d = tri_tri::find_first_contact(a, b, c.motion);
    expect_agree(d, tri_tri::find_first_contact(strict(a), strict(b), strict(c.motion)));
    count.add(d.state);
  }
  count.expect_all_seen();
}

// ---------------------------------------------------------------------------
// General rigid motion (general_motion.hpp)

RigidMotion<Strict> strict(const RigidMotiond& m) {
  return {strict(m.center), strict(m.linear_velocity), strict(m.angular_velocity), Strict(m.duration)};
}

void expect_agree(const GeneralContactResult<double>& d, const GeneralContactResult<Strict>& s) {
  EXPECT_EQ(d.state, s.state);
  EXPECT_EQ(d.step, s.step);
  EXPECT_EQ(d.step_begin, dbl(s.step_begin));  // (i/N)·T: exact in both
  EXPECT_EQ(d.step_end, dbl(s.step_end));
  EXPECT_NEAR(d.time, dbl(s.time), kTime);
  EXPECT_EQ(d.has_point, s.has_point);
  EXPECT_LE(gap(d.point, s.point), kPoint) << "double point " << d.point.transpose();
  EXPECT_EQ(d.axis, s.axis);
  EXPECT_EQ(d.frozen_at_end, s.frozen_at_end);
}

constexpr Integrator kIntegrators[] = {Integrator::euler, Integrator::rk4};

TEST(StrictScalarMoving, FramesAndPosesCompileAndAgreeWithDouble) {
  const RigidMotiond m{{1, -0.5, 0.25}, {0.5, 1, -2}, {0.7, -1.3, 2.1}, 3};
  const Obb3d b = box(1.1, {2, 1, 0});
  const Triangle3d t = triangle({-1, 2, 0.5});
  for (Integrator integrator : kIntegrators) {
    SCOPED_TRACE(to_string(integrator));
    const SampledMotion<double> d = sample_frames(m, 12, integrator);
    const SampledMotion<Strict> s = sample_frames(strict(m), 12, integrator);
    ASSERT_EQ(d.steps(), s.steps());
    for (int i = 0; i <= d.steps(); ++i) {
      EXPECT_EQ(d.samples[std::size_t(i)].time, dbl(s.samples[std::size_t(i)].time));
      EXPECT_LE(gap(d.samples[std::size_t(i)].center, s.samples[std::size_t(i)].center), 1e-12);
      for (int k = 0; k < 3; ++k)
        EXPECT_LE(gap(d.samples[std::size_t(i)].frame.col(k), s.samples[std::size_t(i)].frame.col(k)), 1e-12);
      const Obb3d bd = pose_at(b, d, i);
      const Obb3<Strict> bs = pose_at(strict(b), s, i);
      EXPECT_LE(gap(bd.center, bs.center), 1e-12);
      for (int k = 0; k < 3; ++k) EXPECT_LE(gap(bd.axes[k], bs.axes[k]), 1e-12);
      const Triangle3d td = pose_at(t, d, i);
      const Triangle3<Strict> ts = pose_at(strict(t), s, i);
      for (int k = 0; k < 3; ++k) EXPECT_LE(gap(td.vertices[k], ts.vertices[k]), 1e-12);
    }
    // The frames really turn (a test of a frozen frame would compare little).
    EXPECT_GT((d.samples.back().frame - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff(), 0.5);
  }
}

/// Rigid motions for the general first-contact tests: a spins in place; b
/// comes from `at` at velocity v, spinning the other way about its own centre.
struct GeneralCase {
  Vec3<double> at;
  Vec3<double> v;
};
const std::array<GeneralCase, 4> kGeneralCases{{
    {{7, 0.5, 0}, {-4, 0, 0}},   // head-on: first contact
    {{7, 0.5, 0}, {4, 0, 0}},    // leaving: separated throughout
    {{1, 0.5, 0}, {0, 1, 0}},    // overlapping at start
    {{0.5, 6, 1}, {0, -3, 0.2}},  // from the side: first contact
}};

RigidMotiond spin_a() { return {{0, 0, 0}, {0, 0, 0}, {0.2, 0.4, 1.5}, 2}; }
RigidMotiond motion_b(const GeneralCase& c) { return {c.at, c.v, {-0.9, 0.3, 0.1}, 2}; }

TEST(StrictScalarMoving, GeneralMotionCompilesAndAgreesWithDouble) {
  const Obb3d a = box(0.3, {0, 0, 0});
  const Triangle3d ta = triangle({-0.2, -1, 0});
  StateCount count;
  for (Integrator integrator : kIntegrators) {
    for (const GeneralCase& c : kGeneralCases) {
      SCOPED_TRACE(::testing::PrintToString(c.at.transpose()) + " " + to_string(integrator));
      const RigidMotiond ma = spin_a(), mb = motion_b(c);
      const Obb3d b = box(1.1, c.at);
      const Triangle3d tb = triangle(c.at);

      const auto d1 = obb_obb::find_first_contact_general(a, ma, b, mb, 10, integrator);
      expect_agree(d1, obb_obb::find_first_contact_general(strict(a), strict(ma), strict(b), strict(mb), 10,
                                                           integrator));
      count.add(d1.state);
      const auto d2 = tri_obb::find_first_contact_general(tb, mb, a, ma, 10, integrator);
      expect_agree(d2, tri_obb::find_first_contact_general(strict(tb), strict(mb), strict(a), strict(ma), 10,
                                                           integrator));
      count.add(d2.state);
      const auto d3 = tri_tri::find_first_contact_general(ta, ma, tb, mb, 10, integrator);
      expect_agree(d3, tri_tri::find_first_contact_general(strict(ta), strict(ma), strict(tb), strict(mb), 10,
                                                           integrator));
      count.add(d3.state);
    }
  }
  count.expect_all_seen();
}

}  // namespace
}  // namespace sepax
