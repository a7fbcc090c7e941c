#include "sepax/core/static/separating_axis.hpp"

#include <string>

namespace sepax {

std::string to_string(const SeparatingAxis& axis, bool a_is_triangle, bool b_is_triangle) {
  const std::string ea = a_is_triangle ? "E" : "A";
  const std::string eb = b_is_triangle ? "F" : "B";
  const std::string i = std::to_string(axis.i), j = std::to_string(axis.j);
  switch (axis.kind) {
    case AxisKind::none: return "none";
    case AxisKind::face_a: return "A" + i;
    case AxisKind::face_b: return "B" + j;
    case AxisKind::normal_a: return "N";
    case AxisKind::normal_b: return "M";
    case AxisKind::edge_edge: return ea + i + "x" + eb + j;
    case AxisKind::inplane_a: return "NxE" + i;
    case AxisKind::inplane_b: return "MxF" + j;
    case AxisKind::degenerate: return "deg" + i;
    case AxisKind::motion_a: return "Wx" + ea + i;
    case AxisKind::motion_b: return "Wx" + eb + j;
  }
  return "?";
}

}  // namespace sepax
