#pragma once
/// \file
/// Where a generator's random choices come from. Families are written
/// once against this interface: a seeded PRNG drives campaigns, fuzz decoders
/// and benchmarks; a RapidCheck-backed source (properties/) makes every choice
/// shrinkable.
#include <cstdint>

namespace sepax::gen {

class Source {
 public:
  virtual ~Source() = default;
  /// Uniform integer in [0, n), n ≥ 1.
  virtual std::uint64_t below(std::uint64_t n) = 0;
  /// Uniform double in [0, 1) with 53 random bits.
  virtual double unit() = 0;

  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  bool coin() { return below(2) == 1; }
};

/// splitmix64-seeded xoshiro256** PRNG: reproducible across compilers and
/// standard libraries (std::uniform_*_distribution is not).
class SeededSource final : public Source {
 public:
  explicit SeededSource(std::uint64_t seed);
  /// The stream for case `index` of a campaign seeded with `seed`.
  SeededSource(std::uint64_t seed, std::uint64_t index);
  std::uint64_t below(std::uint64_t n) override;
  double unit() override;
  std::uint64_t next();

 private:
  std::uint64_t s_[4];
};

}  // namespace sepax::gen
