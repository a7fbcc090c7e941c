# Exact box containment (issue 10): what OBB trees check their boxes with.
target_sources(sepax_oracle PRIVATE ${CMAKE_CURRENT_LIST_DIR}/box_containment.cpp)
