// Why a pair query's kernel was gross: see sepax/harness/query/query_cause.hpp.
#include "sepax/harness/query/query_cause.hpp"

#include <cmath>

#include <fmt/format.h>

namespace sepax::harness {
namespace {

/// "1.2e-05 of the size (3.4e+03 times the band)".
std::string how_far(const QueryVerdict& v) {
  if (!v.margin) return "by an amount the judge does not measure";
  std::string text = fmt::format("{:.2g} of the size", std::abs(*v.margin));
  if (v.tolerance && *v.tolerance > 0) text += fmt::format(" ({:.2g} times the band)", std::abs(*v.margin) / *v.tolerance);
  return text;
}

}  // namespace

QueryCause explain_query_verdict(const std::string& error, bool says_meets, bool truly_meets, const QueryVerdict& v) {
  if (!error.empty())
    return {"threw", error, "return an answer for every case; report failures as errors only for input you cannot take"};
  // obb_to_aabb's judge (gomez/enclosure_judgement.hpp) names the two ways an enclosure fails.
  if (v.reason.find("out of the AABB") != std::string::npos)
    return {"wrong-enclosure", v.reason,
            "round the bounds outward (toward -inf for the minimum, +inf for the maximum), or widen them by the "
            "rounding of every term"};
  if (v.reason.find("beyond it") != std::string::npos)
    return {"loose-enclosure", v.reason, "the box's half-widths are sum |A_ij| e_j: a larger box loses culling"};
  // The distance queries' judge (distance/distance_judgement.cpp) names what
  // is off first: the distance or depth, the witness points, the normal.
  // (Told as a wrong contact, their fix spoke of times and manifold points.)
  const auto starts = [&](const char* prefix) { return v.reason.rfind(prefix, 0) == 0; };
  if (starts("distance") || starts("penetration depth"))
    return {"wrong-distance", v.reason,
            "iterate until the distance's upper and lower bounds meet to rounding (GJK, EPA): a fixed iteration "
            "count or a stopping tolerance far above rounding returns distances this far off; sepax check prints "
            "the exact one"};
  if (starts("witness points"))
    return {"wrong-distance", v.reason,
            "return closest points that lie on their shapes and are the reported distance apart (the final "
            "simplex's points, each mapped back to its shape)"};
  if (starts("normal: "))
    return {"wrong-distance", v.reason,
            "return the unit direction of least penetration: moving B by the depth along it must separate the "
            "shapes"};
  if (says_meets != truly_meets) {
    if (!says_meets && v.margin && *v.margin == 0)
      return {"convention", "the shapes exactly touch (margin 0) and the kernel calls them apart",
              "closed sets: count touching as meeting (<= rather than <), or declare the convention"};
    if (!says_meets)
      return {"false-separation", "called apart, though they overlap by " + how_far(v),
              "a separation test that rejects overlapping shapes: check the comparison's direction and every "
              "candidate axis or distance term"};
    return {"false-contact", "called meeting, though they are apart by " + how_far(v),
            "a missing separation test (an axis, a distance term) or a tolerance far above rounding"};
  }
  std::string detail = v.reason.empty() ? "the answer's contact is wrong" : v.reason;
  if (v.time_error) detail += fmt::format("; |t - t*| = {:.3g}", *v.time_error);
  if (v.depth_error) detail += fmt::format("; |depth - depth*| = {:.3g} of the size", *v.depth_error);
  return {"wrong-contact", detail,
          v.reason.find("later root") != std::string::npos
              ? "take the smaller root of the contact equation (the time the shapes first touch)"
              : "compare the contact (time, normal, depth, points) with the exact one printed by sepax check"};
}

}  // namespace sepax::harness
