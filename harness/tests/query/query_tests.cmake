# The one query model (harness/query/): its own binary, so that the planted
# kernel it registers stays out of the other suites.
add_executable(query_tests ${CMAKE_CURRENT_LIST_DIR}/query_model_test.cpp)
target_link_libraries(query_tests PRIVATE sepax_harness GTest::gtest_main)
gtest_discover_tests(query_tests DISCOVERY_TIMEOUT 60)
