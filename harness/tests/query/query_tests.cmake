# The one query model (harness/query/): its own binary, so that the planted
# kernel it registers stays out of the other suites. case_file_values_test.cpp:
# case files and input values read each other back.
add_executable(query_tests ${CMAKE_CURRENT_LIST_DIR}/query_model_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/case_file_values_test.cpp)
target_link_libraries(query_tests PRIVATE sepax_harness GTest::gtest_main)
gtest_discover_tests(query_tests DISCOVERY_TIMEOUT 60)

# Plugin ABI version 2 (plugin_v2_test.cpp) and its C module.
enable_language(C)
add_library(sepax_test_plugin_queries_v2 MODULE ${CMAKE_CURRENT_LIST_DIR}/plugins/queries_v2.c)
target_include_directories(sepax_test_plugin_queries_v2 PRIVATE ${PROJECT_SOURCE_DIR}/harness/include)
target_link_libraries(sepax_test_plugin_queries_v2 PRIVATE m)
set_target_properties(sepax_test_plugin_queries_v2 PROPERTIES
  C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF C_VISIBILITY_PRESET hidden)
add_executable(plugin_v2_tests ${CMAKE_CURRENT_LIST_DIR}/plugin_v2_test.cpp)
target_link_libraries(plugin_v2_tests PRIVATE sepax_harness GTest::gtest_main ${CMAKE_DL_LIBS})
target_include_directories(plugin_v2_tests PRIVATE ${PROJECT_SOURCE_DIR}/harness/tests/mesh)  # box_overlap_pairs.hpp
target_compile_definitions(plugin_v2_tests PRIVATE
  SEPAX_TEST_PLUGIN_QUERIES_V2="$<TARGET_FILE:sepax_test_plugin_queries_v2>")
add_dependencies(plugin_v2_tests sepax_test_plugin_queries_v2)
gtest_discover_tests(plugin_v2_tests DISCOVERY_TIMEOUT 60)
