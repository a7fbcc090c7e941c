# Kernels in another process (harness/src/external): the protocol's tests, run
# by ctest, and a throughput probe for people (not a test: speed is for
# benchmarks). Both find the example scripts and Python through definitions.
find_program(SEPAX_PYTHON3 python3 REQUIRED)
set(SEPAX_EXTERNAL_DEFINITIONS
  SEPAX_PYTHON3="${SEPAX_PYTHON3}"
  SEPAX_EXTERNAL_EXAMPLES="${PROJECT_SOURCE_DIR}/examples/external")

add_executable(external_tests ${CMAKE_CURRENT_LIST_DIR}/external_test.cpp)
target_link_libraries(external_tests PRIVATE sepax_harness GTest::gtest_main GTest::gmock)
# The tests also drive the session directly (timeouts, batch size, pid).
target_include_directories(external_tests PRIVATE ${PROJECT_SOURCE_DIR}/harness/src/external
                                                  ${PROJECT_SOURCE_DIR}/harness/tests/mesh)  # box_overlap_pairs.hpp
target_compile_definitions(external_tests PRIVATE ${SEPAX_EXTERNAL_DEFINITIONS})
gtest_discover_tests(external_tests DISCOVERY_TIMEOUT 60)

add_executable(external_throughput ${CMAKE_CURRENT_LIST_DIR}/external_throughput.cpp)
target_link_libraries(external_throughput PRIVATE sepax_harness)
target_compile_definitions(external_throughput PRIVATE ${SEPAX_EXTERNAL_DEFINITIONS})
