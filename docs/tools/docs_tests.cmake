# docs/tools: the documentation's own tests (included from docs/CMakeLists.txt).
#  - docs.cli_reference_is_current: docs/cli.md is what the built sepax's --help
#    prints (regenerate: python3 docs/tools/cli_reference.py --sepax <build>/cli/sepax).
#  - docs.runnable_commands: every ```sh runnable command of README.md and
#    docs/**/*.md runs with the build's sepax and exits as the text says.
#  - docs.runner_self_test: that runner fails when it should (pytest, fixtures
#    in a temporary folder, a fake sepax).
# Debian's interpreter, which has pytest (scripts/setup.sh); the two tools
# need only the standard library.
set(SEPAX_DOCS_PYTHON /usr/bin/python3 CACHE FILEPATH "Interpreter for docs/tools (Debian's, which has pytest)")
set(_docs_tools ${CMAKE_CURRENT_LIST_DIR})
# No __pycache__ in the source tree.
set(_docs_env "PYTHONDONTWRITEBYTECODE=1")

if(TARGET sepax)
  add_test(NAME docs.cli_reference_is_current
           COMMAND ${SEPAX_DOCS_PYTHON} ${_docs_tools}/cli_reference.py --check
                   --sepax $<TARGET_FILE:sepax> --out ${CMAKE_CURRENT_SOURCE_DIR}/cli.md
           WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(docs.cli_reference_is_current PROPERTIES
                       LABELS docs TIMEOUT 120 ENVIRONMENT "${_docs_env}")

  # Each file's commands run in a fresh temporary folder (not the build tree).
  add_test(NAME docs.runnable_commands
           COMMAND ${SEPAX_DOCS_PYTHON} ${_docs_tools}/run_doc_blocks.py
                   --sepax $<TARGET_FILE:sepax> --repo ${PROJECT_SOURCE_DIR}
           WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(docs.runnable_commands PROPERTIES
                       LABELS docs TIMEOUT 1800 ENVIRONMENT "${_docs_env}")
endif()

add_test(NAME docs.runner_self_test
         COMMAND ${SEPAX_DOCS_PYTHON} -m pytest -q -p no:cacheprovider ${_docs_tools}/test_run_doc_blocks.py
         WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(docs.runner_self_test PROPERTIES
                     LABELS docs TIMEOUT 120 ENVIRONMENT "${_docs_env}")
