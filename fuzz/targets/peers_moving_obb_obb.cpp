// Fuzz target: obb_obb with constant velocities: the other libraries' moving kernels
// (the textbook one) against the exact first contact.
// Fast path on every input, full judgement on a sample (fuzz_judge.hpp); the
// structure-aware mutator (structure_mutator.hpp) reshapes the decoded cases.
#include <cstddef>
#include <cstdint>

#include "fuzz_judge.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sepax::fuzz::initialize_peers();
  return sepax::fuzz::check_moving_input({data, size}, sepax::Query::obb_obb, sepax::fuzz::Side::peers);
}

SEPAX_FUZZ_CASE_MUTATOR(sepax::Query::obb_obb, /*moving=*/true)
