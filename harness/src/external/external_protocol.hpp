#pragma once
/// \file The external-kernel protocol, version 1 (examples/external/PROTOCOL.md):
/// the announcement a process opens with, the requests sepax writes and the
/// replies it reads. Pure encoding and decoding; no I/O.
///
/// Every number crosses bit-exactly: sepax writes the shortest decimal that
/// reads back to the same double (always with a '.' or an exponent, so that
/// a reader does not take it for an integer; -0.0 keeps its sign), or raw
/// little-endian doubles in the binary framing; it reads numbers back with
/// a correctly rounded parser.
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "sepax/harness/query/query_layout.hpp"
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sepax/core/kernel_bias.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"

namespace sepax::harness::external {

/// The newest version this sepax speaks; it speaks every one from 1.
inline constexpr int protocol_version = 2;

/// Version 2's mesh query (no fixed-size layout: external_meshes.hpp).
inline constexpr const char* kMeshQuery = "mesh_mesh";
inline constexpr const char* kMeshMode = "find_pairs";

/// How requests travel: one JSON line, or a JSON header line followed by raw
/// doubles (replies are JSON lines either way).
enum class Framing { json, binary };

/// One kernel of the announcement.
struct KernelSpec {
  std::string name;
  Query query = Query::obb_obb;
  KernelMode mode = KernelMode::static_test;
  ScalarKind scalar = ScalarKind::float64;
  KernelBias bias{};
  bool open_sets = false;
  /// The tolerance the kernel promises (KernelInfo::tolerance); 0: none.
  double tolerance = 0;
  /// Version 2: the query and mode as named (any judged query's layout,
  /// query_layout.hpp); `sat` for obb_obb, tri_obb and tri_tri, whose
  /// `query` and `mode` above are set too.
  std::string query_name, mode_name;
  bool sat = true;
  bool mesh = false;  ///< query mesh_mesh, mode find_pairs (external_meshes.hpp)
  /// What requests name it by: "<name>/<scalar>".
  std::string key() const { return name + "/" + std::string(to_string(scalar)); }
};

struct Announcement {
  int version = 1;
  std::string name;
  Framing framing = Framing::json;
  std::vector<KernelSpec> kernels;
};

/// The protocol's names of the modes: test_static, test_moving, find_first_contact.
std::string_view mode_name(KernelMode mode);

/// Parses and validates the first line. Throws InputError saying which field
/// and value is wrong ("kernels[2].query: unknown query \"obb_tri\" ..."),
/// without the command (the caller adds it).
Announcement parse_announcement(std::string_view line);

/// Numbers per flattened pair: OBB = center 3, axes A0 A1 A2 as rows 9,
/// extents 3 (15); triangle = 3 vertices (9); a then b.
constexpr std::size_t pair_doubles(Query q) {
  return q == Query::obb_obb ? 30 : q == Query::tri_obb ? 24 : 18;
}
/// Per motion: velocity_a 3, velocity_b 3, duration.
inline constexpr std::size_t motion_doubles = 7;

/// A batch in its wire form, made once (prepare_set re-sends it): `body`
/// follows the id and kernel of a request.
struct EncodedBatch {
  std::size_t count = 0;
  std::string body;
  /// Version 2's binary framing: the fields' names, widths and types, as a
  /// JSON array for the request's header line (its body is not
  /// self-describing otherwise).
  std::string fields;
};

/// Encodes pairs of `query` (and one motion per pair for moving modes;
/// `motions` empty for test_static).
EncodedBatch encode_batch(Framing framing, Query query, std::span<const ShapePair> pairs,
                          std::span<const LinearMotiond> motions);

/// The bytes that precede `batch.body` for request `id` to `kernel_key`.
std::string request_head(Framing framing, std::uint64_t id, std::string_view kernel_key,
                         const EncodedBatch& batch);

/// A reply read in step (one complete line, the right id) that answers
/// nothing usable: the process's own {"id":N,"error":"..."}, a wrong count,
/// an entry of the wrong type. That batch fails; the next request is fine.
struct BatchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// A reply the stream does not survive: not JSON (a stray print?), not an
/// object, a wrong or missing id. The message quotes what was read.
struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// At most `limit` characters of `text`, marked when cut, for messages.
std::string quote(std::string_view text, std::size_t limit = 200);

/// A reply line read as JSON: ProtocolError when it is not the reply to
/// request `id`, BatchError when the process reported an error.
nlohmann::json parse_reply_json(std::string_view line, std::uint64_t id);
/// A number as requests write it: the shortest decimal that reads back to it.
void append_json_number(std::string& out, double v);

/// Version 2: n cases as rows of their layout's input values, in the
/// kernel's scalar: JSON `"inputs":{"a":[[...],...],...}`, or binary, each
/// input field's array in the field's type (float or double, int32, uint8),
/// little-endian, one after the other.
EncodedBatch encode_rows(Framing framing, const QueryLayout& layout, ScalarKind scalar, std::span<const double> rows,
                         std::size_t n);

/// The rows of version 1's pairs (a then b, then the motion): version 2's
/// inputs of the SAT queries.
std::vector<double> sat_rows(Query query, std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions);

/// Version 2's reply {"id":N,"answers":{"<field>":[one entry per case],...}}
/// (an entry: a number, or an array of `width` numbers; true/false for u8;
/// null where unused) as n rows of the layout's answer values. BatchError
/// naming the field and case of an entry that is not one.
std::vector<double> decode_answer_reply(std::string_view line, std::uint64_t id, const QueryLayout& layout,
                                        std::size_t n);

/// {"id":N,"intersects":[true,false,...]}: one verdict per pair into `out`.
void decode_test_reply(std::string_view line, std::uint64_t id, std::span<StaticOutcome> out);
/// {"id":N,"state":[...],"time":[...],"point":[[x,y,z],...]} into `out`.
/// Python's json writes non-finite numbers as the bare tokens NaN, Infinity
/// and -Infinity, which JSON lacks: they are read as what they mean, so
/// that the judge sees a kernel's NaN.
void decode_contact_reply(std::string_view line, std::uint64_t id, std::span<ContactOutcome> out);

}  // namespace sepax::harness::external
