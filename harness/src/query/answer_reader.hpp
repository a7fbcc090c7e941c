#pragma once
// An answer read from its fields' values (query_layout.hpp's answer forms),
// wherever they are: a row of doubles (unflatten_answer) or a batch's typed
// columns (columns.hpp's read_answer, a plugin's answers read where the
// plugin wrote them). One reading, so that both check and refuse alike.
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "sepax/harness/query/query_layout.hpp"

namespace sepax::harness::answer_reading {

/// Reads each field as what it must be, naming the field and value that is
/// not one. `Values` gives the values field after field, in the form's order
/// of answer fields: start(i) begins field i, next() is its next value as a
/// double.
template <class Values>
class Reader {
 public:
  explicit Reader(Values& values) : values_(values) {}

  void field(const char* name) {
    name_ = name;
    values_.start(index_++);
  }
  double scalar() {
    const double v = values_.next();
    if (!std::isfinite(v)) throw std::invalid_argument(fmt::format("answer field \"{}\" is {}, not a number", name_, v));
    return v;
  }
  std::int64_t integer(std::int64_t lo, std::int64_t hi) {
    const double v = values_.next();
    if (!(v >= double(lo) && v <= double(hi)) || v != std::floor(v))
      throw std::invalid_argument(
          fmt::format("answer field \"{}\" is {}: it must be an integer from {} to {}", name_, v, lo, hi));
    return std::int64_t(v);
  }
  bool flag() { return integer(0, 1) == 1; }
  ContactState state() { return static_cast<ContactState>(integer(0, 2)); }
  /// Into `p` where it is kept (a copy of a vector made here costs a stall).
  void vec(Vec3<double>& p) {
    for (int i = 0; i < 3; ++i) p[i] = scalar();
  }

 private:
  Values& values_;
  std::size_t index_ = 0;
  const char* name_ = "";
};

template <class Values>
void read_contact(AnswerForm form, Reader<Values>& r, QueryAnswer& a) {
  r.field("state");
  const ContactState state = r.state();
  r.field("time");
  const double time = r.scalar();
  a.meets = state != ContactState::separated_throughout;
  if (state == ContactState::first_contact) a.time = time;
  if (form != AnswerForm::first_contact) return;
  r.field("point");
  Vec3<double> p;
  r.vec(p);
  if (state == ContactState::first_contact) a.point = p;
}

template <class Values>
void read_manifold(Reader<Values>& r, QueryAnswer& a) {
  ManifoldAnswer& m = a.manifold.emplace();  // filled where it is kept
  r.field("contact");
  m.contact = r.flag();
  r.field("normal");
  r.vec(m.normal);
  r.field("depth");
  m.depth = r.scalar();
  r.field("count");
  const auto count = std::size_t(r.integer(0, std::int64_t(kManifoldPoints)));
  r.field("points");
  m.points.resize(count);
  for (Vec3<double>& p : m.points) r.vec(p);  // the rest unused, unread
  a.meets = m.contact;
}

template <class Values>
void read_general(Reader<Values>& r, QueryAnswer& a) {
  GeneralContactResult<double>& g = a.general.emplace();
  r.field("state");
  g.state = r.state();
  r.field("step");
  g.step = int(r.integer(0, 1 << 30));
  r.field("step_begin");
  g.step_begin = r.scalar();
  r.field("time");
  g.time = r.scalar();
  r.field("point");
  r.vec(g.point);
  r.field("has_point");
  g.has_point = r.flag();
  r.field("frozen_at_end");
  g.frozen_at_end = r.flag();
  a.meets = g.state != ContactState::separated_throughout;
  if (g.state == ContactState::first_contact) a.time = g.time;
}

template <class Values>
void read_distance(Reader<Values>& r, QueryAnswer& a) {
  DistanceAnswer& d = a.distance.emplace();
  r.field("distance");
  d.distance = r.scalar();
  r.field("normal");
  r.vec(d.normal);
  r.field("point_a");
  r.vec(d.point_a);
  r.field("point_b");
  r.vec(d.point_b);
  a.meets = d.distance <= 0;
}

/// The answer of `form` from `values`, set into `a` (a fresh QueryAnswer).
template <class Values>
void read_answer(AnswerForm form, Values& values, QueryAnswer& a) {
  Reader<Values> r(values);
  switch (form) {
    case AnswerForm::meets:
      r.field("meets");
      a.meets = r.flag();
      return;
    case AnswerForm::sweep:
    case AnswerForm::first_contact: return read_contact(form, r, a);
    case AnswerForm::manifold: return read_manifold(r, a);
    case AnswerForm::enclosure: {
      r.field("aabb");
      Aabb3<double>& b = a.aabb.emplace();
      r.vec(b.min);
      r.vec(b.max);
      a.meets = true;
      return;
    }
    case AnswerForm::general_motion: return read_general(r, a);
    case AnswerForm::distance: return read_distance(r, a);
  }
}

}  // namespace sepax::harness::answer_reading
