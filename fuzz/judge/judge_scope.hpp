#pragma once
/// \file Which kernels a fuzz target judges, and how thoroughly one input is
/// judged.
///
/// Kernels: the sepax targets (obb_obb, …, case_file) run sepax's own kernels;
/// the peers_* targets every other library's (FCL, Bullet, ODE, libccd, Box2D,
/// MuJoCo, CGAL, the textbook kernels). $SEPAX_FUZZ_SKIP (comma-separated
/// kernel-id prefixes, default `ccd/mpr`: libccd's MPR loops forever on flat
/// Minkowski differences, and a call that never returns cannot be abandoned)
/// leaves kernels out; $SEPAX_FUZZ_ONLY (prefixes; unset: all) keeps only
/// those peers, to hunt one library's bugs.
///
/// Depth: every input takes the fast path — the kernels and the cheap exact
/// verdict (the interval-filtered SAT, GMP only where the filter cannot
/// decide). One input in $SEPAX_FUZZ_SAMPLE (default 64), picked by a hash of
/// its bytes so that a replay repeats the choice, gets the full judgement as
/// well: the second and third oracles (CGAL, the unfiltered rational SAT) and
/// the expensive checks (set runners, batch forms, exact first contact).
/// SEPAX_FUZZ_SAMPLE=1 judges every input fully. A kernel that disagrees with
/// the fast verdict is always judged fully before it is reported.
#include <cstdint>
#include <span>

#include "sepax/core/registry.hpp"

namespace sepax::fuzz {

enum class Side { sepax, peers };

/// Registers the peers' kernels (once); the peers_ targets call it before
/// anything reads the registry. It lives in peers_setup.cpp, so that the sepax
/// targets, which never call it, link none of the peers' code: fewer coverage
/// counters for libFuzzer to reset and scan on every execution.
void initialize_peers();

/// Does kernel k run in a target of `side` (and not skipped)?
bool runs(const KernelInfo& k, Side side);

/// Does this input get the full judgement?
bool sampled(std::span<const std::uint8_t> bytes);

/// How the inputs of this process were judged, printed at exit: cases on the
/// fast path alone, cases judged fully (sampled), and kernel answers that the
/// fast path sent to the full judgement (a disagreement, a failed screen).
enum class Path { fast, sampled, escalated };
void count(Path path);

}  // namespace sepax::fuzz
