# The exact truth of two posed meshes (issue 10): its own binary (a CGAL TU).
add_executable(oracle_mesh_tests ${CMAKE_CURRENT_LIST_DIR}/mesh_truth_test.cpp)
target_link_libraries(oracle_mesh_tests PRIVATE sepax_oracle sepax_harness CGAL::CGAL GTest::gtest_main)
set(SEPAX_MESH_DIR "${PROJECT_SOURCE_DIR}/../shared/data/meshes" CACHE PATH "Folder of the large real test meshes (issue 10)")
target_compile_definitions(oracle_mesh_tests PRIVATE SEPAX_MESH_DIR="${SEPAX_MESH_DIR}"
                                             SEPAX_SMALL_MESH_DIR="${PROJECT_SOURCE_DIR}/examples/meshes")
target_include_directories(oracle_mesh_tests PRIVATE ${PROJECT_SOURCE_DIR}/harness/tests/mesh)  # test_meshes.hpp
gtest_discover_tests(oracle_mesh_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
