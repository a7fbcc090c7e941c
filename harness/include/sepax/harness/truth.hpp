#pragma once
/// \file
/// The exact truth of one case and the class of one answer, for a user
/// who wants the judge without a campaign: `judge` says what is exactly true
/// of a pair (and of its motion), `classify` whether a kernel's verdict
/// computed in a given scalar is ok, within the rounding band (boundary), or
/// a bug (gross).
#include <optional>

#include "sepax/core/kernel_bias.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_contact.hpp"

namespace sepax::harness {

struct ExactTruth {
  /// Do the exact sets intersect (at t = 0)? Touching counts (closed sets).
  bool intersects = false;
  /// Signed distance from touching relative to the larger shape's size:
  /// separation when disjoint (> 0), penetration depth when overlapping (< 0).
  double margin = 0;
  /// With a motion: the exact first contact over [0, T] (state, t*, a point).
  std::optional<oracle::ExactContact> first_contact;
};

/// Exact rational SAT, cross-checked by CGAL; with `motion`, the exact first
/// contact too (two methods). Costs milliseconds. Throws std::runtime_error
/// when the oracles disagree (a harness bug, worth a report).
ExactTruth judge(const ShapePair& pair, const std::optional<LinearMotiond>& motion = std::nullopt);

/// The class of a static verdict `says_intersects` by a kernel computing in
/// `scalar` on `pair` (which must be exactly representable in it), with the
/// kernel's declared bias: ok, boundary (wrong, but within the band that
/// scalar's rounding opens, plus what the bias opens on the intersecting
/// side), gross. Closed-set convention.
oracle::Class classify(const ShapePair& pair, ScalarKind scalar, bool says_intersects, const KernelBias& bias = {});

}  // namespace sepax::harness
