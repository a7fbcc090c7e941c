#pragma once
// A SAT kernel brought as answers (a version 2 plugin, a version 2 external
// process): the registry entry's calls of its mode, each a batch of the
// brought kernel's answers turned into sepax's outcomes. One place for both
// routes, so that they cannot differ.
#include <functional>
#include <span>
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/harness/query/query_answer.hpp"

namespace sepax::harness {

/// The answers of a batch (motions empty for test_static), one per pair.
using SatAnswers = std::function<std::vector<QueryAnswer>(std::span<const ShapePair>, std::span<const LinearMotiond>)>;

inline StaticOutcome static_outcome(const QueryAnswer& a) {
  StaticOutcome o;
  o.intersects = a.meets;
  return o;
}

inline ContactOutcome contact_outcome(const QueryAnswer& a) {
  ContactOutcome c;
  c.state = state_of(a);
  c.time = a.time.value_or(0);
  if (a.point) c.point = {(*a.point)[0], (*a.point)[1], (*a.point)[2]};
  c.point_path = ContactPath::features;  // a brought kernel has one path
  c.feature_point = c.point;
  return c;
}

/// Sets `info`'s per-pair and batch calls of its mode from `answers`.
inline void add_sat_answer_calls(KernelInfo& info, SatAnswers answers) {
  switch (info.mode) {
    case KernelMode::static_test:
      info.test_batch = [answers](std::span<const ShapePair> pairs, std::span<StaticOutcome> out) {
        const std::vector<QueryAnswer> a = answers(pairs, {});
        for (std::size_t i = 0; i < a.size() && i < out.size(); ++i) out[i] = static_outcome(a[i]);
      };
      info.test = [answers](const ShapePair& p) { return static_outcome(answers({&p, 1}, {}).front()); };
      break;
    case KernelMode::moving_test:
      info.test_moving_batch = [answers](std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
                                         std::span<StaticOutcome> out) {
        const std::vector<QueryAnswer> a = answers(pairs, motions);
        for (std::size_t i = 0; i < a.size() && i < out.size(); ++i) out[i] = static_outcome(a[i]);
      };
      info.test_moving = [answers](const ShapePair& p, const LinearMotiond& m) {
        return static_outcome(answers({&p, 1}, {&m, 1}).front());
      };
      break;
    case KernelMode::first_contact:
      info.find_first_contact_batch = [answers](std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
                                                std::span<ContactOutcome> out) {
        const std::vector<QueryAnswer> a = answers(pairs, motions);
        for (std::size_t i = 0; i < a.size() && i < out.size(); ++i) out[i] = contact_outcome(a[i]);
      };
      info.find_first_contact = [answers](const ShapePair& p, const LinearMotiond& m) {
        return contact_outcome(answers({&p, 1}, {&m, 1}).front());
      };
      break;
  }
}

}  // namespace sepax::harness
