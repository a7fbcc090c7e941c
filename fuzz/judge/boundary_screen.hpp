#pragma once
/// \file The static fast path's check of a kernel that disagrees with the
/// exact verdict: is the disagreement provably within the kernel's allowance
/// (boundary), without the exact margin? That margin is a quadratic program in
/// exact arithmetic — hundreds of allocations, the costliest step of the fast
/// path under ASan — while most disagreements are a kernel's rounding on a
/// nearly touching pair. Provably boundary when |margin| ≤ allowed/2 follows
/// from bounds (allowed: the band or the kernel's promised tolerance, plus its
/// granted bias when it said intersecting, as oracle::classify):
///  - the shapes intersect (the kernel said separated): the penetration depth
///    is at most oracle::estimated_margin's, a minimum over a subset of the
///    directions the depth minimises over;
///  - they are separated (the kernel said intersecting): the distance is at
///    most that of any point of one shape to any of the other
///    (geometry::distance_upper_bound).
/// Otherwise, or when allowed is 0, the exact margin decides (harness::classify_run).
///
/// Moving kernels the same way, for the verdict rules of moving_judgement.hpp:
/// whether the shapes meet in [0, T] (the moving margin: the depth of A into B
/// swept, or their least distance over [0, T] — geometry::swept_*), and the
/// state at t = 0 (the static margin at t = 0). A first contact's time and
/// point are never screened here (contact_screen.hpp).
#include "sepax/core/registry.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/moving_judgement.hpp"

namespace sepax::fuzz {

/// `run` disagrees with `exact_intersects` on `pair`; true when it is provably boundary.
bool provably_boundary(const KernelInfo& kernel, const ShapePair& pair, const harness::KernelJudgement& run,
                       bool exact_intersects);
/// `run` disagrees with the exact `meets`, or (both meeting) with the exact
/// state at t = 0 (`at_start`: they intersect then); true when provably boundary.
bool provably_boundary(const KernelInfo& kernel, const ShapePair& pair, const LinearMotiond& motion,
                       const harness::MovingKernelJudgement& run, bool meets, bool at_start);

}  // namespace sepax::fuzz
