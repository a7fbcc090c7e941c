# The plugin loader (sepax/sepax_plugin.h, plugin_kernels.hpp): dlopen'ed
# kernels behind a small C ABI.
target_sources(sepax_harness PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/plugin_kernels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plugin_entry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plugin_entry_v2.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plugin_mesh_kernel.cpp
)
target_link_libraries(sepax_harness PRIVATE ${CMAKE_DL_LIBS})
