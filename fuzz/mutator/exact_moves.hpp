#pragma once
/// \file The moves that build exact geometric structure (case_moves.hpp):
/// parallel features (parallel_moves.cpp) and a vertex on a face or plane
/// (plane_moves.cpp). Each works on `c` directly; apply_move validates the
/// result and restores the case when a move declines.
#include <optional>

#include "case_moves.hpp"

namespace sepax::fuzz::detail {

/// parallel (nearly = false) and nearly_parallel (true).
std::optional<MoveReport> parallel_move(FuzzCase& c, gen::Source& rng, bool nearly);
std::optional<MoveReport> onto_plane_move(FuzzCase& c, gen::Source& rng);

/// The exponent of the lowest set bit of x ≠ 0 (x is a multiple of 2^that);
/// a large number for x = 0.
int grid_exponent(double x);

}  // namespace sepax::fuzz::detail
