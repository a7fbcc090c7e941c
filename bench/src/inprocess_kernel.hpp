#pragma once
/// \file The example plugin's C OBB-OBB SAT (inprocess_obb_sat.c) as an
/// ordinary in-process registry entry, id "inprocess/obb_sat/double": the
/// reference sepax_bench_brought times the plugin module against.
#include "sepax/core/registry.hpp"

namespace sepax::bench {

/// prepare_set lays the pairs out once as the plugin ABI's arrays (15
/// doubles per box); its runner then calls the C code once per pair, the way
/// sepax's own kernels are called, and never through a function pointer.
KernelInfo inprocess_obb_sat_double();

}  // namespace sepax::bench
