#pragma once
/// \file The catalogue of planted bugs (mutant.hpp): each a bug that real SAT
/// code has shipped with, planted at one place of one kernel (the comment at
/// that place says what it does). `sepax mutate` runs a campaign against
/// each; core/CMakeLists.txt reads the names from here to check
/// -DSEPAX_MUTANT.
#include <array>
#include <string_view>

namespace sepax {

struct MutantInfo {
  std::string_view name;
  std::string_view kernel;  ///< the kernel it is planted in
  std::string_view bug;     ///< what is wrong, in a few words
};

inline constexpr std::array<MutantInfo, 21> kMutantCatalog{{
    {"obb_face_ge", "obb_obb test_static", "`>=` for `>` on A's face axes: touching boxes separated"},
    {"obb_cij_transposed", "obb_obb test_static", "c_ij taken as A_j·B_i (swapped indices)"},
    {"obb_face_missing_abs", "obb_obb test_static", "B's radius on A_i from the signed c_ij (missing |·|)"},
    {"obb_face_extent_index", "obb_obb test_static", "A's extent of the next axis on A_i (off by one)"},
    {"obb_drop_face_b2", "obb_obb test_static", "face axis B_2 never tested"},
    {"obb_drop_edge_a2b0", "obb_obb test_static", "edge axis A_2 × B_0 never tested"},
    {"obb_edge_radius_one_term", "obb_obb test_static", "B's radius on an edge axis from one of its two axes"},
    {"obb_edge_ge", "obb_obb test_static", "`>=` for `>` on the edge axes: a zero axis separates"},
    {"table2_sigma", "obb_obb find_first_contact", "B's supporting feature along +n (Table 2's sign)"},
    {"tri_obb_face_ge", "tri_obb test_static", "`>=` for `>` on the box's face axes"},
    {"tri_obb_drop_normal", "tri_obb test_static", "the triangle normal never tested"},
    {"tri_obb_normal_missing_abs", "tri_obb test_static", "the box radius on N from signed N_j (missing |·|)"},
    {"tri_obb_drop_edge_e2", "tri_obb test_static", "edge axes E_2 × B_j never tested"},
    {"tri_obb_edge_radius_index", "tri_obb test_static", "b_j for b_{j+1} in an edge axis's box radius"},
    {"tri_obb_sweep_ge", "tri_obb test_moving", "`>=` for `>` on the swept intervals"},
    {"tri_tri_touch_le", "tri_tri test_static", "`<=` for `<` on every axis: touching triangles separated"},
    {"tri_tri_drop_normal_b", "tri_tri test_static", "B's normal never tested"},
    {"tri_tri_drop_edge_22", "tri_tri test_static", "edge axis E_2 × F_2 never tested"},
    {"tri_tri_inplane_off_by_one", "tri_tri test_static", "Table 6's loop over A's in-plane normals stops one short"},
    {"tri_tri_drop_inplane_b", "tri_tri test_static", "Table 6's in-plane normals of B never tested"},
    {"tri_tri_moving_no_inplane", "tri_tri moving", "the in-plane axes n × e_i left out of the moving tests"},
}};

}  // namespace sepax
