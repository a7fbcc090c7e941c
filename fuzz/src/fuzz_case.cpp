#include "fuzz_case.hpp"

#include <cmath>
#include <limits>

#include <Eigen/Geometry>

#include "byte_source.hpp"
#include "explicit_case.hpp"
#include "sepax/harness/valid_case.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"

namespace sepax::fuzz {
namespace {

/// A number from the menu; `previous` lets a case repeat or nudge a value
/// (shared coordinates, nearly shared ones). Magnitudes stay within 2^±max_exp
/// (subnormals aside; max_exponent in the header says why).
double menu_number(ByteSource& src, double previous, int max_exp) {
  switch (src.byte() % 12) {
    case 0: return 0.0;
    case 1: return -0.0;
    case 2: return double(int(src.byte()) - 128);                        // small integers
    case 3: return double(int(src.below(1 << 16)) - (1 << 15)) * 0x1p-8;  // a dyadic grid
    case 4: return std::ldexp(double(src.below(1 << 20)) + 1, -1074 + int(src.below(40)));  // subnormal
    case 5: return std::ldexp(src.uniform(-1, 1), int(src.below(2 * (max_exp / 4) + 1)) - max_exp / 4);  // wide exponents
    case 6: return std::ldexp(src.uniform(-1, 1), int(src.below(2 * max_exp + 1)) - max_exp);            // extreme ones
    case 7: return previous;
    case 8: return std::nextafter(previous, src.coin() ? INFINITY : -INFINITY);
    case 9: return -previous;
    case 10:  // every significand bit random, any exponent in range
      return std::ldexp((src.coin() ? -1.0 : 1.0) * (1.0 + src.unit()), int(src.below(2 * max_exp + 1)) - max_exp);
    default: return src.uniform(-4, 4);
  }
}

double rounded(double v, ScalarKind scalar) { return scalar == ScalarKind::float32 ? double(float(v)) : v; }


Triangle3d raw_triangle(ByteSource& src, ScalarKind scalar, double& previous) {
  Triangle3d t;
  for (auto& v : t.vertices)
    for (int k = 0; k < 3; ++k) v[k] = previous = rounded(menu_number(src, previous, max_exponent(scalar)), scalar);
  return t;
}

Obb3d raw_box(ByteSource& src, ScalarKind scalar, double& previous, const Obb3d* other) {
  Obb3d b;
  for (int k = 0; k < 3; ++k) b.center[k] = previous = rounded(menu_number(src, previous, max_exponent(scalar)), scalar);
  for (int k = 0; k < 3; ++k) b.extents[k] = previous = std::abs(rounded(menu_number(src, previous, max_exponent(scalar)), scalar));
  const unsigned how = src.byte() % 4;
  if (how == 0 && other) {
    b.axes = other->axes;  // exactly shared axes: parallel edges everywhere
  } else if (how == 1) {   // a signed permutation (right-handed): axis-aligned
    const int p = int(src.below(3));
    const double s0 = src.coin() ? 1 : -1, s1 = src.coin() ? 1 : -1;
    Eigen::Vector3d a0 = Eigen::Vector3d::Unit(p) * s0, a1 = Eigen::Vector3d::Unit((p + 1) % 3) * s1;
    b.axes = {a0, a1, a0.cross(a1)};
  } else {  // a rotation from a quaternion, rounded to the scalar
    Eigen::Quaterniond q(src.uniform(-1, 1), src.uniform(-1, 1), src.uniform(-1, 1), src.uniform(-1, 1));
    if (q.norm() < 1e-3) q = Eigen::Quaterniond::Identity();
    const Eigen::Matrix3d r = q.normalized().toRotationMatrix();
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) b.axes[i][k] = rounded(r(k, i), scalar);
  }
  return b;
}

}  // namespace

int max_exponent(ScalarKind scalar) { return scalar == ScalarKind::float32 ? 30 : 120; }

bool within_magnitude(const FuzzCase& c) {
  const double limit = std::ldexp(1.0, max_exponent(c.scalar));
  const auto ok = [&](double v) { return std::abs(v) <= limit; };
  const auto box = [&](const Obb3d& b) {
    for (int k = 0; k < 3; ++k)
      if (!ok(b.center[k]) || !ok(b.extents[k])) return false;
    return true;
  };
  const auto tri = [&](const Triangle3d& t) {
    for (const auto& v : t.vertices)
      for (int k = 0; k < 3; ++k)
        if (!ok(v[k])) return false;
    return true;
  };
  const ShapePair& p = c.pair;
  const bool shapes = p.query == Query::obb_obb   ? box(p.obb_a) && box(p.obb_b)
                      : p.query == Query::tri_obb ? tri(p.tri_a) && box(p.obb_b)
                                                  : tri(p.tri_a) && tri(p.tri_b);
  if (!shapes) return false;
  if (!c.motion) return true;
  for (int k = 0; k < 3; ++k)
    if (!ok(c.motion->velocity_a[k]) || !ok(c.motion->velocity_b[k])) return false;
  return ok(c.motion->duration);
}

std::optional<FuzzCase> decode_case(std::span<const std::uint8_t> bytes, Query query, bool moving) {
  if (bytes.size() >= 2 && bytes[1] == kExplicitFamily) return decode_explicit(bytes, query, moving);
  ByteSource src(bytes);
  FuzzCase c;
  c.scalar = src.byte() & 1 ? ScalarKind::float32 : ScalarKind::float64;
  const auto families = gen::all_families();
  const std::size_t pick = src.byte() % (families.size() + 1);
  if (pick < families.size()) {
    const gen::Family f = families[pick];
    c.family = std::string(gen::to_string(f));
    if (moving) {
      gen::MovingPair m = gen::generate_moving(f, query, c.scalar, src);
      c.pair = m.pair;
      c.motion = m.motion;
    } else {
      c.pair = gen::generate(f, query, c.scalar, src);
    }
    return c;
  }
  c.family = "raw";
  c.pair.query = query;
  double previous = 1;
  if (query == Query::obb_obb) {
    c.pair.obb_a = raw_box(src, c.scalar, previous, nullptr);
    c.pair.obb_b = raw_box(src, c.scalar, previous, &c.pair.obb_a);
  } else if (query == Query::tri_obb) {
    c.pair.tri_a = raw_triangle(src, c.scalar, previous);
    c.pair.obb_b = raw_box(src, c.scalar, previous, nullptr);
  } else {
    c.pair.tri_a = raw_triangle(src, c.scalar, previous);
    c.pair.tri_b = raw_triangle(src, c.scalar, previous);
  }
  if (moving) {
    LinearMotiond m;
    for (int k = 0; k < 3; ++k) m.velocity_a[k] = previous = rounded(menu_number(src, previous, max_exponent(c.scalar)), c.scalar);
    for (int k = 0; k < 3; ++k) m.velocity_b[k] = previous = rounded(menu_number(src, previous, max_exponent(c.scalar)), c.scalar);
    m.duration = std::abs(rounded(menu_number(src, 1, max_exponent(c.scalar)), c.scalar));
    c.motion = m;
  }
  if (!harness::valid_case(c.pair, c.motion, c.scalar)) return std::nullopt;
  return c;
}

std::string seed_input(std::size_t family, ScalarKind scalar, std::span<const std::uint8_t> body) {
  std::string s;
  s += char(scalar == ScalarKind::float32 ? 1 : 0);
  s += char(family);
  s.append(reinterpret_cast<const char*>(body.data()), body.size());
  return s;
}

}  // namespace sepax::fuzz
