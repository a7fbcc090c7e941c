// Fuzz target: obb_obb, static test: sepax's kernels of the query and the case's scalar against the exact verdict.
// Fast path on every input, full judgement on a sample (fuzz_judge.hpp); the
// structure-aware mutator (structure_mutator.hpp) reshapes the decoded cases.
#include <cstddef>
#include <cstdint>

#include "fuzz_judge.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return sepax::fuzz::check_static_input({data, size}, sepax::Query::obb_obb, sepax::fuzz::Side::sepax);
}

SEPAX_FUZZ_CASE_MUTATOR(sepax::Query::obb_obb, /*moving=*/false)
