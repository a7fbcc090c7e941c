# OBB trees (issue 10, Eberly §6.2 build, §7 traversal). Included by
# core/CMakeLists.txt. The build is compiled once per scalar here; the
# traversal is a header template.
target_sources(sepax_kernels PRIVATE ${CMAKE_CURRENT_LIST_DIR}/obb_tree.cpp ${CMAKE_CURRENT_LIST_DIR}/traversal.cpp)
