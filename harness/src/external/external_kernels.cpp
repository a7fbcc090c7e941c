// sepax::harness::start_external: each kernel an external process announces
// becomes a registry entry. The per-pair functions are batches of one; the
// batch forms are what the campaigns call, so the pipe's round trip is paid
// once per few thousand pairs. Every entry holds the session (shared
// ownership): the process lives until the last entry is gone.
#include "sepax/harness/external_kernels.hpp"

#include <atomic>
#include <memory>

#include "external_session.hpp"
#include "query/sat_answer_calls.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::harness {
namespace external {

namespace {

/// A version 2 SAT kernel's answers to pairs (and motions), as outcomes.
std::vector<QueryAnswer> sat_answers(ExternalSession& session, const KernelSpec& spec, std::span<const ShapePair> pairs,
                                     std::span<const LinearMotiond> motions) {
  const QueryLayout& layout = query_layout(spec.query_name, spec.mode_name);
  const std::vector<double> rows = session.answer(spec, layout, sat_rows(spec.query, pairs, motions), pairs.size());
  const std::size_t w = layout.answer_width();
  std::vector<QueryAnswer> out;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    try {
      out.push_back(unflatten_answer(layout.answer_form, std::span<const double>(rows).subspan(i * w, w)));
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(session.kernel_id(spec) + ": case " + std::to_string(i) + " of the batch: " + e.what());
    }
  }
  return out;
}

/// A version 2 kernel of any other query, with its batch form.
QueryKernel query_entry(const std::shared_ptr<ExternalSession>& session, const KernelSpec& spec) {
  QueryKernel q;
  q.id = session->kernel_id(spec);
  q.origin = session->announcement().name;
  q.query = spec.query_name;
  q.mode = spec.mode_name;
  q.scalar = spec.scalar;
  q.tolerance = spec.tolerance;
  q.run_batch = [session, spec](std::span<const QueryInput> cases) {
    const JudgedQuery& shape = query_shape(spec.query_name, spec.mode_name);
    std::vector<double> rows;
    for (const QueryInput& c : cases) shape.flatten_input(c, rows);
    const std::vector<double> answers = session->answer(spec, *shape.layout, rows, cases.size());
    const std::size_t w = shape.layout->answer_width();
    std::vector<std::optional<QueryAnswer>> out;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      try {
        out.emplace_back(unflatten_answer(shape.layout->answer_form, std::span<const double>(answers).subspan(i * w, w)));
      } catch (const std::invalid_argument& e) {
        throw std::runtime_error(session->kernel_id(spec) + ": case " + std::to_string(i) + " of the batch: " + e.what());
      }
    }
    return out;
  };
  q.run = [batch = q.run_batch](const QueryInput& in) { return batch({&in, 1}).front(); };
  return q;
}

}  // namespace

/// A mesh_mesh kernel: for each pair of meshes, ids of their own (the
/// process keeps a mesh it was sent by id), each pose one request.
MeshKernelMaker mesh_maker(const std::shared_ptr<ExternalSession>& session, const KernelSpec& spec) {
  MeshKernelMaker maker;
  maker.name = session->kernel_id(spec);
  maker.peer = false;
  maker.make = [session, spec, id = maker.name](const TriangleMesh& a, const TriangleMesh& b) {
    static std::atomic<std::uint64_t> next_mesh{1};
    auto ma = std::make_shared<const TriangleMesh>(a);
    auto mb = std::make_shared<const TriangleMesh>(b);
    const std::uint64_t ida = next_mesh++, idb = next_mesh++;
    MeshKernel k;
    k.name = id;
    k.scalar = spec.scalar;
    k.peer = false;
    k.both = [session, spec, ma, mb, ida, idb](const Pose& p) {
      MeshReply r = session->mesh_pairs(spec, {ida, ma.get(), true}, {idb, mb.get(), true}, p);
      return std::pair{bool(r.meets.at(0)), std::move(r.pairs.at(0))};
    };
    k.intersects = [both = k.both](const Pose& p) { return both(p).first; };
    k.pairs = [both = k.both](const Pose& p) { return both(p).second; };
    return std::vector<MeshKernel>{std::move(k)};
  };
  return maker;
}

KernelSet kernel_entries(const std::shared_ptr<ExternalSession>& session) {
  KernelSet set;
  std::vector<KernelInfo>& entries = set.sat;
  for (const KernelSpec& spec : session->announcement().kernels) {
    if (spec.mesh) {
      set.meshes.push_back(mesh_maker(session, spec));
      continue;
    }
    if (!spec.sat) {
      set.queries.push_back(query_entry(session, spec));
      continue;
    }
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
    if (session->announcement().version >= 2) {
      add_sat_answer_calls(k, [session, spec](std::span<const ShapePair> p, std::span<const LinearMotiond> m) {
        return sat_answers(*session, spec, p, m);
      });
      entries.push_back(std::move(k));
      continue;
    }
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
  return set;
}

}  // namespace external

KernelSet start_external(const std::string& command) {
  return external::kernel_entries(std::make_shared<external::ExternalSession>(command, external::SessionOptions{}));
}

}  // namespace sepax::harness
