#pragma once
/// \file `sepax check`'s counts over a whole case file: the closing line and
/// the exit status come from them.
#include <cstddef>

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

}  // namespace sepax::cli
