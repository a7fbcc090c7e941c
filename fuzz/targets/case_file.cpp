// Fuzz target: the case-file reader (and what `sepax check` does with the
// cases it reads). Malformed, truncated and hostile input must give a
// line-numbered error per bad line, never a crash; the cases read are judged
// on the fast path, and on a sample as `sepax check` judges them (fuzz_judge.hpp).
#include <cstddef>
#include <cstdint>

#include "fuzz_judge.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return sepax::fuzz::check_case_file_input({data, size});
}
