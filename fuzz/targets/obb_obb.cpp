// Fuzz target: obb_obb, static test (every kernel of the query and the case's
// scalar against the exact oracles; fuzz_judge.hpp).
#include <cstddef>
#include <cstdint>

#include "fuzz_judge.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return sepax::fuzz::check_static_input({data, size}, sepax::Query::obb_obb);
}
