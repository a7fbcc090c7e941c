// sepax::harness::start_external: each kernel an external process announces
// becomes a registry entry. The per-pair functions are batches of one; the
// batch forms are what the campaigns call, so the pipe's round trip is paid
// once per few thousand pairs. Every entry holds the session (shared
// ownership): the process lives until the last entry is gone.
#include "sepax/harness/external_kernels.hpp"

#include <memory>

#include "external_session.hpp"

namespace sepax::harness {
namespace external {

std::vector<KernelInfo> kernel_entries(const std::shared_ptr<ExternalSession>& session) {
  std::vector<KernelInfo> entries;
  for (const KernelSpec& spec : session->announcement().kernels) {
    KernelInfo k;
    k.id = session->kernel_id(spec);
    k.origin = session->announcement().name;
    k.query = spec.query;
    k.scalar = spec.scalar;
    k.mode = spec.mode;
    k.bias = spec.bias;
    k.open_sets = spec.open_sets;
    k.tolerance = spec.tolerance;
    k.reports_axis = false;  // the protocol carries verdicts only
    switch (spec.mode) {
      case KernelMode::static_test:
        k.test_batch = [session, spec](std::span<const ShapePair> pairs, std::span<StaticOutcome> out) {
          session->test(spec, pairs, out);
        };
        k.test = [session, spec](const ShapePair& pair) {
          StaticOutcome out;
          session->test(spec, {&pair, 1}, {&out, 1});
          return out;
        };
        // The set is serialised once; each run sends it and counts.
        k.prepare_set = [session, spec](std::span<const ShapePair> pairs) -> SetRunner {
          auto batches = std::make_shared<const std::vector<EncodedBatch>>(session->encode_set(spec, pairs));
          return [session, spec, batches] { return session->count_intersecting(spec, *batches); };
        };
        break;
      case KernelMode::moving_test:
        k.test_moving_batch = [session, spec](std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
                                              std::span<StaticOutcome> out) {
          session->test_moving(spec, pairs, motions, out);
        };
        k.test_moving = [session, spec](const ShapePair& pair, const LinearMotiond& motion) {
          StaticOutcome out;
          session->test_moving(spec, {&pair, 1}, {&motion, 1}, {&out, 1});
          return out;
        };
        break;
      case KernelMode::first_contact:
        k.find_first_contact_batch = [session, spec](std::span<const ShapePair> pairs,
                                                     std::span<const LinearMotiond> motions,
                                                     std::span<ContactOutcome> out) {
          session->find_first_contact(spec, pairs, motions, out);
        };
        k.find_first_contact = [session, spec](const ShapePair& pair, const LinearMotiond& motion) {
          ContactOutcome out;
          session->find_first_contact(spec, {&pair, 1}, {&motion, 1}, {&out, 1});
          return out;
        };
        break;
    }
    entries.push_back(std::move(k));
  }
  return entries;
}

}  // namespace external

std::vector<KernelInfo> start_external(const std::string& command) {
  return external::kernel_entries(std::make_shared<external::ExternalSession>(command, external::SessionOptions{}));
}

}  // namespace sepax::harness
