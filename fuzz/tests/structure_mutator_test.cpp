// The custom mutator and cross-over (fuzz/mutator/structure_mutator.hpp):
// deterministic given the seed, a decodable explicit input when a move
// applies, libFuzzer's byte mutation otherwise, never beyond max_size.
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "explicit_case.hpp"
#include "fuzz_case.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/source.hpp"
#include "structure_mutator.hpp"

namespace sepax::fuzz {
namespace {

int g_raw_calls = 0;

/// Stands in for LLVMFuzzerMutate: counts, and flips the last byte.
std::size_t fake_raw(std::uint8_t* data, std::size_t size, std::size_t) {
  ++g_raw_calls;
  if (size > 0) data[size - 1] ^= 0x5a;
  return size;
}

std::vector<std::uint8_t> seed_bytes(std::size_t family, ScalarKind scalar, std::uint64_t stream) {
  gen::SeededSource rng(3, stream);
  std::vector<std::uint8_t> body(160);
  for (auto& b : body) b = std::uint8_t(rng.next() >> 56);
  const std::string s = seed_input(family, scalar, body);
  return {s.begin(), s.end()};
}

TEST(StructureMutator, SameSeedSameOutputAndExplicitOutputsDecode) {
  const auto input = seed_bytes(2, ScalarKind::float64, 1);  // the touching family
  int structural = 0, raw_before = g_raw_calls;
  std::set<std::vector<std::uint8_t>> distinct;
  for (unsigned seed = 1; seed <= 200; ++seed) {
    std::vector<std::uint8_t> a = input, b = input;
    a.resize(4096), b.resize(4096);
    const std::size_t na = mutate_case(a.data(), input.size(), 4096, seed, Query::tri_obb, true, fake_raw);
    const std::size_t nb = mutate_case(b.data(), input.size(), 4096, seed, Query::tri_obb, true, fake_raw);
    a.resize(na), b.resize(nb);
    EXPECT_EQ(a, b) << "seed " << seed;
    distinct.insert(a);
    if (na >= 2 && a[1] == kExplicitFamily) {
      ++structural;
      EXPECT_EQ(na, explicit_size(Query::tri_obb, ScalarKind::float64, true));
      EXPECT_TRUE(decode_case(a, Query::tri_obb, true).has_value()) << "seed " << seed;
    }
  }
  EXPECT_GT(structural, 40);                    // about half of 200 are moves
  EXPECT_GT(g_raw_calls - raw_before, 2 * 40);  // the rest libFuzzer's (counted twice per seed)
  EXPECT_GT(distinct.size(), 50u);              // the seed drives the choices
}

TEST(StructureMutator, NeverWritesBeyondMaxSize) {
  const auto input = seed_bytes(0, ScalarKind::float64, 2);
  const std::size_t small = explicit_size(Query::obb_obb, ScalarKind::float64, false) - 1;
  ASSERT_GE(small, input.size());
  for (unsigned seed = 1; seed <= 50; ++seed) {
    std::vector<std::uint8_t> a = input;
    a.resize(small + 64, 0xee);  // a canary past max_size
    const std::size_t n = mutate_case(a.data(), input.size(), small, seed, Query::obb_obb, false, fake_raw);
    EXPECT_LE(n, small);
    for (std::size_t i = small; i < a.size(); ++i) ASSERT_EQ(a[i], 0xee) << "seed " << seed;
    EXPECT_FALSE(n >= 2 && a[1] == kExplicitFamily) << "the explicit form does not fit";
  }
}

TEST(StructureMutator, CrossOverTakesShapeAFromTheFirstAndBFromTheSecond) {
  const auto first = seed_bytes(0, ScalarKind::float64, 3), second = seed_bytes(1, ScalarKind::float64, 4);
  const auto a = decode_case(first, Query::tri_tri, false), b = decode_case(second, Query::tri_tri, false);
  ASSERT_TRUE(a && b);
  std::vector<std::uint8_t> out(4096);
  // Most seeds decline (libFuzzer mutates instead); some cross over.
  std::size_t n = 0, declined = 0;
  unsigned seed = 0;
  for (unsigned s = 1; s <= 40; ++s) {
    const std::size_t m = cross_over_cases(first.data(), first.size(), second.data(), second.size(), out.data(),
                                           out.size(), s, Query::tri_tri, false);
    if (m == 0) ++declined;
    if (m > 0 && n == 0) n = m, seed = s;
  }
  EXPECT_GT(declined, 20u);
  ASSERT_GT(n, 0u);
  n = cross_over_cases(first.data(), first.size(), second.data(), second.size(), out.data(), out.size(), seed,
                       Query::tri_tri, false);
  const auto c = decode_case({out.data(), n}, Query::tri_tri, false);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->pair.tri_a.vertices, a->pair.tri_a.vertices);
  EXPECT_EQ(c->pair.tri_b.vertices, b->pair.tri_b.vertices);
  EXPECT_NE(c->pair.tri_b.vertices, a->pair.tri_b.vertices);
  // An input that decodes to nothing: no cross-over.
  const std::vector<std::uint8_t> junk{0, kExplicitFamily, 1, 2};
  EXPECT_EQ(cross_over_cases(junk.data(), junk.size(), second.data(), second.size(), out.data(), out.size(), seed,
                             Query::tri_tri, false),
            0u);
}

}  // namespace
}  // namespace sepax::fuzz
