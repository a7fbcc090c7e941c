// The array layout of every judged query's cases and answers (query_layout.hpp).
#include "sepax/harness/query/query_layout.hpp"

#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "answer_reader.hpp"

namespace sepax::harness {
namespace {

Field box(std::string name) { return {std::move(name), 15, FieldType::scalar, "box: center, axis0, axis1, axis2, extents"}; }
Field triangle(std::string name) { return {std::move(name), 9, FieldType::scalar, "triangle: v0, v1, v2"}; }
Field rect(std::string name) { return {std::move(name), 8, FieldType::scalar, "rectangle: center, axis0, axis1, extents"}; }
Field sphere(std::string name) { return {std::move(name), 4, FieldType::scalar, "sphere: center, radius"}; }
Field aabb(std::string name) { return {std::move(name), 6, FieldType::scalar, "aabb: min, max"}; }

std::vector<Field> answer_fields(AnswerForm form) {
  const Field state{"state", 1, FieldType::i32,
                    "0 overlapping at the start, 1 separated throughout, 2 first contact at `time`"};
  switch (form) {
    case AnswerForm::meets: return {{"meets", 1, FieldType::u8, "1: the shapes meet, 0: they do not"}};
    case AnswerForm::sweep: return {state, {"time", 1, FieldType::scalar, "the first time of contact (state 2)"}};
    case AnswerForm::first_contact:
      return {state, {"time", 1, FieldType::scalar, "the first time of contact (state 2)"},
              {"point", 3, FieldType::scalar, "a point of both shapes at that time (state 2)"}};
    case AnswerForm::manifold:
      return {{"contact", 1, FieldType::u8, "1: the boxes touch or overlap"},
              {"normal", 3, FieldType::scalar, "unit contact normal, from a towards b"},
              {"depth", 1, FieldType::scalar, "penetration depth along the normal"},
              {"count", 1, FieldType::i32, "contact points used, 0 to 8"},
              {"points", 3 * kManifoldPoints, FieldType::scalar, "the contact points, xyz each (count used)"}};
    case AnswerForm::enclosure: return {{"aabb", 6, FieldType::scalar, "the enclosing box: min, max"}};
    case AnswerForm::distance:
      return {{"distance", 1, FieldType::scalar, "> 0: the separation distance; <= 0: minus the penetration depth"},
              {"normal", 3, FieldType::scalar, "overlapping: unit direction from a towards b that separates by the depth"},
              {"point_a", 3, FieldType::scalar, "apart: the closest point of a"},
              {"point_b", 3, FieldType::scalar, "apart: the closest point of b"}};
    case AnswerForm::general_motion:
      return {state,
              {"step", 1, FieldType::i32, "the step of first contact"},
              {"step_begin", 1, FieldType::scalar, "that step's start time"},
              {"time", 1, FieldType::scalar, "the first time of contact"},
              {"point", 3, FieldType::scalar, "the contact point (has_point)"},
              {"has_point", 1, FieldType::u8, "1: point is set"},
              {"frozen_at_end", 1, FieldType::u8, "1: the contact was found re-running the step frozen at its end"}};
  }
  return {};
}

QueryLayout layout(std::string query, std::string mode, std::vector<Field> inputs, AnswerForm form) {
  QueryLayout l{std::move(query), std::move(mode), std::move(inputs), form, answer_fields(form)};
  return l;
}

std::vector<QueryLayout> make_layouts() {
  const Field linear{"motion", 7, FieldType::scalar, "va xyz, vb xyz, T: a moves by t*va, b by t*vb, t in [0, T]"};
  const Field displacements{"motion", 6, FieldType::scalar, "da xyz, db xyz: a moves by u*da, b by u*db, u in [0, 1]"};
  std::vector<QueryLayout> out;
  for (const auto& [query, a, b] : {std::tuple{"obb_obb", box("a"), box("b")}, std::tuple{"tri_obb", triangle("a"), box("b")},
                                    std::tuple{"tri_tri", triangle("a"), triangle("b")}}) {
    out.push_back(layout(query, "test_static", {a, b}, AnswerForm::meets));
    out.push_back(layout(query, "test_moving", {a, b, linear}, AnswerForm::meets));
    out.push_back(layout(query, "find_first_contact", {a, b, linear}, AnswerForm::first_contact));
  }
  out.push_back(layout("rect_rect", "test_static", {rect("a"), rect("b")}, AnswerForm::meets));
  out.push_back(layout("rect_rect", "find_first_contact",
                       {rect("a"), rect("b"), {"motion", 5, FieldType::scalar, "va xy, vb xy, T"}}, AnswerForm::sweep));
  out.push_back(layout("sphere_sphere", "test_static", {sphere("a"), sphere("b")}, AnswerForm::meets));
  out.push_back(layout("sphere_sphere", "find_first_contact", {sphere("a"), sphere("b"), displacements}, AnswerForm::sweep));
  out.push_back(layout("aabb_sphere", "test_static", {aabb("a"), sphere("b")}, AnswerForm::meets));
  const Field plane{"b", 4, FieldType::scalar, "plane: normal, offset"};
  out.push_back(layout("sphere_plane", "test_static", {sphere("a"), plane}, AnswerForm::meets));
  out.push_back(layout("sphere_plane", "find_first_contact",
                       {sphere("a"), plane, {"motion", 3, FieldType::scalar, "d xyz: the ball moves by u*d, u in [0, 1]"}},
                       AnswerForm::sweep));
  out.push_back(layout("aabb_aabb", "test_static", {aabb("a"), aabb("b")}, AnswerForm::meets));
  out.push_back(layout("aabb_aabb", "find_first_contact", {aabb("a"), aabb("b"), displacements}, AnswerForm::sweep));
  out.push_back(layout("obb_segment", "test_static", {box("a"), {"b", 6, FieldType::scalar, "segment: p0, p1"}},
                       AnswerForm::meets));
  out.push_back(layout("obb_to_aabb", "enclose", {box("a")}, AnswerForm::enclosure));
  out.push_back(layout("obb_obb_manifold", "find_manifold", {box("a"), box("b")}, AnswerForm::manifold));
  out.push_back(layout("obb_obb_distance", "find_distance", {box("a"), box("b")}, AnswerForm::distance));
  out.push_back(layout("tri_obb_distance", "find_distance", {triangle("a"), box("b")}, AnswerForm::distance));
  out.push_back(layout("tri_tri_distance", "find_distance", {triangle("a"), triangle("b")}, AnswerForm::distance));
  const Field rigid{"", 9, FieldType::scalar, "rotation centre xyz at t = 0, linear velocity xyz, angular velocity xyz"};
  Field motion_a = rigid, motion_b = rigid;
  motion_a.name = "motion_a";
  motion_b.name = "motion_b";
  out.push_back(layout("general_motion", "find_first_contact",
                       {{"pair", 1, FieldType::i32, "0 obb_obb, 1 tri_obb, 2 tri_tri"},
                        {"a", 15, FieldType::scalar, "box, or a triangle in the first 9 values (the rest 0)"},
                        {"b", 15, FieldType::scalar, "box, or a triangle in the first 9 values (the rest 0)"},
                        motion_a,
                        motion_b,
                        {"duration", 1, FieldType::scalar, "T"},
                        {"steps", 1, FieldType::i32, "N: the frame [0, T] in N steps"},
                        {"integrator", 1, FieldType::i32, "0 Euler, 1 RK4 (Gram-Schmidt after every step)"}},
                       AnswerForm::general_motion));
  return out;
}

/// A row's values, field after field (the fields are contiguous).
struct RowValues {
  std::span<const double> values;
  std::size_t at = 0;
  void start(std::size_t) {}
  double next() { return values[at++]; }
};

}  // namespace

const char* to_string(FieldType t) {
  switch (t) {
    case FieldType::scalar: return "scalar";
    case FieldType::u8: return "u8";
    case FieldType::i32: return "i32";
  }
  return "?";
}

std::size_t QueryLayout::input_width() const {
  std::size_t n = 0;
  for (const Field& f : inputs) n += f.width;
  return n;
}

std::size_t QueryLayout::answer_width() const {
  std::size_t n = 0;
  for (const Field& f : answers) n += f.width;
  return n;
}

const std::vector<QueryLayout>& query_layouts() {
  static const std::vector<QueryLayout> layouts = make_layouts();
  return layouts;
}

const QueryLayout& query_layout(std::string_view query, std::string_view mode) {
  for (const QueryLayout& l : query_layouts())
    if (l.query == query && l.mode == mode) return l;
  throw std::invalid_argument(fmt::format("no query \"{}\" with mode \"{}\"", query, mode));
}

std::vector<double> flatten_answer(AnswerForm form, const QueryAnswer& a) {
  const ContactState state = state_of(a);
  const auto state_code = double(static_cast<int>(state));
  switch (form) {
    case AnswerForm::meets: return {a.meets ? 1.0 : 0.0};
    case AnswerForm::sweep: return {state_code, a.time.value_or(0)};
    case AnswerForm::first_contact: {
      const Vec3<double> p = a.point.value_or(Vec3<double>::Zero());
      return {state_code, a.time.value_or(0), p[0], p[1], p[2]};
    }
    case AnswerForm::manifold: {
      const ManifoldAnswer m = a.manifold.value_or(ManifoldAnswer{});
      std::vector<double> v{m.contact ? 1.0 : 0.0, m.normal[0], m.normal[1], m.normal[2], m.depth,
                            double(std::min(m.points.size(), kManifoldPoints))};
      for (std::size_t i = 0; i < kManifoldPoints; ++i)
        for (int k = 0; k < 3; ++k) v.push_back(i < m.points.size() ? m.points[i][k] : 0.0);
      return v;
    }
    case AnswerForm::enclosure: {
      const Aabb3<double> b = a.aabb.value_or(Aabb3<double>{});
      return {b.min[0], b.min[1], b.min[2], b.max[0], b.max[1], b.max[2]};
    }
    case AnswerForm::distance: {
      const DistanceAnswer d = a.distance.value_or(DistanceAnswer{});
      return {d.distance,   d.normal[0],  d.normal[1],  d.normal[2],  d.point_a[0],
              d.point_a[1], d.point_a[2], d.point_b[0], d.point_b[1], d.point_b[2]};
    }
    case AnswerForm::general_motion: {
      const GeneralContactResult<double> g = a.general.value_or(GeneralContactResult<double>{});
      return {double(static_cast<int>(g.state)), double(g.step), g.step_begin, g.time, g.point[0], g.point[1],
              g.point[2], g.has_point ? 1.0 : 0.0, g.frozen_at_end ? 1.0 : 0.0};
    }
  }
  return {};
}

/// An answer form's width (its fields' widths summed), made once per form:
/// unflatten_answer runs once per case of every batch.
static std::size_t answer_width(AnswerForm form) {
  static const auto widths = [] {
    std::array<std::size_t, 7> w{};
    for (std::size_t f = 0; f < w.size(); ++f)
      for (const Field& field : answer_fields(static_cast<AnswerForm>(f))) w[f] += field.width;
    return w;
  }();
  return widths[static_cast<std::size_t>(form)];
}

QueryAnswer unflatten_answer(AnswerForm form, std::span<const double> values) {
  const std::size_t width = answer_width(form);
  if (values.size() != width)
    throw std::invalid_argument(fmt::format("an answer has {} values, not {}", values.size(), width));
  RowValues row{values};
  QueryAnswer a;
  answer_reading::read_answer(form, row, a);
  return a;
}

}  // namespace sepax::harness
