// Fuzz target: tri_obb with constant velocities over [0, T]: every test_moving and
// find_first_contact kernel of the query against the exact first contact
// (fuzz_judge.hpp).
#include <cstddef>
#include <cstdint>

#include "fuzz_judge.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return sepax::fuzz::check_moving_input({data, size}, sepax::Query::tri_obb);
}
