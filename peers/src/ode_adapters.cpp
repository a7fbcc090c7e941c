// ODE 0.16 (Debian libode-dev): the two box–box tests of ode/collision.h.
// Precision: Debian builds libode with dDOUBLE (ode.pc: precision=dDOUBLE;
// dGetConfiguration() reports ODE_double_precision), so dReal = double and
// both entries compute in double whatever the case scalar. Checked at startup:
// headers and library must agree or every number passed would be misread.
// The library is built without ODE_EXT_no_debug: its internal assertions are
// live and abort via dDebug.
//
//  ode/box_touches_box/*  dBoxTouchesBox: Gottschalk's 15-axis SAT
//                         (RAPID form), no epsilon, strict '>', early out.
//  ode/box_box/*          dBoxBox: the contact generator behind dCollide
//                         (same 15 axes, no epsilon, then the incident-face
//                         clipping); intersecting = at least one contact.
//                         It returns 0 contacts, i.e. "separated", for some
//                         pairs whose 15 axes all overlap: boxes touching
//                         along an edge or at a vertex (the clipping keeps
//                         strictly inner points) and a zero-extent box inside
//                         another (degenerate incident face, 1/det = inf).
//                         That is what a dCollide caller would see; kept.
// ODE needs no dInitODE for these two free functions (no geoms, no TLS).
#include <ode/collision.h>
#include <ode/common.h>

#include <stdexcept>
#include <type_traits>

#include "entry.hpp"

namespace sepax::peers::detail {
namespace {

static_assert(std::is_same_v<dReal, double>, "Debian's libode is built with dDOUBLE");

/// A box in ODE's argument form: centre, rotation (3x4 row-major, columns =
/// box axes), full side lengths.
struct OdeBox {
  dVector3 p;
  dMatrix3 R;
  dVector3 side;
};

OdeBox to_ode(const Obb3d& b) {
  OdeBox o{};
  for (int r = 0; r < 3; ++r) {
    o.p[r] = b.center[r];
    o.side[r] = 2 * b.extents[r];
    for (int c = 0; c < 3; ++c) o.R[r * 4 + c] = b.axes[c][r];
  }
  return o;
}

struct OdePair {
  OdeBox a, b;
};

OdePair convert(const ShapePair& p) { return {to_ode(p.obb_a), to_ode(p.obb_b)}; }

void add_kernels(std::vector<KernelInfo>& out, ScalarKind kind) {
  out.push_back(make_entry("ode", "box_touches_box", Query::obb_obb, kind, convert,
                           [](const OdePair& in) {
                             return dBoxTouchesBox(in.a.p, in.a.R, in.a.side, in.b.p, in.b.R,
                                                   in.b.side) != 0;
                           }));
  out.push_back(make_entry("ode", "box_box", Query::obb_obb, kind, convert, [](const OdePair& in) {
    // Room for every contact box–box can make (8), so dBoxBox never culls
    // (cullPoints carries an internal assertion).
    dContactGeom contacts[8];
    dVector3 normal;
    dReal depth;
    int code = 0;
    return dBoxBox(in.a.p, in.a.R, in.a.side, in.b.p, in.b.R, in.b.side, normal, &depth, &code,
                   8, contacts, sizeof(dContactGeom)) > 0;
  }));
  // dCollide's convention: touching boxes make no contact (open sets).
  out.back().open_sets = true;
}

}  // namespace

std::vector<KernelInfo> ode_kernels() {
  if (!dCheckConfiguration("ODE_double_precision"))
    throw std::runtime_error("sepax peers: libode is not built with double precision (dDOUBLE)");
  std::vector<KernelInfo> out;
  add_kernels(out, ScalarKind::float32);
  add_kernels(out, ScalarKind::float64);
  return out;
}

}  // namespace sepax::peers::detail
