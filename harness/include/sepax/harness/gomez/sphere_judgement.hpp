#pragma once
/// \file
/// Judging Gomez's sphere–sphere answers exactly (oracle/exact_gomez.hpp):
/// the static test's verdict and the sweep's state and first time, with
/// ok / boundary / gross as for the other queries (oracle::classify). Sizes
/// are measured in ℓ = the larger diameter (1 when both balls are points);
/// the band is 64·u·M/ℓ (M: the largest |coordinate| of any centre, at the
/// start or the end of the frame, plus both diameters), and 0 where every
/// operation of the static test is exact in the scalar
/// (oracle::products_are_exact of the centres and radii, degree 2: squares).
#include <functional>
#include <optional>
#include <string>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_gomez.hpp"

namespace sepax::harness {

/// The ball as a kernel computing in `scalar` sees it.
Sphere3<double> sphere_rounded_to(const Sphere3<double>& s, ScalarKind scalar);
Vec3<double> vector_rounded_to(const Vec3<double>& v, ScalarKind scalar);

struct SphereJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  std::optional<double> margin;      ///< signed distance / ℓ where the answer was judged on it
  std::optional<double> tolerance;   ///< the band
  std::optional<double> time_error;  ///< |t − t*| when both report a first contact
  std::string reason;                ///< what was wrong, when the rule says more than the class
};

/// The exact static answer: do the closed balls meet?
bool sphere_sphere_meets_exactly(const Sphere3<double>& a, const Sphere3<double>& b);

/// The static verdict `says` of a kernel computing in `scalar`.
SphereJudgement judge_sphere_static(const Sphere3<double>& a, const Sphere3<double>& b, ScalarKind scalar, bool says,
                                    bool exact);

/// Arvo's box–ball test (aabb_sphere): the exact answer, and the class of a
/// verdict `says` computed in `scalar`, measured in ℓ = the larger of the
/// box's diagonal and the ball's diameter; the band 64·u·M/ℓ (M: the largest
/// |coordinate| of the box's corners and the centre, plus both sizes), 0 where
/// the test's arithmetic is exact (products_are_exact, degree 2).
bool aabb_sphere_meets_exactly(const Aabb3<double>& box, const Sphere3<double>& sphere);
SphereJudgement judge_aabb_sphere(const Aabb3<double>& box, const Sphere3<double>& sphere, ScalarKind scalar,
                                  bool says, bool exact);
Aabb3<double> box_rounded_to(const Aabb3<double>& box, ScalarKind scalar);

/// The rule every Gomez sweep is judged by (sphere–sphere, sphere–plane,
/// AABB): a wrong state is classified on the least signed distance over the
/// frame (meets or not, with `band`) or on the distance at u = 0 (overlapping
/// at start or not, with `start_band`: 0 where that is the exact static test);
/// a first contact on both sides is ok when the shapes are within `band` of
/// touching at the reported time, gross beyond (and gross for a time outside
/// [0, 1]) — and when they do not overlap by more than `band` between the
/// exact first contact and the reported one: the time they part again is a
/// root of the same equation, and reporting it is a bug. Distances are
/// signed and already divided by ℓ.
struct SweepDistances {
  double band = 0, start_band = 0;
  std::function<double()> least;        ///< over the frame
  std::function<double(double)> at;     ///< at time u
};
SphereJudgement judge_sweep(ContactState state, double first, const oracle::ExactSweep& exact,
                            const SweepDistances& d);

/// A sweep's answer: its state and, for first_contact, its first time u.
/// Wrong state: classified on the least distance over the frame (meets or
/// not) or the distance at u = 0 (overlapping at start or not). First
/// contact on both sides: ok when the balls are within the band of touching
/// at the reported time (the exact signed distance there), gross beyond.
SphereJudgement judge_sphere_sweep(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                                   const Vec3<double>& db, ScalarKind scalar, ContactState state, double first,
                                   const oracle::ExactSweep& exact);

}  // namespace sepax::harness
