#include "structure_mutator.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "case_moves.hpp"
#include "explicit_case.hpp"
#include "fuzz_case.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/harness/valid_case.hpp"

namespace sepax::fuzz {
namespace {

constexpr std::size_t kRawLengthCap = 512;

std::size_t write(const std::string& bytes, std::uint8_t* out, std::size_t max_size) {
  if (bytes.size() > max_size) return 0;
  std::memcpy(out, bytes.data(), bytes.size());
  return bytes.size();
}

/// One or two moves that apply (up to 6 draws); false when none did.
bool move(FuzzCase& c, gen::Source& rng) {
  const auto moves = all_moves();
  const int wanted = rng.below(4) == 0 ? 2 : 1;
  int done = 0;
  for (int draw = 0; draw < 6 && done < wanted; ++draw)
    if (apply_move(moves[rng.below(moves.size())], c, rng)) ++done;
  return done > 0;
}

}  // namespace

std::size_t mutate_case(std::uint8_t* data, std::size_t size, std::size_t max_size, unsigned seed, Query query,
                        bool moving, RawMutate raw) {
  gen::SeededSource rng(seed);
  // Half of the mutations stay libFuzzer's: they explore the generators'
  // randomness (families, raw numbers), which the moves then reshape.
  if (rng.coin() || !raw) {
    if (auto c = decode_case({data, size}, query, moving); c && move(*c, rng))
      if (const std::size_t n = write(encode_explicit(*c), data, max_size)) return n;
  }
  // libFuzzer turns its length control off for a custom mutator: without a
  // cap its insertions grow inputs to 4 KiB, of which a case reads ~300 bytes.
  return raw ? raw(data, size, std::min(max_size, std::max<std::size_t>(size, kRawLengthCap))) : size;
}

std::size_t cross_over_cases(const std::uint8_t* data1, std::size_t size1, const std::uint8_t* data2,
                             std::size_t size2, std::uint8_t* out, std::size_t max_out_size, unsigned seed,
                             Query query, bool moving) {
  gen::SeededSource rng(seed);
  // libFuzzer draws this as often as the mutator itself, and it costs two
  // decodes: declining 3 calls in 4 (libFuzzer then mutates instead) keeps it
  // an eighth of the mutations.
  if (rng.below(4) != 0) return 0;
  const auto a = decode_case({data1, size1}, query, moving);
  const auto b = decode_case({data2, size2}, query, moving);
  if (!a || !b) return 0;
  FuzzCase c = *a;
  // B's shape rounded to A's scalar (a no-op unless B's case is double and A's float).
  const ShapePair other = harness::rounded_to(b->pair, a->scalar);
  c.pair.obb_b = other.obb_b;
  c.pair.tri_b = other.tri_b;
  if (moving && rng.coin()) c.motion->velocity_b = harness::rounded_to(*b->motion, a->scalar).velocity_b;
  if (!harness::valid_case(c.pair, c.motion, c.scalar)) return 0;
  c.family = "explicit";
  return write(encode_explicit(c), out, max_out_size);
}

}  // namespace sepax::fuzz
