#pragma once
/// \file The differential check every fuzz target runs on its input: the case
/// decoded (fuzz_case.hpp), judged exactly, and the target's kernels
/// (judge_scope.hpp: sepax's, or the peers' in the peers_* targets) judged
/// against the exact verdict — on the fast path always, fully on a sample and
/// whenever a kernel disagrees (judge_scope.hpp says what each includes).
/// Findings: findings.hpp.
#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_case.hpp"
#include "judge_scope.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::fuzz {

/// The static kernels of the case's query and scalar.
void judge_static_case(const FuzzCase& c, Side side, bool full);
/// The test_moving and find_first_contact kernels of the case's query and scalar.
void judge_moving_case(const FuzzCase& c, Side side, bool full);

/// decode_case, then judge_*_case with full = sampled(bytes); -1 (libFuzzer:
/// not added to the corpus) when the bytes decode to no valid case.
int check_static_input(std::span<const std::uint8_t> bytes, Query query, Side side = Side::sepax);
int check_moving_input(std::span<const std::uint8_t> bytes, Query query, Side side = Side::sepax);
/// The bytes as a case file: every line a case or an error with its line
/// number and a message (never a crash); up to 4 cases judged on the fast
/// path (sepax's kernels), and on a sample the way `sepax check` judges them.
int check_case_file_input(std::span<const std::uint8_t> bytes);

}  // namespace sepax::fuzz
