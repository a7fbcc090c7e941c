#pragma once
/// \file One conversation with an external kernel process: start it, read
/// its announcement, then one request and one reply at a time, serialised by
/// a mutex (the registry entries of all its kernels share it). A reply the
/// stream cannot survive (EOF, not JSON, wrong id or count) leaves the
/// session broken: every later call throws at once with the first reason,
/// instead of reading replies meant for other requests.
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "child_process.hpp"
#include "external_meshes.hpp"
#include "external_protocol.hpp"
#include "sepax/harness/kernel_set.hpp"

namespace sepax::harness::external {

struct SessionOptions {
  /// How long the process may take to write its announcement.
  std::chrono::milliseconds start_timeout{30'000};
  /// How long a reply may take; a kernel doing real work on a few thousand
  /// pairs in Python takes seconds, so this only catches a stuck process.
  std::chrono::milliseconds reply_timeout{600'000};
  /// How long the process has to exit after its stdin is closed, before SIGKILL.
  std::chrono::milliseconds exit_grace{2'000};
  /// Pairs per request; longer calls are split.
  std::size_t max_batch = 4096;
};

class ExternalSession {
 public:
  /// Starts `command` and reads its announcement; InputError naming the
  /// command and what went wrong.
  ExternalSession(const std::string& command, const SessionOptions& options);
  ~ExternalSession();
  ExternalSession(const ExternalSession&) = delete;
  ExternalSession& operator=(const ExternalSession&) = delete;

  const Announcement& announcement() const { return announcement_; }
  const std::string& command() const { return command_; }
  std::size_t max_batch() const { return options_.max_batch; }
  pid_t pid() const { return child_->pid(); }

  /// The registry id of one of its kernels: "<name>/<kernel>/<scalar>".
  std::string kernel_id(const KernelSpec& spec) const;

  /// The calls; `motions` one per pair (moving modes). Throw
  /// std::runtime_error naming the kernel, request and batch size.
  void test(const KernelSpec& spec, std::span<const ShapePair> pairs, std::span<StaticOutcome> out);
  void test_moving(const KernelSpec& spec, std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions,
                   std::span<StaticOutcome> out);
  void find_first_contact(const KernelSpec& spec, std::span<const ShapePair> pairs,
                          std::span<const LinearMotiond> motions, std::span<ContactOutcome> out);

  /// Version 2: n cases as rows of their layout's input values; returns n
  /// rows of its answer values (split into batches of max_batch).
  std::vector<double> answer(const KernelSpec& spec, const QueryLayout& layout, std::span<const double> rows,
                             std::size_t n);

  /// Version 2's mesh_mesh (external_meshes.hpp): the answer at `pose`;
  /// each mesh (by its id, unique in the process) is sent whole until the
  /// process has answered a request that carried it.
  MeshReply mesh_pairs(const KernelSpec& spec, const MeshOnWire& a, const MeshOnWire& b, const Pose& pose);

  /// Batches encoded once for prepare_set, at most max_batch pairs each.
  std::vector<EncodedBatch> encode_set(const KernelSpec& spec, std::span<const ShapePair> pairs) const;
  /// Sends them and counts the pairs reported intersecting.
  std::size_t count_intersecting(const KernelSpec& spec, std::span<const EncodedBatch> batches);

 private:
  /// Reads and checks the first line; InputError starting with `who`.
  void announce(const std::string& who);
  /// Sends one batch and returns the reply line (mutex held by the caller).
  const std::string& exchange(const KernelSpec& spec, const EncodedBatch& batch, std::uint64_t& id, Framing framing);
  /// Runs `decode(line, id)` on the reply to one batch, with the messages.
  template <class Decode>
  void call(const KernelSpec& spec, const EncodedBatch& batch, Decode&& decode);
  template <class Decode>
  void call(const KernelSpec& spec, const EncodedBatch& batch, Decode&& decode, Framing framing);
  [[noreturn]] void fail(const KernelSpec& spec, std::uint64_t id, std::size_t count, const std::string& what,
                         bool breaks);

  std::string command_;
  SessionOptions options_;
  std::unique_ptr<ChildProcess> child_;
  Announcement announcement_;
  std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::optional<std::string> broken_;
  std::set<std::uint64_t> meshes_sent_;  ///< ids of the meshes the process has (mesh_pairs)
  std::string line_;  ///< reused reply buffer
};

/// A started session's kernels: SAT ones as registry entries, the other
/// queries' (protocol version 2) as query kernels.
KernelSet kernel_entries(const std::shared_ptr<ExternalSession>& session);

}  // namespace sepax::harness::external
