#include "boundary_screen.hpp"

#include <algorithm>
#include <cmath>

#include "shape_points.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/margin.hpp"
#include "sepax/oracle/margin_estimate.hpp"

namespace sepax::fuzz {
namespace {
geometry::L3 no_offset() { return geometry::L3::Zero(); }
}  // namespace

bool provably_boundary(const KernelInfo& kernel, const ShapePair& pair, const harness::KernelJudgement& run,
                       bool exact_intersects) {
  if (run.error) return false;
  const bool says = run.outcome.intersects;
  // The allowance classify_run would use (case_judgement.cpp).
  const bool witness = kernel.reports_axis && !says;
  const double band = kernel.exact_verdicts ? 0.0 : oracle::verdict_band(pair, kernel.scalar, witness ? &run.outcome.axis : nullptr);
  const double allowed = std::max(band, kernel.tolerance) + (says ? oracle::granted_bias(kernel.bias) : 0.0);
  if (!(allowed > 0)) return false;
  // A bound of |margin| (relative to ℓ, as the margin).
  const long double size = oracle::reference_length(pair);
  const long double bound = exact_intersects
                                ? std::abs((long double)oracle::estimated_margin(pair, true))
                                : geometry::distance_upper_bound(pair, no_offset(), no_offset(), allowed / 2 * size) / size;
  return bound <= allowed / 2;
}

bool provably_boundary(const KernelInfo& kernel, const ShapePair& pair, const LinearMotiond& motion,
                       const harness::MovingKernelJudgement& run, bool meets, bool at_start) {
  if (run.error) return false;
  const double bias = oracle::granted_bias(kernel.bias);
  const long double size = oracle::reference_length(pair);
  if (run.meets() != meets) {  // the meets rule, on the moving margin
    const bool says = run.meets();
    const double allowed =
        std::max(oracle::moving_boundary_tolerance(pair, motion, kernel.scalar), kernel.tolerance) + (says ? bias : 0.0);
    if (!(allowed > 0)) return false;
    const long double enough = allowed / 2 * size;  // the distance search may stop there
    const long double bound = meets ? geometry::swept_depth_upper_bound(pair, motion) / size
                                    : geometry::swept_distance_upper_bound(pair, motion, enough) / size;
    return bound <= allowed / 2;
  }
  // The start rule (overlapping_at_start against first_contact), on the margin at t = 0.
  const bool says = run.contact.state == ContactState::overlapping_at_start;
  if (run.mode != KernelMode::first_contact || !meets || says == at_start) return false;
  const double allowed = std::max(oracle::boundary_tolerance(pair, kernel.scalar), kernel.tolerance) + (says ? bias : 0.0);
  if (!(allowed > 0)) return false;
  const long double bound = at_start ? std::abs((long double)oracle::estimated_margin(pair, true))
                                     : geometry::distance_upper_bound(pair, no_offset(), no_offset(), allowed / 2 * size) / size;
  return bound <= allowed / 2;
}

}  // namespace sepax::fuzz
