// Fuzz target: tri_obb with constant velocities over [0, T]: sepax's test_moving and
// find_first_contact kernels of the query against the exact first contact.
// Fast path on every input, full judgement on a sample (fuzz_judge.hpp); the
// structure-aware mutator (structure_mutator.hpp) reshapes the decoded cases.
#include <cstddef>
#include <cstdint>

#include "fuzz_judge.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return sepax::fuzz::check_moving_input({data, size}, sepax::Query::tri_obb, sepax::fuzz::Side::sepax);
}

SEPAX_FUZZ_CASE_MUTATOR(sepax::Query::tri_obb, /*moving=*/true)
