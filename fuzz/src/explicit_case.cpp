#include "explicit_case.hpp"

#include <cstring>
#include <array>

#include "sepax/harness/valid_case.hpp"

namespace sepax::fuzz {
namespace {

/// At most two boxes (15 numbers each) and a motion (7).
struct Slots {
  std::array<double*, 37> at{};
  std::size_t n = 0;
  void push_back(double* p) { at[n++] = p; }
  std::size_t size() const { return n; }
  double* const* begin() const { return at.data(); }
  double* const* end() const { return at.data() + n; }
};

/// The case's numbers in the layout's order, as pointers: one list serves
/// both directions, so encoder and decoder cannot drift apart (fixed size:
/// every fuzz input decodes through it).
Slots numbers(FuzzCase& c, bool moving) {
  Slots out;
  const auto box = [&](Obb3d& b) {
    for (int k = 0; k < 3; ++k) out.push_back(&b.center[k]);
    for (int k = 0; k < 3; ++k) out.push_back(&b.extents[k]);
    for (auto& axis : b.axes)
      for (int k = 0; k < 3; ++k) out.push_back(&axis[k]);
  };
  const auto triangle = [&](Triangle3d& t) {
    for (auto& v : t.vertices)
      for (int k = 0; k < 3; ++k) out.push_back(&v[k]);
  };
  switch (c.pair.query) {
    case Query::obb_obb: box(c.pair.obb_a), box(c.pair.obb_b); break;
    case Query::tri_obb: triangle(c.pair.tri_a), box(c.pair.obb_b); break;
    case Query::tri_tri: triangle(c.pair.tri_a), triangle(c.pair.tri_b); break;
  }
  if (moving) {
    if (!c.motion) c.motion = LinearMotiond{};
    for (int k = 0; k < 3; ++k) out.push_back(&c.motion->velocity_a[k]);
    for (int k = 0; k < 3; ++k) out.push_back(&c.motion->velocity_b[k]);
    out.push_back(&c.motion->duration);
  }
  return out;
}

std::size_t width(ScalarKind scalar) { return scalar == ScalarKind::float32 ? 4 : 8; }

}  // namespace

std::size_t explicit_size(Query query, ScalarKind scalar, bool moving) {
  FuzzCase c;
  c.pair.query = query;
  return 2 + numbers(c, moving).size() * width(scalar);
}

std::string encode_explicit(const FuzzCase& c) {
  FuzzCase copy = c;
  std::string out;
  out += char(c.scalar == ScalarKind::float32 ? 1 : 0);
  out += char(kExplicitFamily);
  for (const double* v : numbers(copy, c.motion.has_value())) {
    char bytes[8];
    if (c.scalar == ScalarKind::float32) {
      const float f = float(*v);
      std::memcpy(bytes, &f, 4);
    } else {
      std::memcpy(bytes, v, 8);
    }
    out.append(bytes, width(c.scalar));  // little-endian hosts only (x86-64, aarch64)
  }
  return out;
}

std::optional<FuzzCase> decode_explicit(std::span<const std::uint8_t> bytes, Query query, bool moving) {
  if (bytes.size() < 2) return std::nullopt;
  FuzzCase c;
  c.scalar = bytes[0] & 1 ? ScalarKind::float32 : ScalarKind::float64;
  c.family = "explicit";
  c.pair.query = query;
  const std::size_t w = width(c.scalar);
  const Slots slots = numbers(c, moving);
  if (bytes.size() < 2 + slots.size() * w) return std::nullopt;
  const std::uint8_t* p = bytes.data() + 2;
  for (double* v : slots) {
    if (w == 4) {
      float f;
      std::memcpy(&f, p, 4);
      *v = f;
    } else {
      std::memcpy(v, p, 8);
    }
    p += w;
  }
  // libFuzzer's byte mutations flip exponent bits: the raw family's magnitude bound holds here too.
  if (!harness::valid_case(c.pair, c.motion, c.scalar) || !within_magnitude(c)) return std::nullopt;
  return c;
}

}  // namespace sepax::fuzz
