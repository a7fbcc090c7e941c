#pragma once
/// \file
/// Case files (SPEC §10): JSON Lines, one case per line, numbers either
/// JSON numbers or C99 hex-float strings so that cases round-trip exactly.
///
///   {"id":"p1","query":"obb_obb","scalar":"float","family":"touching",
///    "a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},
///    "b":{"center":["0x1p+1",0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},
///    "motion":{"va":[0,0,0],"vb":[-1,0,0],"T":1}}
///
/// Reading rules:
///  - `query` obb_obb | obb_obb_manifold | tri_obb | tri_tri | rect_rect (2D:
///    planar_case.hpp) | sphere_sphere | aabb_sphere (gomez/sphere_case.hpp);
///    a box is {"center","axes","extents"}, a triangle {"vertices"}; obb_obb
///    and obb_obb_manifold (the contact manifold of the boxes, static only):
///    a, b boxes; tri_obb: a triangle, b box; tri_tri: a, b triangles;
///    obb_obb_distance, tri_obb_distance, tri_tri_distance: the signed
///    distance of such a pair (static only).
///  - `scalar` "float" | "double" (default "double"); `id` (default "line-N");
///    `family` free text; `motion` optional {"va","vb","T"} (velocities, T ≥ 0).
///  - scalar "float": every number is rounded to the nearest float as it is read
///    (decimal text through strtof, not through double, so there is one rounding).
///    The oracle judges the rounded values, which is exactly what a float kernel sees.
///  - Objects a, b and motion are closed (an unknown key there is a typo and an
///    error); unknown top-level keys are ignored so files may carry provenance
///    ("origin", notes); "origin" is kept and written back.
///  - Every number must be finite; boxes pass sepax::validate with the scalar's
///    axis_tolerance. A bad line yields a CaseError naming the field path
///    ("b.axes[1][2]") and the value as written; it never throws.
#include <array>
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/core/moving/general_motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/gomez/sphere_case.hpp"
#include "sepax/harness/planar/planar_case.hpp"

namespace sepax::harness {

/// Constant linear velocities of a and b over [0, T] (Eberly §2.2.2). Read,
/// validated and written back; static checks ignore it.
struct CaseMotion {
  std::array<double, 3> va{0, 0, 0};
  std::array<double, 3> vb{0, 0, 0};
  double duration = 0;  ///< "T", ≥ 0
};

/// Eberly §5's general rigid motion of both shapes (query general_motion),
/// written as
///   "motion": {"a": {"center":[..],"velocity":[..],"angular_velocity":[..]},
///              "b": {...}, "T": t, "steps": N, "integrator": "rk4" | "euler"}
/// (each shape turns by angular_velocity·t about center + t·velocity;
/// N ≥ 1 constant-velocity steps).
struct GeneralMotionSpec {
  RigidMotion<double> a, b;  ///< the same duration T
  int steps = 1;
  Integrator integrator = Integrator::rk4;
};

/// A verdict computed elsewhere (on a machine where sepax does not run),
/// carried by the case file under "verdicts" and judged by `sepax check` like
/// a kernel's answer:
///   "verdicts": {"mylib/obb": true,                                  static: intersects?
///                "mylib/obb_eps": {"intersects": false,
///                                  "bias": {"method": "epsilon_on_rotation", "epsilon": 1e-6}},
///                "mylib/sweep": {"meets": true},                     moving test (needs "motion")
///                "mylib/toi": {"state": "first_contact", "t": 0.5, "point": [1, 0, 0]}}
/// (first contact: state overlapping_at_start | separated_throughout |
/// first_contact; t and point only for first_contact.) The key names the
/// kernel; computed in the case's scalar.
struct RecordedVerdict {
  std::string kernel;
  KernelMode mode = KernelMode::static_test;
  bool intersects = false;  ///< static_test: intersects; moving_test: meets
  ContactState state = ContactState::separated_throughout;  ///< first_contact
  double time = 0;
  std::array<double, 3> point{0, 0, 0};
  KernelBias bias{};
};

/// One configuration to judge. For scalar float every stored double is exactly
/// a float.
struct Case {
  std::string id;
  std::size_t line = 0;  ///< 1-based line it was read from; 0 when built in memory
  ScalarKind scalar = ScalarKind::float64;
  std::optional<std::string> family;
  ShapePair pair;  ///< pair.query is the case's query
  /// query obb_obb_manifold: the boxes' contact manifold is asked for (pair.query is obb_obb).
  bool manifold = false;
  /// query obb_obb_distance, tri_obb_distance, tri_tri_distance: the pair's
  /// signed distance is asked for (static; pair.query names the pair).
  bool distance = false;
  std::optional<CaseMotion> motion;
  /// query general_motion: the rigid motions ("pair" names pair.query); motion is unset.
  std::optional<GeneralMotionSpec> general;
  /// Verdicts computed elsewhere, to be judged (RecordedVerdict).
  std::vector<RecordedVerdict> verdicts;
  /// Free-form provenance (seed, index, kernel, command); null when absent.
  nlohmann::ordered_json origin;
};

/// Why a line is not a case; `message` names the field and the value.
struct CaseError {
  std::size_t line = 0;  ///< 1-based
  std::string message;
};

/// A line is a 3D case, a 2D one (query rect_rect: planar_case.hpp), a
/// sphere_sphere one (gomez/sphere_case.hpp) or an error.
using CaseOrError = std::variant<Case, CaseError, PlanarCase, SphereCase>;

/// Parses one line; `line` (1-based) gives the default id "line-N".
CaseOrError parse_case(std::string_view text, std::size_t line);

/// Every case of a case file, in order, each a case or an error. One case per
/// line; a case whose brackets are still open at the end of a line continues
/// on the following lines that do not start with '{' (so the multi-line
/// example of SPEC §10 reads as printed) and is reported by its first line.
/// Blank lines are skipped.
std::vector<CaseOrError> read_cases(std::istream& in);

/// The case as one JSON line (no newline) that parse_case reads back bit-exactly.
std::string format_case(const Case& c);

/// The 2D case as one JSON line that parse_case reads back bit-exactly.
std::string format_case(const PlanarCase& c);
/// The sphere_sphere case as one JSON line that parse_case reads back bit-exactly.
std::string format_case(const SphereCase& c);

/// A double as case files write it: a JSON integer when it is one (|v| < 2^53,
/// not −0), otherwise its hex-float string ("0x1.8p-3", "-0x0p+0").
nlohmann::ordered_json exact_number_json(double value);

}  // namespace sepax::harness
