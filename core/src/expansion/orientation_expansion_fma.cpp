// orient3d and orient2d in expansions with FMA products (compiled with -mfma
// and -ffp-contract=off: core/CMakeLists.txt).
#define SEPAX_EXPANSION_ISA fma
#include "expansion/orientation_expansion_impl.hpp"
