# The exact truth of two posed meshes (issue 10). CGAL lives in two TUs only:
# mesh_truth.cpp (box_intersection_d, interval/rational do_intersect) and
# pmp_judge.cpp (Polygon_mesh_processing, Epeck).
find_package(TBB REQUIRED)
target_sources(sepax_oracle PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/mesh_truth.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pmp_judge.cpp
)
target_link_libraries(sepax_oracle PRIVATE TBB::tbb)
