// Writing rect_rect and Gomez's (sphere_sphere, aabb_sphere, sphere_plane,
// aabb_aabb, obb_segment) cases as case-file lines
// (planar_case.hpp, gomez/sphere_case.hpp): every number exactly, so that
// parse_case (case_file.cpp) reads them back bit for bit.
#include <nlohmann/json.hpp>

#include "sepax/harness/case_file.hpp"

namespace sepax::harness {
namespace {

nlohmann::ordered_json xyz(const Vec3<double>& v) {
  return nlohmann::ordered_json::array({exact_number_json(v[0]), exact_number_json(v[1]), exact_number_json(v[2])});
}

nlohmann::ordered_json box_json(const Obb3<double>& b) {
  nlohmann::ordered_json j;
  j["center"] = xyz(b.center);
  j["axes"] = nlohmann::ordered_json::array({xyz(b.axes[0]), xyz(b.axes[1]), xyz(b.axes[2])});
  j["extents"] = xyz({b.extents[0], b.extents[1], b.extents[2]});
  return j;
}

}  // namespace

std::string format_case(const PlanarCase& c) {
  // json::array, not braces: a brace list of [string, x] pairs reads as an object.
  auto v2 = [](const Vec2<double>& v) {
    return nlohmann::ordered_json::array({exact_number_json(v[0]), exact_number_json(v[1])});
  };
  auto rect_json = [&](const Rect2<double>& r) {
    nlohmann::ordered_json j;
    j["center"] = v2(r.center);
    j["axes"] = nlohmann::ordered_json::array({v2(r.axes[0]), v2(r.axes[1])});
    j["extents"] = nlohmann::ordered_json::array({exact_number_json(r.extents[0]), exact_number_json(r.extents[1])});
    return j;
  };
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["query"] = "rect_rect";
  j["scalar"] = std::string(to_string(c.scalar));
  if (c.family) j["family"] = *c.family;
  j["a"] = rect_json(c.a);
  j["b"] = rect_json(c.b);
  if (c.motion) {
    nlohmann::ordered_json m;
    m["va"] = v2(c.motion->velocity_a);
    m["vb"] = v2(c.motion->velocity_b);
    m["T"] = exact_number_json(c.motion->duration);
    j["motion"] = std::move(m);
  }
  if (!c.origin.is_null()) j["origin"] = c.origin;
  return j.dump();
}

std::string format_case(const SphereCase& c) {
  auto sphere_json = [](const Sphere3<double>& s) {
    nlohmann::ordered_json j;
    j["center"] = xyz(s.center);
    j["radius"] = exact_number_json(s.radius);
    return j;
  };
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["query"] = c.segment ? "obb_segment"
               : c.obb   ? "obb_to_aabb"
               : c.box_b ? "aabb_aabb"
               : c.box   ? "aabb_sphere"
               : c.plane ? "sphere_plane"
                         : "sphere_sphere";
  j["scalar"] = std::string(to_string(c.scalar));
  if (c.family) j["family"] = *c.family;
  if (c.obb)
    j["a"] = box_json(*c.obb);
  else if (c.box)
    j["a"] = {{"min", xyz(c.box->min)}, {"max", xyz(c.box->max)}};
  else
    j["a"] = sphere_json(c.a);
  if (c.segment)
    j["b"] = {{"p0", xyz(c.segment->p0)}, {"p1", xyz(c.segment->p1)}};
  else if (c.obb)
    ;  // obb_to_aabb: the box alone
  else if (c.box_b)
    j["b"] = {{"min", xyz(c.box_b->min)}, {"max", xyz(c.box_b->max)}};
  else if (c.plane)
    j["b"] = {{"normal", xyz(c.plane->normal)}, {"offset", exact_number_json(c.plane->offset)}};
  else
    j["b"] = sphere_json(c.b);
  if (c.sweep) {
    nlohmann::ordered_json m;
    m["va"] = xyz(c.sweep->da);
    m["vb"] = xyz(c.sweep->db);
    m["T"] = 1;
    j["motion"] = std::move(m);
  }
  if (!c.origin.is_null()) j["origin"] = c.origin;
  return j.dump();
}

}  // namespace sepax::harness
