#pragma once
/// \file
/// Why a kernel disagrees with the exact answer (issue 29): a cause in
/// a small vocabulary, decided from exact quantities the oracle computes on
/// the case — every candidate axis's exact gap and how well the stored shapes
/// determine its direction (oracle::survey_axes) — and from experiments the
/// oracle judges (the same shapes moved exactly toward the origin), never
/// from what the kernel claims about itself.
///
/// Roughly in the order they are tried (explain() in cause.cpp has it exactly):
///
/// | cause                | when                                                                 |
/// |----------------------|----------------------------------------------------------------------|
/// | threw                | the kernel threw or reported an error                                |
/// | within-band          | a boundary verdict: within the rounding band its scalar can resolve (not a failure) |
/// | convention           | the shapes exactly touch (margin 0) and the kernel calls them separated: open sets, or rounding where every operation is exact |
/// | declared-bias        | beyond the rounding band but within the kernel's promised tolerance or declared ε |
/// | degenerate-input     | the kernel claims a separation along the normal of a triangle degenerate exactly or in its arithmetic; or a shape is exactly degenerate (collinear vertices, a zero extent) and neither an ill-conditioned axis nor the kernel's own witness explains it |
/// | far-from-origin      | no ill-conditioned axis explains it, the shapes lie ≥ 64 sizes from the origin, and moved exactly near it (the same exact answer) the kernel answers right |
/// | ill-conditioned-axis | only an axis whose direction the shapes barely determine decides the case (nearly parallel edges, a sliver normal: sin θ small), and its exact gap is within its rounding loss band / sin θ |
/// | missing-axis         | shapes called intersecting, though an axis separates them by more than its rounding loss |
/// | false-separation     | shapes called separated, though they overlap by more than rounding along the axis the kernel named (or along every axis) |
/// | wrong-contact        | a first contact at the wrong time or point on a well-conditioned contact |
/// | unknown              | none of the above                                                    |
///
/// The rounding loss of an axis: a kernel forms a cross product u × v of
/// factors with sine θ with a direction error of ~u_s/sin θ (u_s the unit
/// roundoff), so projections of shapes of size ℓ at distance M move by
/// ~u_s·M/sin θ: the verdict's rounding band divided by sin θ.
#include <optional>
#include <string>
#include <string_view>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/harness/explain/disagreement.hpp"

namespace sepax::harness {

enum class Cause {
  threw,
  convention,
  declared_bias,
  degenerate_input,
  far_from_origin,
  ill_conditioned_axis,
  missing_axis,
  false_separation,
  wrong_contact,
  within_band,
  unknown,
};

/// "ill-conditioned-axis", ...
std::string_view to_string(Cause cause);

struct Explanation {
  Cause cause = Cause::unknown;
  /// The exact quantities behind it, readable ("decided only by A1×B2 (sin θ
  /// = 3.2e-07): it separates by 4.1e-12 of the size, within its rounding
  /// loss 5.3e-10").
  std::string detail;
  /// What a kernel's author can do about it.
  std::string fix;
};

/// Explains the kernel's disagreement `d` (read_disagreement) on the case.
/// May run the kernel again on exactly moved copies of the case.
Explanation explain(const KernelInfo& kernel, const ShapePair& pair, const std::optional<LinearMotiond>& motion,
                    const Disagreement& d);

/// The same shapes translated exactly toward the origin (each far
/// coordinate axis by a multiple of the coordinates' unit in the last place
/// in `scalar`, so no stored number rounds), or nullopt when the pair is not
/// far from the origin (≥ 64 sizes) or no such translation keeps every number exact.
std::optional<ShapePair> recentred(const ShapePair& pair, ScalarKind scalar);

}  // namespace sepax::harness
