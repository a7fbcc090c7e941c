# The exact truth of two posed meshes (issue 10). CGAL lives in three TUs only:
# mesh_truth.cpp (box_intersection_d, interval/rational do_intersect),
# pmp_judge.cpp (Polygon_mesh_processing, Epeck) and moving_mesh_truth.cpp
# (box_intersection_d over swept boxes; the moving pair oracle).
find_package(TBB REQUIRED)
target_sources(sepax_oracle PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/mesh_truth.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pmp_judge.cpp
  ${CMAKE_CURRENT_LIST_DIR}/moving_mesh_truth.cpp
)
target_link_libraries(sepax_oracle PRIVATE TBB::tbb)
