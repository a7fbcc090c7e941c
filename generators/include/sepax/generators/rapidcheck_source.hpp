#pragma once
/// \file
/// The RapidCheck adapter of the generators, header-only so that the
/// generators library itself never depends on RapidCheck.
///
/// A RapidCheckSource draws every choice with `*%rc::gen::inRange(...)`. Used
/// inside `rc::gen::exec` (as gen_pair() does), each choice becomes its own
/// shrinkable value, so a failing configuration shrinks choice by choice:
/// integers toward 0 — the first mode, the first axis, the first sign of each
/// family — and unit() toward 0 (it draws an integer in [0, 2^53) and scales
/// it). The families bound all their retry loops, so the constant streams that
/// shrinking produces still yield valid pairs.
///
/// Size: RapidCheck scales inRange by the test size, which would make the first
/// cases of every run all-zero choices. The draws are resized to the nominal
/// size instead, so every case follows the family's own distribution; shrinking
/// (not size) is what simplifies a counterexample.
///
/// Usage:
/// \code
///   RC_GTEST_PROP(Kernel, AgreesWithOracle, ()) {
///     const auto pair = *sepax::gen::gen_pair(Family::touching, Query::obb_obb,
///                                             ScalarKind::float32);
///     ...
///   }
/// \endcode
#include <rapidcheck.h>

#include <cstdint>

#include "sepax/generators/generate.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::gen {

/// A Source whose choices are RapidCheck values; valid only inside a
/// RapidCheck property or `rc::gen::exec`, where `*gen` may be used.
class RapidCheckSource final : public Source {
 public:
  std::uint64_t below(std::uint64_t n) override {
    if (n <= 1) return 0;
    return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::uint64_t>(0, n));
  }

  double unit() override {
    constexpr std::uint64_t kSteps = std::uint64_t{1} << 53;
    const std::uint64_t k =
        *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::uint64_t>(0, kSteps));
    return static_cast<double>(k) * 0x1p-53;
  }
};

/// Pairs of `family` for `query` in `scalar`, every random choice shrinkable.
inline rc::Gen<ShapePair> gen_pair(Family family, Query query, ScalarKind scalar) {
  return rc::gen::exec([family, query, scalar] {
    RapidCheckSource source;
    return generate(family, query, scalar, source);
  });
}

/// Moving pairs of `family` for `query` in `scalar` (generate_moving), every
/// random choice shrinkable. Under shrinking the motion family drifts toward
/// its first mode (zero velocity) and the others toward their first choices.
inline rc::Gen<MovingPair> gen_moving_pair(Family family, Query query, ScalarKind scalar) {
  return rc::gen::exec([family, query, scalar] {
    RapidCheckSource source;
    return generate_moving(family, query, scalar, source);
  });
}

}  // namespace sepax::gen
