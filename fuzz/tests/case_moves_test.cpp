// The structure-aware mutator's moves (fuzz/mutator/case_moves.hpp): on
// decoded seed inputs of every family, query, mode and scalar, every move
// that applies gives a valid case whose explicit form decodes back bit for
// bit, with the structure the move claims — checked in exact rationals
// (GMP), the semantics the oracles judge. And every move applies somewhere.
#include <cmath>
#include <map>
#include <vector>

#include <boost/multiprecision/gmp.hpp>
#include <gtest/gtest.h>

#include "case_moves.hpp"
#include "exact_shapes.hpp"
#include "exact_steps.hpp"
#include "explicit_case.hpp"
#include "fuzz_case.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/harness/valid_case.hpp"

namespace sepax::fuzz {
namespace {

using Q = boost::multiprecision::mpq_rational;  // exact from any double
using QV = std::array<Q, 3>;

QV q(const Vec3<double>& v) { return {Q(v[0]), Q(v[1]), Q(v[2])}; }
QV operator-(const QV& a, const QV& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
QV operator+(const QV& a, const QV& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
QV operator*(const Q& f, const QV& a) { return {f * a[0], f * a[1], f * a[2]}; }
QV cross(const QV& a, const QV& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Q dot(const QV& a, const QV& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Q pow2(int k) {
  const boost::multiprecision::mpz_int one = 1;
  return k >= 0 ? Q(one << k) : Q(one) / Q(one << -k);
}

/// Box vertex σ, exactly.
QV vertex(const Obb3d& b, unsigned sigma) {
  QV v = q(b.center);
  for (int k = 0; k < 3; ++k) v = v + Q((sigma >> k) & 1u ? b.extents[k] : -b.extents[k]) * q(b.axes[k]);
  return v;
}
/// Is v exactly on the plane of face s·A_i of the parallelepiped?
bool on_face(const Obb3d& b, int i, int s, const QV& v) {
  const QV n = cross(q(b.axes[(i + 1) % 3]), q(b.axes[(i + 2) % 3]));
  const QV f = q(b.center) + Q(s * b.extents[i]) * q(b.axes[i]);
  return dot(n, v - f) == 0;
}
/// Is v exactly on the triangle's plane (orient3d = 0)?
bool on_plane(const Triangle3d& t, const QV& v) {
  const QV u0 = q(t.vertices[0]);
  return dot(cross(q(t.vertices[1]) - u0, q(t.vertices[2]) - u0), v - u0) == 0;
}

std::vector<double> numbers(const FuzzCase& c) {
  const std::string bytes = encode_explicit(c);
  std::vector<double> out;
  const std::size_t w = c.scalar == ScalarKind::float32 ? 4 : 8;
  for (std::size_t p = 2; p + w <= bytes.size(); p += w) {
    if (w == 4) {
      float f;
      std::memcpy(&f, bytes.data() + p, 4);
      out.push_back(f);
    } else {
      double d;
      std::memcpy(&d, bytes.data() + p, 8);
      out.push_back(d);
    }
  }
  return out;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

/// The feature motion_along used: A's/B's box axis or triangle edge (exact).
QV feature(const FuzzCase& c, int f) {
  const bool of_b = f >= 3;
  const int i = f % 3;
  const Query query = c.pair.query;
  if (query == Query::obb_obb || (query == Query::tri_obb && of_b)) return q((of_b ? c.pair.obb_b : c.pair.obb_a).axes[i]);
  const Triangle3d& t = of_b ? c.pair.tri_b : c.pair.tri_a;
  return q(t.vertices[(i + 1) % 3]) - q(t.vertices[i]);
}

/// The structure `r` claims, of `after` made from `before`.
void expect_structure(const MoveReport& r, FuzzCase before, FuzzCase after) {
  const ShapePair& a = after.pair;
  const ShapePair& b = before.pair;
  const ScalarKind s = after.scalar;
  switch (r.move) {
    case Move::snap_to_grid:
      for (double* v : exact::positions(after)) EXPECT_TRUE(exact::on_grid(*v, r.exponent)) << *v << " 2^" << r.exponent;
      for (double* v : exact::extents(after)) EXPECT_TRUE(exact::on_grid(*v, r.exponent)) << *v << " 2^" << r.exponent;
      for (double* v : exact::velocities(after)) EXPECT_TRUE(exact::on_grid(*v, r.velocity_exponent));
      break;
    case Move::parallel:
    case Move::nearly_parallel: {
      // The exactly parallel vector, and the stored one.
      QV want, got;
      if (a.query == Query::obb_obb) {
        want = Q(r.sign) * q(a.obb_a.axes[r.a]);
        got = q(a.obb_b.axes[r.b]);
      } else if (a.query == Query::tri_obb) {
        want = (Q(r.sign) * pow2(r.power)) * q(a.obb_b.axes[r.b]);
        got = q(a.tri_a.vertices[(r.a + 1) % 3]) - q(a.tri_a.vertices[r.a]);
      } else {
        want = (Q(r.sign) * pow2(r.power)) * (q(a.tri_a.vertices[(r.a + 1) % 3]) - q(a.tri_a.vertices[r.a]));
        got = q(a.tri_b.vertices[(r.b + 1) % 3]) - q(a.tri_b.vertices[r.b]);
      }
      for (int k = 0; k < 3; ++k) {
        if (r.move == Move::nearly_parallel && k == r.component) {
          // One ulp of the scalar off, in the stated direction.
          const double stored = a.query == Query::obb_obb ? a.obb_b.axes[r.b][k]
                                : a.query == Query::tri_obb ? a.tri_a.vertices[(r.a + 1) % 3][k]
                                                             : a.tri_b.vertices[(r.b + 1) % 3][k];
          const double exact_end = exact::next(stored, !r.up, s);
          EXPECT_EQ(exact::next(exact_end, r.up, s), stored);
          EXPECT_EQ(got[k] - want[k], Q(stored) - Q(exact_end)) << "coordinate " << k;
          EXPECT_NE(got[k], want[k]);
        } else {
          EXPECT_EQ(got[k], want[k]) << to_string(r.move) << " coordinate " << k;
        }
      }
      if (r.move == Move::parallel) {
        EXPECT_EQ(cross(got, want), (QV{0, 0, 0}));
      }
      break;
    }
    case Move::onto_plane: {
      QV v;  // the vertex placed
      const bool box_vertex = a.query == Query::obb_obb || (a.query == Query::tri_obb && r.b_onto_a);
      if (box_vertex)
        v = vertex(a.query == Query::obb_obb && !r.b_onto_a ? a.obb_a : a.obb_b, unsigned(r.b));
      else
        v = q((r.b_onto_a ? a.tri_b : a.tri_a).vertices[r.b]);
      if (r.a >= 0) {  // a box face: obb_obb's, or tri_obb's box
        const Obb3d& face = a.query == Query::obb_obb && !r.b_onto_a ? a.obb_b : a.query == Query::obb_obb ? a.obb_a : a.obb_b;
        EXPECT_TRUE(on_face(face, r.a, r.sign, v)) << "face " << r.a << " side " << r.sign;
      } else {
        EXPECT_TRUE(on_plane(a.query == Query::tri_tri && !r.b_onto_a ? a.tri_b : a.tri_a, v));
      }
      break;
    }
    case Move::scale: {
      std::vector<double*> x = exact::positions(after), y = exact::positions(before);
      for (auto* list : {&exact::extents, &exact::velocities}) {
        for (double* v : (*list)(after)) x.push_back(v);
        for (double* v : (*list)(before)) y.push_back(v);
      }
      ASSERT_EQ(x.size(), y.size());
      for (std::size_t i = 0; i < x.size(); ++i) EXPECT_EQ(Q(*x[i]), pow2(r.exponent) * Q(*y[i]));
      break;
    }
    case Move::translate_far: {
      const std::vector<double*> x = exact::positions(after), y = exact::positions(before);
      ASSERT_EQ(x.size(), y.size());
      EXPECT_TRUE(r.offset[0] != 0 || r.offset[1] != 0 || r.offset[2] != 0);
      for (std::size_t i = 0; i < x.size(); ++i) {
        // Moved by the offset, within half an ulp (of the scalar) of the new position.
        const double moved = *x[i];
        // The spacing on either side (the larger one, at a power of two).
        const double ulp = std::max(exact::next(moved, true, s) - moved, moved - exact::next(moved, false, s));
        EXPECT_LE(boost::multiprecision::abs(Q(moved) - Q(*y[i]) - Q(r.offset[i % 3])), Q(ulp) / 2 * Q(1 + 1e-9))
            << std::hexfloat << moved << " from " << *y[i] << " + " << r.offset[i % 3];
        EXPECT_GE(std::abs(moved), std::abs(r.offset[i % 3]) / 4);  // far from the origin where offset
      }
      break;
    }
    case Move::swap_shapes:
      if (a.query == Query::tri_obb) {
        const auto& u = a.tri_a.vertices;
        const auto& w = b.tri_a.vertices;
        if (r.a == 0) {
          EXPECT_TRUE(u[0] == w[1] && u[1] == w[2] && u[2] == w[0]);
        }
        if (r.a == 1) {
          EXPECT_TRUE(u[0] == w[0] && u[1] == w[2] && u[2] == w[1]);
        }
        if (r.a == 2) {
          EXPECT_TRUE(a.obb_b.axes[0] == b.obb_b.axes[1] && a.obb_b.axes[2] == b.obb_b.axes[0] &&
                      a.obb_b.extents[0] == b.obb_b.extents[1]);
        }
      } else {
        EXPECT_TRUE(same_bits(numbers(after), [&] {
          FuzzCase swapped = before;
          std::swap(swapped.pair.obb_a, swapped.pair.obb_b);
          std::swap(swapped.pair.tri_a, swapped.pair.tri_b);
          if (swapped.motion) std::swap(swapped.motion->velocity_a, swapped.motion->velocity_b);
          return numbers(swapped);
        }()));
      }
      break;
    case Move::motion_along: {
      ASSERT_TRUE(after.motion.has_value());
      const QV va = q(after.motion->velocity_a), vb = q(after.motion->velocity_b);
      if (r.a == 0) {
        EXPECT_EQ(va, vb);
      } else {
        EXPECT_EQ(va, (QV{0, 0, 0}));
        EXPECT_EQ(vb, (Q(r.sign) * pow2(r.power)) * feature(after, r.a - 1));
      }
      break;
    }
  }
}

struct Target {
  Query query;
  bool moving;
};

TEST(CaseMoves, EveryMoveBuildsItsStructureExactlyAndDecodesBack) {
  std::map<std::string, int> applied;
  int attempts = 0;
  for (const Target t : {Target{Query::obb_obb, false}, Target{Query::tri_obb, false}, Target{Query::tri_tri, false},
                         Target{Query::obb_obb, true}, Target{Query::tri_obb, true}, Target{Query::tri_tri, true}})
    for (const ScalarKind scalar : {ScalarKind::float64, ScalarKind::float32})
      for (std::size_t family = 0; family <= gen::all_families().size(); ++family)
        for (int i = 0; i < 6; ++i) {
          gen::SeededSource body_rng(7, family * 100 + i);
          std::vector<std::uint8_t> body(160);
          for (auto& x : body) x = std::uint8_t(body_rng.next() >> 56);
          const std::string seed = seed_input(family, scalar, body);
          const auto decoded = decode_case({reinterpret_cast<const std::uint8_t*>(seed.data()), seed.size()}, t.query, t.moving);
          if (!decoded) continue;
          for (const Move m : all_moves()) {
            ++attempts;
            FuzzCase c = *decoded;
            gen::SeededSource rng(11, attempts);
            const auto r = apply_move(m, c, rng);
            if (!r) {
              EXPECT_TRUE(same_bits(numbers(c), numbers(*decoded))) << "a declined move changed the case";
              continue;
            }
            SCOPED_TRACE(::testing::Message() << to_string(m) << " " << to_string(t.query) << (t.moving ? " moving " : " ")
                                              << to_string(scalar) << " family " << family << " #" << i);
            ++applied[std::string(to_string(m)) + " " + std::string(to_string(t.query)) + " " +
                      std::string(to_string(scalar)) + (t.moving ? " moving" : "")];
            EXPECT_EQ(r->move, m);
            EXPECT_TRUE(harness::valid_case(c.pair, c.motion, c.scalar));
            EXPECT_EQ(c.family, "explicit");
            // The explicit form decodes to the very same numbers.
            const std::string bytes = encode_explicit(c);
            EXPECT_EQ(bytes.size(), explicit_size(t.query, scalar, t.moving));
            const auto back = decode_case({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, t.query, t.moving);
            ASSERT_TRUE(back.has_value());
            EXPECT_EQ(back->scalar, scalar);
            EXPECT_TRUE(same_bits(numbers(*back), numbers(c)));
            expect_structure(*r, *decoded, c);
          }
        }
  // Every move applies to every query and scalar (motion_along: moving only) somewhere.
  for (const Move m : all_moves())
    for (const Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
      for (const ScalarKind scalar : {ScalarKind::float64, ScalarKind::float32})
        for (const bool moving : {false, true}) {
          if (m == Move::motion_along && !moving) continue;
          const std::string key = std::string(to_string(m)) + " " + std::string(to_string(query)) + " " +
                                  std::string(to_string(scalar)) + (moving ? " moving" : "");
          EXPECT_GE(applied[key], 20) << key << " applied to fewer than 20 of " << 6 * (gen::all_families().size() + 1) << " cases";
        }
}

TEST(CaseMoves, MotionAlongDeclinesStaticCases) {
  FuzzCase c;
  c.pair.query = Query::obb_obb;
  c.pair.obb_a.extents = {1, 1, 1};
  c.pair.obb_b.extents = {1, 1, 1};
  gen::SeededSource rng(1);
  EXPECT_FALSE(apply_move(Move::motion_along, c, rng).has_value());
}

}  // namespace
}  // namespace sepax::fuzz
