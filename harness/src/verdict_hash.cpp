#include "sepax/harness/verdict_hash.hpp"

#include <bit>
#include <cstdio>

namespace sepax::harness {
namespace {

/// FNV-1a over 64-bit words, then a splitmix64 finaliser so that the sum of
/// many case mixes does not cancel structure.
class Mixer {
 public:
  explicit Mixer(std::uint64_t index) { word(index); }
  void word(std::uint64_t w) {
    for (int b = 0; b < 8; ++b) h_ = (h_ ^ ((w >> (8 * b)) & 0xffu)) * 0x100000001b3ull;
  }
  void number(double x) { word(std::bit_cast<std::uint64_t>(x)); }
  void axis(const SeparatingAxis& a) { word(std::uint64_t(a.kind) | std::uint64_t(a.i) << 8 | std::uint64_t(a.j) << 16); }
  std::uint64_t done() const {
    std::uint64_t z = h_ + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace

void VerdictHash::add(std::uint64_t index, const std::optional<StaticOutcome>& outcome) {
  Mixer m(index);
  m.word(outcome ? 1 : 0);
  if (outcome) {
    m.word(outcome->intersects);
    m.axis(outcome->axis);
    for (double d : outcome->direction) m.number(d);
  }
  sum_ += m.done();
}

void VerdictHash::add(std::uint64_t index, const std::optional<ContactOutcome>& outcome) {
  Mixer m(index);
  m.word(outcome ? 2 : 0);
  if (outcome) {
    m.word(std::uint64_t(outcome->state));
    m.number(outcome->time);
    for (double p : outcome->point) m.number(p);
    m.axis(outcome->axis);
  }
  sum_ += m.done();
}

void VerdictHash::add(std::uint64_t index, const std::vector<double>* answer_values) {
  Mixer m(index);
  m.word(answer_values ? 3 : 0);
  if (answer_values)
    for (double v : *answer_values) m.number(v);
  sum_ += m.done();
}

std::string VerdictHash::hex() const {
  char text[19];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(sum_));
  return text;
}

}  // namespace sepax::harness
