// Family "motion" (SPEC §5, issue 3): constant velocities over [0, T] in the
// configurations moving kernels get wrong — grazing approach, velocity
// exactly parallel to a face or an edge (the Table 1′ axes W×A_i vanish or
// coincide with others), zero relative velocity, T = 0, contact exactly at
// t = 0 and exactly at t = T, initially overlapping, and passing through
// (motion_pass_through.cpp).
//
// Every mode but pass_through starts from an exact touching pair of the
// touching family with its certificate: a contact point p in both shapes and
// a normal n (from a to b) with a ⊂ {n·x ≤ n·p} and b ⊂ {n·x ≥ n·p}.
//
//  - Approach: b is moved back to b(0) = b_touch − T_c·W with W·n < 0 (exact
//    sign). Then b(T_c) = b_touch touches a at p, and for t < T_c the plane
//    n·x = n·p separates them with the positive gap (T_c − t)·|W·n|: the
//    first contact is exactly t* = T_c. T_c = m·2^k (m ∈ {1, 3, 5}) and
//    T_c·W is chosen on the coordinates' own lattice (motion_builders.hpp),
//    so b(0), W and T_c are exact in the scalar and b(0) + T_c·W = b_touch
//    holds exactly. With T = T_c the contact is exactly at t = T; with
//    T > T_c it is inside; with T < T_c the shapes never meet.
//  - Gap: b moved by an exact G with G·n > 0 (separated by ≥ G·n).
//  - Overlap: b moved by (q − p)/2^j with q inside a: the point p + (q − p)/2^j
//    lies in a (a segment of a) and in the moved b.
// So the exact answer of these cases is known by construction, and each case
// carries the certificate (MotionCertificate) that proves it.
#include <array>
#include <cmath>

#include "families/families.hpp"
#include "motion/motion_builders.hpp"

namespace sepax::gen::detail {
namespace {

constexpr int kAttempts = 8;

// Case weights per mode, in MotionMode order.
constexpr std::array kModeWeights{2, 2, 3, 2, 4, 4, 3, 3, 5};

// Always-exact touching pairs with small coordinates: the last resort when
// every random construction failed (e.g. under the constant choice streams of
// shrinking). a ⊂ {x ≤ 1}, b ⊂ {x ≥ 1}, both contain (1, 0, 0).
TouchingPair simple_touching(Query query) {
  TouchingPair t;
  t.pair.query = query;
  t.normal = Vec3d::UnitX();
  t.point = Vec3d::UnitX();
  const Axes identity{Vec3d::UnitX(), Vec3d::UnitY(), Vec3d::UnitZ()};
  switch (query) {
    case Query::obb_obb:
      t.pair.obb_a = make_box(Vec3d::Zero(), identity, {1, 1, 1});
      t.pair.obb_b = make_box(Vec3d(2, 0.5, 0.25), identity, {1, 0.75, 0.5});
      break;
    case Query::tri_obb:
      // The triangle is a here: a ⊂ {x ≤ 1} on the left of the box b.
      t.pair.tri_a.vertices = {Vec3d(1, 0, 0), Vec3d(0, 1, 0), Vec3d(0, 0.5, 1)};
      t.pair.obb_b = make_box(Vec3d(2, 0.25, 0.5), identity, {1, 1, 1});
      break;
    case Query::tri_tri:
      t.pair.tri_a.vertices = {Vec3d(1, 0, 0), Vec3d(0, 1, 0), Vec3d(0, -0.5, 1)};
      t.pair.tri_b.vertices = {Vec3d(1, 0, 0), Vec3d(2, 1, 0.5), Vec3d(2, -1, 0.25)};
      break;
  }
  return t;
}

/// A case under construction: the pair at t = 0, W, T, and the known answer.
struct Draft {
  ShapePair pair;
  Vec3d W = Vec3d::Zero();
  double duration = 0;
  std::optional<ContactState> state;
  double time = 0;
  MotionCertificate certificate;
};

void certify_plane(Draft& d, const TouchingPair& touch) {
  d.certificate.plane_normal = touch.normal;
  d.certificate.plane_point = touch.point;
}

void certify_witness(Draft& d, const Vec3d& point, double time) {
  d.certificate.witness_point = point;
  d.certificate.witness_time = time;
}

Vec3d unit(const Vec3d& v) { return v / v.norm(); }

// A point of a's relative interior when a is proper: the box centre, or the
// dyadic combination (2·V0 + V1 + V2)/4 of the triangle; nullopt if rounding.
std::optional<Vec3d> interior_point_a(const ShapePair& pair) {
  if (pair.query == Query::obb_obb) return pair.obb_a.center;
  const auto& v = pair.tri_a.vertices;
  Vec3d q;
  for (int k = 0; k < 3; ++k) {
    double s1 = 0, s2 = 0;
    if (!exact_sum(2 * v[0][k], v[1][k], s1) || !exact_sum(s1, v[2][k], s2)) return std::nullopt;
    q[k] = s2 / 4;
  }
  return q;
}

// ---- the three starting configurations (t = 0) --------------------------------

enum class Base { touch, gap, overlap };

// b moved off the contact plane by an exact G with G·n > 0: separated by G·n
// at t = 0. Gaps reach down to the scalar's rounding level.
bool add_gap(Source& source, Draft& d, const TouchingPair& touch, ScalarKind scalar) {
  const double length = length_scale(touch.pair);
  const Vec3d n = unit(touch.normal);
  double exponent = source.uniform(0, scalar_digits(scalar) + 2);
  for (int attempt = 0; attempt < 6; ++attempt, exponent /= 2) {
    const double lean = source.uniform(-1, 1);
    const Vec3d direction = n + lean * random_tangent(source, n);
    const double gap = length * std::ldexp(1.0, -static_cast<int>(exponent));
    const auto step = exact_translation_step(d.pair, gap * unit(direction), 1, scalar);
    if (!step || exact_dot_sign(*step, touch.normal) <= 0) continue;
    translate_b_exactly(d.pair, *step, scalar);
    return true;
  }
  return false;
}

// b moved toward q ∈ a by (q − p)/2^j: p + (q − p)/2^j is in both shapes.
// Returns that point (the witness), or nullopt when no j keeps things exact.
std::optional<Vec3d> add_overlap(Source& source, Draft& d, const TouchingPair& touch,
                                 ScalarKind scalar) {
  const auto q = interior_point_a(touch.pair);
  if (!q) return std::nullopt;
  for (int j = uniform_int(source, 0, 4); j >= 0; --j) {
    Vec3d shift;
    Vec3d witness;
    bool exact = true;
    for (int k = 0; k < 3; ++k) {
      double difference = 0;
      exact = exact && exact_sum((*q)[k], -touch.point[k], difference);
      shift[k] = std::ldexp(difference, -j);
      exact = exact && exact_sum(touch.point[k], shift[k], witness[k]);
    }
    if (!exact || shift == Vec3d::Zero()) continue;
    if (translate_b_exactly(d.pair, shift, scalar)) return witness;
  }
  return std::nullopt;
}

// The static configuration at t = 0 and its known state.
void place_base(Source& source, Draft& d, const TouchingPair& touch, Base base, ScalarKind scalar) {
  d.pair = touch.pair;
  certify_plane(d, touch);
  if (base == Base::gap && add_gap(source, d, touch, scalar)) {
    d.state = ContactState::separated_throughout;  // for W·n ≥ 0 or T = 0
    return;
  }
  if (base == Base::overlap) {
    if (const auto witness = add_overlap(source, d, touch, scalar)) {
      d.state = ContactState::overlapping_at_start;
      d.certificate.plane_normal.reset();
      certify_witness(d, *witness, 0);
      return;
    }
  }
  d.state = ContactState::overlapping_at_start;  // touching at t = 0 is intersecting
  certify_witness(d, touch.point, 0);
}

Base random_base(Source& source) { return static_cast<Base>(pick(source, std::array{2, 3, 3})); }

// A velocity of typical speed (a path of 2^-4..4 sizes over T) along `direction`.
Vec3d velocity_along(Source& source, const Vec3d& direction, double length, double duration,
                     ScalarKind scalar) {
  const double path = length * pow2_uniform(source, -4, 2);
  const double time = duration > 0 ? duration : 1.0;
  return to_scalar(Vec3d(unit(direction) * (path / time)), scalar);
}

// ---- approaching: first contact exactly at T_c -----------------------------------

struct Approach {
  ShapePair pair;       // b at t = 0
  Vec3d W;              // exact, W·n < 0 (or = 0 when sliding)
  double contact_time;  // T_c = m·2^k: b(0) + T_c·W = b_touch exactly
};

int random_multiplier(Source& source) {
  constexpr std::array kMultipliers{1, 3, 5};
  return kMultipliers[pick(source, std::array{3, 1, 1})];
}

// b(0) = b_touch − T_c·W with W about along `direction`, |T_c·W| about `path`.
std::optional<Approach> approach_along(Source& source, const TouchingPair& touch,
                                       const Vec3d& direction, double path, ScalarKind scalar) {
  const int m = random_multiplier(source);
  const int k = uniform_int(source, -6, 6);
  const auto step = exact_translation_step(touch.pair, -path * unit(direction), m, scalar);
  if (!step) return std::nullopt;
  const Vec3d W = -std::ldexp(1.0, -k) * *step;
  if (exact_dot_sign(W, touch.normal) >= 0) return std::nullopt;
  Approach a{touch.pair, W, std::ldexp(m, k)};
  translate_b_exactly(a.pair, m * *step, scalar);
  return a;
}

// The same with W exactly parallel to F (a face or edge direction, exact):
// T_c·W = m·2^j·F, halving the path while the translation would round.
std::optional<Approach> approach_exactly_along(Source& source, const TouchingPair& touch,
                                               const Vec3d& F, double path, ScalarKind scalar) {
  const int m = random_multiplier(source);
  const int k = uniform_int(source, -6, 6);
  int j = magnitude_exponent(path / (m * F.norm()));
  for (int attempt = 0; attempt < 12; ++attempt, --j) {
    const double scale = -std::ldexp(static_cast<double>(m), j);
    const Vec3d shift = scale * F;  // b(0) − b_touch, = −T_c·W
    const Vec3d W = std::ldexp(1.0, j - k) * F;
    if (to_scalar(W, scalar) != W) continue;
    bool exact = true;  // m·F may need a bit or two more than F (TwoProduct's error term)
    for (int c = 0; c < 3; ++c) exact = exact && std::fma(scale, F[c], -shift[c]) == 0;
    if (!exact) continue;
    Approach a{touch.pair, W, std::ldexp(m, k)};
    if (translate_b_exactly(a.pair, shift, scalar)) return a;
  }
  return std::nullopt;
}

enum class Ending { at_contact, after_contact, before_contact };

// T relative to the contact time: exactly T_c, later, or earlier (a miss).
double ending_duration(Source& source, double contact_time, Ending ending, ScalarKind scalar) {
  switch (ending) {
    case Ending::at_contact:
      return contact_time;
    case Ending::after_contact: {
      const double t = to_scalar(contact_time * (1 + pow2_uniform(source, -20, 1)), scalar);
      return t > contact_time ? t : ulps_away(contact_time, 1, scalar);
    }
    case Ending::before_contact: {
      const double t = to_scalar(contact_time * (1 - pow2_uniform(source, -20, -1)), scalar);
      return t < contact_time ? t : ulps_away(contact_time, -1, scalar);
    }
  }
  return contact_time;
}

// The known answer of an approach (W·n < 0) ending as `ending`.
Draft approach_draft(const Approach& a, const TouchingPair& touch, Source& source, Ending ending,
                     ScalarKind scalar) {
  Draft d;
  d.pair = a.pair;
  d.W = a.W;
  d.duration = ending_duration(source, a.contact_time, ending, scalar);
  certify_plane(d, touch);
  if (ending == Ending::before_contact) {
    d.state = ContactState::separated_throughout;
  } else {
    d.state = ContactState::first_contact;
    d.time = a.contact_time;
    certify_witness(d, touch.point, a.contact_time);
  }
  return d;
}

Ending random_ending(Source& source) { return static_cast<Ending>(pick(source, std::array{1, 1, 1})); }

// ---- exact face and edge directions ----------------------------------------------

// x·u + y·v when exact in the scalar.
std::optional<Vec3d> exact_combination(int x, const Vec3d& u, int y, const Vec3d& v,
                                       ScalarKind scalar) {
  Vec3d out;
  for (int k = 0; k < 3; ++k) {
    if (!exact_sum(x * u[k], y * v[k], out[k]) || !representable(out[k], scalar)) {
      return std::nullopt;
    }
  }
  if (out == Vec3d::Zero()) return std::nullopt;
  return out;
}

// The directions of one shape: its edges (box axes or triangle edges) and the
// pairs spanning its faces.
struct ShapeDirections {
  std::vector<Vec3d> edges;
  std::vector<std::array<Vec3d, 2>> faces;
};

ShapeDirections directions(const Obb3d& box) {
  return {{box.axes[0], box.axes[1], box.axes[2]},
          {{box.axes[0], box.axes[1]}, {box.axes[1], box.axes[2]}, {box.axes[2], box.axes[0]}}};
}

ShapeDirections directions(const Triangle3d& tri, ScalarKind scalar) {
  ShapeDirections out;
  const auto& v = tri.vertices;
  for (int i = 0; i < 3; ++i) {
    if (auto e = exact_combination(1, v[(i + 1) % 3], -1, v[i], scalar)) out.edges.push_back(*e);
  }
  if (out.edges.size() == 3 && out.edges[0].cross(out.edges[1]) != Vec3d::Zero()) {
    out.faces.push_back({out.edges[0], out.edges[1]});
  }
  return out;
}

ShapeDirections directions_of(const ShapePair& pair, bool of_a, ScalarKind scalar) {
  if (of_a) return pair.query == Query::obb_obb ? directions(pair.obb_a) : directions(pair.tri_a, scalar);
  return pair.query == Query::tri_tri ? directions(pair.tri_b, scalar) : directions(pair.obb_b);
}

// An exact direction along an edge, or in a face, of a or b; oriented so that
// F·n ≤ 0 (b approaches a, or slides along the contact plane).
std::optional<Vec3d> feature_direction(Source& source, const TouchingPair& touch, bool face,
                                       ScalarKind scalar) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    const ShapeDirections dirs = directions_of(touch.pair, source.coin(), scalar);
    std::optional<Vec3d> F;
    if (face && !dirs.faces.empty()) {
      const auto& f = dirs.faces[source.below(dirs.faces.size())];
      const int x = signed_int(source, 0, 3);
      const int y = signed_int(source, 0, 3);
      F = exact_combination(x, f[0], y, f[1], scalar);
      // x or y may be 0: then F is an edge, which also lies in the face.
    } else if (!face && !dirs.edges.empty()) {
      F = dirs.edges[source.below(dirs.edges.size())];
    }
    if (!F) continue;
    const Vec3d f = *F;
    return exact_dot_sign(f, touch.normal) > 0 ? Vec3d(-f) : f;
  }
  return std::nullopt;
}

// ---- the modes -------------------------------------------------------------------

std::optional<Draft> zero_velocity(Source& source, const TouchingPair& touch, ScalarKind scalar) {
  Draft d;
  place_base(source, d, touch, random_base(source), scalar);
  d.duration = random_duration(source, -6, 6, scalar);
  return d;
}

std::optional<Draft> zero_duration(Source& source, const TouchingPair& touch, ScalarKind scalar) {
  Draft d;
  place_base(source, d, touch, random_base(source), scalar);
  d.W = velocity_along(source, random_unit_vector(source), length_scale(touch.pair), 1, scalar);
  if (d.W == Vec3d::Zero()) d.W = Vec3d::UnitX();
  return d;
}

std::optional<Draft> contact_at_start(Source& source, const TouchingPair& touch,
                                      ScalarKind scalar) {
  Draft d;
  place_base(source, d, touch, Base::touch, scalar);
  d.duration = random_duration(source, -6, 6, scalar);
  const Vec3d n = unit(touch.normal);
  const double length = length_scale(touch.pair);
  switch (pick(source, std::array{1, 1, 1})) {
    case 0:  // moving apart: touching only at t = 0
      d.W = velocity_along(source, n + source.uniform(-1, 1) * random_tangent(source, n), length,
                           d.duration, scalar);
      break;
    case 1:  // moving in
      d.W = velocity_along(source, -n + source.uniform(-1, 1) * random_tangent(source, n), length,
                           d.duration, scalar);
      break;
    default: {  // along the contact plane: exactly when a feature direction is tangent
      auto F = feature_direction(source, touch, source.coin(), scalar);
      if (F && exact_dot_sign(*F, touch.normal) == 0) {
        d.W = *F;
      } else {
        d.W = velocity_along(source, random_tangent(source, n), length, d.duration, scalar);
      }
      break;
    }
  }
  return d;
}

std::optional<Draft> overlapping_at_start(Source& source, const TouchingPair& touch,
                                          ScalarKind scalar) {
  Draft d;
  place_base(source, d, touch, Base::overlap, scalar);
  d.duration = random_duration(source, -6, 6, scalar);
  d.W = velocity_along(source, random_unit_vector(source), length_scale(touch.pair), d.duration,
                       scalar);
  return d;
}

std::optional<Draft> contact_at_end(Source& source, const TouchingPair& touch, ScalarKind scalar) {
  const Vec3d n = unit(touch.normal);
  const Vec3d direction =
      -(0.25 + source.unit()) * n + source.uniform(-1.5, 1.5) * random_tangent(source, n);
  const double path = length_scale(touch.pair) * pow2_uniform(source, -4, 1);
  const auto a = approach_along(source, touch, direction, path, scalar);
  if (!a) return std::nullopt;
  return approach_draft(*a, touch, source, Ending::at_contact, scalar);
}

std::optional<Draft> grazing(Source& source, const TouchingPair& touch, ScalarKind scalar) {
  const Vec3d n = unit(touch.normal);
  const Vec3d tangent = random_tangent(source, n);
  const double path = length_scale(touch.pair) * pow2_uniform(source, -3, 1);
  const Ending ending = random_ending(source);
  // The normal share 2^-u of the velocity: as small as the scalar resolves.
  int u = uniform_int(source, 2, scalar_digits(scalar) - 6);
  for (int attempt = 0; attempt < 8 && u >= 2; ++attempt, u -= 4) {
    const auto a = approach_along(source, touch, tangent - std::ldexp(1.0, -u) * n, path, scalar);
    if (a) return approach_draft(*a, touch, source, ending, scalar);
  }
  return std::nullopt;
}

std::optional<Draft> parallel_to_feature(Source& source, const TouchingPair& touch, bool face,
                                         ScalarKind scalar) {
  const auto F = feature_direction(source, touch, face, scalar);
  if (!F) return std::nullopt;
  const double path = length_scale(touch.pair) * pow2_uniform(source, -3, 1);
  const auto a = approach_exactly_along(source, touch, *F, path, scalar);
  if (!a) return std::nullopt;
  if (exact_dot_sign(*F, touch.normal) < 0) {
    return approach_draft(*a, touch, source, random_ending(source), scalar);
  }
  // Sliding along the contact plane (W·n = 0): b(T_c) = b_touch still touches
  // a, but whether the shapes already touch at t = 0 depends on the footprints.
  Draft d;
  d.pair = a->pair;
  d.W = a->W;
  certify_plane(d, touch);
  if (source.coin()) {
    d.duration = ending_duration(source, a->contact_time,
                                 source.coin() ? Ending::at_contact : Ending::after_contact, scalar);
    certify_witness(d, touch.point, a->contact_time);
    return d;  // contact at or before T_c; the state is left to the oracle
  }
  // Lifted off the plane as well: W·n = 0 keeps the gap for all t.
  d.duration = random_duration(source, -6, 6, scalar);
  TouchingPair lifted = touch;
  lifted.pair = d.pair;
  if (!add_gap(source, d, lifted, scalar)) return std::nullopt;
  d.state = ContactState::separated_throughout;
  return d;
}

std::optional<Draft> draft(MotionMode mode, Source& source, const TouchingPair& touch,
                           ScalarKind scalar) {
  switch (mode) {
    case MotionMode::zero_velocity:
      return zero_velocity(source, touch, scalar);
    case MotionMode::zero_duration:
      return zero_duration(source, touch, scalar);
    case MotionMode::contact_at_start:
      return contact_at_start(source, touch, scalar);
    case MotionMode::overlapping_at_start:
      return overlapping_at_start(source, touch, scalar);
    case MotionMode::contact_at_end:
      return contact_at_end(source, touch, scalar);
    case MotionMode::grazing:
      return grazing(source, touch, scalar);
    case MotionMode::parallel_to_face:
      return parallel_to_feature(source, touch, true, scalar);
    case MotionMode::parallel_to_edge:
      return parallel_to_feature(source, touch, false, scalar);
    case MotionMode::pass_through:
      break;
  }
  return std::nullopt;
}

MotionCase finish(const Draft& d, MotionMode mode, Source& source, ScalarKind scalar) {
  MotionCase c;
  c.mode = mode;
  c.moving.pair = d.pair;
  const double speed = d.W == Vec3d::Zero() ? length_scale(d.pair) : d.W.norm();
  // For zero_velocity, half the cases move both shapes side by side (W = 0 exactly).
  c.moving.motion = split_velocity(source, d.W, speed, d.duration, scalar);
  c.known_state = d.state;
  c.known_time = d.state == ContactState::first_contact ? d.time : 0;
  c.certificate = d.certificate;
  return c;
}

}  // namespace

MotionCase generate_motion(Query query, ScalarKind scalar, Source& source) {
  const auto mode = static_cast<MotionMode>(pick(source, kModeWeights));
  if (mode == MotionMode::pass_through) return generate_pass_through(query, scalar, source);
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const TouchingPair touch = generate_touching_contact(query, scalar, source);
    if (const auto d = draft(mode, source, touch, scalar)) return finish(*d, mode, source, scalar);
  }
  const TouchingPair touch = simple_touching(query);
  if (const auto d = draft(mode, source, touch, scalar)) return finish(*d, mode, source, scalar);
  // Cannot fail: the simple pair touching at t = 0 with W = 0.
  return finish(*zero_velocity(source, touch, scalar), MotionMode::zero_velocity, source, scalar);
}

}  // namespace sepax::gen::detail
