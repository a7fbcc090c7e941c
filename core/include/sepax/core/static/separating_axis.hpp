#pragma once
/// \file
/// The witness a static test returns: which candidate axis separated.
#include <cstdint>
#include <string>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// Which candidate axis a kernel found separating. Edges are cyclic:
/// E_i = U_{i+1} − U_i for triangle A, F_j = V_{j+1} − V_j for triangle B
/// (Eberly's E1 = U2 − U0 is −E2 here: the same line, so the same axes).
///
/// | kind        | obb_obb   | tri_obb (A = triangle) | tri_tri              |
/// |-------------|-----------|------------------------|----------------------|
/// | face_a i    | A_i       | –                      | –                    |
/// | face_b j    | B_j       | B_j (box axes)         | –                    |
/// | normal_a    | –         | N = E0 × E1            | N = E0 × E1          |
/// | normal_b    | –         | –                      | M = F0 × F1          |
/// | edge_edge   | A_i × B_j | E_i × B_j              | E_i × F_j            |
/// | inplane_a i | –         | –                      | N × E_i (Table 6)    |
/// | inplane_b j | –         | –                      | M × F_j (Table 6)    |
/// | degenerate  | –         | –                      | axes for segments and points; i says which |
/// | motion_a i  | W × A_i   | W × E_i                | W × E_i              |
/// | motion_b j  | W × B_j   | W × B_j                | W × F_j              |
///
/// motion_a/motion_b are the extra axes of moving tests (Eberly Table 1′):
/// W = velocity_b − velocity_a, the faces of B swept along W.
///
/// The label is for reports and coverage; the authoritative witness is the
/// world-space direction carried beside it in the result.
enum class AxisKind : std::uint8_t {
  none,
  face_a,
  face_b,
  normal_a,
  normal_b,
  edge_edge,
  inplane_a,
  inplane_b,
  degenerate,
  motion_a,
  motion_b,
};

struct SeparatingAxis {
  AxisKind kind = AxisKind::none;
  std::uint8_t i = 0;
  std::uint8_t j = 0;

  friend bool operator==(const SeparatingAxis&, const SeparatingAxis&) = default;
};

/// Short readable name: "A0", "B2", "N", "M", "A1xB2", "E0xF1", "NxE2", "MxF0", "deg3".
std::string to_string(const SeparatingAxis& axis, bool a_is_triangle, bool b_is_triangle);

/// Result of a static test.
///
/// | intersects | axis, direction                                      |
/// |------------|------------------------------------------------------|
/// | true       | unset (kind none)                                    |
/// | false      | the candidate axis whose projections were disjoint; `direction` is that axis in world coordinates, unnormalized, as the kernel computed it |
template <class S>
struct StaticResult {
  bool intersects = true;
  SeparatingAxis axis{};
  Vec3<S> direction = Vec3<S>::Zero();
};

}  // namespace sepax
