// The OBB–OBB expansion stage with FMA products (compiled with -mfma and
// -ffp-contract=off: core/CMakeLists.txt); obb_obb_expansion_gap.cpp calls
// it when the CPU has FMA.
#define SEPAX_EXPANSION_ISA fma
#include "expansion/obb_obb_expansion_gap_impl.hpp"
