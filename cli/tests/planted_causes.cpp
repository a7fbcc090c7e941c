// Kernels of sepax_planted with one planted bug of each cause the judge names
// (harness/include/sepax/harness/explain/cause.hpp), so that the cause tests
// see every cause made by the bug that makes it. Each reports its separating
// axis, as a careful user's kernel would; none is sepax's (origin "planted").
//
// | id                                   | planted bug                                    | cause             |
// |--------------------------------------|------------------------------------------------|-------------------|
// | planted/obb_edge_skip/{float,double} | skips the nine edge axes once any two box axes | missing-axis      |
// |                                      | are within 1e-6 of parallel (|A_i·B_j| > 1 − 1e-6): a shortcut real engines have shipped; it misses separations of ~θ·size, θ up to 1.4e-3 |
// | planted/obb_sign_slip/double         | A's radius on B's face axes without |·|: Σ a_i R_ij | false-separation |
// | planted/tri_obb_zero_normal/double   | a zero-area triangle: "separated" across its   | degenerate-input  |
// |                                      | (zero) normal                                  |                   |
// | planted/obb_squared_positions/double | A's face-axis projections of the centres taken | far-from-origin   |
// |                                      | through squared lengths, (|C+A_i|² − |C|² − 1)/2: an error of u·|C|²/size |
// | planted/obb_open_sets/double         | '≥' where touching must intersect              | convention        |
// | planted/obb_undeclared_eps/float     | Gottschalk's ε 1e-6 on |R_ij|, bias not        | ill-conditioned-  |
// |                                      | declared: false contacts of nearly parallel edges | axis (fix: declare it) |
// | planted/obb_contact_point_off/double | find_first_contact's point moved 1e-3 of A's   | wrong-contact     |
// |                                      | size along x (the time right)                  | (the point)       |
// | planted/obb_contact_time_late/double | find_first_contact's time 1e-6 T late (the     | wrong-contact     |
// |                                      | point where the kernel put it)                 | (the time)        |
#include <array>
#include <cmath>
#include <string>

#include "sepax/core/moving/obb_obb_moving.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/static/tri_obb.hpp"

namespace planted_causes {
namespace {

using namespace sepax;

template <class S>
StaticOutcome outcome(const StaticResult<S>& r) {
  StaticOutcome out;
  out.intersects = r.intersects;
  out.axis = r.axis;
  out.direction = {double(r.direction[0]), double(r.direction[1]), double(r.direction[2])};
  return out;
}

StaticOutcome separated_by(AxisKind kind, int i, int j, const Vec3<double>& direction) {
  StaticOutcome out;
  out.intersects = false;
  out.axis = {kind, std::uint8_t(i), std::uint8_t(j)};
  out.direction = {direction[0], direction[1], direction[2]};
  return out;
}

template <class S>
KernelInfo planted(const std::string& name, Query query) {
  KernelInfo k;
  k.id = "planted/" + name + "/" + std::string(to_string(scalar_traits<S>::kind));
  k.origin = "planted";
  k.query = query;
  k.scalar = scalar_traits<S>::kind;
  k.mode = KernelMode::static_test;
  k.reports_axis = true;
  return k;
}

/// The six face axes, in the kernel's scalar: the world vectors A_i, B_j;
/// `touching_separates` compares with '>=' (open sets) instead of '>'.
template <class S>
StaticOutcome face_axes_only(const Obb3<S>& a, const Obb3<S>& b, bool touching_separates = false) {
  const Vec3<S> d = b.center - a.center;
  for (int f = 0; f < 6; ++f) {
    const Vec3<S> l = f < 3 ? a.axes[f] : b.axes[f - 3];
    S r = 0;
    for (int i = 0; i < 3; ++i) r += a.extents[i] * std::abs(l.dot(a.axes[i])) + b.extents[i] * std::abs(l.dot(b.axes[i]));
    const S gap = std::abs(l.dot(d));
    if (gap > r || (touching_separates && gap == r))
      return separated_by(f < 3 ? AxisKind::face_a : AxisKind::face_b, f < 3 ? f : 0, f < 3 ? 0 : f - 3,
                          l.template cast<double>());
  }
  return StaticOutcome{};
}

template <class S>
KernelInfo edge_skip() {
  KernelInfo k = planted<S>("obb_edge_skip", Query::obb_obb);
  k.test = [](const ShapePair& p) {
    const Obb3<S> a = p.obb_a.cast<S>(), b = p.obb_b.cast<S>();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (std::abs(a.axes[i].dot(b.axes[j])) > S(1) - S(1e-6)) return face_axes_only(a, b);
    return outcome(obb_obb::test_static(a, b));
  };
  return k;
}

KernelInfo sign_slip() {
  KernelInfo k = planted<double>("obb_sign_slip", Query::obb_obb);
  k.test = [](const ShapePair& p) {
    const Obb3d& a = p.obb_a;
    const Obb3d& b = p.obb_b;
    const Vec3<double> d = b.center - a.center;
    for (int j = 0; j < 3; ++j) {
      double ra = 0;
      for (int i = 0; i < 3; ++i) ra += a.extents[i] * a.axes[i].dot(b.axes[j]);  // PLANTED: no |·|
      if (std::abs(b.axes[j].dot(d)) > std::abs(ra) + b.extents[j]) return separated_by(AxisKind::face_b, 0, j, b.axes[j]);
    }
    return outcome(obb_obb::test_static(a, b));
  };
  return k;
}

KernelInfo zero_normal() {
  KernelInfo k = planted<double>("tri_obb_zero_normal", Query::tri_obb);
  k.test = [](const ShapePair& p) {
    const auto& v = p.tri_a.vertices;
    const Vec3<double> n = (v[1] - v[0]).cross(v[2] - v[0]);
    if (n == Vec3<double>::Zero()) return separated_by(AxisKind::normal_a, 0, 0, n);  // PLANTED
    return outcome(tri_obb::test_static(p.tri_a, p.obb_b));
  };
  return k;
}

KernelInfo squared_positions() {
  KernelInfo k = planted<double>("obb_squared_positions", Query::obb_obb);
  k.test = [](const ShapePair& p) {
    const Obb3d& a = p.obb_a;
    const Obb3d& b = p.obb_b;
    // PLANTED: A_i·C through squared lengths, for each centre.
    const auto along = [](const Vec3<double>& axis, const Vec3<double>& c) {
      return ((c + axis).squaredNorm() - c.squaredNorm() - axis.squaredNorm()) / 2;
    };
    for (int i = 0; i < 3; ++i) {
      double r = a.extents[i];
      for (int j = 0; j < 3; ++j) r += b.extents[j] * std::abs(a.axes[i].dot(b.axes[j]));
      if (std::abs(along(a.axes[i], b.center) - along(a.axes[i], a.center)) > r)
        return separated_by(AxisKind::face_a, i, 0, a.axes[i]);
    }
    const StaticResult<double> rest = obb_obb::test_static(a, b);
    // The face_a axes are this kernel's own: it never separates by them otherwise.
    if (!rest.intersects && rest.axis.kind == AxisKind::face_a) return StaticOutcome{};
    return outcome(rest);
  };
  return k;
}

KernelInfo open_sets() {
  KernelInfo k = planted<double>("obb_open_sets", Query::obb_obb);
  k.test = [](const ShapePair& p) {
    // PLANTED: touching is separated across a face.
    const StaticOutcome faces = face_axes_only(p.obb_a, p.obb_b, /*touching_separates=*/true);
    return faces.intersects ? outcome(obb_obb::test_static(p.obb_a, p.obb_b)) : faces;
  };
  return k;
}

/// sepax's OBB find_first_contact with its point (`point`) or its time spoilt.
KernelInfo contact_spoilt(const std::string& name, bool point) {
  KernelInfo k = planted<double>(name, Query::obb_obb);
  k.mode = KernelMode::first_contact;
  k.find_first_contact = [point](const ShapePair& p, const LinearMotiond& m) {
    const ContactResult<double> r = obb_obb::find_first_contact(p.obb_a, p.obb_b, m);
    ContactOutcome out;
    out.state = r.state;
    out.time = r.time;
    out.axis = r.axis;
    out.point_path = r.point_path;
    for (int i = 0; i < 3; ++i) out.point[i] = r.point[i], out.feature_point[i] = r.feature_point[i];
    if (out.state != ContactState::first_contact) return out;
    if (point) {
      // PLANTED: the point 1e-3 of A's size off, wherever it was built.
      const double off = 1e-3 * (p.obb_a.extents[0] + p.obb_a.extents[1] + p.obb_a.extents[2]);
      out.point[0] += off, out.feature_point[0] += off;
    } else {
      out.time += 1e-6 * m.duration;  // PLANTED: late
    }
    return out;
  };
  return k;
}

/// Gottschalk's ε (sepax's test_static_eps) added but not declared: correct
/// as a kernel, wrong as a declaration; its false contacts on nearly parallel
/// edges are gross, and the fix must say to declare the ε.
KernelInfo undeclared_epsilon() {
  KernelInfo k = planted<float>("obb_undeclared_eps", Query::obb_obb);
  k.reports_axis = false;
  k.test = [](const ShapePair& p) {
    return outcome(obb_obb::test_static_eps(p.obb_a.cast<float>(), p.obb_b.cast<float>()));
  };  // PLANTED: k.bias left at none
  return k;
}

}  // namespace

std::vector<KernelInfo> kernels() {
  return {undeclared_epsilon(),
          edge_skip<float>(),
          edge_skip<double>(),
          sign_slip(),
          zero_normal(),
          squared_positions(),
          open_sets(),
          contact_spoilt("obb_contact_point_off", true),
          contact_spoilt("obb_contact_time_late", false)};
}

}  // namespace planted_causes
