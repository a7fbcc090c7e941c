# OBB fitting (issue 10, Eberly §6.1): every method × float/double contains its
# input exactly (box_contains_exactly), the checker itself on boxes known by
# construction, and the quality table against CGAL's oriented_bounding_box.
if(TARGET sepax_fitting_cgal)
  # Small meshes ship in the repository; the large ones (armadillo, DTC, buildings) live beside
  # the clone (same cache variable as mesh_tests.cmake), and their test skips without them.
  set(SEPAX_MESH_DIR "${PROJECT_SOURCE_DIR}/../shared/data/meshes" CACHE PATH "Folder of the large real test meshes (issue 10)")
  add_executable(oracle_fitting_tests
    fitting/box_containment_test.cpp
    fitting/fitting_test.cpp
    fitting/fitting_quality_test.cpp
  )
  target_link_libraries(oracle_fitting_tests PRIVATE sepax_oracle sepax_kernels sepax_fitting_cgal sepax_harness GTest::gtest_main)
  target_include_directories(oracle_fitting_tests PRIVATE ${PROJECT_SOURCE_DIR}/harness/tests/mesh)  # test_meshes.hpp
  target_compile_definitions(oracle_fitting_tests PRIVATE SEPAX_MESH_DIR="${SEPAX_MESH_DIR}"
                                                 SEPAX_SMALL_MESH_DIR="${PROJECT_SOURCE_DIR}/examples/meshes")
  gtest_discover_tests(oracle_fitting_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
endif()
