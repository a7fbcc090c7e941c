# OBB fitting (issue 10, Eberly §6.1): every method × float/double contains its
# input exactly (box_contains_exactly), the checker itself on boxes known by
# construction, and the quality table against CGAL's oriented_bounding_box.
if(TARGET sepax_fitting_cgal)
  set(SEPAX_MESH_DIR "/work/shared/data/meshes" CACHE PATH "Folder of the real test meshes (couplingdown.off, elephant.off, armadillo.off)")
  add_executable(oracle_fitting_tests
    fitting/box_containment_test.cpp
    fitting/fitting_test.cpp
    fitting/fitting_quality_test.cpp
  )
  target_link_libraries(oracle_fitting_tests PRIVATE sepax_oracle sepax_kernels sepax_fitting_cgal GTest::gtest_main)
  target_compile_definitions(oracle_fitting_tests PRIVATE SEPAX_MESH_DIR="${SEPAX_MESH_DIR}")
  gtest_discover_tests(oracle_fitting_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
endif()
