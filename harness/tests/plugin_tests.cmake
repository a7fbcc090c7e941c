# The plugin loader's tests (plugin_test.cpp): the example plugin's two
# modules (examples/plugin) and three small C modules of plugins/ that the
# loader must refuse or that the test reconfigures. The module paths reach the
# test as compile definitions.
enable_language(C)

if(NOT TARGET sepax_example_plugin)
  add_subdirectory(${PROJECT_SOURCE_DIR}/examples/plugin ${CMAKE_BINARY_DIR}/examples/plugin)
endif()

foreach(module no_entry future_abi configurable)
  add_library(sepax_test_plugin_${module} MODULE ${CMAKE_CURRENT_SOURCE_DIR}/plugins/${module}.c)
  target_include_directories(sepax_test_plugin_${module} PRIVATE ${PROJECT_SOURCE_DIR}/harness/include)
  set_target_properties(sepax_test_plugin_${module} PROPERTIES
    C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF C_VISIBILITY_PRESET hidden)
endforeach()

add_executable(plugin_tests ${CMAKE_CURRENT_SOURCE_DIR}/plugin_test.cpp)
target_link_libraries(plugin_tests PRIVATE sepax_harness GTest::gtest_main ${CMAKE_DL_LIBS})
target_compile_definitions(plugin_tests PRIVATE
  SEPAX_EXAMPLE_PLUGIN="$<TARGET_FILE:sepax_example_plugin>"
  SEPAX_EXAMPLE_PLUGIN_FIXED="$<TARGET_FILE:sepax_example_plugin_fixed>"
  SEPAX_TEST_PLUGIN_NO_ENTRY="$<TARGET_FILE:sepax_test_plugin_no_entry>"
  SEPAX_TEST_PLUGIN_FUTURE_ABI="$<TARGET_FILE:sepax_test_plugin_future_abi>"
  SEPAX_TEST_PLUGIN_CONFIGURABLE="$<TARGET_FILE:sepax_test_plugin_configurable>")
add_dependencies(plugin_tests sepax_example_plugin sepax_example_plugin_fixed
  sepax_test_plugin_no_entry sepax_test_plugin_future_abi sepax_test_plugin_configurable)
gtest_discover_tests(plugin_tests DISCOVERY_TIMEOUT 60)
