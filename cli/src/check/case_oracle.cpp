// `sepax check` on a 3D case: its exact answer and how it prints (case_oracle.hpp).
#include "check/case_oracle.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sepax/core/shapes/validate.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::cli {

using Json = nlohmann::ordered_json;

/// A motion rounded to float can overflow.
std::optional<std::string> invalid_for(const LinearMotiond& motion, ScalarKind scalar) {
  if (motion.velocity_a.allFinite() && motion.velocity_b.allFinite() && std::isfinite(motion.duration))
    return std::nullopt;
  return "rounded to " + std::string(to_string(scalar)) + ", the motion overflows";
}

/// A box that was valid in double may not be once rounded to float (a huge
/// coordinate overflows): such a kernel cannot be run meaningfully.
std::optional<std::string> invalid_for(const ShapePair& pair, ScalarKind scalar) {
  const double tol = axis_tolerance(scalar);
  auto box = [&](const Obb3d& b, const char* name) { return validate(b, name, tol); };
  auto tri = [&](const Triangle3d& t, const char* name) { return validate(t, name); };
  std::optional<ValidationError> error;
  switch (pair.query) {
    case Query::obb_obb:
      if (!(error = box(pair.obb_a, "a"))) error = box(pair.obb_b, "b");
      break;
    case Query::tri_obb:
      if (!(error = tri(pair.tri_a, "a"))) error = box(pair.obb_b, "b");
      break;
    case Query::tri_tri:
      if (!(error = tri(pair.tri_a, "a"))) error = tri(pair.tri_b, "b");
      break;
  }
  if (!error) return std::nullopt;
  return "rounded to " + std::string(to_string(scalar)) + ", " + error->message();
}

/// The moving part of a view: both first-contact oracles (and moving_intersects
/// and the static verdict at t = 0, which must agree), the band and margin.
void judge_moving(OracleView& view) {
  if ((view.moving_error = invalid_for(*view.motion, view.scalar))) return;
  try {
    view.moving = judge_moving_exactly(view.pair, *view.motion, /*cross_check=*/true);
    if (view.verdict && !view.verdict->oracles_disagree())
      view.moving->static_intersects = view.verdict->intersects;
    view.moving_band = oracle::moving_boundary_tolerance(view.pair, *view.motion, view.scalar);
    if (!view.moving->oracles_disagree()) {
      view.moving_margins.emplace(view.pair, *view.motion, *view.moving);
      view.moving_margins->moving();
    }
  } catch (const std::exception& e) {
    view.moving_margins.reset();
    view.moving_error = std::string("moving oracle failed: ") + e.what();
  }
}

void judge(OracleView& view, bool needs_validation) {
  if (needs_validation) {
    view.error = invalid_for(view.pair, view.scalar);
    if (view.error) {
      view.moving_error = view.error;
      return;
    }
  }
  try {
    view.verdict = judge_exactly(view.pair, /*cross_check=*/true);
    view.band = oracle::verdict_band(view.pair, view.scalar);
    if (!view.verdict->oracles_disagree()) {
      view.margin.emplace(view.pair, view.verdict->intersects);
      view.margin->get();
    }
  } catch (const std::exception& e) {
    view.error = std::string("oracle failed: ") + e.what();
  }
  if (view.motion) judge_moving(view);
}

Json point_json(const std::array<double, 3>& p) {
  return {exact_number_json(p[0]), exact_number_json(p[1]), exact_number_json(p[2])};
}

/// SPEC §10's {"state","t","point"} (t and point only for first_contact), and
/// the exact rational t*.
Json contact_json(const oracle::ExactContact& c) {
  Json j;
  j["state"] = to_string(c.state);
  if (c.state == ContactState::first_contact) {
    j["t"] = exact_number_json(c.time);
    j["point"] = point_json(c.point);
    j["t_exact"] = c.time_exact;
  }
  return j;
}

void add_moving_json(Json& j, OracleView& view) {
  if (view.moving_error) {
    j["moving_error"] = *view.moving_error;
    return;
  }
  const MovingOracleVerdict& m = *view.moving;
  j["first_contact"] = contact_json(m.contact);
  j["first_contact_lp"] = contact_json(*m.lp);
  j["moving_intersects"] = *m.moving_intersects;
  if (m.oracles_disagree()) j["moving_disagreement"] = true;
  if (view.moving_margins) j["moving_margin"] = view.moving_margins->moving();
  j["moving_band"] = view.moving_band;
}

Json oracle_json(OracleView& view) {
  Json j;
  if (view.error) {
    j["error"] = *view.error;
    if (view.motion && view.moving_error != view.error) add_moving_json(j, view);
    return j;
  }
  const OracleVerdict& v = *view.verdict;
  j["intersects"] = v.intersects;
  if (view.margin) j["margin"] = view.margin->get();
  j["cgal_intersects"] = *v.cgal_intersects;
  if (v.oracles_disagree()) j["disagreement"] = true;
  j["band"] = view.band;
  j["exact_fallback"] = v.exact_fallback;
  if (view.motion) add_moving_json(j, view);
  return j;
}

Json direction_json(const std::array<double, 3>& d) {
  return {exact_number_json(d[0]), exact_number_json(d[1]), exact_number_json(d[2])};
}

std::string axis_name(const StaticOutcome& o, Query q) {
  return to_string(o.axis, q != Query::obb_obb, q == Query::tri_tri);
}

std::string readable(double value) { return fmt::format("{:.6g}", value); }

/// A time as precisely as its scalar holds it.
std::string readable_time(double t, ScalarKind scalar) {
  return scalar == ScalarKind::float32 ? fmt::format("{:.9g}", t) : fmt::format("{:.17g}", t);
}

std::string readable_point(const std::array<double, 3>& p) {
  return fmt::format("({}, {}, {})", readable(p[0]), readable(p[1]), readable(p[2]));
}

std::string readable_contact(const oracle::ExactContact& c) {
  if (c.state != ContactState::first_contact) return to_string(c.state);
  return fmt::format("first_contact at t* = {} (exactly {}), point {}", readable_time(c.time, ScalarKind::float64),
                     c.time_exact, readable_point(c.point));
}

std::string moving_oracle_line(OracleView& view) {
  if (view.moving_error) return "moving oracle: " + *view.moving_error;
  const MovingOracleVerdict& m = *view.moving;
  if (m.oracles_disagree()) return "moving oracle: DISAGREEMENT: " + m.describe();
  return fmt::format("moving oracle: {}; first_contact_lp and moving_intersects agree; moving margin {}, "
                     "band {} ({})",
                     readable_contact(m.contact), readable(view.moving_margins->moving()),
                     readable(view.moving_band), to_string(view.scalar));
}

std::string oracle_line(OracleView& view) {
  if (view.error) return "oracle: " + *view.error;
  const OracleVerdict& v = *view.verdict;
  if (v.oracles_disagree())
    return fmt::format("oracle: DISAGREEMENT: exact SAT says {}, CGAL says {}",
                       v.intersects ? "intersecting" : "separated",
                       *v.cgal_intersects ? "intersecting" : "separated");
  return fmt::format("oracle: {}, margin {}, band {} ({}), CGAL agrees{}",
                     v.intersects ? "intersecting" : "separated", readable(view.margin->get()),
                     readable(view.band), to_string(view.scalar),
                     v.exact_fallback ? ", exact fallback ran" : "");
}

}  // namespace sepax::cli
