#pragma once
/// \file
/// Certified triangle–triangle test over many pairs at once: the
/// verdicts of tri_tri::test_certified (tri_tri_certified.hpp), pair by
/// pair, with its filter run in SIMD lanes.
///
/// One pair per lane, no data-dependent branch: both plane tests (six
/// predicates sharing two normals), then — for pairs that cross both planes
/// — the lone vertices chosen and the triangles turned by blends, and the
/// two interval predicates, each behind the scalar filter's bound
/// (9·u·P̂ + 2⁻⁷⁷⁰; fused multiply-adds in the AVX2 copy only remove
/// roundings, so the bound holds and every certified sign is exact). A lane
/// decides when a plane separates with certainty, or when every sign is
/// certified and the interval predicates decide; every other pair — a
/// vertex within the bound of the other plane, touching, coplanar or
/// degenerate triangles, double input outside the filter's range — is rerun
/// with tri_tri::intersects_certified, whose exact stage decides it. Hence
/// the verdicts are the certified kernel's, and exact.
///
/// Layout: TriangleBatch (tri_tri_batch.hpp). Results are one byte per pair
/// (1 = intersecting). Compiled for any x86-64 and for AVX2 with FMA, chosen
/// at run time.
#include <cstdint>
#include <span>

#include "sepax/core/static/tri_tri_batch.hpp"

namespace sepax::tri_tri {

void test_certified_batch(const TriangleBatch<float>& a, const TriangleBatch<float>& b, std::span<std::uint8_t> out);
void test_certified_batch(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                          std::span<std::uint8_t> out);

namespace detail {

/// Whether the lanes decide the pair (false: the scalar kernel reruns it);
/// the baseline copy of the lane code, for tests and the registry's path.
bool certified_lane_decides(const Triangle3<float>& a, const Triangle3<float>& b);
bool certified_lane_decides(const Triangle3<double>& a, const Triangle3<double>& b);

/// The x86-64 baseline copy of the loop, whatever the CPU (the entry points
/// above pick AVX2 where they can): lets tests run both copies.
void test_certified_batch_baseline(const TriangleBatch<float>& a, const TriangleBatch<float>& b,
                                   std::span<std::uint8_t> out);
void test_certified_batch_baseline(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                                   std::span<std::uint8_t> out);

}  // namespace detail
}  // namespace sepax::tri_tri
