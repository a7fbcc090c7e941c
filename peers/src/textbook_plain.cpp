// textbook/obb_obb_plain/*, textbook/obb_obb_plain_moving/*,
// textbook/tri_obb_plain/*: the separating-axis tests as a typical
// physics-engine author writes them — "plain" — so that sepax's reports show
// what ill-conditioning costs a kernel that does not take sepax's care.
//
// Plain means:
//  - every candidate axis is a vector L in world coordinates, formed from the
//    stored vectors: A_i, B_j, A_i × B_j for two boxes (Eberly Table 1); for a
//    triangle against a box, the box axes B_j, the normal
//    N = (U1 − U0) × (U2 − U0) and the crosses E_i × B_j, E_i = U_{i+1} − U_i
//    (Table 3);
//  - every projection is a plain dot product with L: the centre difference
//    D = C_B − C_A against the radius Σ a_i |L·A_i| + Σ b_j |L·B_j|, or the
//    triangle's vertices relative to the box centre against the box's radius;
//  - separation is a strict `>`; no ε, no compensated products, no
//    normalisation; a zero axis is tested like any other (0 > 0 is false: it
//    never separates, which is what plain code does);
//  - everything in the kernel's scalar: the stored doubles are converted first.
// In exact arithmetic these decide exactly what sepax's kernels decide (closed
// sets, touching intersects) and name their axis with sepax's labels
// (separating_axis.hpp).
//
// What they cost. The cross product of two edges at a small angle θ is a
// difference of rounded products: its direction is off by about u/sinθ, so
// projections onto it err by about u·size/sinθ (accurate_products.hpp). An
// edge axis is the only separating one only for gaps below about size·θ (a
// face axis catches the rest), so the worst false verdict is about
// min(size·θ, u·size/θ) ≲ √u·size, at θ ≈ √u (measured on 10^4
// parallel-edges pairs per query: worst gross margin 1.4e-5 of the size in
// float, 4.3e-10 in double). sepax's own kernels avoid it: they take the axes
// in one shape's frame and recompute cancelling crosses from the exact edges.
//
// The moving test is Eberly's (§2.2.2, Table 1′) in the same style: over the
// fifteen axes and the motion axes W × A_i, W × B_j (W = velocity_b −
// velocity_a), b's projected interval at t = 0 and at t = T; the boxes never
// meet when some axis has both disjoint from a's on the same side — the
// interval b sweeps along L is the hull of those two, so this is the verdict
// of obb_obb_moving.hpp's swept test.
#include <algorithm>
#include <array>
#include <cmath>

#include "entry.hpp"

namespace sepax::peers::detail {
namespace {

/// A box in the kernel's scalar.
template <class S>
struct PlainBox {
  Vec3<S> center;
  std::array<Vec3<S>, 3> axes;
  std::array<S, 3> extents;
};

template <class S>
PlainBox<S> plain_box(const Obb3d& b) {
  PlainBox<S> o;
  o.center = b.center.template cast<S>();
  for (int i = 0; i < 3; ++i) {
    o.axes[i] = b.axes[i].template cast<S>();
    o.extents[i] = S(b.extents[i]);
  }
  return o;
}

template <class S>
std::array<Vec3<S>, 3> plain_triangle(const Triangle3d& t) {
  return {t.vertices[0].template cast<S>(), t.vertices[1].template cast<S>(),
          t.vertices[2].template cast<S>()};
}

/// Σ e_k |L·U_k|: the box's radius along L.
template <class S>
S radius(const PlainBox<S>& box, const Vec3<S>& l) {
  using std::abs;
  return box.extents[0] * abs(l.dot(box.axes[0])) + box.extents[1] * abs(l.dot(box.axes[1])) +
         box.extents[2] * abs(l.dot(box.axes[2]));
}

/// A candidate axis: sepax's label and the world vector tested.
template <class S>
struct Candidate {
  SeparatingAxis label;
  Vec3<S> l;
};

/// Table 1's fifteen axes in world coordinates, in its order.
template <class S>
std::array<Candidate<S>, 15> box_box_axes(const PlainBox<S>& a, const PlainBox<S>& b) {
  std::array<Candidate<S>, 15> c;
  for (int i = 0; i < 3; ++i) {
    c[i] = {{AxisKind::face_a, std::uint8_t(i), 0}, a.axes[i]};
    c[3 + i] = {{AxisKind::face_b, 0, std::uint8_t(i)}, b.axes[i]};
    for (int j = 0; j < 3; ++j)
      c[6 + 3 * i + j] = {{AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)}, a.axes[i].cross(b.axes[j])};
  }
  return c;
}

template <class S>
StaticResult<S> obb_obb_plain(const PlainBox<S>& a, const PlainBox<S>& b) {
  using std::abs;
  const Vec3<S> d = b.center - a.center;
  for (const Candidate<S>& c : box_box_axes(a, b))
    if (abs(c.l.dot(d)) > radius(a, c.l) + radius(b, c.l)) return {false, c.label, c.l};
  return {};
}

template <class S>
StaticResult<S> obb_obb_plain_moving(const PlainBox<S>& a, const PlainBox<S>& b, const LinearMotion<S>& m) {
  const Vec3<S> d = b.center - a.center;
  const Vec3<S> w = m.velocity_b - m.velocity_a;
  const S t = m.duration;
  // b's interval along L is p ± r_b at t = 0 and p + T·(L·W) ± r_b at t = T; a's is ±r_a.
  const auto apart = [&](const Vec3<S>& l) {
    const S p0 = l.dot(d);
    const S p1 = p0 + t * l.dot(w);
    const S r = radius(a, l) + radius(b, l);
    return (p0 > r && p1 > r) || (p0 < -r && p1 < -r);
  };
  for (const Candidate<S>& c : box_box_axes(a, b))
    if (apart(c.l)) return {false, c.label, c.l};
  // L = W × A_i: a's edges crossed with the sweep direction.
  for (int i = 0; i < 3; ++i) {
    const Vec3<S> l = w.cross(a.axes[i]);
    if (apart(l)) return {false, {AxisKind::motion_a, std::uint8_t(i), 0}, l};
  }
  // L = W × B_j: the faces b sweeps.
  for (int j = 0; j < 3; ++j) {
    const Vec3<S> l = w.cross(b.axes[j]);
    if (apart(l)) return {false, {AxisKind::motion_b, 0, std::uint8_t(j)}, l};
  }
  return {};
}

template <class S>
StaticResult<S> tri_obb_plain(const std::array<Vec3<S>, 3>& u, const PlainBox<S>& box) {
  const std::array<Vec3<S>, 3> q{u[0] - box.center, u[1] - box.center, u[2] - box.center};
  const auto apart = [&](const Vec3<S>& l) {
    const S p0 = l.dot(q[0]), p1 = l.dot(q[1]), p2 = l.dot(q[2]);
    const S r = radius(box, l);
    return std::min({p0, p1, p2}) > r || std::max({p0, p1, p2}) < -r;
  };
  // L = B_j
  for (int j = 0; j < 3; ++j)
    if (apart(box.axes[j])) return {false, {AxisKind::face_b, 0, std::uint8_t(j)}, box.axes[j]};
  // L = N
  const Vec3<S> n = (u[1] - u[0]).cross(u[2] - u[0]);
  if (apart(n)) return {false, {AxisKind::normal_a, 0, 0}, n};
  // L = E_i × B_j
  for (int i = 0; i < 3; ++i) {
    const Vec3<S> e = u[(i + 1) % 3] - u[i];
    for (int j = 0; j < 3; ++j) {
      const Vec3<S> l = e.cross(box.axes[j]);
      if (apart(l)) return {false, {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)}, l};
    }
  }
  return {};
}

template <class S>
StaticOutcome widen(const StaticResult<S>& r) {
  return {r.intersects, r.axis, {double(r.direction[0]), double(r.direction[1]), double(r.direction[2])}};
}

template <class S>
struct BoxPair {
  PlainBox<S> a, b;
};

template <class S>
struct TriBox {
  std::array<Vec3<S>, 3> tri;
  PlainBox<S> box;
};

/// A static entry: make_entry's converted runner, and `test` with the witness.
template <class S, class Input, class Convert, class Kernel>
KernelInfo static_entry(const char* name, Query query, Convert convert, Kernel kernel) {
  KernelInfo k = make_entry("textbook", name, query, scalar_traits<S>::kind, convert,
                            [kernel](const Input& in) { return kernel(in).intersects; });
  k.reports_axis = true;  // ours: the witness is sepax's label and the vector tested
  k.test = [convert, kernel](const ShapePair& p) { return widen(kernel(convert(p))); };
  return k;
}

template <class S>
KernelInfo obb_obb_entry() {
  return static_entry<S, BoxPair<S>>(
      "obb_obb_plain", Query::obb_obb,
      [](const ShapePair& p) { return BoxPair<S>{plain_box<S>(p.obb_a), plain_box<S>(p.obb_b)}; },
      [](const BoxPair<S>& in) { return obb_obb_plain(in.a, in.b); });
}

template <class S>
KernelInfo tri_obb_entry() {
  return static_entry<S, TriBox<S>>(
      "tri_obb_plain", Query::tri_obb,
      [](const ShapePair& p) { return TriBox<S>{plain_triangle<S>(p.tri_a), plain_box<S>(p.obb_b)}; },
      [](const TriBox<S>& in) { return tri_obb_plain(in.tri, in.box); });
}

/// A moving_test entry, built as core/src/registry/registry_moving.cpp builds
/// sepax's: test_moving only (no static `test`, no prepare_set).
template <class S>
KernelInfo obb_obb_moving_entry() {
  KernelInfo k;
  k.id = "textbook/obb_obb_plain_moving/" + std::string(scalar_traits<S>::name);
  k.origin = "textbook";
  k.query = Query::obb_obb;
  k.scalar = scalar_traits<S>::kind;
  k.mode = KernelMode::moving_test;
  k.reports_axis = true;
  k.test_moving = [](const ShapePair& p, const LinearMotiond& m) {
    return widen(obb_obb_plain_moving(plain_box<S>(p.obb_a), plain_box<S>(p.obb_b), m.template cast<S>()));
  };
  return k;
}

}  // namespace

std::vector<KernelInfo> textbook_plain_kernels() {
  return {
      obb_obb_entry<float>(),        obb_obb_entry<double>(),
      tri_obb_entry<float>(),        tri_obb_entry<double>(),
      obb_obb_moving_entry<float>(), obb_obb_moving_entry<double>(),
  };
}

}  // namespace sepax::peers::detail
