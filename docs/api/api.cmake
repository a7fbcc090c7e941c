# docs.api_reference: Doxygen over the installed headers, warnings as errors.
# setup.sh installs doxygen, so a missing one is a configuration error, not a skip.
find_program(DOXYGEN_EXECUTABLE doxygen REQUIRED)

set(SEPAX_API_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/api)
configure_file(${CMAKE_CURRENT_LIST_DIR}/Doxyfile.in ${SEPAX_API_OUTPUT}/Doxyfile @ONLY)

add_test(NAME docs.api_reference
         COMMAND ${CMAKE_COMMAND} -DDOXYGEN=${DOXYGEN_EXECUTABLE}
                 -DDOXYFILE=${SEPAX_API_OUTPUT}/Doxyfile -DLOG=${SEPAX_API_OUTPUT}/warnings.log
                 -P ${CMAKE_CURRENT_LIST_DIR}/run_doxygen.cmake)
set_tests_properties(docs.api_reference PROPERTIES TIMEOUT 300 LABELS docs)
