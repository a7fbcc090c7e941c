#pragma once
/// \file `sepax check`'s counts over a whole case file: the closing line and
/// the exit status come from them.
#include <cstddef>
#include <string>

#include <fmt/format.h>

namespace sepax::cli {

/// Counts over the whole file, for the closing line and the exit status.
struct CheckTally {
  std::size_t cases = 0;
  std::size_t malformed = 0;
  std::size_t ok = 0;
  std::size_t boundary = 0;
  std::size_t gross = 0;       ///< sepax's kernels, and peers named with --kernel
  std::size_t peer_gross = 0;  ///< peers run by default: findings, not failures
  std::size_t convention = 0;  ///< open-set peers on exactly touching pairs
  std::size_t unjudged = 0;  ///< the oracles disagreed or failed on the case
  std::size_t oracle_disagreements = 0;
  std::size_t oracle_failures = 0;

  bool failed() const {
    return malformed + gross + unjudged + oracle_disagreements + oracle_failures > 0;
  }
};

/// The line `sepax check` ends with: the counts and the exit status they give.
inline std::string closing_line(const CheckTally& t) {
  std::string line = fmt::format("{} case{}", t.cases, t.cases == 1 ? "" : "s");
  if (t.malformed) line += fmt::format(", {} malformed line{}", t.malformed, t.malformed == 1 ? "" : "s");
  line += fmt::format(": {} ok, {} boundary, {} gross", t.ok, t.boundary, t.gross);
  if (t.peer_gross) line += fmt::format(" (and {} gross of peer libraries: findings, not failures)", t.peer_gross);
  if (t.convention)
    line += fmt::format(" ({} convention: an open-set library called exactly touching shapes separated)", t.convention);
  if (t.unjudged) line += fmt::format(", {} unjudged", t.unjudged);
  if (t.oracle_disagreements)
    line += fmt::format(", {} ORACLE DISAGREEMENT{}", t.oracle_disagreements,
                        t.oracle_disagreements == 1 ? "" : "S");
  if (t.oracle_failures)
    line += fmt::format(", {} oracle failure{}", t.oracle_failures, t.oracle_failures == 1 ? "" : "s");
  line += t.failed() ? " -> exit 1" : " -> exit 0";
  return line;
}

}  // namespace sepax::cli
