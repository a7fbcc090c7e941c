// A plugin kernel as a registry entry: pairs to the ABI's arrays, one call of
// the plugin's batch function, its answers back to StaticOutcome /
// ContactOutcome. The per-pair functions are batches of one, so the two forms
// cannot disagree.
#include "plugin_entry.hpp"

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "plugin_arrays.hpp"

namespace sepax::harness::plugin_detail {
namespace {

// Written into the outputs before the call: a plugin that skips a pair is
// caught instead of answering with whatever the memory held.
constexpr unsigned char unwritten_meets = 0xFF;
constexpr std::int32_t unwritten_state = -1;

/// Calls the plugin; a non-zero status throws with its message.
void call(const PluginKernel& k, std::size_t n, const void* a, const void* b, const void* motion,
          const sepax_output& out) {
  const char* message = nullptr;
  const int status = k.batch(k.user, n, a, b, motion, &out, &message);
  if (status == 0) return;
  std::string what = k.id + ": the plugin kernel failed (status " + std::to_string(status) + ")";
  if (message && *message) what += ": " + std::string(message);
  throw std::runtime_error(what);
}

bool read_meets(const PluginKernel& k, unsigned char value, std::size_t pair) {
  if (value <= 1) return value == 1;
  throw std::runtime_error(k.id + ": pair " + std::to_string(pair) + " of the batch: meets = " +
                           std::to_string(value) +
                           (value == unwritten_meets ? " (not written by the plugin)" : " (must be 0 or 1)"));
}

ContactState read_state(const PluginKernel& k, std::int32_t value, std::size_t pair) {
  switch (value) {
    case SEPAX_STATE_OVERLAPPING_AT_START: return ContactState::overlapping_at_start;
    case SEPAX_STATE_SEPARATED_THROUGHOUT: return ContactState::separated_throughout;
    case SEPAX_STATE_FIRST_CONTACT: return ContactState::first_contact;
    default: break;
  }
  throw std::runtime_error(k.id + ": pair " + std::to_string(pair) + " of the batch: state = " +
                           std::to_string(value) +
                           (value == unwritten_state ? " (not written by the plugin)"
                                                     : " (must be 0 = overlapping_at_start, 1 = "
                                                       "separated_throughout, 2 = first_contact)"));
}

/// test_static and test_moving (motions empty for static).
template <class S>
void run_tests(const PluginKernel& k, std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
               std::span<StaticOutcome> out) {
  if (pairs.empty()) return;
  const PairArrays<S> in(k.query, pairs);
  const std::vector<S> motion = motion_array<S>(motions);
  std::vector<unsigned char> meets(pairs.size(), unwritten_meets);
  const sepax_output o{meets.data(), nullptr, nullptr, nullptr};
  call(k, pairs.size(), in.a.data(), in.b.data(), k.mode == KernelMode::moving_test ? motion.data() : nullptr, o);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    out[i] = StaticOutcome{};
    out[i].intersects = read_meets(k, meets[i], i);
  }
}

template <class S>
void run_find(const PluginKernel& k, std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
              std::span<ContactOutcome> out) {
  if (pairs.empty()) return;
  const PairArrays<S> in(k.query, pairs);
  const std::vector<S> motion = motion_array<S>(motions);
  std::vector<std::int32_t> state(pairs.size(), unwritten_state);
  std::vector<S> time(pairs.size(), S(0)), point(3 * pairs.size(), S(0));
  const sepax_output o{nullptr, state.data(), time.data(), point.data()};
  call(k, pairs.size(), in.a.data(), in.b.data(), motion.data(), o);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    ContactOutcome& c = out[i];
    c = ContactOutcome{};
    c.state = read_state(k, state[i], i);
    c.time = double(time[i]);
    c.point = {double(point[3 * i]), double(point[3 * i + 1]), double(point[3 * i + 2])};
    // A plugin has one path: its point is its features' point.
    c.point_path = ContactPath::features;
    c.feature_point = c.point;
  }
}

void check_sizes(const PluginKernel& k, std::size_t pairs, std::size_t motions, std::size_t outs) {
  if (motions != pairs || outs != pairs)
    throw std::invalid_argument(k.id + ": batch of " + std::to_string(pairs) + " pairs with " +
                                std::to_string(motions) + " motions and " + std::to_string(outs) + " outputs");
}

template <class S>
void add_calls(KernelInfo& info, const PluginKernel& k) {
  switch (k.mode) {
    case KernelMode::static_test:
      info.test_batch = [k](std::span<const ShapePair> pairs, std::span<StaticOutcome> out) {
        check_sizes(k, pairs.size(), pairs.size(), out.size());
        run_tests<S>(k, pairs, {}, out);
      };
      info.test = [k](const ShapePair& p) {
        StaticOutcome o;
        run_tests<S>(k, {&p, 1}, {}, {&o, 1});
        return o;
      };
      // Converted once; the timed loop is the plugin's call over the whole set.
      info.prepare_set = [k](std::span<const ShapePair> pairs) -> SetRunner {
        return [k, in = PairArrays<S>(k.query, pairs), meets = std::vector<unsigned char>(pairs.size())]() mutable {
          if (meets.empty()) return std::size_t(0);
          const sepax_output o{meets.data(), nullptr, nullptr, nullptr};
          call(k, meets.size(), in.a.data(), in.b.data(), nullptr, o);
          std::size_t hits = 0;
          for (const unsigned char m : meets) hits += m != 0;
          return hits;
        };
      };
      break;
    case KernelMode::moving_test:
      info.test_moving_batch = [k](std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
                                   std::span<StaticOutcome> out) {
        check_sizes(k, pairs.size(), motions.size(), out.size());
        run_tests<S>(k, pairs, motions, out);
      };
      info.test_moving = [k](const ShapePair& p, const LinearMotiond& m) {
        StaticOutcome o;
        run_tests<S>(k, {&p, 1}, {&m, 1}, {&o, 1});
        return o;
      };
      break;
    case KernelMode::first_contact:
      info.find_first_contact_batch = [k](std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
                                          std::span<ContactOutcome> out) {
        check_sizes(k, pairs.size(), motions.size(), out.size());
        run_find<S>(k, pairs, motions, out);
      };
      info.find_first_contact = [k](const ShapePair& p, const LinearMotiond& m) {
        ContactOutcome o;
        run_find<S>(k, {&p, 1}, {&m, 1}, {&o, 1});
        return o;
      };
      break;
  }
}

}  // namespace

KernelInfo make_entry(const PluginKernel& k) {
  KernelInfo info;
  info.id = k.id;
  info.origin = k.plugin;
  info.query = k.query;
  info.scalar = k.scalar;
  info.mode = k.mode;
  info.bias = k.bias;
  info.open_sets = k.open_sets;
  info.reports_axis = false;  // the ABI carries verdicts only
  if (k.scalar == ScalarKind::float32) add_calls<float>(info, k);
  else add_calls<double>(info, k);
  return info;
}

}  // namespace sepax::harness::plugin_detail
