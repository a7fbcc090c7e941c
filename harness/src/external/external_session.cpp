#include "external_session.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "sepax/harness/input_error.hpp"

namespace sepax::harness::external {
namespace {

std::string seconds_text(std::chrono::milliseconds ms) {
  const auto s = ms.count() / 1000.0;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

std::string describe_command(const std::string& command) { return "external process '" + command + "'"; }

}  // namespace

ExternalSession::ExternalSession(const std::string& command, const SessionOptions& options)
    : command_(command), options_(options) {
  const std::string who = describe_command(command);
  try {
    child_ = std::make_unique<ChildProcess>(command);
  } catch (const std::runtime_error& e) {
    throw InputError(who + ": could not start it: " + e.what());
  }
  try {
    announce(who);
  } catch (...) {
    child_->finish(options_.exit_grace);  // not the destructor's default: ~ExternalSession does not run
    throw;
  }
}

void ExternalSession::announce(const std::string& who) {
  std::string line;
  switch (child_->read_line(line, Clock::now() + options_.start_timeout)) {
    case ChildProcess::Read::line: break;
    case ChildProcess::Read::timeout:
      throw InputError(who + ": no announcement within " + seconds_text(options_.start_timeout) +
                       " (its first line on stdout must be {\"sepax_external\":1,...}; see "
                       "examples/external/PROTOCOL.md)");
    case ChildProcess::Read::eof: {
      const auto partial = child_->pending_text();
      throw InputError(who + ": closed its stdout before announcing its kernels; it " +
                       child_->exit_description(options_.exit_grace) +
                       (partial.empty() ? std::string() : "; it wrote only " + quote(partial) + " (no newline)"));
    }
  }
  try {
    announcement_ = parse_announcement(line);
  } catch (const InputError& e) {
    throw InputError(who + ": announcement: " + e.what());
  }
}

ExternalSession::~ExternalSession() {
  if (child_) child_->finish(options_.exit_grace);
}

std::string ExternalSession::kernel_id(const KernelSpec& spec) const {
  return announcement_.name + "/" + spec.name + "/" + std::string(to_string(spec.scalar));
}

void ExternalSession::fail(const KernelSpec& spec, std::uint64_t id, std::size_t count, const std::string& what,
                           bool breaks) {
  std::string message = "external kernel " + kernel_id(spec) + " (" + describe_command(command_) + "), request " +
                        std::to_string(id) + " of " + std::to_string(count) + " pair" + (count == 1 ? "" : "s") +
                        ": " + what;
  if (breaks && !broken_) {
    broken_ = message;
    // Nothing it says can be trusted any more; end it now rather than at exit.
    child_->finish(options_.exit_grace);
  }
  throw std::runtime_error(message);
}

const std::string& ExternalSession::exchange(const KernelSpec& spec, const EncodedBatch& batch, std::uint64_t& id,
                                            Framing framing) {
  if (broken_)
    throw std::runtime_error("external kernel " + kernel_id(spec) + ": the process is unusable since an earlier error: " +
                             *broken_);
  id = next_id_++;
  const auto deadline = Clock::now() + options_.reply_timeout;
  try {
    child_->write_all(request_head(framing, id, spec.key(), batch), deadline);
    child_->write_all(batch.body, deadline);
  } catch (const std::runtime_error& e) {
    // Say how it ended when it did: that is the news, not the broken pipe.
    fail(spec, id, batch.count, std::string("could not send the request: ") + e.what() + "; it " +
                                    child_->exit_description(std::chrono::milliseconds(200)),
         true);
  }
  switch (child_->read_line(line_, deadline)) {
    case ChildProcess::Read::line: return line_;
    case ChildProcess::Read::timeout:
      fail(spec, id, batch.count, "no reply within " + seconds_text(options_.reply_timeout), true);
    case ChildProcess::Read::eof: {
      const auto partial = child_->pending_text();
      fail(spec, id, batch.count,
           "the process closed its stdout before replying; it " + child_->exit_description(options_.exit_grace) +
               (partial.empty() ? std::string() : "; it wrote only " + quote(partial) + " (no newline)"),
           true);
    }
  }
  return line_;
}

template <class Decode>
void ExternalSession::call(const KernelSpec& spec, const EncodedBatch& batch, Decode&& decode) {
  call(spec, batch, std::forward<Decode>(decode), announcement_.framing);
}

template <class Decode>
void ExternalSession::call(const KernelSpec& spec, const EncodedBatch& batch, Decode&& decode, Framing framing) {
  std::uint64_t id = 0;
  const std::string& line = exchange(spec, batch, id, framing);
  try {
    decode(line, id);
  } catch (const BatchError& e) {
    fail(spec, id, batch.count, e.what(), false);
  } catch (const ProtocolError& e) {
    fail(spec, id, batch.count, e.what(), true);
  }
}

void ExternalSession::test(const KernelSpec& spec, std::span<const ShapePair> pairs, std::span<StaticOutcome> out) {
  test_moving(spec, pairs, {}, out);
}

void ExternalSession::test_moving(const KernelSpec& spec, std::span<const ShapePair> pairs,
                                  std::span<const LinearMotiond> motions, std::span<StaticOutcome> out) {
  if (out.size() != pairs.size() || (!motions.empty() && motions.size() != pairs.size()))
    throw std::logic_error("ExternalSession: pairs, motions and outcomes differ in number");
  std::lock_guard lock(mutex_);
  for (std::size_t begin = 0; begin < pairs.size(); begin += options_.max_batch) {
    const std::size_t n = std::min(options_.max_batch, pairs.size() - begin);
    const EncodedBatch batch = encode_batch(announcement_.framing, spec.query, pairs.subspan(begin, n),
                                            motions.empty() ? motions : motions.subspan(begin, n));
    call(spec, batch, [&](std::string_view line, std::uint64_t id) {
      decode_test_reply(line, id, out.subspan(begin, n));
    });
  }
}

void ExternalSession::find_first_contact(const KernelSpec& spec, std::span<const ShapePair> pairs,
                                         std::span<const LinearMotiond> motions, std::span<ContactOutcome> out) {
  if (out.size() != pairs.size() || motions.size() != pairs.size())
    throw std::logic_error("ExternalSession: pairs, motions and outcomes differ in number");
  std::lock_guard lock(mutex_);
  for (std::size_t begin = 0; begin < pairs.size(); begin += options_.max_batch) {
    const std::size_t n = std::min(options_.max_batch, pairs.size() - begin);
    const EncodedBatch batch =
        encode_batch(announcement_.framing, spec.query, pairs.subspan(begin, n), motions.subspan(begin, n));
    call(spec, batch, [&](std::string_view line, std::uint64_t id) {
      decode_contact_reply(line, id, out.subspan(begin, n));
    });
  }
}

std::vector<double> ExternalSession::answer(const KernelSpec& spec, const QueryLayout& layout,
                                            std::span<const double> rows, std::size_t n) {
  const std::size_t in = layout.input_width();
  std::vector<double> out;
  std::lock_guard lock(mutex_);
  for (std::size_t begin = 0; begin < n; begin += options_.max_batch) {
    const std::size_t count = std::min(options_.max_batch, n - begin);
    const EncodedBatch batch =
        encode_rows(announcement_.framing, layout, spec.scalar, rows.subspan(begin * in, count * in), count);
    call(spec, batch, [&](std::string_view line, std::uint64_t id) {
      const std::vector<double> part = decode_answer_reply(line, id, layout, count);
      out.insert(out.end(), part.begin(), part.end());
    });
  }
  return out;
}

MeshReply ExternalSession::mesh_pairs(const KernelSpec& spec, const MeshOnWire& a, const MeshOnWire& b,
                                      const Pose& pose) {
  std::lock_guard lock(mutex_);
  MeshOnWire wa = a, wb = b;
  wa.whole = !meshes_sent_.count(a.id);
  wb.whole = !meshes_sent_.count(b.id);
  const EncodedBatch batch = encode_mesh_request(wa, wb, spec.scalar, {&pose, 1});
  MeshReply reply;
  call(
      spec, batch,
      [&](std::string_view line, std::uint64_t id) {
        reply = decode_mesh_reply(line, id, 1, a.mesh->triangles.size(), b.mesh->triangles.size());
      },
      Framing::json);  // meshes always travel as JSON lines
  meshes_sent_.insert(a.id);
  meshes_sent_.insert(b.id);
  return reply;
}

std::vector<EncodedBatch> ExternalSession::encode_set(const KernelSpec& spec, std::span<const ShapePair> pairs) const {
  std::vector<EncodedBatch> batches;
  for (std::size_t begin = 0; begin < pairs.size(); begin += options_.max_batch) {
    const std::size_t n = std::min(options_.max_batch, pairs.size() - begin);
    batches.push_back(encode_batch(announcement_.framing, spec.query, pairs.subspan(begin, n), {}));
  }
  return batches;
}

std::size_t ExternalSession::count_intersecting(const KernelSpec& spec, std::span<const EncodedBatch> batches) {
  std::lock_guard lock(mutex_);
  std::size_t hits = 0;
  std::vector<StaticOutcome> out;
  for (const EncodedBatch& batch : batches) {
    out.resize(batch.count);
    call(spec, batch, [&](std::string_view line, std::uint64_t id) { decode_test_reply(line, id, out); });
    for (const StaticOutcome& o : out) hits += o.intersects ? 1 : 0;
  }
  return hits;
}

}  // namespace sepax::harness::external
