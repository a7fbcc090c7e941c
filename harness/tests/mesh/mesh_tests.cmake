# Mesh files (issue 10): the five real meshes and small malformed files.
find_package(ZLIB REQUIRED)
add_executable(harness_mesh_tests ${CMAKE_CURRENT_LIST_DIR}/mesh_file_test.cpp)
target_link_libraries(harness_mesh_tests PRIVATE sepax_harness ZLIB::ZLIB GTest::gtest_main)
set(SEPAX_MESH_DIR "${PROJECT_SOURCE_DIR}/../shared/data/meshes" CACHE PATH "Folder of the large real test meshes (issue 10)")
target_compile_definitions(harness_mesh_tests PRIVATE SEPAX_MESH_DIR="${SEPAX_MESH_DIR}"
                                             SEPAX_SMALL_MESH_DIR="${PROJECT_SOURCE_DIR}/examples/meshes")
target_include_directories(harness_mesh_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR})
gtest_discover_tests(harness_mesh_tests DISCOVERY_TIMEOUT 60)

# Pose files and mesh answers judged against the exact pairs (sepax mesh-check's parts).
add_executable(harness_mesh_check_tests ${CMAKE_CURRENT_LIST_DIR}/pose_file_test.cpp
                                        ${CMAKE_CURRENT_LIST_DIR}/mesh_judgement_test.cpp)
target_link_libraries(harness_mesh_check_tests PRIVATE sepax_harness sepax_oracle GTest::gtest_main)
gtest_discover_tests(harness_mesh_check_tests DISCOVERY_TIMEOUT 60)
