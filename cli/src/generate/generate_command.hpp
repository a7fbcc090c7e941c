#pragma once
/// \file `sepax generate`: the cases of a campaign — query, mode, family,
/// scalar, seed, a range of indices (all of `count`, or a shard's share) —
/// written for a kernel that runs where sepax cannot (a GPU, a notebook): as a
/// case file (JSON Lines, the campaign's replay form) or as a structure-of-
/// arrays file (harness/query/array_file.hpp). The same arguments give the
/// same cases, bit for bit, as `sepax verify --cases` judges.
#include <cstdint>
#include <ostream>
#include <string>

#include "sepax/harness/campaign/campaign_batches.hpp"

namespace sepax::cli {

struct GenerateOptions {
  std::string query;
  std::string mode;    ///< empty: test_static, or the query's only mode
  std::string family;  ///< empty: the query's first family
  std::string scalar = "double";
  std::uint64_t seed = 1;
  std::uint64_t count = 0;
  /// Shard I of N gets the cases [⌊(I−1)·count/N⌋, ⌊I·count/N⌋).
  harness::Shard shard;
  std::string format = "jsonl";  ///< "jsonl" or "arrays"
  std::string out;
};

/// 0 on success, 2 on a usage error (named on `err`).
int run_generate(const GenerateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
