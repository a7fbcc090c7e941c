# The translation units built for another instruction set (AVX2, FMA: their
# file names say so, core/CMakeLists.txt gives their flags) must not define a
# weak symbol outside a namespace named after that set. An inline function or
# template instantiated there (an Eigen operation, a helper from a shared
# header) is one weak symbol with the baseline units' copy, and the linker
# keeps either: the AVX2 copy would then run on CPUs without AVX2 (SIGILL).
# lanes3.hpp's inline namespace SEPAX_LANES_ISA and the *_avx2/fma namespaces
# of the other units keep their copies apart; this checks it stays so.
#   cmake -DNM=nm -DLIB=libsepax_kernels.a -P check_isa_unit_symbols.cmake (test Core.IsaUnitsShareNoWeakSymbol)
execute_process(COMMAND "${NM}" -C --defined-only "${LIB}" OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIB} (exit ${rc})")
endif()
# Brackets and semicolons would confuse CMake's list splitting.
string(REPLACE "[" "<" listing "${listing}")
string(REPLACE "]" ">" listing "${listing}")
string(REPLACE ";" "," listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(member "")
set(isa_units 0)
set(bad "")
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ ]+\\.o):$")
    set(member "${CMAKE_MATCH_1}")
    if(member MATCHES "avx|fma")
      math(EXPR isa_units "${isa_units} + 1")
    endif()
  elseif(member MATCHES "avx|fma" AND line MATCHES "^[0-9a-f]+ [WV] (.*)$")
    set(symbol "${CMAKE_MATCH_1}")
    if(NOT symbol MATCHES "avx|fma")
      string(APPEND bad "\n  ${member}: ${symbol}")
    endif()
  endif()
endforeach()
if(isa_units LESS 3)
  message(FATAL_ERROR "found only ${isa_units} AVX2/FMA units in ${LIB}: the check read nothing")
endif()
if(bad)
  message(FATAL_ERROR "weak symbols outside an instruction-set namespace in AVX2/FMA units:${bad}")
endif()
message(STATUS "${isa_units} AVX2/FMA units, no weak symbol shared with the baseline units")
