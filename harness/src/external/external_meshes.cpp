// Version 2's mesh_mesh requests and replies: see external_meshes.hpp.
#include "external_meshes.hpp"

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

namespace sepax::harness::external {
namespace {

using nlohmann::json;

void append_scalar(std::string& out, double v, ScalarKind scalar) {
  append_json_number(out, scalar == ScalarKind::float32 ? double(float(v)) : v);
}

void append_mesh(std::string& out, const MeshOnWire& m, ScalarKind scalar) {
  out += "{\"id\":" + std::to_string(m.id);
  if (m.whole) {
    out += ",\"vertices\":[";
    for (std::size_t i = 0; i < m.mesh->vertices.size(); ++i) {
      out += i ? ",[" : "[";
      for (int c = 0; c < 3; ++c) {
        if (c) out += ',';
        append_scalar(out, m.mesh->vertices[i][c], scalar);
      }
      out += ']';
    }
    out += "],\"triangles\":[";
    for (std::size_t i = 0; i < m.mesh->triangles.size(); ++i) {
      const auto& t = m.mesh->triangles[i];
      out += (i ? ",[" : "[") + std::to_string(t[0]) + ',' + std::to_string(t[1]) + ',' + std::to_string(t[2]) + ']';
    }
    out += ']';
  }
  out += '}';
}

[[noreturn]] void bad(const std::string& what, std::string_view line) {
  throw BatchError(what + " in the reply: " + quote(line));
}

}  // namespace

EncodedBatch encode_mesh_request(const MeshOnWire& a, const MeshOnWire& b, ScalarKind scalar,
                                 std::span<const Pose> poses) {
  EncodedBatch batch;
  batch.count = poses.size();
  std::string& out = batch.body;
  out += "\"meshes\":{\"a\":";
  append_mesh(out, a, scalar);
  out += ",\"b\":";
  append_mesh(out, b, scalar);
  out += "},\"inputs\":{\"pose\":[";
  for (std::size_t i = 0; i < poses.size(); ++i) {
    out += i ? ",[" : "[";
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) {
        if (r || c) out += ',';
        append_scalar(out, poses[i].rotation(r, c), scalar);
      }
    for (int r = 0; r < 3; ++r) {
      out += ',';
      append_scalar(out, poses[i].translation[r], scalar);
    }
    out += ']';
  }
  out += "]}}\n";
  return batch;
}

MeshReply decode_mesh_reply(std::string_view line, std::uint64_t id, std::size_t n, std::size_t triangles_a,
                            std::size_t triangles_b) {
  const json reply = parse_reply_json(line, id);
  const auto answers = reply.find("answers");
  if (answers == reply.end() || !answers->is_object()) bad("no object \"answers\"", line);
  const auto field = [&](const char* name) -> const json& {
    const auto it = answers->find(name);
    if (it == answers->end() || !it->is_array() || it->size() != n)
      bad(std::string("answers.") + name + ": expected an array of " + std::to_string(n) + " entries, one per pose",
          line);
    return *it;
  };
  const json& meets = field("meets");
  const json& pairs = field("pairs");
  MeshReply out;
  out.pairs.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!meets[i].is_boolean()) bad("answers.meets[" + std::to_string(i) + "]: expected true or false", line);
    out.meets.push_back(meets[i].get<bool>());
    if (!pairs[i].is_array()) bad("answers.pairs[" + std::to_string(i) + "]: expected a list of [ta, tb]", line);
    for (const json& p : pairs[i]) {
      const bool ok = p.is_array() && p.size() == 2 && p[0].is_number_unsigned() && p[1].is_number_unsigned() &&
                      p[0].get<std::uint64_t>() < triangles_a && p[1].get<std::uint64_t>() < triangles_b;
      if (!ok)
        bad("answers.pairs[" + std::to_string(i) + "]: " + quote(p.dump()) + " is not a pair [ta, tb] of triangle "
                "indices (" + std::to_string(triangles_a) + " and " + std::to_string(triangles_b) + " triangles)",
            line);
      out.pairs[i].emplace_back(p[0].get<std::uint32_t>(), p[1].get<std::uint32_t>());
    }
    std::sort(out.pairs[i].begin(), out.pairs[i].end());
    if (const auto twice = std::adjacent_find(out.pairs[i].begin(), out.pairs[i].end()); twice != out.pairs[i].end())
      bad("answers.pairs[" + std::to_string(i) + "]: the pair [" + std::to_string(twice->first) + ", " +
              std::to_string(twice->second) + "] is given twice",
          line);
  }
  return out;
}

}  // namespace sepax::harness::external
