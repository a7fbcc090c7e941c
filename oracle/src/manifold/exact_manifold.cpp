// What an OBB–OBB contact manifold should be, in GMP rationals (the header
// says what each function means). Independent of the kernel: the boxes are
// parallelepipeds (face normals are cross products of the other two axes, no
// orthonormality assumed), the clipping runs in the reference box's exact
// coordinates, and the edges' closest points minimise over the whole
// parameter rectangle instead of clamping.
#include "sepax/oracle/exact_manifold.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "verdict/exact_magnitude.hpp"
#include "verdict/exact_sets.hpp"

namespace sepax::oracle {
namespace {

using detail::cross;
using detail::dot;
using detail::operator-;
using detail::Exact;
using V = detail::Vec<Exact>;

V exact(const Vec3<double>& v) { return detail::to_vec<Exact>(v); }
V exact(const Point3& v) { return {Exact(v[0]), Exact(v[1]), Exact(v[2])}; }
V scaled(const V& v, const Exact& s) { return {Exact(v[0] * s), Exact(v[1] * s), Exact(v[2] * s)}; }
V plus(const V& a, const V& b) { return {Exact(a[0] + b[0]), Exact(a[1] + b[1]), Exact(a[2] + b[2])}; }
Point3 rounded(const V& v) {
  return {v[0].convert_to<double>(), v[1].convert_to<double>(), v[2].convert_to<double>()};
}

/// max over the box of n·x (side +1) or min (side −1), exactly.
Exact support(const Obb3d& box, const V& n, int side) {
  Exact h = dot(n, exact(box.center));
  for (int i = 0; i < 3; ++i) {
    const Exact r = Exact(box.extents[i]) * abs(dot(n, exact(box.axes[i])));
    h = side > 0 ? Exact(h + r) : Exact(h - r);
  }
  return h;
}

/// The box's exact coordinates: y = M⁻¹(x − C), M = [A0 A1 A2]; rows of M⁻¹
/// are the cofactors A1×A2, A2×A0, A0×A1 over det M.
struct BoxFrame {
  V center;
  std::array<V, 3> axes, dual;
  explicit BoxFrame(const Obb3d& box) : center(exact(box.center)) {
    for (int i = 0; i < 3; ++i) axes[i] = exact(box.axes[i]);
    const Exact det = dot(axes[0], cross(axes[1], axes[2]));
    for (int i = 0; i < 3; ++i) dual[i] = scaled(cross(axes[(i + 1) % 3], axes[(i + 2) % 3]), Exact(1 / det));
  }
  V coordinates(const V& x) const {
    const V r = x - center;
    return {dot(dual[0], r), dot(dual[1], r), dot(dual[2], r)};
  }
  V point(const V& y) const {
    V x = center;
    for (int i = 0; i < 3; ++i) x = plus(x, scaled(axes[i], y[i]));
    return x;
  }
};

/// One Sutherland–Hodgman pass in box coordinates: keeps sign·y[k] ≤ limit.
/// `conditioning` grows to 1/sin α for every edge that crosses the plane at an
/// angle α: moving the plane by δ moves that corner by δ/sin α along the edge.
std::vector<V> clip(const std::vector<V>& in, int k, int sign, const Exact& limit, double& conditioning) {
  std::vector<V> out;
  const std::size_t n = in.size();
  for (std::size_t c = 0; c < n; ++c) {
    const V& p = in[c];
    const V& q = in[(c + 1) % n];
    const Exact dp = sign * p[k] - limit, dq = sign * q[k] - limit;
    if (dp.sign() <= 0) out.push_back(p);
    if (dp.sign() * dq.sign() < 0) {
      const V e = q - p;
      const Exact t = dp / (dp - dq);
      out.push_back(plus(p, scaled(e, t)));
      const double sine = std::abs(e[k].convert_to<double>()) / std::sqrt(dot(e, e).convert_to<double>());
      conditioning = std::max(conditioning, 1 / sine);
    }
  }
  return out;
}

/// The reference face (face k of `reference` on side `side`) clipped to the
/// incident box: the contact polygon when the incident face lies beyond the
/// reference box. Every corner must be covered and may be reported.
FacePolygon reference_face_in(const Obb3d& reference, int k, int side, const Obb3d& incident, const Exact& band) {
  const BoxFrame ref(reference), inc(incident);
  const int p = (k + 1) % 3, q = (k + 2) % 3;
  const V center = plus(ref.center, scaled(ref.axes[k], Exact(side * Exact(reference.extents[k]))));
  const V u = scaled(ref.axes[p], Exact(reference.extents[p])), w = scaled(ref.axes[q], Exact(reference.extents[q]));
  const V minus_u = scaled(u, Exact(-1)), minus_w = scaled(w, Exact(-1));
  std::vector<V> face;
  for (const auto& [du, dw] : {std::pair{u, w}, std::pair{minus_u, w}, std::pair{minus_u, minus_w}, std::pair{u, minus_w}})
    face.push_back(inc.coordinates(plus(center, plus(du, dw))));
  FacePolygon fp;
  double unused = 1;
  for (const int grown : {0, 1}) {  // the incident box as it is (must), and grown by the band (may, too)
    std::vector<V> poly = face;
    for (int axis = 0; axis < 3; ++axis)
      for (const int s : {1, -1})
        poly = clip(poly, axis, s, Exact(Exact(incident.extents[axis]) + grown * band), grown ? unused : fp.conditioning);
    for (const V& y : poly) {
      if (!grown) fp.must.push_back(rounded(inc.point(y)));
      fp.may.push_back(rounded(inc.point(y)));
    }
  }
  return fp;
}

/// The middle parameter of the part of p + u·v, u in [lo, hi], inside every
/// box (in box coordinates each |y_k(u)| ≤ a_k is an interval of u); nullopt
/// when that part is empty.
std::optional<Exact> inside_both(const V& p, const V& v, Exact lo, Exact hi, std::initializer_list<const Obb3d*> boxes) {
  for (const Obb3d* box : boxes) {
    const BoxFrame f(*box);
    const V y0 = f.coordinates(p), y1 = f.coordinates(plus(p, v));
    for (int k = 0; k < 3; ++k) {
      const Exact slope = y1[k] - y0[k], e(box->extents[k]);
      if (slope.is_zero()) {
        if (abs(y0[k]) > e) return std::nullopt;
        continue;
      }
      Exact u0 = (-e - y0[k]) / slope, u1 = (e - y0[k]) / slope;
      if (u0 > u1) std::swap(u0, u1);
      if (u0 > lo) lo = u0;
      if (u1 < hi) hi = u1;
    }
  }
  if (lo > hi) return std::nullopt;
  return Exact((lo + hi) / 2);
}

}  // namespace

double oriented_overlap(const Obb3d& a, const Obb3d& b, const Point3& n, double ell) {
  if (n[0] == 0 && n[1] == 0 && n[2] == 0) return std::numeric_limits<double>::quiet_NaN();
  const V L = exact(n);
  const Exact overlap = support(a, L, +1) - support(b, L, -1);
  return detail::signed_root(overlap.sign(), Exact(overlap * overlap / dot(L, L)), ell);
}

double outside_distance(const Obb3d& box, const Point3& p, double ell) {
  const BoxFrame frame(box);
  const V y = frame.coordinates(exact(p));
  Exact sum = 0;
  for (int i = 0; i < 3; ++i) {
    const Exact excess = abs(y[i]) - Exact(box.extents[i]);
    if (excess.sign() > 0) sum += excess * excess;
  }
  return detail::signed_root(sum.sign(), sum, ell);
}

std::vector<FacePolygon> face_contact_polygons(const Obb3d& reference, int k, int side, const Obb3d& incident,
                                               double cos_band, double plane_band) {
  const BoxFrame ref(reference), inc(incident);
  // Outward face normals: ±(A_{k+1} × A_{k+2}), oriented along A_k.
  auto face_normal = [](const BoxFrame& f, int m) {
    V n = cross(f.axes[(m + 1) % 3], f.axes[(m + 2) % 3]);
    if (dot(n, f.axes[m]).sign() < 0) n = scaled(n, Exact(-1));
    return n;
  };
  const V n_ref = scaled(face_normal(ref, k), Exact(side));
  std::array<double, 3> cosine{};  // |cos| between n_ref and I's face normal m
  for (int m = 0; m < 3; ++m) {
    const V nm = face_normal(inc, m);
    const Exact c = dot(nm, n_ref);
    const Exact c2 = c * c / (dot(nm, nm) * dot(n_ref, n_ref));
    cosine[m] = std::sqrt(c2.convert_to<double>());
  }
  const double most = *std::max_element(cosine.begin(), cosine.end());
  std::vector<FacePolygon> out;
  for (int m = 0; m < 3; ++m) {
    if (cosine[m] < most - cos_band) continue;
    const V nm = face_normal(inc, m);
    const Exact sigma = dot(nm, n_ref).sign() > 0 ? Exact(-1) : Exact(1);  // the face opposed to n_ref
    const int p = (m + 1) % 3, q = (m + 2) % 3;
    const V center = plus(inc.center, scaled(inc.axes[m], Exact(sigma * Exact(incident.extents[m]))));
    const V u = scaled(inc.axes[p], Exact(incident.extents[p])), w = scaled(inc.axes[q], Exact(incident.extents[q]));
    const V minus_u = scaled(u, Exact(-1)), minus_w = scaled(w, Exact(-1));
    std::vector<V> face;
    for (const auto& [du, dw] : {std::pair{u, w}, std::pair{minus_u, w}, std::pair{minus_u, minus_w}, std::pair{u, minus_w}})
      face.push_back(ref.coordinates(plus(center, plus(du, dw))));
    // Clipped to the reference box as it is (must: its deep corners) and to
    // the box grown by the band (may: a kernel's rounding moves the planes by that much).
    FacePolygon fp;
    double unused = 1;
    std::vector<std::pair<V, bool>> corners;  // (corner, of the box as it is)
    for (const int grown : {0, 1}) {
      std::vector<V> poly = face;
      double& conditioning = grown ? unused : fp.conditioning;
      const Exact out_by = grown * Exact(plane_band);
      for (const int axis : {(k + 1) % 3, (k + 2) % 3})
        for (const int s : {1, -1}) poly = clip(poly, axis, s, Exact(Exact(reference.extents[axis]) + out_by), conditioning);
      poly = clip(poly, k, -side, Exact(Exact(reference.extents[k]) + out_by), conditioning);  // and the far face
      for (const V& y : poly) corners.emplace_back(y, !grown);
    }
    // Heights of crossing corners are as uncertain as their places.
    const Exact face_at = Exact(reference.extents[k]), band(plane_band * fp.conditioning);
    for (const auto& [y, as_is] : corners) {
      const Exact height = side * y[k] - face_at;  // > 0 above the reference face
      if (as_is && height + band < 0) fp.must.push_back(rounded(ref.point(y)));
      if (height <= band) fp.may.push_back(rounded(ref.point(y)));
    }
    const bool none_deep = fp.must.empty(), none_near = fp.may.empty();
    if (!none_near) out.push_back(std::move(fp));
    // The incident face wholly beyond the reference box (or nearly): the
    // reference face clipped to the incident box, in its coordinates.
    if (none_deep) out.push_back(reference_face_in(reference, k, side, incident, Exact(plane_band)));
  }
  return out;
}

std::optional<std::array<Point3, 2>> edge_contact_segment(const Obb3d& a, int i, const Obb3d& b, int j, const Point3& n,
                                            double tie) {
  const double norm = std::hypot(n[0], n[1], n[2]);
  if (!(norm > 0)) return std::nullopt;
  // The supporting edges: A's side axes signed along n, B's against n.
  V pa = exact(a.center), pb = exact(b.center);
  for (int k = 0; k < 3; ++k) {
    if (k != i && a.extents[k] != 0) {
      const double c = a.axes[k].dot(Vec3<double>(n[0], n[1], n[2])) / norm;
      if (std::abs(c) < tie) return std::nullopt;
      pa = plus(pa, scaled(exact(a.axes[k]), Exact(c > 0 ? a.extents[k] : -a.extents[k])));
    }
    if (k != j && b.extents[k] != 0) {
      const double c = b.axes[k].dot(Vec3<double>(n[0], n[1], n[2])) / norm;
      if (std::abs(c) < tie) return std::nullopt;
      pb = plus(pb, scaled(exact(b.axes[k]), Exact(c > 0 ? -b.extents[k] : b.extents[k])));
    }
  }
  const V da = exact(a.axes[i]), db = exact(b.axes[j]);
  const Exact aa = dot(da, da), ab = dot(da, db), bb = dot(db, db);
  const Exact den = aa * bb - ab * ab;
  if (den.sign() == 0) return std::nullopt;
  const V r = pa - pb;
  const Exact ra = dot(r, da), rb = dot(r, db);
  const Exact ea(a.extents[i]), eb(b.extents[j]);
  // |r + s·da − t·db|² over |s| ≤ ea, |t| ≤ eb: the interior stationary point
  // if inside, else the best point of the rectangle's four sides.
  auto dist2 = [&](const Exact& s, const Exact& t) {
    const V d = plus(r, plus(scaled(da, s), scaled(db, Exact(-t))));
    return dot(d, d);
  };
  auto clamp = [](const Exact& x, const Exact& lim) { return x > lim ? lim : (x < -lim ? Exact(-lim) : x); };
  Exact best_s = (ab * rb - bb * ra) / den, best_t = (aa * rb - ab * ra) / den;
  if (abs(best_s) > ea || abs(best_t) > eb) {
    bool have = false;
    Exact best_d;
    auto consider = [&](const Exact& s, const Exact& t) {
      const Exact d = dist2(s, t);
      if (!have || d < best_d) best_d = d, best_s = s, best_t = t, have = true;
    };
    for (const Exact& s : {ea, Exact(-ea)}) consider(s, bb.sign() ? clamp(Exact((rb + s * ab) / bb), eb) : Exact(0));
    for (const Exact& t : {eb, Exact(-eb)}) consider(aa.sign() ? clamp(Exact((t * ab - ra) / aa), ea) : Exact(0), t);
  }
  const V on_a = plus(pa, scaled(da, best_s)), on_b = plus(pb, scaled(db, best_t));
  // Some of the segment between them inside both boxes, or it misses: a flat
  // box that segment does not cross, which meets the other box elsewhere
  // along its edge; no one place is the answer there.
  if (!inside_both(on_b, on_a - on_b, Exact(0), Exact(1), {&a, &b})) return std::nullopt;
  return std::array<Point3, 2>{rounded(on_b), rounded(on_a)};
}

}  // namespace sepax::oracle
