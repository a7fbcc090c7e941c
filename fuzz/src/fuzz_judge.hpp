#pragma once
/// \file The differential check every fuzz target runs on its input: the case
/// decoded (fuzz_case.hpp), the exact oracles asked and cross-checked (every
/// one that applies, on every input), every registered kernel of the query and
/// scalar — sepax's and the peers' — judged against them, with their set
/// runners, and the batch kernels' other entry points (batch_forms.hpp).
///
/// A finding is an oracle disagreement, an oracle failure, or a kernel's gross
/// verdict (a throw included). Each is deduplicated by its signature (kernel,
/// query, family, false negative / false positive / threw) and the first case
/// of each signature is written as a replayable case file under
/// $SEPAX_FUZZ_FINDINGS (default ./fuzz-findings) with the `sepax check`
/// command that replays it; counts per signature are printed at exit.
///
/// $SEPAX_FUZZ_ABORT chooses which findings stop the fuzzer (so that it saves
/// the crashing input): `sepax` (default: sepax's kernels and the oracles),
/// `all` (peers too: hunting another library's bugs), `none` (record only).
#include <cstddef>
#include <cstdint>
#include <span>

#include "sepax/core/shapes/query.hpp"

namespace sepax::fuzz {

/// Registers the peers' kernels (once); every target calls it first.
void initialize();

int check_static_input(std::span<const std::uint8_t> bytes, Query query);
int check_moving_input(std::span<const std::uint8_t> bytes, Query query);
/// The bytes as a case file: every line a case or an error with its line
/// number and a message (never a crash); the cases judged like `sepax check`.
int check_case_file_input(std::span<const std::uint8_t> bytes);

}  // namespace sepax::fuzz
