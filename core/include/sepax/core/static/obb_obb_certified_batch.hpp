#pragma once
/// \file
/// Certified OBB–OBB test over many pairs at once: the verdicts of
/// obb_obb::test_certified (obb_obb_certified.hpp), pair by pair, with its
/// filter run in SIMD lanes.
///
/// One pair per lane, no data-dependent branch: the fifteen gaps of the
/// parallelepipeds' axes exactly as the scalar filter forms them (true face
/// normals A_{i+1} × A_{i+2}, B_{j+1} × B_{j+2}; edge axes times det A from
/// the face tests' numbers), each against the same bound (96·u·S for faces,
/// 896·u·S for edges, S = Δ + Σa + Σb; fused multiply-adds in the AVX2 copy
/// only remove roundings, so the bound holds). A lane decides "apart" when
/// some gap exceeds its bound and "intersecting" when every gap is below
/// minus its bound; every other pair — an axis within its bound of 0
/// (touching, nearly parallel edges), a frame outside the bound's range — is
/// rerun with obb_obb::intersects_certified, whose second stage and exact
/// stages (expansions, then integers or GMP) decide it. Hence the verdicts
/// are the certified kernel's, and exact.
///
/// Layout: ObbBatch (obb_obb_batch.hpp). Results are one byte per pair (1 =
/// intersecting). Compiled for any x86-64 and for AVX2 with FMA, chosen at
/// run time.
#include <cstdint>
#include <span>

#include "sepax/core/static/obb_obb_batch.hpp"

namespace sepax::obb_obb {

void test_certified_batch(const ObbBatch<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out);
void test_certified_batch(const ObbBatch<double>& a, const ObbBatch<double>& b, std::span<std::uint8_t> out);

namespace detail {

/// Whether the lanes decide the pair (false: the scalar kernel reruns it);
/// the baseline copy of the lane code, for tests and the registry's path.
bool certified_lane_decides(const Obb3<float>& a, const Obb3<float>& b);
bool certified_lane_decides(const Obb3<double>& a, const Obb3<double>& b);

/// The x86-64 baseline copy of the loop, whatever the CPU: lets tests run
/// both copies.
void test_certified_batch_baseline(const ObbBatch<float>& a, const ObbBatch<float>& b, std::span<std::uint8_t> out);
void test_certified_batch_baseline(const ObbBatch<double>& a, const ObbBatch<double>& b,
                                   std::span<std::uint8_t> out);

}  // namespace detail
}  // namespace sepax::obb_obb
