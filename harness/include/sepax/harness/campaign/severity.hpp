#pragma once
/// \file
/// How bad a kernel's disagreements are (issue 29). A gross verdict is
/// beyond the rounding band, but a few picometres past it and a box falling
/// through the floor are not the same finding: every disagreement carries its
/// severity, |margin| relative to the larger shape's size (the distance the
/// exact answer is from flipping), and each row counts its gross verdicts at
/// the levels a simulation would show.
#include <array>
#include <cstdint>
#include <limits>
#include <optional>

namespace sepax::harness {

/// The severity levels a row counts its gross verdicts at, relative to size:
/// beyond the band (every gross verdict), ≥ 1e-6 (visible in a double
/// simulation's contacts), ≥ 1e-3 (a millimetre on a metre box).
inline constexpr std::array<double, 2> kSeverityLevels{1e-6, 1e-3};

/// The severity of a kernel that threw or crashed: worse than any margin.
inline constexpr double kThrewSeverity = std::numeric_limits<double>::infinity();

struct SeverityTally {
  /// Gross verdicts with severity ≥ kSeverityLevels[i].
  std::array<std::uint64_t, kSeverityLevels.size()> gross_at_least{};
  /// The largest severity among the gross verdicts (kThrewSeverity when one threw).
  std::optional<double> max_gross;
  /// Disagreements beyond the rounding band but within the tolerance the
  /// kernel promises (KernelInfo::tolerance): counted as boundary, and here.
  std::uint64_t tolerated = 0;

  void add_gross(double severity) {
    for (std::size_t i = 0; i < kSeverityLevels.size(); ++i) gross_at_least[i] += severity >= kSeverityLevels[i];
    if (!max_gross || severity > *max_gross) max_gross = severity;
  }
  SeverityTally& operator+=(const SeverityTally& other) {
    for (std::size_t i = 0; i < gross_at_least.size(); ++i) gross_at_least[i] += other.gross_at_least[i];
    if (other.max_gross && (!max_gross || *other.max_gross > *max_gross)) max_gross = other.max_gross;
    tolerated += other.tolerated;
    return *this;
  }
};

}  // namespace sepax::harness
