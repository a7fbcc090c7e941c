# OBB trees (issue 10, Eberly §6.2 build, §7 traversal). Included by
# core/CMakeLists.txt. The build is compiled once per scalar here; the
# traversal is a header template.
target_sources(sepax_kernels PRIVATE ${CMAKE_CURRENT_LIST_DIR}/obb_tree.cpp ${CMAKE_CURRENT_LIST_DIR}/traversal.cpp)
# The boolean queries' four-lane node test passes 256-bit vectors between
# always-inlined functions: GCC's ABI note (-Wpsabi) does not apply.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/traversal.cpp PROPERTIES COMPILE_OPTIONS "-Wno-psabi")
endif()
