#pragma once
/// \file Planted bugs, for proving that the judge catches them (mutation
/// testing). A build configured with `-DSEPAX_MUTANT=<name>` compiles exactly
/// one deliberate bug into the kernels; nothing is planted by default, and
/// `sepax verify` names the mutant in its summary. The catalogue (each switch
/// is documented where it is used):
///
/// | name         | where                                   | the bug                                            |
/// |--------------|-----------------------------------------|----------------------------------------------------|
/// | obb_face_ge  | obb_obb.hpp, test_static, axes A_i      | `>=` for `>`: exactly touching boxes come out separated (the closed-set contract broken) |
/// | table2_sigma | obb_obb_moving.hpp, find_first_contact  | B's supporting feature taken along +n instead of −n (Eberly Table 2's sign) |
/// | tri_obb_face_ge | tri_obb.hpp, test_static, axes B_j   | `>=` for `>`: a triangle touching a face of the box comes out separated |
/// | tri_tri_touch_le | tri_tri.hpp, separates (every axis) | `<=` for `<`: touching triangles come out separated |
/// | tri_obb_sweep_ge | tri_obb_moving.hpp, test_moving     | `>=` for `>` on the swept intervals: a sweep that just touches the box comes out separated, and so does every pair on a zero axis (parallel edges: 0 ≥ 0) |
/// | tri_tri_moving_no_inplane | tri_tri_moving.hpp, both queries | the in-plane axes n × e_i left out: coplanar triangles that never meet come out meeting |
///
/// The list of valid names is also in core/CMakeLists.txt, which refuses any
/// other.
#include <string_view>

namespace sepax {

#ifdef SEPAX_MUTANT
inline constexpr std::string_view kMutant = SEPAX_MUTANT;
#else
inline constexpr std::string_view kMutant = "";
#endif

/// Is the planted bug `name` compiled in?
constexpr bool mutant(std::string_view name) { return kMutant == name; }

}  // namespace sepax
