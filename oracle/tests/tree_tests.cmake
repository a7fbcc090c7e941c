# OBB trees (issue 10, Eberly §6.2 build and §7 static traversal): exact box
# containment on every node, and the trees' pair sets against the exact mesh
# truth. Small meshes from examples/meshes; the large ones from SEPAX_MESH_DIR
# (their tests skip without them). SEPAX_TREE_POSES raises the poses per mesh pair.
set(SEPAX_MESH_DIR "${PROJECT_SOURCE_DIR}/../shared/data/meshes" CACHE PATH "Folder of the large real test meshes (issue 10)")
add_executable(oracle_tree_tests
  ${CMAKE_CURRENT_LIST_DIR}/tree/tree_build_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tree/tree_query_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tree/tree_moving_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tree/tree_single_shape_test.cpp
)
target_link_libraries(oracle_tree_tests PRIVATE sepax_oracle sepax_harness sepax_kernels sepax_generators GTest::gtest_main)
target_compile_definitions(oracle_tree_tests PRIVATE SEPAX_MESH_DIR="${SEPAX_MESH_DIR}"
                                             SEPAX_SMALL_MESH_DIR="${PROJECT_SOURCE_DIR}/examples/meshes")
target_include_directories(oracle_tree_tests PRIVATE ${PROJECT_SOURCE_DIR}/harness/tests/mesh)  # test_meshes.hpp
gtest_discover_tests(oracle_tree_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
