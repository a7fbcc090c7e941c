# cmake -DDOXYGEN=... -DDOXYFILE=... -DLOG=... -P run_doxygen.cmake
# Runs Doxygen and fails on a non-zero exit or any warning, printing the
# warnings (WARN_LOGFILE takes them off stderr, so ctest would show nothing).
file(REMOVE ${LOG})  # a stale log must not pass or fail this run
execute_process(COMMAND ${DOXYGEN} ${DOXYFILE} RESULT_VARIABLE rc)
set(warnings "")
if(EXISTS ${LOG})
  file(READ ${LOG} warnings)
  string(STRIP "${warnings}" warnings)
endif()
if(NOT rc EQUAL 0 OR NOT warnings STREQUAL "")
  message(NOTICE "${warnings}")  # verbatim: FATAL_ERROR would rewrap the lines
  message(FATAL_ERROR "doxygen exited with ${rc}; its warnings (above) are in ${LOG}")
endif()
