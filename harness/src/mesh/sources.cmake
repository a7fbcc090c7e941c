# Mesh files (issue 10): OFF, STL and OBJ readers, gzip through zlib; pose files (JSON Lines).
find_package(ZLIB REQUIRED)
target_sources(sepax_harness PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/mesh_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/off_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/obj_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stl_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pose_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mesh_judgement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mesh_kernels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tree_campaign.cpp
)
# mesh/mesh_text.hpp and mesh/mesh_readers.hpp are internal.
target_include_directories(sepax_harness PRIVATE ${CMAKE_CURRENT_LIST_DIR}/..)
target_link_libraries(sepax_harness PRIVATE ZLIB::ZLIB)
