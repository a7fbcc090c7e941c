// The moving generators (generate_moving, SPEC §5, issue 3), checked without an
// oracle: reproducible, every stored number — velocities and T included —
// exactly in the case's scalar, valid shapes, T finite and ≥ 0; the motion
// family's modes all occur in their designed shares, W = 0 and T = 0 among
// them; and every answer the motion family claims to know (contact exactly at
// t = 0, exactly at t = T, separated throughout, overlapping at start) is
// proved by its certificate, checked here in exact rational arithmetic. What
// a certificate cannot show — the exact t* of the cases it leaves open, and
// that the oracle agrees with every known answer — is the job of the exact
// time-of-contact oracle in the property suites.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "generator_checks.hpp"
#include "sepax/generators/motion_case.hpp"
#include "sepax/generators/rapidcheck_source.hpp"

namespace sepax::gen {
namespace {

using namespace sepax::gen::test;
using Rational = boost::multiprecision::cpp_rational;
using RVec = std::array<Rational, 3>;

constexpr int kCases = 2000;

std::string motion_replay(Query q, ScalarKind s, std::uint64_t index) {
  return "replay: sepax::gen::generate_motion_case(Query::" + std::string(to_string(q)) +
         ", ScalarKind::" + (s == ScalarKind::float32 ? "float32" : "float64") + ", " +
         std::to_string(kSeed) + ", " + std::to_string(index) + ")";
}

// ---- exact rational geometry ------------------------------------------------------

RVec exact(const Vec3d& v) { return {Rational(v[0]), Rational(v[1]), Rational(v[2])}; }
RVec operator-(const RVec& a, const RVec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
RVec operator*(const Rational& k, const RVec& a) { return {k * a[0], k * a[1], k * a[2]}; }
Rational dot(const RVec& a, const RVec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
RVec cross(const RVec& a, const RVec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
bool is_zero(const RVec& a) { return a[0] == 0 && a[1] == 0 && a[2] == 0; }
Rational det(const RVec& a, const RVec& b, const RVec& c) { return dot(a, cross(b, c)); }

// x in the parallelepiped {C + Σ y_i·A_i : |y_i| ≤ a_i} (Cramer's rule).
bool in_box(const Obb3d& box, const RVec& x) {
  const RVec a0 = exact(box.axes[0]), a1 = exact(box.axes[1]), a2 = exact(box.axes[2]);
  const RVec d = x - exact(box.center);
  const Rational m = det(a0, a1, a2);
  if (m == 0) return false;
  const std::array<Rational, 3> y{det(d, a1, a2) / m, det(a0, d, a2) / m, det(a0, a1, d) / m};
  for (int i = 0; i < 3; ++i) {
    if (abs(y[i]) > Rational(box.extents[i])) return false;
  }
  return true;
}

// x in the convex hull of the triangle's vertices (segments and points too).
bool in_triangle(const Triangle3d& tri, const RVec& x) {
  const RVec v0 = exact(tri.vertices[0]), v1 = exact(tri.vertices[1]), v2 = exact(tri.vertices[2]);
  const RVec normal = cross(v1 - v0, v2 - v0);
  if (!is_zero(normal)) {
    if (dot(normal, x - v0) != 0) return false;
    const std::array<RVec, 3> v{v0, v1, v2};
    for (int i = 0; i < 3; ++i) {
      if (dot(cross(v[(i + 1) % 3] - v[i], x - v[i]), normal) < 0) return false;
    }
    return true;
  }
  // Collinear: x on the segment between the two farthest vertices.
  const std::array<RVec, 3> v{v0, v1, v2};
  int i = 0, j = 1;
  Rational best = dot(v1 - v0, v1 - v0);
  for (const auto& [p, q] : {std::pair{1, 2}, std::pair{0, 2}}) {
    const Rational d = dot(v[q] - v[p], v[q] - v[p]);
    if (d > best) best = d, i = p, j = q;
  }
  if (best == 0) return is_zero(x - v0);
  const RVec e = v[j] - v[i];
  if (!is_zero(cross(e, x - v[i]))) return false;
  const Rational s = dot(e, x - v[i]);
  return s >= 0 && s <= best;
}

// Support values of a shape along n: {min, max} of n·x, exactly.
std::array<Rational, 2> support(const Obb3d& box, const RVec& n) {
  Rational centre = dot(n, exact(box.center));
  Rational reach = 0;
  for (int i = 0; i < 3; ++i) reach += Rational(box.extents[i]) * abs(dot(n, exact(box.axes[i])));
  return {centre - reach, centre + reach};
}

std::array<Rational, 2> support(const Triangle3d& tri, const RVec& n) {
  std::array<Rational, 2> out{dot(n, exact(tri.vertices[0])), dot(n, exact(tri.vertices[0]))};
  for (const Vec3d& v : tri.vertices) {
    const Rational s = dot(n, exact(v));
    out[0] = s < out[0] ? s : out[0];
    out[1] = s > out[1] ? s : out[1];
  }
  return out;
}

bool in_a(const ShapePair& p, const RVec& x) {
  return p.query == Query::obb_obb ? in_box(p.obb_a, x) : in_triangle(p.tri_a, x);
}
bool in_b(const ShapePair& p, const RVec& x) {
  return p.query == Query::tri_tri ? in_triangle(p.tri_b, x) : in_box(p.obb_b, x);
}
std::array<Rational, 2> support_a(const ShapePair& p, const RVec& n) {
  return p.query == Query::obb_obb ? support(p.obb_a, n) : support(p.tri_a, n);
}
std::array<Rational, 2> support_b(const ShapePair& p, const RVec& n) {
  return p.query == Query::tri_tri ? support(p.tri_b, n) : support(p.obb_b, n);
}

RVec relative_velocity(const LinearMotiond& m) {
  return exact(m.velocity_b) - exact(m.velocity_a);
}

// Empty when the certificate proves the case's claims; else what fails.
std::string certificate_problem(const MotionCase& c) {
  const ShapePair& pair = c.moving.pair;
  const LinearMotiond& motion = c.moving.motion;
  const MotionCertificate& cert = c.certificate;
  const RVec W = relative_velocity(motion);

  // A witness: a point of a ∩ (b + t_w·W).
  if (cert.witness_point) {
    const RVec x = exact(*cert.witness_point);
    if (!in_a(pair, x)) return "witness point not in a";
    if (!in_b(pair, x - Rational(cert.witness_time) * W)) return "witness point not in b(t_w)";
    if (cert.witness_time > motion.duration) return "witness after T";
  }
  // A plane: a ⊂ {n·x ≤ n·p}; gap(t) = min over b(t) of n·x − n·p.
  std::optional<std::array<Rational, 2>> gap_line;  // gap(0) and its slope W·n
  if (cert.plane_normal) {
    const RVec n = exact(*cert.plane_normal);
    const Rational level = dot(n, exact(cert.plane_point));
    if (support_a(pair, n)[1] > level) return "a crosses the certificate plane";
    gap_line = std::array<Rational, 2>{support_b(pair, n)[0] - level, dot(W, n)};
  }
  auto gap = [&](double t) { return (*gap_line)[0] + Rational(t) * (*gap_line)[1]; };

  if (!c.known_state) {
    // Pass-through is left to the oracle; the other open cases (sliding along
    // the contact plane) at least witness a contact.
    if (c.mode == MotionMode::pass_through || cert.witness_point) return "";
    return "an open case must at least witness its contact";
  }
  switch (*c.known_state) {
    case ContactState::overlapping_at_start:
      if (!cert.witness_point || cert.witness_time != 0) return "no witness at t = 0";
      if (c.known_time != 0) return "known_time must be 0";
      return "";
    case ContactState::first_contact:
      if (!cert.witness_point || cert.witness_time != c.known_time) return "no witness at t*";
      if (!gap_line) return "no plane for a first contact";
      if (!(c.known_time > 0 && c.known_time <= motion.duration)) return "t* outside (0, T]";
      // Linear gap: positive at 0 and 0 at t* (the witness forbids > 0) ⇒ apart on [0, t*).
      if (!(gap(0) > 0)) return "not separated at t = 0";
      if (gap(c.known_time) != 0) return "the plane does not reach b at t*";
      return "";
    case ContactState::separated_throughout:
      if (!gap_line) return "no plane for a separated case";
      if (!(gap(0) > 0 && gap(motion.duration) > 0)) return "the plane does not separate on [0, T]";
      return "";
  }
  return "unknown state";
}

// The edges of a shape (box axes, triangle edges) and the pairs spanning its faces.
struct Directions {
  std::vector<RVec> edges;
  std::vector<std::array<RVec, 2>> faces;
};

Directions directions(const Obb3d& box) {
  Directions d;
  for (const Vec3d& a : box.axes) d.edges.push_back(exact(a));
  for (int i = 0; i < 3; ++i) d.faces.push_back({d.edges[i], d.edges[(i + 1) % 3]});
  return d;
}

Directions directions(const Triangle3d& tri) {
  Directions d;
  for (int i = 0; i < 3; ++i) {
    d.edges.push_back(exact(tri.vertices[(i + 1) % 3]) - exact(tri.vertices[i]));
  }
  d.faces.push_back({d.edges[0], d.edges[1]});
  return d;
}

std::array<Directions, 2> both_directions(const ShapePair& p) {
  switch (p.query) {
    case Query::obb_obb:
      return {directions(p.obb_a), directions(p.obb_b)};
    case Query::tri_obb:
      return {directions(p.tri_a), directions(p.obb_b)};
    case Query::tri_tri:
      break;
  }
  return {directions(p.tri_a), directions(p.tri_b)};
}

bool along_an_edge(const ShapePair& p, const RVec& W) {
  for (const Directions& d : both_directions(p)) {
    for (const RVec& e : d.edges) {
      if (!is_zero(e) && is_zero(cross(W, e))) return true;
    }
  }
  return false;
}

bool in_a_face_plane(const ShapePair& p, const RVec& W) {
  for (const Directions& d : both_directions(p)) {
    for (const auto& f : d.faces) {
      if (!is_zero(cross(f[0], f[1])) && det(W, f[0], f[1]) == 0) return true;
    }
  }
  return false;
}

// ---- every family: the moving case ------------------------------------------------

class EveryMovingGenerator : public ::testing::TestWithParam<Combo> {};

TEST_P(EveryMovingGenerator, IsReproducibleFromSeedAndIndex) {
  const auto [f, q, s] = GetParam();
  int repeats = 0;
  for (int i = 0; i < kCases; ++i) {
    const MovingPair first = generate_moving(f, q, s, kSeed, i);
    const MovingPair second = generate_moving(f, q, s, kSeed, i);
    ASSERT_EQ(first.pair.query, q);
    ASSERT_TRUE(bit_identical(first, second)) << replay(f, q, s, i, "generate_moving");
    if (bit_identical(first, generate_moving(f, q, s, kSeed, i + 1))) ++repeats;
  }
  EXPECT_LE(repeats, kCases / 100) << "consecutive indices give identical cases";
}

TEST_P(EveryMovingGenerator, StoresOnlyFiniteNumbersOfTheScalarAndANonNegativeDuration) {
  const auto [f, q, s] = GetParam();
  for (int i = 0; i < kCases; ++i) {
    const MovingPair m = generate_moving(f, q, s, kSeed, i);
    for (double x : stored_numbers(m)) {
      ASSERT_TRUE(std::isfinite(x)) << replay(f, q, s, i, "generate_moving");
      if (s == ScalarKind::float32) {
        ASSERT_TRUE(is_float(x)) << std::hexfloat << x << " is not a float; "
                                 << replay(f, q, s, i, "generate_moving");
      }
    }
    ASSERT_GE(m.motion.duration, 0.0) << replay(f, q, s, i, "generate_moving");
    // The kernel's W = vb − va (in the scalar) is the oracle's exact W.
    const Vec3d W = m.motion.velocity_b - m.motion.velocity_a;
    for (int k = 0; k < 3; ++k) {
      const RVec exact_W = relative_velocity(m.motion);
      ASSERT_EQ(Rational(W[k]), exact_W[k]) << replay(f, q, s, i, "generate_moving");
      if (s == ScalarKind::float32) {
        ASSERT_TRUE(is_float(W[k])) << replay(f, q, s, i, "generate_moving");
      }
    }
  }
}

TEST_P(EveryMovingGenerator, MakesOnlyValidShapes) {
  const auto [f, q, s] = GetParam();
  for (int i = 0; i < kCases; ++i) {
    const std::string error = invalid_shapes(generate_moving(f, q, s, kSeed, i).pair, s);
    ASSERT_EQ(error, "") << replay(f, q, s, i, "generate_moving");
  }
}

TEST_P(EveryMovingGenerator, MovesTheFamilysPairWithoutReshapingIt) {
  const auto [f, q, s] = GetParam();
  if (f == Family::motion) {
    // The static pair of the motion family is its configuration at t = 0.
    for (int i = 0; i < kCases; ++i) {
      const MotionCase c = generate_motion_case(q, s, kSeed, i);
      ASSERT_TRUE(bit_identical(c.moving, generate_moving(f, q, s, kSeed, i))) << i;
      ASSERT_TRUE(bit_identical(c.moving.pair, generate(f, q, s, kSeed, i))) << i;
    }
    return;
  }
  // Same choices first: a is the family's, b only moved (a box keeps its axes
  // and extents).
  for (int i = 0; i < kCases; ++i) {
    const ShapePair still = generate(f, q, s, kSeed, i);
    const ShapePair moved = generate_moving(f, q, s, kSeed, i).pair;
    ShapePair a_only = moved;
    a_only.obb_b = still.obb_b;
    a_only.tri_b = still.tri_b;
    ASSERT_TRUE(bit_identical(a_only, still)) << replay(f, q, s, i, "generate_moving");
    if (q != Query::tri_tri) {
      ShapePair centred = moved;
      centred.obb_b.center = still.obb_b.center;
      ASSERT_TRUE(bit_identical(centred, still)) << replay(f, q, s, i, "generate_moving");
    }
  }
}

// Shrinking drives a Source to constant streams: every retry loop fails, and
// the fallbacks must still give valid, exact cases.
class ConstantSource final : public Source {
 public:
  explicit ConstantSource(bool maximal) : maximal_(maximal) {}
  std::uint64_t below(std::uint64_t n) override { return maximal_ && n > 0 ? n - 1 : 0; }
  double unit() override { return maximal_ ? 1 - 0x1p-53 : 0; }

 private:
  bool maximal_;
};

TEST_P(EveryMovingGenerator, ConstantChoiceStreamsStillGiveValidCases) {
  const auto [f, q, s] = GetParam();
  for (bool maximal : {false, true}) {
    ConstantSource source(maximal);
    const MovingPair m = generate_moving(f, q, s, source);
    EXPECT_EQ(invalid_shapes(m.pair, s), "") << (maximal ? "maximal" : "zero") << " choices";
    EXPECT_GE(m.motion.duration, 0.0);
    for (double x : stored_numbers(m)) {
      EXPECT_TRUE(std::isfinite(x));
      if (s == ScalarKind::float32) {
        EXPECT_TRUE(is_float(x));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(, EveryMovingGenerator, ::testing::ValuesIn(all_combos()),
                         [](const ::testing::TestParamInfo<Combo>& info) {
                           return family_enum(info.param.family) + "_" +
                                  std::string(to_string(info.param.query)) + "_" +
                                  std::string(to_string(info.param.scalar));
                         });

// ---- the motion family ------------------------------------------------------------

struct QueryScalar {
  Query query;
  ScalarKind scalar;
};

std::vector<QueryScalar> query_scalars() {
  std::vector<QueryScalar> out;
  for (Query q : kQueries) {
    for (ScalarKind s : kScalars) out.push_back({q, s});
  }
  return out;
}

class MotionFamily : public ::testing::TestWithParam<QueryScalar> {};

// Designed shares (family_motion.cpp, kModeWeights, out of 28).
double designed_share(MotionMode mode) {
  static constexpr std::array kWeights{2, 2, 3, 2, 4, 4, 3, 3, 5};
  return kWeights[static_cast<int>(mode)] / 28.0;
}

TEST_P(MotionFamily, EveryModeOccursInItsDesignedShare) {
  const auto [q, s] = GetParam();
  std::map<MotionMode, int> count;
  int zero_W = 0, zero_T = 0, both_moving = 0, known = 0;
  std::map<ContactState, int> states;
  for (int i = 0; i < kCases; ++i) {
    const MotionCase c = generate_motion_case(q, s, kSeed, i);
    ++count[c.mode];
    const bool W_zero = c.moving.motion.velocity_a == c.moving.motion.velocity_b;
    zero_W += W_zero;
    zero_T += c.moving.motion.duration == 0;
    both_moving += W_zero && c.moving.motion.velocity_a != Vec3d::Zero();
    if (c.known_state) ++known, ++states[*c.known_state];
    if (c.mode == MotionMode::zero_velocity) {
      ASSERT_TRUE(W_zero) << motion_replay(q, s, i);
    }
    if (c.mode == MotionMode::zero_duration) {
      ASSERT_EQ(c.moving.motion.duration, 0.0) << motion_replay(q, s, i);
      ASSERT_FALSE(W_zero) << motion_replay(q, s, i);
    }
  }
  std::string shares;
  for (MotionMode mode : all_motion_modes()) {
    const double share = count[mode] / double(kCases);
    shares += std::string(to_string(mode)) + "=" + std::to_string(share) + " ";
    EXPECT_GT(share, 0.6 * designed_share(mode)) << to_string(mode);
    EXPECT_LT(share, 1.4 * designed_share(mode)) << to_string(mode);
  }
  RecordProperty("mode_shares", shares);
  std::cout << to_string(q) << "/" << to_string(s) << ": " << shares << "| known " << known
            << " (overlapping_at_start " << states[ContactState::overlapping_at_start]
            << ", first_contact " << states[ContactState::first_contact]
            << ", separated_throughout " << states[ContactState::separated_throughout]
            << "), W = 0: " << zero_W << " (both moving " << both_moving << "), T = 0: " << zero_T
            << " of " << kCases << "\n";
  EXPECT_GT(zero_W, kCases / 30);
  EXPECT_GT(zero_T, kCases / 30);
  EXPECT_GT(both_moving, kCases / 100) << "W = 0 should not always mean standing still";
  // Every exactly known state in good proportion (the oracle tests lean on them).
  for (ContactState state : {ContactState::overlapping_at_start, ContactState::first_contact,
                             ContactState::separated_throughout}) {
    EXPECT_GT(states[state], kCases / 10) << to_string(state);
  }
}

TEST_P(MotionFamily, EveryKnownAnswerIsProvedByItsCertificateExactly) {
  const auto [q, s] = GetParam();
  int at_end = 0;
  for (int i = 0; i < kCases; ++i) {
    const MotionCase c = generate_motion_case(q, s, kSeed, i);
    ASSERT_EQ(certificate_problem(c), "") << to_string(c.mode) << "; " << motion_replay(q, s, i);
    switch (c.mode) {
      case MotionMode::contact_at_end:
        // Disjoint on [0, T), touching at T exactly (certified above).
        ASSERT_EQ(c.known_state, ContactState::first_contact) << motion_replay(q, s, i);
        ASSERT_EQ(c.known_time, c.moving.motion.duration) << motion_replay(q, s, i);
        ++at_end;
        break;
      case MotionMode::contact_at_start: {
        // Touching exactly at t = 0: a common point and a weakly separating
        // plane, b on it (margin exactly 0).
        ASSERT_EQ(c.known_state, ContactState::overlapping_at_start) << motion_replay(q, s, i);
        ASSERT_TRUE(c.certificate.plane_normal) << motion_replay(q, s, i);
        const RVec n = exact(*c.certificate.plane_normal);
        ASSERT_EQ(support_b(c.moving.pair, n)[0], dot(n, exact(c.certificate.plane_point)))
            << motion_replay(q, s, i);
        break;
      }
      case MotionMode::overlapping_at_start:
        ASSERT_EQ(c.known_state, ContactState::overlapping_at_start) << motion_replay(q, s, i);
        break;
      default:
        break;
    }
  }
  EXPECT_GT(at_end, kCases / 20);
}

TEST_P(MotionFamily, VelocitiesAreParallelToAFaceOrAnEdgeOrGrazingAsDesigned) {
  const auto [q, s] = GetParam();
  int sliding = 0, endings_at_T = 0, grazing_cases = 0;
  for (int i = 0; i < kCases; ++i) {
    const MotionCase c = generate_motion_case(q, s, kSeed, i);
    const RVec W = relative_velocity(c.moving.motion);
    switch (c.mode) {
      case MotionMode::parallel_to_edge:
        ASSERT_TRUE(along_an_edge(c.moving.pair, W)) << motion_replay(q, s, i);
        break;
      case MotionMode::parallel_to_face:
        ASSERT_TRUE(in_a_face_plane(c.moving.pair, W)) << motion_replay(q, s, i);
        break;
      case MotionMode::grazing: {
        ASSERT_TRUE(c.certificate.plane_normal) << motion_replay(q, s, i);
        const Vec3d n = *c.certificate.plane_normal;
        const Vec3d w = c.moving.motion.velocity_b - c.moving.motion.velocity_a;
        // Approaching (exactly, W·n < 0), at a shallow angle.
        ASSERT_LT(dot(W, exact(n)), 0) << motion_replay(q, s, i);
        ASSERT_LE(std::abs(w.dot(n)), 0.3 * w.norm() * n.norm()) << motion_replay(q, s, i);
        ++grazing_cases;
        endings_at_T += c.known_state == ContactState::first_contact &&
                        c.known_time == c.moving.motion.duration;
        break;
      }
      default:
        break;
    }
    if ((c.mode == MotionMode::parallel_to_edge || c.mode == MotionMode::parallel_to_face) &&
        c.certificate.plane_normal && dot(W, exact(*c.certificate.plane_normal)) == 0) {
      ++sliding;
    }
  }
  EXPECT_GT(sliding, kCases / 100) << "W exactly along the contact plane never happened";
  EXPECT_GT(endings_at_T, grazing_cases / 6) << "grazing contacts exactly at T are too rare";
}

// Independent of the generator's own check: on every static axis (face
// normals, edge × edge), b(0) and b(T) lie strictly on opposite sides of a.
TEST_P(MotionFamily, PassThroughDefeatsEveryStaticAxisAtBothEnds) {
  const auto [q, s] = GetParam();
  int checked = 0;
  for (int i = 0; i < kCases; ++i) {
    const MotionCase c = generate_motion_case(q, s, kSeed, i);
    if (c.mode != MotionMode::pass_through) continue;
    ++checked;
    const ShapePair& p = c.moving.pair;
    const LinearMotiond& m = c.moving.motion;
    ASSERT_GT(m.duration, 0.0) << motion_replay(q, s, i);
    const RVec W = relative_velocity(m);
    ASSERT_FALSE(is_zero(W)) << motion_replay(q, s, i);
    std::vector<RVec> axes;
    const auto dirs = both_directions(p);
    for (const Directions& d : dirs) {
      for (const auto& f : d.faces) axes.push_back(cross(f[0], f[1]));
    }
    for (const RVec& e : dirs[0].edges) {
      for (const RVec& f : dirs[1].edges) axes.push_back(cross(e, f));
    }
    for (const RVec& L : axes) {
      if (is_zero(L)) continue;  // parallel edges: no axis
      const Rational travel = Rational(m.duration) * dot(W, L);
      ASSERT_NE(travel, 0) << motion_replay(q, s, i);
      const RVec n = travel > 0 ? L : Rational(-1) * L;
      const auto a = support_a(p, n);
      const auto b0 = support_b(p, n);
      ASSERT_LT(b0[1], a[0]) << "b(0) not before a; " << motion_replay(q, s, i);
      ASSERT_GT(b0[0] + abs(travel), a[1]) << "b(T) not past a; " << motion_replay(q, s, i);
    }
  }
  EXPECT_GT(checked, kCases / 10);
}

INSTANTIATE_TEST_SUITE_P(, MotionFamily, ::testing::ValuesIn(query_scalars()),
                         [](const ::testing::TestParamInfo<QueryScalar>& info) {
                           return std::string(to_string(info.param.query)) + "_" +
                                  std::string(to_string(info.param.scalar));
                         });

// ---- the RapidCheck adapter --------------------------------------------------------

TEST(RapidCheckMovingPairs, AreValidAndExactWhileShrinking) {
  // A property that always fails forces RapidCheck through a full shrink:
  // every case it tries on the way must still be valid and exact.
  for (Family f : all_families()) {
    for (Query q : kQueries) {
      int checked = 0;
      std::string problem;
      rc::detail::TestParams params;
      params.seed = kSeed;
      params.maxSuccess = 100;
      rc::detail::TestMetadata metadata;
      const auto result = rc::detail::checkTestable(
          [&] {
            const MovingPair m = *gen_moving_pair(f, q, ScalarKind::float32);
            ++checked;
            if (problem.empty()) problem = invalid_shapes(m.pair, ScalarKind::float32);
            if (problem.empty() && !(m.motion.duration >= 0)) problem = "negative T";
            for (double x : stored_numbers(m)) {
              if (problem.empty() && !is_float(x)) problem = "a stored number is not a float";
            }
            RC_FAIL("always");
          },
          metadata, params);
      rc::detail::FailureResult failure;
      EXPECT_TRUE(result.match(failure));
      EXPECT_GT(checked, 1) << to_string(f) << " " << to_string(q) << ": no shrinking happened";
      EXPECT_EQ(problem, "") << to_string(f) << " " << to_string(q);
    }
  }
}

}  // namespace
}  // namespace sepax::gen
