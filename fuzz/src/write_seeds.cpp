// Writes the seed corpora of the case targets: for every generator family
// (and "raw") and both scalars, inputs whose body is the generators' own PRNG
// stream, so that fuzzing starts from the cases the campaigns generate. Given
// a TARGET (obb_obb, moving_tri_obb, ...), also the first seed of each family
// and scalar in the explicit form (explicit_case.hpp): the form the custom
// mutator writes, and an input as long as it, so that libFuzzer's length
// control lets the mutator write it from the start.
//   sepax_fuzz_write_seeds DIR [PER_FAMILY [TARGET]]
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "explicit_case.hpp"
#include "fuzz_case.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/source.hpp"

namespace {

struct Target {
  sepax::Query query;
  bool moving;
};

std::optional<Target> parse_target(std::string name) {
  const bool moving = name.rfind("moving_", 0) == 0;
  if (moving) name = name.substr(7);
  for (auto q : {sepax::Query::obb_obb, sepax::Query::tri_obb, sepax::Query::tri_tri})
    if (name == sepax::to_string(q)) return Target{q, moving};
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DIR [PER_FAMILY [TARGET]]\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const int per = argc > 2 ? std::atoi(argv[2]) : 2;
  const std::optional<Target> target = argc > 3 ? parse_target(argv[3]) : std::nullopt;
  // Its fields as plain values (GCC 12 warned that the optional's read below
  // the loop's `continue` might be uninitialised).
  const sepax::Query target_query = target ? target->query : sepax::Query::obb_obb;
  const bool target_moving = target && target->moving;
  if (argc > 3 && !target) {
    std::fprintf(stderr, "%s: %s is not a case target (obb_obb, tri_obb, tri_tri, moving_...)\n", argv[0], argv[3]);
    return 2;
  }
  std::filesystem::create_directories(dir);
  const std::size_t families = sepax::gen::all_families().size() + 1;
  int written = 0;
  for (std::size_t f = 0; f < families; ++f)
    for (auto scalar : {sepax::ScalarKind::float64, sepax::ScalarKind::float32})
      for (int i = 0; i < per; ++i) {
        sepax::gen::SeededSource rng(20261125, f * 1000 + i * 2 + (scalar == sepax::ScalarKind::float32));
        std::vector<std::uint8_t> body(160);
        for (auto& b : body) b = static_cast<std::uint8_t>(rng.next() >> 56);
        const std::string family = f < families - 1 ? std::string(sepax::gen::to_string(sepax::gen::all_families()[f])) : "raw";
        const std::string name = fmt::format("seed-{}-{}-{}", family, scalar == sepax::ScalarKind::float32 ? "float" : "double", i);
        const std::string bytes = sepax::fuzz::seed_input(f, scalar, body);
        std::ofstream(dir / name, std::ios::binary) << bytes;
        ++written;
        if (!target || i != 0) continue;
        const auto c = sepax::fuzz::decode_case({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()},
                                                target_query, target_moving);
        if (!c) continue;
        const std::string explicit_bytes = sepax::fuzz::encode_explicit(*c);
        // A family's case beyond the explicit form's magnitude bound has no explicit seed.
        if (!sepax::fuzz::decode_case({reinterpret_cast<const std::uint8_t*>(explicit_bytes.data()), explicit_bytes.size()},
                                      target_query, target_moving))
          continue;
        std::ofstream(dir / ("explicit-" + name.substr(5)), std::ios::binary) << explicit_bytes;
        ++written;
      }
  std::printf("%d seeds in %s\n", written, dir.c_str());
  return 0;
}
