#pragma once
/// \file
/// The catalogue of planted bugs (mutant.hpp): each a bug that real SAT
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

inline constexpr std::array<MutantInfo, 42> kMutantCatalog{{
    {"obb_face_ge", "obb_obb test_static", "`>=` for `>` on A's face axes: touching boxes separated"},
    {"obb_cij_transposed", "obb_obb test_static", "c_ij taken as A_j·B_i (swapped indices)"},
    {"obb_face_missing_abs", "obb_obb test_static", "B's radius on A_i from the signed c_ij (missing |·|)"},
    {"obb_face_extent_index", "obb_obb test_static", "A's extent of the next axis on A_i (off by one)"},
    {"obb_drop_face_b2", "obb_obb test_static", "face axis B_2 never tested"},
    {"obb_drop_edge_a2b0", "obb_obb test_static", "edge axis A_2 × B_0 never tested"},
    {"obb_edge_radius_one_term", "obb_obb test_static", "B's radius on an edge axis from one of its two axes"},
    {"obb_edge_ge", "obb_obb test_static", "`>=` for `>` on the edge axes: a zero axis separates"},
    {"table2_sigma", "obb_obb find_first_contact", "B's supporting feature along +n (Table 2's sign)"},
    {"obb_moving_velocity_sign", "obb_obb moving", "relative velocity W = V_a − V_b (the sign of Table 1′'s W)"},
    {"obb_moving_not_swept", "obb_obb test_moving", "each axis tested at t = 0 only: the swept interval forgotten"},
    {"obb_moving_drop_wxa", "obb_obb test_moving", "Table 1′'s axes W × A_i left out"},
    {"tri_obb_face_ge", "tri_obb test_static", "`>=` for `>` on the box's face axes"},
    {"tri_obb_drop_normal", "tri_obb test_static", "the triangle normal never tested"},
    {"tri_obb_normal_missing_abs", "tri_obb test_static", "the box radius on N from signed N_j (missing |·|)"},
    {"tri_obb_drop_edge_e2", "tri_obb test_static", "edge axes E_2 × B_j never tested"},
    {"tri_obb_edge_radius_index", "tri_obb test_static", "b_j for b_{j+1} in an edge axis's box radius"},
    {"tri_obb_sweep_ge", "tri_obb test_moving", "`>=` for `>` on the swept intervals"},
    {"tri_obb_moving_drop_wxb", "tri_obb test_moving", "the sweep's face axes W × B_j left out"},
    {"tri_obb_moving_drop_wxe", "tri_obb test_moving", "the sweep's edge axes W × E_i left out"},
    {"tri_tri_touch_le", "tri_tri test_static", "`<=` for `<` on every axis: touching triangles separated"},
    {"tri_tri_drop_normal_b", "tri_tri test_static", "B's normal never tested"},
    {"tri_tri_drop_edge_22", "tri_tri test_static", "edge axis E_2 × F_2 never tested"},
    {"tri_tri_inplane_off_by_one", "tri_tri test_static", "Table 6's loop over A's in-plane normals stops one short"},
    {"tri_tri_drop_inplane_b", "tri_tri test_static", "Table 6's in-plane normals of B never tested"},
    {"tri_tri_moving_no_inplane", "tri_tri moving", "the in-plane axes n × e_i left out of the moving tests"},
    {"rect_touch_ge", "rect_rect test_static", "`>=` for `>`: touching rectangles separated"},
    {"rect_drop_axis_b1", "rect_rect test_static", "axis B_1 never tested"},
    {"sphere_sphere_touch_lt", "sphere_sphere test_static", "`<` for `<=` on the squared distance: touching balls apart"},
    {"sphere_plane_halfspace", "sphere_plane test_static", "the plane taken as the half-space below it"},
    {"aabb_touch_ge", "aabb_aabb test_static", "`>=` for `>`: boxes sharing a face apart"},
    {"aabb_sphere_one_side", "aabb_sphere test_static", "the centre clamped on the min side only (Arvo's max branch lost)"},
    {"obb_segment_drop_cross_a2", "obb_segment test_static", "axis A_2 × D never tested"},
    {"obb_eps_bias_dropped", "obb_obb test_static_eps", "Gottschalk's ε dropped: Table 1 verbatim on nearly parallel edges"},
    {"obb_eps_bias_on_distance", "obb_obb test_static_eps", "the ε bias added to the distance |L·D| instead of the radii"},
    {"manifold_normal_flipped", "obb_obb find_manifold", "the contact normal from B towards A"},
    {"manifold_depth_unnormalised", "obb_obb find_manifold", "an edge axis's separation not divided by |L| (unnormalised axis, normalised faces)"},
    {"manifold_no_far_face_clip", "obb_obb find_manifold", "the incident face not clipped to the reference box's far face"},
    {"sphere_sweep_later_root", "sphere_sphere sweep", "the later root of the quadratic taken as the first contact"},
    {"certified_no_bound", "obb_obb test_certified", "the filter's error bound dropped: a rounded gap's sign taken as exact"},
    {"certified_tri_tri_no_bound", "tri_tri test_certified(_batch)",
     "the predicates' error bound dropped: a rounded orientation's sign taken as exact"},
    {"obb_to_aabb_nearest", "obb_to_aabb", "bounds rounded to nearest: the AABB can cut the box by an ulp"},
}};

}  // namespace sepax
