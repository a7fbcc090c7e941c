#pragma once
/// \file Checks shared by the generator tests (no oracle): the numbers a case
/// stores, bit-identity, float exactness, validate(), and replay strings.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <array>
#include <string>
#include <vector>

#include "sepax/core/shapes/validate.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"

namespace sepax::gen::test {

using Vec3d = Vec3<double>;

inline constexpr std::uint64_t kSeed = 20261122;

inline constexpr std::array kQueries{Query::obb_obb, Query::tri_obb, Query::tri_tri};
inline constexpr std::array kScalars{ScalarKind::float32, ScalarKind::float64};

/// One (family, query, scalar) parameter of the per-generator suites.
struct Combo {
  Family family;
  Query query;
  ScalarKind scalar;
};

/// Every family × query × scalar.
inline std::vector<Combo> all_combos() {
  std::vector<Combo> out;
  for (Family f : all_families())
    for (Query q : kQueries)
      for (ScalarKind s : kScalars) out.push_back({f, q, s});
  return out;
}

/// The family's enum spelling ("parallel_edges").
inline std::string family_enum(Family f) {
  std::string name(to_string(f));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

/// How to regenerate a failing case by hand with `function` (generate,
/// generate_moving).
inline std::string replay(Family f, Query q, ScalarKind s, std::uint64_t index,
                          const std::string& function = "generate") {
  return "replay: sepax::gen::" + function + "(Family::" + family_enum(f) +
         ", Query::" + std::string(to_string(q)) +
         ", ScalarKind::" + (s == ScalarKind::float32 ? "float32" : "float64") + ", " +
         std::to_string(kSeed) + ", " + std::to_string(index) + ")";
}

/// Every number the query's shapes store.
inline std::vector<double> stored_numbers(const ShapePair& p) {
  std::vector<double> out;
  auto box = [&](const Obb3d& b) {
    for (int k = 0; k < 3; ++k) out.push_back(b.center[k]);
    for (const Vec3d& a : b.axes) out.insert(out.end(), a.data(), a.data() + 3);
    out.insert(out.end(), b.extents.begin(), b.extents.end());
  };
  auto tri = [&](const Triangle3d& t) {
    for (const Vec3d& v : t.vertices) out.insert(out.end(), v.data(), v.data() + 3);
  };
  switch (p.query) {
    case Query::obb_obb:
      box(p.obb_a), box(p.obb_b);
      break;
    case Query::tri_obb:
      tri(p.tri_a), box(p.obb_b);
      break;
    case Query::tri_tri:
      tri(p.tri_a), tri(p.tri_b);
      break;
  }
  return out;
}

/// Every number a moving case stores: the shapes, both velocities and T.
inline std::vector<double> stored_numbers(const MovingPair& m) {
  std::vector<double> out = stored_numbers(m.pair);
  const LinearMotiond& motion = m.motion;
  out.insert(out.end(), motion.velocity_a.data(), motion.velocity_a.data() + 3);
  out.insert(out.end(), motion.velocity_b.data(), motion.velocity_b.data() + 3);
  out.push_back(motion.duration);
  return out;
}

inline bool bit_identical(const std::vector<double>& a, const std::vector<double>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](double u, double v) {
    return std::bit_cast<std::uint64_t>(u) == std::bit_cast<std::uint64_t>(v);
  });
}

inline bool bit_identical(const ShapePair& x, const ShapePair& y) {
  return x.query == y.query && bit_identical(stored_numbers(x), stored_numbers(y));
}

inline bool bit_identical(const MovingPair& x, const MovingPair& y) {
  return x.pair.query == y.pair.query && bit_identical(stored_numbers(x), stored_numbers(y));
}

inline bool is_float(double x) { return static_cast<double>(static_cast<float>(x)) == x; }

/// Failure message naming the first invalid shape, or empty.
inline std::string invalid_shapes(const ShapePair& p, ScalarKind s) {
  const double tolerance = axis_tolerance(s);
  std::optional<ValidationError> err;
  switch (p.query) {
    case Query::obb_obb:
      err = validate(p.obb_a, "obb_a", tolerance);
      if (!err) err = validate(p.obb_b, "obb_b", tolerance);
      break;
    case Query::tri_obb:
      err = validate(p.tri_a, "tri_a");
      if (!err) err = validate(p.obb_b, "obb_b", tolerance);
      break;
    case Query::tri_tri:
      err = validate(p.tri_a, "tri_a");
      if (!err) err = validate(p.tri_b, "tri_b");
      break;
  }
  return err ? err->message() : std::string();
}

}  // namespace sepax::gen::test
