# Kernels in another process, judged over a pipe (examples/external/PROTOCOL.md):
# the child and its pipes, the protocol's encoding, the session, the entries.
target_sources(sepax_harness PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/child_process.cpp
  ${CMAKE_CURRENT_LIST_DIR}/external_protocol.cpp
  ${CMAKE_CURRENT_LIST_DIR}/external_session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/external_kernels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/external_meshes.cpp
)
