#pragma once
/// \file The structure-aware mutator's moves: each gives a decoded fuzz case
/// the structure of a degenerate family (SPEC §5) — numbers on a dyadic grid,
/// an axis or edge of one shape exactly (or one ulp from) parallel to one of
/// the other, a vertex exactly on a face or plane of the other shape, the
/// scene scaled or moved far from the origin, the shapes swapped, the relative
/// velocity along an axis or edge. "Exactly" is meant for the exact rationals
/// the oracles judge: every constructed number is checked exact (exact_steps.hpp)
/// and a move that cannot build its structure in the case's scalar declines.
///
/// Shape A is pair.obb_a / pair.tri_a, shape B pair.obb_b / pair.tri_b
/// (tri_obb: A the triangle, B the box). Edge i of a triangle runs from
/// vertex i to vertex i+1 (mod 3); box vertex σ is C + Σ ±a_k·A_k with bit k of
/// σ set for +.
#include <array>
#include <optional>
#include <span>
#include <string_view>

#include "fuzz_case.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::fuzz {

enum class Move {
  snap_to_grid,     ///< positions and extents (and velocities) onto a dyadic grid
  parallel,         ///< an axis/edge of B exactly parallel to one of A
  nearly_parallel,  ///< the same, then one coordinate one ulp off
  onto_plane,       ///< a vertex of one shape exactly on a face/plane of the other
  scale,            ///< every length times 2^k (exact)
  translate_far,    ///< both shapes moved by one large offset (rounded)
  swap_shapes,      ///< A and B exchanged (tri_obb: vertices or axes relabelled)
  motion_along,     ///< moving cases: velocity_b − velocity_a along an axis or edge, or 0
};

std::string_view to_string(Move move);
/// Every move, in enum order.
std::span<const Move> all_moves();

/// What a move built: enough to check the structure it claims (the unit test
/// does, exactly).
struct MoveReport {
  Move move = Move::snap_to_grid;
  /// snap_to_grid: every position and extent is a multiple of 2^exponent;
  /// scale: every position, extent and velocity was multiplied by 2^exponent.
  int exponent = 0;
  /// snap_to_grid of a moving case: every velocity is a multiple of 2^velocity_exponent.
  int velocity_exponent = 0;
  /// parallel, nearly_parallel: feature `a` of A (box axis or triangle edge)
  /// and feature `b` of B, with B's = sign · 2^power · A's (obb_obb: power 0;
  /// tri_obb: triangle edge `a` = sign · 2^power · box axis `b`).
  /// onto_plane: `a` the face's axis (box) or -1 (a triangle's plane), `b` the
  /// placed vertex (triangle index or box sign bits σ).
  /// motion_along: `a` 0 for W = 0, else 1 + the feature (see motion_along's code).
  int a = -1, b = -1;
  int sign = 1;
  int power = 0;
  /// nearly_parallel: the coordinate moved one ulp of the scalar, and which way.
  int component = -1;
  bool up = false;
  /// onto_plane: true when B's vertex was placed on A's face/plane, false for A's on B's.
  bool b_onto_a = true;
  /// translate_far: the offset added (rounded) to every position.
  std::array<double, 3> offset{0, 0, 0};
};

/// Applies `move` to `c` with choices from `rng`. On success `c` is a valid
/// case of its scalar (harness::valid_case, within_magnitude) with the move's structure; on
/// nullopt (the move does not apply to the query, or could not be built
/// exactly in the scalar) `c` is unchanged.
std::optional<MoveReport> apply_move(Move move, FuzzCase& c, gen::Source& rng);

}  // namespace sepax::fuzz
