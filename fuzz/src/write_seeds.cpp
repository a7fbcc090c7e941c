// Writes the seed corpora of the case targets: for every generator family
// (and "raw") and both scalars, inputs whose body is the generators' own PRNG
// stream, so that fuzzing starts from the cases the campaigns generate.
//   sepax_fuzz_write_seeds DIR [PER_FAMILY]
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include <fmt/format.h>

#include "fuzz_case.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/source.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DIR [PER_FAMILY]\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const int per = argc > 2 ? std::atoi(argv[2]) : 2;
  std::filesystem::create_directories(dir);
  const std::size_t families = sepax::gen::all_families().size() + 1;
  int written = 0;
  for (std::size_t f = 0; f < families; ++f)
    for (auto scalar : {sepax::ScalarKind::float64, sepax::ScalarKind::float32})
      for (int i = 0; i < per; ++i) {
        sepax::gen::SeededSource rng(20261125, f * 1000 + i * 2 + (scalar == sepax::ScalarKind::float32));
        std::vector<std::uint8_t> body(160);
        for (auto& b : body) b = static_cast<std::uint8_t>(rng.next() >> 56);
        const std::string name = fmt::format("seed-{}-{}-{}",
                                             f < families - 1 ? std::string(sepax::gen::to_string(sepax::gen::all_families()[f])) : "raw",
                                             scalar == sepax::ScalarKind::float32 ? "float" : "double", i);
        std::ofstream(dir / name, std::ios::binary) << sepax::fuzz::seed_input(f, scalar, body);
        ++written;
      }
  std::printf("%d seeds in %s\n", written, dir.c_str());
  return 0;
}
