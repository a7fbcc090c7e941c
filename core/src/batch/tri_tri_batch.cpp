// The batch entry points of tri_tri_batch.hpp: the AVX2+FMA copy of the loops
// when the CPU has both, the x86-64 baseline (SSE2) copy otherwise. Both copies are
// the same source (tri_tri_batch_loops.hpp) and round identically; both call
// the scalar fallback defined here.
#include "sepax/core/static/tri_tri_batch.hpp"

#include "sepax/core/numeric/assert.hpp"

#define SEPAX_BATCH_ISA baseline_loops
#include "batch/tri_tri_batch_loops.hpp"

namespace sepax::tri_tri {

// The scalar kernel is the one tri_tri.cpp instantiates (-O2, like every other
// caller's): this -O3 unit must not emit a copy of its own for the linker to
// pick among.
extern template StaticResult<float> test_static(const Triangle3<float>&, const Triangle3<float>&);
extern template StaticResult<double> test_static(const Triangle3<double>&, const Triangle3<double>&);

namespace isa {

bool scalar_intersects(const detail::TriLane<float>& a, const detail::TriLane<float>& b) {
  return test_static(detail::triangle(a), detail::triangle(b)).intersects;
}
bool scalar_intersects(const detail::TriLane<double>& a, const detail::TriLane<double>& b) {
  return test_static(detail::triangle(a), detail::triangle(b)).intersects;
}

}  // namespace isa

namespace {

bool has_avx2() {
#ifdef SEPAX_TRI_BATCH_HAVE_AVX2
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
#else
  return false;
#endif
}

template <class S>
void dispatch(const detail::TriLane<S>& a, const detail::TriBatchView<S>& b, std::size_t n, std::uint8_t* out) {
#ifdef SEPAX_TRI_BATCH_HAVE_AVX2
  if (has_avx2()) return isa::avx2(a, b, n, out);
#endif
  baseline_loops::one_against_many(a, b, n, out);
}

template <class S>
void dispatch(const detail::TriBatchView<S>& a, const detail::TriBatchView<S>& b, std::size_t n,
              std::uint8_t* out) {
#ifdef SEPAX_TRI_BATCH_HAVE_AVX2
  if (has_avx2()) return isa::avx2(a, b, n, out);
#endif
  baseline_loops::pairwise(a, b, n, out);
}

}  // namespace

void test_static_batch(const Triangle3<float>& a, const TriangleBatch<float>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(out.size() >= b.size(), "output shorter than the batch");
  dispatch(detail::lane(a), detail::TriBatchView<float>(b), b.size(), out.data());
}
void test_static_batch(const Triangle3<double>& a, const TriangleBatch<double>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(out.size() >= b.size(), "output shorter than the batch");
  dispatch(detail::lane(a), detail::TriBatchView<double>(b), b.size(), out.data());
}
void test_static_batch(const TriangleBatch<float>& a, const TriangleBatch<float>& b, std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(detail::TriBatchView<float>(a), detail::TriBatchView<float>(b), a.size(), out.data());
}
void test_static_batch(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                       std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  dispatch(detail::TriBatchView<double>(a), detail::TriBatchView<double>(b), a.size(), out.data());
}

namespace detail {

void test_static_batch_baseline(const TriangleBatch<float>& a, const TriangleBatch<float>& b,
                                std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  baseline_loops::pairwise(TriBatchView<float>(a), TriBatchView<float>(b), a.size(), out.data());
}
void test_static_batch_baseline(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                                std::span<std::uint8_t> out) {
  SEPAX_ASSERT(a.size() == b.size() && out.size() >= a.size(), "batch sizes differ");
  baseline_loops::pairwise(TriBatchView<double>(a), TriBatchView<double>(b), a.size(), out.data());
}

}  // namespace detail

}  // namespace sepax::tri_tri
