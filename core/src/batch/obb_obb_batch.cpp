// The batch entry points of obb_obb_batch.hpp: the AVX2 copy of the loops when
// the CPU has AVX2, the x86-64 baseline (SSE2) copy otherwise. Both copies are
// the same source (obb_obb_batch_loops.hpp) and round identically.
#include "sepax/core/static/obb_obb_batch.hpp"

#include <type_traits>

#include "sepax/core/numeric/assert.hpp"

#define SEPAX_BATCH_ISA baseline_loops
#include "batch/obb_obb_batch_loops.hpp"
#include "batch/obb_obb_batch_isa.hpp"

namespace sepax::obb_obb {
namespace {

bool has_avx2() {
#ifdef SEPAX_BATCH_HAVE_AVX2
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
#else
  return false;
#endif
}

template <class A, class B>
void dispatch(const A& a, const B& b, std::uint8_t* out) {
#ifdef SEPAX_BATCH_HAVE_AVX2
  if (has_avx2()) return isa::avx2(a, b, out);
#endif
  if constexpr (std::is_same_v<A, B>) baseline_loops::pairwise(a, b, out);
  else baseline_loops::one_against_many(a, b, out);
}

}  // namespace

void test_static_batch(const Obb3<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(out.size() >= b.size(), "output shorter than the batch");
  dispatch(a, b, out.data());
}
void test_static_batch(const Obb3<double>& a, const ObbBatch<double>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(out.size() >= b.size(), "output shorter than the batch");
  dispatch(a, b, out.data());
}
void test_static_batch(const ObbBatch<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(a, b, out.data());
}
void test_static_batch(const ObbBatch<double>& a, const ObbBatch<double>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(a, b, out.data());
}

namespace detail {

void test_static_batch_baseline(const ObbBatch<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  baseline_loops::pairwise(a, b, out.data());
}
void test_static_batch_baseline(const ObbBatch<double>& a, const ObbBatch<double>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  baseline_loops::pairwise(a, b, out.data());
}

}  // namespace detail

}  // namespace sepax::obb_obb
