#include "sepax/harness/explain/cause.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"
#include "sepax/harness/moving_judgement.hpp"

namespace sepax::harness {
namespace {

std::string axis_name(const ShapePair& pair, const SeparatingAxis& axis) {
  return to_string(axis, pair.query != Query::obb_obb, pair.query == Query::tri_tri);
}

/// The loss of an axis: the verdict's band over the sine of its factors.
double rounding_loss(double band, double sine) {
  return sine > 0 ? band / sine : std::numeric_limits<double>::infinity();
}

/// "its rounding loss, 214 times the size (the band 1.2e-07 over sin θ)":
/// the loss in the unit of the gaps beside it, and what it is made of.
std::string loss_text(double band, double sine) {
  const double loss = rounding_loss(band, sine);
  if (!std::isfinite(loss)) return "its rounding loss (unbounded: sin θ = 0)";
  return fmt::format("its rounding loss, {} (the band {:.2g} over sin θ)",
                     loss < 1 ? fmt::format("{:.3g} of the size", loss) : fmt::format("{:.3g} times the size", loss),
                     band);
}

bool exactly_degenerate(const ShapePair& pair, const std::vector<oracle::AxisReading>& axes) {
  for (const oracle::AxisReading& r : axes)
    if ((r.axis.kind == AxisKind::normal_a || r.axis.kind == AxisKind::normal_b) && std::isnan(r.gap)) return true;
  const auto flat = [](const Obb3d& b) { return b.extents[0] == 0 || b.extents[1] == 0 || b.extents[2] == 0; };
  switch (pair.query) {
    case Query::obb_obb: return flat(pair.obb_a) || flat(pair.obb_b);
    case Query::tri_obb: return flat(pair.obb_b);
    case Query::tri_tri: return false;
  }
  return false;
}

const char* kCrossProductFix =
    "form the cross product of nearly parallel edges without cancellation (an error-free product: a·b − c·d as "
    "fma(a, b, −c·d) + fma(−c, d, c·d)), or add Gottschalk's ε to |R_ij| (a bias of about √ε of the size), or "
    "promise a tolerance of about √u of the size (--tolerance ID=REL; tolerance= in Python)";

/// For shapes called intersecting that only an ill-conditioned axis
/// separates, by a kernel that declares no bias: a deliberate ε the kernel
/// adds but did not declare makes exactly these (Gottschalk's ε on |R_ij|
/// calls shapes within about ε·size/sin θ of touching intersecting), and a
/// user who added one reads "add Gottschalk's ε" as wrong advice.
const std::string kUndeclaredEpsilonFix =
    std::string("if the kernel adds an ε on purpose (Gottschalk's on |R_ij|, Möller's on plane distances), declare "
                "it with its value — bias epsilon_on_rotation or epsilon_on_plane_distances (bias= in Python, \"bias\" "
                "in an external kernel's announcement, bias_method and bias_epsilon in a plugin, KernelBias in C++) — "
                "and the judge derives the band it opens; if it adds none, ") +
    kCrossProductFix;

const char* kGuardedFix =
    "the kernel declares Gottschalk's ε on |R_ij|, which keeps an axis of parallel edges from separating: check "
    "that ε is added to every |R_ij| the projected radii use, and that each radius weighs the right extent by the "
    "right |R_ij|";

const char* kUnderflowFix =
    "scale the axis by a power of two before projecting onto it (only its direction matters), or leave out edge "
    "axes whose components are all below the square root of the smallest normal number (2^-511 in double, 2^-63 "
    "in float): such an axis can only separate shapes that are within that fraction of their size of touching";

/// An axis so short that products with it fall below the normal range of the
/// kernel's scalar (`unit` its unit roundoff): its sine is below the square
/// root of the smallest normal number, or 0 when the sine itself underflowed.
/// Projections onto it lose their relative accuracy — the radii can round to
/// 0 while the centres' distance stays a nonzero subnormal — whatever the
/// conditioning of its direction (negligible_edge_axis.hpp in sepax's kernels).
bool underflowing_axis(double sine, double unit) { return sine < (unit > 0x1p-30 ? 0x1p-63 : 0x1p-511); }

Explanation underflow_explanation(const ShapePair& pair, const oracle::AxisReading& r, bool named) {
  return {Cause::ill_conditioned_axis,
          fmt::format("{} {} is so short (sin θ {}) that projections onto it underflow: the radii round to 0 "
                      "while the centres' distance along it stays a nonzero subnormal; the shapes overlap along it "
                      "by {:.3g} of the size",
                      named ? "the kernel's separating axis" : "the axis", axis_name(pair, r.axis),
                      r.sine > 0 ? fmt::format("= {:.2g}", r.sine) : std::string("below 1e-308"), -r.gap),
          kUnderflowFix};
}

/// The axis analysis: which candidate axes decide the case, and how well
/// the shapes determine them.
/// `unit`: the unit roundoff of the kernel's scalar; `bias`: the method it
/// declares (kernel_bias.hpp). Gottschalk's ε on |R_ij| keeps such an axis
/// from separating, so the fix to suggest is to check the radii it forms; a
/// kernel declaring none may add an ε it did not declare.
Explanation explain_by_axes(const ShapePair& pair, const std::vector<oracle::AxisReading>& axes, const Disagreement& d,
                            double unit, BiasMethod bias) {
  const double band = d.band;
  const bool guarded = bias == BiasMethod::epsilon_on_rotation;
  if (!d.exactly_intersect) {
    // The kernel calls separated shapes intersecting: is there a separating
    // axis it should have resolved?
    const oracle::AxisReading* best_clear = nullptr;  // the largest gap / loss among separating axes
    const oracle::AxisReading* largest = nullptr;     // the largest gap
    for (const oracle::AxisReading& r : axes) {
      if (!(r.gap > 0)) continue;
      if (!largest || r.gap > largest->gap) largest = &r;
      const double ratio = r.gap / rounding_loss(band, r.sine);
      if (!best_clear || ratio > best_clear->gap / rounding_loss(band, best_clear->sine)) best_clear = &r;
    }
    if (best_clear && best_clear->gap > rounding_loss(band, best_clear->sine))
      return {Cause::missing_axis,
              fmt::format("{} (sin θ = {:.2g}) separates the shapes by {:.3g} of the size, {:.3g}x {}; the kernel "
                          "calls them intersecting",
                          axis_name(pair, best_clear->axis), best_clear->sine, best_clear->gap,
                          best_clear->gap / rounding_loss(band, best_clear->sine), loss_text(band, best_clear->sine)),
              "test every candidate axis of the separating-axis theorem (3 + 3 + 9 for two boxes, 13 for a triangle "
              "and a box), also when some are nearly parallel"};
    if (largest)
      return {Cause::ill_conditioned_axis,
              fmt::format("decided only by ill-conditioned axes: the widest gap, {:.3g} of the size along {} "
                          "(sin θ = {:.2g}), is within {}",
                          largest->gap, axis_name(pair, largest->axis), largest->sine,
                          loss_text(band, largest->sine)),
              bias != BiasMethod::none ? std::string(kCrossProductFix) : kUndeclaredEpsilonFix};
    return {Cause::unknown, "no candidate axis separates the exact shapes, yet they are apart", ""};
  }
  // The kernel calls intersecting shapes separated.
  if (d.named_axis) {
    const auto it = std::find_if(axes.begin(), axes.end(), [&](const oracle::AxisReading& r) { return r.axis == *d.named_axis; });
    if (it != axes.end() && !std::isnan(it->gap)) {
      if (it->gap < 0 && underflowing_axis(it->sine, unit)) return underflow_explanation(pair, *it, true);
      const double overlap = -it->gap, loss = rounding_loss(band, it->sine);
      if (overlap <= loss && it->sine < 1)
        return {Cause::ill_conditioned_axis,
                fmt::format("the kernel's separating axis {} is ill-conditioned (sin θ = {:.2g}): the shapes overlap "
                            "along it by {:.3g} of the size, within {}",
                            axis_name(pair, it->axis), it->sine, overlap, loss_text(band, it->sine)),
                kCrossProductFix};
      return {Cause::false_separation,
              fmt::format("the kernel calls {} (sin θ = {:.2g}) separating; the shapes overlap along it by {:.3g} of "
                          "the size, {:.3g}x {}",
                          axis_name(pair, it->axis), it->sine, overlap, loss > 0 ? overlap / loss : overlap,
                          loss_text(band, it->sine)),
              "check that axis's projection radii and the comparison against them"};
    }
  }
  // No usable witness: is there an ill-conditioned axis the rounding could
  // have made separate?
  const oracle::AxisReading* closest = nullptr;  // the smallest overlap / loss among ill-conditioned axes
  for (const oracle::AxisReading& r : axes) {
    if (std::isnan(r.gap) || r.sine >= 1) continue;
    if (!closest || -r.gap / rounding_loss(band, r.sine) < -closest->gap / rounding_loss(band, closest->sine)) closest = &r;
  }
  const char* fix = guarded ? kGuardedFix : kCrossProductFix;
  if (closest && closest->gap < 0 && underflowing_axis(closest->sine, unit))
    return underflow_explanation(pair, *closest, false);
  if (closest && -closest->gap <= rounding_loss(band, closest->sine))
    return {Cause::ill_conditioned_axis,
            fmt::format("{} is ill-conditioned (sin θ = {:.2g}): the shapes overlap along it by only {:.3g} of the "
                        "size, within {}",
                        axis_name(pair, closest->axis), closest->sine, -closest->gap,
                        loss_text(band, closest->sine)),
            fix};
  // An edge axis of parallel edges: zero exactly, or below the kernel's
  // rounding. Formed in floating point, its direction is rounding noise, and
  // so is any verdict along it, however deep the overlap (Gottschalk's ε on
  // |R_ij| exists for this).
  for (const oracle::AxisReading& r : axes)
    if ((r.axis.kind == AxisKind::edge_edge || r.axis.kind == AxisKind::motion_a ||
         r.axis.kind == AxisKind::motion_b) &&
        (std::isnan(r.gap) || r.sine < 8 * unit)) {
      return {Cause::ill_conditioned_axis,
              fmt::format("{} is {} (parallel edges): a kernel that forms it in floating point gets rounding noise "
                          "for its direction, and any verdict along it, here a separation of shapes that overlap by "
                          "{:.3g} of the size",
                          axis_name(pair, r.axis),
                          std::isnan(r.gap) ? std::string("exactly the zero vector")
                                            : fmt::format("below the rounding of the kernel's scalar (sin θ = {:.2g})", r.sine),
                          d.margin ? std::abs(*d.margin) : 0.0),
              fix};
    }
  return {Cause::false_separation,
          fmt::format("the shapes overlap by {:.3g} of the size along every candidate axis, beyond each axis's rounding "
                      "loss; the kernel calls them separated",
                      d.margin ? std::abs(*d.margin) : 0.0),
          "check the projection radii and the comparisons of every axis"};
}

/// The largest |coordinate| of a stored centre or vertex.
double farthest_coordinate(const ShapePair& pair) {
  double reach = 0;
  for (const Vec3<double>& p : {pair.obb_a.center, pair.obb_b.center, pair.tri_a.vertices[0], pair.tri_a.vertices[1],
                                pair.tri_a.vertices[2], pair.tri_b.vertices[0], pair.tri_b.vertices[1],
                                pair.tri_b.vertices[2]})
    reach = std::max(reach, p.cwiseAbs().maxCoeff());
  return reach;
}

/// ulp of |x| in a scalar of `digits` bits.
double ulp(double x, int digits) {
  int e = 0;
  std::frexp(x, &e);
  return std::ldexp(1.0, e - digits);
}

}  // namespace

std::string_view to_string(Cause cause) {
  switch (cause) {
    case Cause::threw: return "threw";
    case Cause::convention: return "convention";
    case Cause::declared_bias: return "declared-bias";
    case Cause::degenerate_input: return "degenerate-input";
    case Cause::far_from_origin: return "far-from-origin";
    case Cause::ill_conditioned_axis: return "ill-conditioned-axis";
    case Cause::missing_axis: return "missing-axis";
    case Cause::false_separation: return "false-separation";
    case Cause::wrong_contact: return "wrong-contact";
    case Cause::within_band: return "within-band";
    case Cause::unknown: return "unknown";
  }
  return "unknown";
}

std::optional<ShapePair> recentred(const ShapePair& pair, ScalarKind scalar) {
  ShapePair moved = pair;
  const std::vector<Vec3<double>*> points = positions(moved);
  const double size = oracle::reference_length(pair);
  const int digits = scalar == ScalarKind::float32 ? 24 : 53;
  bool far = false;
  for (int k = 0; k < 3; ++k) {
    double reach = 0;
    for (const Vec3<double>* p : points) reach = std::max(reach, std::abs((*p)[k]));
    if (!(reach >= 64 * size) || !std::isfinite(reach)) continue;
    far = true;
    // A multiple of the largest coordinate's ulp: every coordinate of this
    // axis is a multiple of it too, and so is its difference with the shift.
    const double unit = ulp(reach, digits);
    const double shift = std::nearbyint((*points.front())[k] / unit) * unit;
    for (Vec3<double>* p : points) {
      const double x = (*p)[k], y = x - shift;
      const bool exact = y + shift == x && (scalar == ScalarKind::float64 || double(float(y)) == y);
      if (!exact) return std::nullopt;
      (*p)[k] = y;
    }
  }
  if (!far) return std::nullopt;
  return moved;
}

namespace {

/// The causes read off the verdict alone: a throw, a wrong contact, exact
/// touching, and disagreements the band or the kernel's promise cover.
std::optional<Explanation> verdict_cause(const KernelInfo& kernel, const ShapePair& pair, const Disagreement& d) {
  if (d.kind == "threw") return Explanation{Cause::threw, "the kernel threw or reported an error on valid input", "see the error message"};
  if (d.kind == "wrong-contact" && d.verdict_class == oracle::Class::boundary && d.ill_conditioned_contact)
    return Explanation{Cause::within_band,
                       fmt::format("an ill-conditioned first contact: the rounding of the inputs moves the exact "
                                   "time by more than the bound {:.3g}, so an error of {:.3g} is within what the "
                                   "scalar can resolve",
                                   d.band, d.severity),
                       ""};
  if (d.kind == "wrong-contact") {
    const double sine = d.contact_axis ? oracle::axis_sine(pair, *d.contact_axis) : 1.0;
    if (sine < unit_roundoff(kernel.scalar) / contact_error_bound(kernel.scalar))
      return Explanation{Cause::ill_conditioned_axis,
              fmt::format("the last separating axis {} is ill-conditioned (sin θ = {:.2g}): its rounding alone moves "
                          "the contact",
                          axis_name(pair, *d.contact_axis), sine),
              kCrossProductFix};
    if (d.contact_error == Disagreement::ContactError::point)
      return Explanation{Cause::wrong_contact,
              fmt::format("the contact point lies {:.3g} of the size from the shapes at the kernel's time, on a "
                          "well-conditioned contact, beyond its bound {:.3g} (the contact bound plus the "
                          "coordinates' rounding)",
                          d.severity, d.band),
              "check the supporting features at the contact time and how the point is placed on them"};
    if (d.contact_error == Disagreement::ContactError::time)
      return Explanation{Cause::wrong_contact,
              fmt::format("the first contact time is off by {:.3g} T on a well-conditioned contact, beyond the "
                          "bound {:.3g}",
                          d.severity, d.band),
              "check the contact time (the gap over the closing speed) and the supporting features"};
    return Explanation{Cause::wrong_contact,
            fmt::format("overlapping at the start against a first contact (or the reverse), {:.3g} of the size "
                        "from touching at t = 0, beyond the band {:.3g}",
                        d.severity, d.band),
            "check the static test at t = 0 and the contact time (the gap over the closing speed)"};
  }
  if (d.verdict_class == oracle::Class::boundary && d.severity <= d.band)
    return Explanation{Cause::within_band,
            fmt::format("{:.3g} {} from the exact answer, within the rounding band {:.3g} its scalar can "
                        "resolve",
                        d.severity, d.severity_in_time() ? "T" : "of the size", d.band),
            ""};
  if (d.margin && *d.margin == 0 && d.exactly_intersect && !d.kernel_says_intersect)
    return Explanation{Cause::convention,
            "the shapes exactly touch (margin 0) and the kernel calls them separated: it treats touching as separated "
            "(open sets), or rounds where every operation of a separating-axis test is exact",
            "compare with > (not >=) where the projections meet, keep such cases' arithmetic exact, or declare the "
            "open-set convention"};
  if (d.verdict_class != oracle::Class::gross && d.severity > d.band)
    return Explanation{Cause::declared_bias,
            fmt::format("{:.3g} {} from the exact answer: beyond the rounding band {:.3g}, within the "
                        "kernel's promised tolerance {:.3g} or declared ε",
                        d.severity, d.severity_in_time() ? "T" : "of the size", d.band, d.tolerance),
            ""};
  return std::nullopt;
}

}  // namespace

Explanation explain(const KernelInfo& kernel, const ShapePair& pair, const std::optional<LinearMotiond>& motion,
                    const Disagreement& d) {
  if (d.agrees()) return {Cause::unknown, "the kernel agrees with the exact answer here", ""};
  if (std::optional<Explanation> e = verdict_cause(kernel, pair, d)) return *e;
  std::vector<oracle::AxisReading> axes;
  try {
    axes = oracle::survey_axes(pair, motion ? &*motion : nullptr);
  } catch (const std::exception& e) {
    return {Cause::unknown, std::string("the exact axis survey failed: ") + e.what(), ""};
  }
  const Explanation degenerate{
      Cause::degenerate_input,
      "a shape is degenerate: a triangle whose normal vanishes (collinear vertices, exactly or in the kernel's "
      "arithmetic) or a box with a zero extent",
      "handle zero-area triangles and flat boxes explicitly: test the segment or point they are"};
  if (d.named_axis) {
    const auto named = std::find_if(axes.begin(), axes.end(), [&](const oracle::AxisReading& r) { return r.axis == *d.named_axis; });
    // A separation claimed along the normal of a triangle that is degenerate
    // exactly, or in the kernel's arithmetic (its normal vanishes there).
    const bool normal = d.named_axis->kind == AxisKind::normal_a || d.named_axis->kind == AxisKind::normal_b;
    if (named != axes.end() && normal &&
        (std::isnan(named->gap) || named->sine < unit_roundoff(kernel.scalar)))
      return degenerate;
  }
  Explanation by_axes =
      explain_by_axes(pair, axes, d, unit_roundoff(kernel.scalar), kernel.bias.method);
  if (by_axes.cause == Cause::ill_conditioned_axis) return by_axes;
  if (const std::optional<ShapePair> near = recentred(pair, kernel.scalar)) {
    // The same shapes and the same exact answer (the move is exact): only the
    // kernel's rounding of large coordinates differs.
    const std::optional<Disagreement> again = read_disagreement(kernel, *near, motion);
    if (again && again->agrees())
      return {Cause::far_from_origin,
              fmt::format("the shapes lie {:.3g} sizes from the origin; moved exactly near it, the kernel answers "
                          "right: its error grows with the coordinates' magnitude ({})",
                          farthest_coordinate(pair) / oracle::reference_length(pair), by_axes.detail),
              "subtract the shapes' centres before any other product (work relative to one shape), in the "
              "kernel's full precision"};
  }
  // The kernel's own witness, checked exactly, is wrong by far more than rounding: that is the bug.
  if (by_axes.cause == Cause::false_separation && d.named_axis) return by_axes;
  if (exactly_degenerate(pair, axes)) return degenerate;
  return by_axes;
}

}  // namespace sepax::harness
