// Properties of the constant-velocity kernels (issue 3, SPEC §6):
//  - every moving kernel against the exact time-of-contact oracle on every
//    family: no gross verdict; on well-conditioned first contacts the time
//    error |t − t*|/T and the contact point's distance to both shapes at the
//    kernel's time have p99 within the acceptance bounds (float 1e-5, double
//    1e-12);
//  - the two exact methods (rational SAT along the motion, CGAL LP) agree
//    exactly on t*;
//  - just before t* the exact sets are separated (checked exactly with the
//    oracle on the shortened interval);
//  - test_moving with T = 0 agrees with test_static, and find_first_contact
//    with test_moving on whether contact happens, outside the rounding band;
//  - far from the origin, a first contact's point stays within what its
//    coordinates resolve (score_contact's point_tolerance).
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <tuple>
#include <vector>

#include "property_support.hpp"
#include "sepax/generators/motion_case.hpp"
#include "sepax/generators/rapidcheck_source.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::props {
namespace {

using Param = FamilyQueryScalar;

/// Collected errors of well-conditioned first contacts, for percentiles.
struct ErrorLog {
  std::mutex mutex;
  std::vector<double> time, point;
  void add(double t, double p) {
    std::lock_guard lock(mutex);
    time.push_back(t);
    point.push_back(p);
  }
  static double p99(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(0.99 * double(v.size())))];
  }
};

double time_bound(ScalarKind s) { return s == ScalarKind::float32 ? 1e-5 : 1e-12; }

/// Remembers the moving pair for the regression corpus.
void remember(const gen::MovingPair& mp, ScalarKind scalar, gen::Family family) {
  Counterexample::remember(mp.pair, scalar, std::string(gen::to_string(family)));
}

class Moving : public ::testing::TestWithParam<Param> {};

// Hit floors (ctest's seed: see the recorded test properties), so that the
// bounds cannot hold on nothing in any family: at seed 20261122, 7..379
// scored first contacts per group (the fewest on scale, float), 225..537
// checked "just before" instants.
constexpr std::size_t kMinScoredContacts = 5;
constexpr std::uint64_t kMinCheckedBefore = 100;

/// Groups whose first contacts were all ill-conditioned at the ctest seed (the
/// exact t* moves by more than the bound within the inputs' rounding band;
/// 310 and 311 of 310 and 311 coplanar tri_tri contacts, 434 of 434
/// ultra-parallel float ones): nearly coplanar or nearly parallel triangles,
/// where a rounding-sized tilt decides when the edges meet. Their TOI error
/// is not scored here (verify counts them as ill-conditioned); the test
/// checks that this stays so, so that a group leaving the list is noticed.
bool all_first_contacts_ill_conditioned(gen::Family family, Query query, ScalarKind scalar) {
  return query == Query::tri_tri &&
         (family == gen::Family::coplanar || (family == gen::Family::ultra_parallel && scalar == ScalarKind::float32));
}

TEST_P(Moving, KernelsAgainstExactTimeOfContact) {
  const auto [family, query, scalar] = GetParam();
  const std::string name = "moving/" + label(family, query, scalar);
  ErrorLog errors;
  HitCounter contact, first_contact, ill;
  const bool ok = check_and_save(name, [&, family = family, query = query, scalar = scalar] {
    const gen::MovingPair mp = *gen::gen_moving_pair(family, query, scalar);
    remember(mp, scalar, family);
    const oracle::ExactContact exact = oracle::first_contact_sat(mp.pair, mp.motion);
    const bool exact_contact = exact.state != ContactState::separated_throughout;
    contact.count(exact_contact);
    first_contact.count(exact.state == ContactState::first_contact);
    const double tol = oracle::moving_boundary_tolerance(mp.pair, mp.motion, scalar);
    const auto within_band = [&](bool kernel_contact) {
      if (kernel_contact == exact_contact) return true;
      return std::abs(oracle::moving_margin(mp.pair, mp.motion, exact_contact)) <= tol;
    };
    for (const KernelInfo& k : moving_kernels()) {
      if (k.query != query || k.scalar != scalar) continue;
      if (k.mode == KernelMode::moving_test) {
        RC_ASSERT(within_band(k.test_moving(mp.pair, mp.motion).intersects));
        continue;
      }
      const ContactOutcome out = k.find_first_contact(mp.pair, mp.motion);
      RC_ASSERT(within_band(out.state != ContactState::separated_throughout));
      if (out.state == ContactState::separated_throughout || !exact_contact) continue;
      if (out.state != exact.state) {
        // Touching at t = 0 or not: decided by the static margin at t = 0.
        const Truth at_start(mp.pair, scalar);
        RC_ASSERT(std::abs(at_start.margin()) <= std::max(tol, at_start.tolerance()));
        continue;
      }
      if (exact.state != ContactState::first_contact) continue;
      const oracle::ContactScore score = oracle::score_contact(
          mp.pair, mp.motion, exact, out.state, out.time, out.point, scalar);
      ill.count(score.ill_conditioned);
      if (!score.ill_conditioned) errors.add(score.time_error, score.point_distance);
    }
  });
  EXPECT_TRUE(ok) << name;
  const double p99_time = ErrorLog::p99(errors.time), p99_point = ErrorLog::p99(errors.point);
  EXPECT_LE(p99_time, time_bound(scalar)) << name << ": TOI error p99 (relative to T)";
  EXPECT_LE(p99_point, time_bound(scalar)) << name << ": contact-point distance p99 (relative to size)";
  RecordProperty("toi_p99", std::to_string(p99_time));
  RecordProperty("point_p99", std::to_string(p99_point));
  RecordProperty("scored", std::to_string(errors.time.size()));
  RecordProperty("ill_conditioned", std::to_string(ill.hits.load()));
  // The p99 bounds above hold vacuously on an empty log (p99 = 0): every
  // group must have scored first contacts, except where every first contact
  // is ill-conditioned by construction (then that is what is checked).
  if (all_first_contacts_ill_conditioned(family, query, scalar)) {
    EXPECT_EQ(errors.time.size(), 0u) << name << ": scored first contacts; take the group off the list";
    EXPECT_GE(ill.hits.load(), 100u) << name << ": too few first contacts";
  } else {
    EXPECT_GE(errors.time.size(), kMinScoredContacts) << name << ": too few well-conditioned first contacts scored";
  }
  if (family == gen::Family::motion || family == gen::Family::random) {
    EXPECT_GE(first_contact.rate(), 0.05) << name << ": first contacts too rare to test";
    EXPECT_LE(contact.rate(), 0.95) << name << ": almost never separated";
  }
}

TEST_P(Moving, ExactMethodsAgreeAndSeparateJustBefore) {
  const auto [family, query, scalar] = GetParam();
  const std::string name = "moving-oracles/" + label(family, query, scalar);
  HitCounter checked_before;
  const bool ok = check_and_save(name, [&, family = family, query = query, scalar = scalar] {
    const gen::MovingPair mp = *gen::gen_moving_pair(family, query, scalar);
    remember(mp, scalar, family);
    const oracle::ExactContact a = oracle::first_contact_sat(mp.pair, mp.motion);
    const oracle::ExactContact b = oracle::first_contact_lp(mp.pair, mp.motion);
    RC_ASSERT(a.state == b.state);
    if (a.state == ContactState::first_contact) {
      RC_ASSERT(a.time_exact == b.time_exact);
      // t' = the double below the nearest double to t* lies strictly below t*
      // (rounding to nearest is within half an ulp): on [0, t'] the exact
      // sets never meet.
      const double before = std::nextafter(a.time, 0.0);
      if (before > 0) {
        LinearMotiond shorter = mp.motion;
        shorter.duration = before;
        checked_before.count(true);
        RC_ASSERT(oracle::first_contact_sat(mp.pair, shorter).state ==
                  ContactState::separated_throughout);
      }
    }
  });
  EXPECT_TRUE(ok) << name;
  RecordProperty("checked_before", std::to_string(checked_before.total.load()));
  EXPECT_GE(checked_before.total.load(), kMinCheckedBefore) << name << ": too few first contacts to check";
}

std::string moving_name(const ::testing::TestParamInfo<Param>& info) {
  return family_query_scalar_name(info);
}

INSTANTIATE_TEST_SUITE_P(
    Families, Moving,
    ::testing::ValuesIn(every_family_query_scalar()),
    moving_name);

TEST(MovingOracle, AgreesWithTheMotionFamilysConstructedAnswers) {
  // The motion family certifies the answer of most of its cases by
  // construction (a common point, a separating plane, an exact dyadic t*):
  // both exact methods must give that state and that time.
  constexpr std::uint64_t kSeed = 20261122;
  std::size_t certified = 0;
  for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
    for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
      for (std::uint64_t index = 0; index < 300; ++index) {
        const gen::MotionCase c = gen::generate_motion_case(query, scalar, kSeed, index);
        if (!c.known_state) continue;
        ++certified;
        const auto where = [&] {
          return std::string(to_string(query)) + "/" + std::string(to_string(scalar)) + " index " +
                 std::to_string(index) + " (" + std::string(gen::to_string(c.mode)) + ", seed " +
                 std::to_string(kSeed) + ")";
        };
        for (const oracle::ExactContact& e :
             {oracle::first_contact_sat(c.moving.pair, c.moving.motion),
              oracle::first_contact_lp(c.moving.pair, c.moving.motion)}) {
          EXPECT_EQ(e.state, *c.known_state) << where();
          if (e.state == ContactState::first_contact && *c.known_state == e.state) {
            EXPECT_EQ(e.time, c.known_time) << where();
          }
        }
      }
  EXPECT_GT(certified, 900u) << "too few certified motion cases";
}

/// The pair moved by `offset` (rounded to the scalar, as a user's far scene
/// stores it); the motion unchanged.
ShapePair translated(ShapePair p, const Vec3<double>& offset, ScalarKind scalar) {
  for (Vec3<double>* v : positions(p))
    for (int c = 0; c < 3; ++c)
      (*v)[c] = scalar == ScalarKind::float32 ? double(float((*v)[c] + offset[c])) : (*v)[c] + offset[c];
  return p;
}

TEST(MovingFar, AFirstContactFarFromTheOriginIsHeldToWhatItsCoordinatesResolve) {
  // The families' pairs moved 2^8 .. 2^40 sizes (float: 2^4 .. 2^16) from the
  // origin: on a well-conditioned first contact, sepax's find kernels keep the
  // time within τ and the point within score_contact's point_tolerance (τ
  // plus the coordinates' rounding). Some of those points are beyond τ·ℓ
  // alone, which no point of the scalar could meet there: the property
  // checks it met such cases (the judge used to call them gross).
  constexpr std::uint64_t kSeed = 20261129;
  std::size_t scored = 0, beyond_tau = 0;
  for (const KernelInfo& k : moving_kernels()) {
    if (k.mode != KernelMode::first_contact) continue;
    const double tau = oracle::contact_time_tolerance(k.scalar);
    const int first = k.scalar == ScalarKind::float32 ? 4 : 8, last = k.scalar == ScalarKind::float32 ? 16 : 40;
    for (int e = first; e <= last; e += k.scalar == ScalarKind::float32 ? 2 : 4)
      for (gen::Family family : gen::all_families())
        for (std::uint64_t index = 0; index < 48; ++index) {
          const gen::MovingPair mp = gen::generate_moving(family, k.query, k.scalar, kSeed, index);
          const double far = std::ldexp(oracle::reference_length(mp.pair), e);
          const Vec3<double> offset(far, (index % 2 ? -0.75 : 0.5) * far, index % 3 ? 0.0 : 1.25 * far);
          const ShapePair pair = translated(mp.pair, offset, k.scalar);
          const oracle::ExactContact exact = oracle::first_contact_sat(pair, mp.motion);
          if (exact.state != ContactState::first_contact) continue;
          const ContactOutcome out = k.find_first_contact(pair, mp.motion);
          if (out.state != ContactState::first_contact) continue;
          const oracle::ContactScore score =
              oracle::score_contact(pair, mp.motion, exact, out.state, out.time, out.point, k.scalar);
          if (score.ill_conditioned) continue;
          ++scored;
          beyond_tau += score.point_distance > tau;
          const std::string where = k.id + " " + std::string(gen::to_string(family)) + " index " +
                                    std::to_string(index) + " seed " + std::to_string(kSeed) + ", moved 2^" +
                                    std::to_string(e) + " sizes";
          EXPECT_LE(score.time_error, tau) << where;
          EXPECT_LE(score.point_distance, score.point_tolerance) << where;
          // The allowance is the coordinates' rounding, not a blanket one: at
          // most a few hundred ulps of the largest coordinate over the size.
          EXPECT_LE(score.point_tolerance, tau + 1e3 * unit_roundoff(k.scalar) * std::ldexp(4.0, e)) << where;
        }
  }
  EXPECT_GE(scored, 60u) << "too few well-conditioned first contacts far from the origin";
  EXPECT_GE(beyond_tau, 1u) << "no point beyond τ·ℓ: the property did not reach what it checks";
  RecordProperty("scored", static_cast<int>(scored));
  RecordProperty("beyond_tau", static_cast<int>(beyond_tau));
}

template <class S>
class MovingConsistency : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(MovingConsistency, Scalars);

TYPED_TEST(MovingConsistency, ZeroDurationIsStaticAndFindAgreesWithTest) {
  constexpr ScalarKind scalar = scalar_traits<TypeParam>::kind;
  for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri}) {
    const std::string name = std::string("moving-consistency/") + std::string(to_string(query)) +
                             "/" + std::string(to_string(scalar));
    const bool ok = check_and_save(name, [&] {
      const gen::Family family = *rc::gen::elementOf(std::vector<gen::Family>(
          gen::all_families().begin(), gen::all_families().end()));
      gen::MovingPair mp = *gen::gen_moving_pair(family, query, scalar);
      remember(mp, scalar, family);
      const KernelInfo *moving = nullptr, *find = nullptr, *stat = nullptr;
      for (const KernelInfo& k : moving_kernels())
        if (k.query == query && k.scalar == scalar)
          (k.mode == KernelMode::moving_test ? moving : find) = &k;
      for (const KernelInfo& k : static_kernels())
        if (k.query == query && k.scalar == scalar && k.id.find("/test_static/") != std::string::npos)
          stat = &k;
      RC_ASSERT(moving && find && stat);
      // find and test agree on whether contact happens, outside the band.
      const bool tested = moving->test_moving(mp.pair, mp.motion).intersects;
      const bool found = find->find_first_contact(mp.pair, mp.motion).state != ContactState::separated_throughout;
      if (tested != found) {
        const bool exact = oracle::moving_intersects(mp.pair, mp.motion).intersects;
        RC_ASSERT(std::abs(oracle::moving_margin(mp.pair, mp.motion, exact)) <=
                  oracle::moving_boundary_tolerance(mp.pair, mp.motion, scalar));
      }
      // T = 0 is the static test.
      mp.motion.duration = 0;
      if (moving->test_moving(mp.pair, mp.motion).intersects != stat->test(mp.pair).intersects) {
        const Truth truth(mp.pair, scalar);
        RC_ASSERT(std::abs(truth.margin()) <= truth.tolerance());
      }
    });
    EXPECT_TRUE(ok) << name;
  }
}

}  // namespace
}  // namespace sepax::props
