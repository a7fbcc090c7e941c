#include "external_protocol.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/harness/input_error.hpp"
#include "sepax/harness/query/columns.hpp"

namespace sepax::harness::external {
namespace {

using nlohmann::json;

/// The JSON spelling of a string (quotes and escapes), for messages and requests.
std::string json_string(std::string_view s) { return json(std::string(s)).dump(); }

// ---------------------------------------------------------------- announcement

[[noreturn]] void bad(const std::string& field, const std::string& why) { throw InputError(field + ": " + why); }

/// Names become parts of ids ("<name>/<kernel>/<scalar>"): no '/', no spaces.
void check_name(const json& value, const std::string& field) {
  if (!value.is_string()) bad(field, "expected a string, got " + quote(value.dump()));
  const auto& s = value.get_ref<const std::string&>();
  if (s.empty()) bad(field, "is empty");
  for (const unsigned char c : s)
    if (c == '/' || c <= ' ' || c == 0x7f)
      bad(field, json_string(s) + " contains '/', a space or a control character (it becomes part of a kernel id)");
}

void check_keys(const json& object, const std::string& where, std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : object.items()) {
    bool ok = false;
    for (auto k : known) ok = ok || key == k;
    if (!ok) {
      std::string list;
      for (auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      bad(where.empty() ? key : where + "." + key,
          "unknown field (a misspelt one must not silently change a kernel); known: " + list);
    }
  }
}

const json& required(const json& object, const std::string& where, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) bad(where.empty() ? key : where + "." + key, "missing");
  return *it;
}

KernelBias parse_bias(const json& b, const std::string& where) {
  if (!b.is_object()) bad(where, "expected an object {\"method\":...,\"epsilon\":...}, got " + quote(b.dump()));
  check_keys(b, where, {"method", "epsilon", "claimed"});
  const json& method = required(b, where, "method");
  if (!method.is_string()) bad(where + ".method", "expected a string, got " + quote(method.dump()));
  KernelBias bias;
  const auto& m = method.get_ref<const std::string&>();
  if (m == "none") bias.method = BiasMethod::none;
  else if (m == "epsilon_on_rotation") bias.method = BiasMethod::epsilon_on_rotation;
  else if (m == "epsilon_on_plane_distances") bias.method = BiasMethod::epsilon_on_plane_distances;
  else
    bad(where + ".method",
        "unknown method " + json_string(m) + " (expected none, epsilon_on_rotation or epsilon_on_plane_distances)");
  if (const auto e = b.find("epsilon"); e != b.end()) {
    if (!e->is_number() || !std::isfinite(e->get<double>()) || e->get<double>() < 0)
      bad(where + ".epsilon", "expected a finite number >= 0, got " + quote(e->dump()));
    bias.epsilon = e->get<double>();
  } else if (bias.method != BiasMethod::none) {
    bad(where + ".epsilon", "missing (method " + m + " needs its epsilon)");
  }
  if (bias.method == BiasMethod::none && bias.epsilon != 0)
    bad(where + ".epsilon", "must be 0 (or absent) with method none, got " + b["epsilon"].dump());
  if (const auto c = b.find("claimed"); c != b.end()) {
    if (!c->is_number() || !std::isfinite(c->get<double>()) || c->get<double>() < 0)
      bad(where + ".claimed", "expected a finite number >= 0, got " + quote(c->dump()));
    bias.claimed = c->get<double>();
  }
  return bias;
}

/// Version 2: any judged query × mode (query_layout.hpp), the SAT fields
/// for the SAT queries only.
void parse_query_mode_v2(const json& k, const std::string& where, KernelSpec& spec) {
  const json& query = required(k, where, "query");
  const json& mode = required(k, where, "mode");
  if (!query.is_string()) bad(where + ".query", "expected a string, got " + quote(query.dump()));
  if (!mode.is_string()) bad(where + ".mode", "expected a string, got " + quote(mode.dump()));
  spec.query_name = query.get<std::string>();
  spec.mode_name = mode.get<std::string>();
  if (spec.query_name == kMeshQuery) {  // no fixed-size layout: external_meshes.hpp
    if (spec.mode_name != kMeshMode)
      bad(where + ".mode", "unknown mode " + quote(mode.dump()) + " for mesh_mesh (its modes: find_pairs)");
    for (const char* key : {"bias", "open_sets", "tolerance"})
      if (k.contains(key)) bad(where + "." + key, "is not for mesh_mesh kernels (their pairs are judged by the rounding band)");
    spec.sat = false;
    spec.mesh = true;
    return;
  }
  std::string known;
  bool found = false, query_known = false;
  for (const QueryLayout& l : query_layouts()) {
    found = found || (l.query == spec.query_name && l.mode == spec.mode_name);
    query_known = query_known || l.query == spec.query_name;
    if (l.query == spec.query_name) known += (known.empty() ? "" : ", ") + l.mode;
  }
  if (!query_known) {
    std::string queries;
    for (const QueryLayout& l : query_layouts())
      if (queries.find(l.query + ",") == std::string::npos) queries += l.query + ", ";
    queries += std::string(kMeshQuery) + ", ";
    bad(where + ".query", "unknown query " + quote(query.dump()) + " (known: " + queries.substr(0, queries.size() - 2) + ")");
  }
  if (!found) bad(where + ".mode", "unknown mode " + quote(mode.dump()) + " for " + spec.query_name + " (its modes: " + known + ")");
  const auto q = parse_query(spec.query_name);
  spec.sat = q.has_value();
  if (!spec.sat) {
    for (const char* key : {"bias", "open_sets"})
      if (k.contains(key)) bad(where + "." + key, "is for the SAT queries (obb_obb, tri_obb, tri_tri), not " + spec.query_name);
    return;
  }
  spec.query = *q;
  spec.mode = spec.mode_name == "test_static" ? KernelMode::static_test
              : spec.mode_name == "test_moving" ? KernelMode::moving_test
                                                : KernelMode::first_contact;
}

KernelSpec parse_kernel(const json& k, const std::string& where, int version) {
  if (!k.is_object()) bad(where, "expected an object, got " + quote(k.dump()));
  check_keys(k, where, {"name", "query", "mode", "scalar", "bias", "open_sets", "tolerance"});
  KernelSpec spec;
  check_name(required(k, where, "name"), where + ".name");
  spec.name = k["name"].get<std::string>();
  if (version >= 2) {
    parse_query_mode_v2(k, where, spec);
  } else {
  const json& query = required(k, where, "query");
  const auto q = query.is_string() ? parse_query(query.get_ref<const std::string&>()) : std::nullopt;
  if (!q) bad(where + ".query", "unknown query " + quote(query.dump()) + " (expected obb_obb, tri_obb or tri_tri)");
  spec.query = *q;

  const json& mode = required(k, where, "mode");
  const std::string m = mode.is_string() ? mode.get<std::string>() : "";
  if (m == "test_static") spec.mode = KernelMode::static_test;
  else if (m == "test_moving") spec.mode = KernelMode::moving_test;
  else if (m == "find_first_contact") spec.mode = KernelMode::first_contact;
  else
    bad(where + ".mode",
        "unknown mode " + quote(mode.dump()) + " (expected test_static, test_moving or find_first_contact)");
  spec.query_name = std::string(to_string(spec.query));
  spec.mode_name = std::string(mode_name(spec.mode));
  }

  const json& scalar = required(k, where, "scalar");
  const std::string s = scalar.is_string() ? scalar.get<std::string>() : "";
  if (s == "float") spec.scalar = ScalarKind::float32;
  else if (s == "double") spec.scalar = ScalarKind::float64;
  else bad(where + ".scalar", "unknown scalar " + quote(scalar.dump()) + " (expected float or double)");

  if (const auto b = k.find("bias"); b != k.end()) spec.bias = parse_bias(*b, where + ".bias");
  if (const auto o = k.find("open_sets"); o != k.end()) {
    if (!o->is_boolean()) bad(where + ".open_sets", "expected true or false, got " + quote(o->dump()));
    spec.open_sets = o->get<bool>();
  }
  if (const auto t = k.find("tolerance"); t != k.end()) {
    if (!t->is_number() || !std::isfinite(t->get<double>()) || t->get<double>() < 0)
      bad(where + ".tolerance", "expected a number >= 0 (relative to the larger shape's size), got " + quote(t->dump()));
    spec.tolerance = t->get<double>();
  }
  return spec;
}

// ---------------------------------------------------------------- requests

/// Shortest round-trip decimal, always with '.' or an exponent; JSON has no
/// non-finite numbers, so those use the tokens Python's json reads.
void append_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
    return;
  }
  char buf[40];
  const auto end = fmt::format_to_n(buf, sizeof buf, "{}", v).out;
  const std::string_view text(buf, std::size_t(end - buf));
  out += text;
  if (text.find_first_of(".e") == std::string_view::npos) out += ".0";
}

template <class Sink>
void flatten_obb(const Obb3d& b, Sink&& put) {
  for (int k = 0; k < 3; ++k) put(b.center[k]);
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) put(b.axes[i][k]);
  for (int k = 0; k < 3; ++k) put(b.extents[k]);
}

template <class Sink>
void flatten_triangle(const Triangle3d& t, Sink&& put) {
  for (int v = 0; v < 3; ++v)
    for (int k = 0; k < 3; ++k) put(t.vertices[v][k]);
}

template <class Sink>
void flatten_pair(const ShapePair& p, Query q, Sink&& put) {
  if (q == Query::tri_tri || q == Query::tri_obb) flatten_triangle(p.tri_a, put);
  else flatten_obb(p.obb_a, put);
  if (q == Query::tri_tri) flatten_triangle(p.tri_b, put);
  else flatten_obb(p.obb_b, put);
}

template <class Sink>
void flatten_motion(const LinearMotiond& m, Sink&& put) {
  for (int k = 0; k < 3; ++k) put(m.velocity_a[k]);
  for (int k = 0; k < 3; ++k) put(m.velocity_b[k]);
  put(m.duration);
}

void append_le(std::string& out, double v) {
  auto bits = std::bit_cast<std::uint64_t>(v);
  if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap64(bits);
  char bytes[8];
  std::memcpy(bytes, &bits, 8);
  out.append(bytes, 8);
}

// ---------------------------------------------------------------- replies

/// `text` with the bare tokens NaN, Infinity and -Infinity outside strings
/// made strings ("NaN", ...), which number() reads back.
std::string quoted_nonfinite(std::string_view text) {
  return replace_nonfinite_tokens(text, [](std::string_view token) { return "\"" + std::string(token) + "\""; });
}

/// A number of a reply, or one of the non-finite tokens quoted_nonfinite made strings.
bool number(const json& value, double& out) {
  if (value.is_number()) {
    out = value.get<double>();
    return true;
  }
  if (!value.is_string()) return false;
  const auto& s = value.get_ref<const std::string&>();
  if (s == "NaN") out = std::numeric_limits<double>::quiet_NaN();
  else if (s == "Infinity") out = std::numeric_limits<double>::infinity();
  else if (s == "-Infinity") out = -std::numeric_limits<double>::infinity();
  else return false;
  return true;
}

json parse_reply(std::string_view line, std::uint64_t id) {
  json reply;
  try {
    reply = json::parse(line);
  } catch (const json::parse_error& e) {
    try {
      reply = json::parse(quoted_nonfinite(line));
    } catch (const json::parse_error&) {
      throw ProtocolError("the reply is not JSON (" + json_error_text(e.what()) + "): " + quote(line));
    }
  }
  if (!reply.is_object()) throw ProtocolError("the reply is not a JSON object: " + quote(line));
  const auto rid = reply.find("id");
  if (rid == reply.end() || !rid->is_number_unsigned() || rid->get<std::uint64_t>() != id)
    throw ProtocolError("expected the reply to request " + std::to_string(id) + ", got id " +
                        (rid == reply.end() ? std::string("(missing)") : rid->dump()) + ": " + quote(line));
  if (const auto err = reply.find("error"); err != reply.end())
    throw BatchError("the process reported an error: " + (err->is_string() ? err->get<std::string>() : err->dump()));
  return reply;
}

const json& reply_array(const json& reply, const char* key, std::size_t count, std::string_view line) {
  const auto it = reply.find(key);
  if (it == reply.end() || !it->is_array())
    throw BatchError(std::string("the reply has no array \"") + key + "\": " + quote(line));
  if (it->size() != count)
    throw BatchError(std::string("the reply's \"") + key + "\" has " + std::to_string(it->size()) +
                        " entries for " + std::to_string(count) + " pairs: " + quote(line));
  return *it;
}

[[noreturn]] void bad_entry(const char* key, std::size_t i, const json& value, const char* expected,
                            std::string_view line) {
  throw BatchError(std::string(key) + "[" + std::to_string(i) + "]: expected " + expected + ", got " +
                      quote(value.dump()) + " in the reply: " + quote(line));
}

}  // namespace

nlohmann::json parse_reply_json(std::string_view line, std::uint64_t id) { return parse_reply(line, id); }
void append_json_number(std::string& out, double v) { append_number(out, v); }

std::string_view mode_name(KernelMode mode) {
  switch (mode) {
    case KernelMode::static_test: return "test_static";
    case KernelMode::moving_test: return "test_moving";
    case KernelMode::first_contact: return "find_first_contact";
  }
  return "?";
}

std::string quote(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return "\"" + std::string(text) + "\"";
  return "\"" + std::string(text.substr(0, limit)) + "\"... (" + std::to_string(text.size()) + " characters)";
}

Announcement parse_announcement(std::string_view line) {
  json a;
  try {
    a = json::parse(line);
  } catch (const json::parse_error& e) {
    throw InputError("the first line is not JSON (" + json_error_text(e.what()) + "): " + quote(line));
  }
  if (!a.is_object() || !a.contains("sepax_external"))
    throw InputError("the first line is not an announcement (no field sepax_external): " + quote(line));
  check_keys(a, "", {"sepax_external", "name", "framing", "kernels"});
  const json& version = a["sepax_external"];
  if (!version.is_number_integer() || version.get<std::int64_t>() < 1 || version.get<std::int64_t>() > protocol_version)
    bad("sepax_external", "protocol version " + version.dump() + " is not one this sepax speaks (1 to " +
                              std::to_string(protocol_version) + ")");
  Announcement out;
  out.version = int(version.get<std::int64_t>());
  check_name(required(a, "", "name"), "name");
  out.name = a["name"].get<std::string>();
  if (out.name == "sepax") bad("name", "\"sepax\" is reserved for sepax's own kernels");
  if (const auto f = a.find("framing"); f != a.end()) {
    if (*f == "json") out.framing = Framing::json;
    else if (*f == "binary") out.framing = Framing::binary;
    else bad("framing", "unknown framing " + quote(f->dump()) + " (expected json or binary)");
  }
  const json& kernels = required(a, "", "kernels");
  if (!kernels.is_array()) bad("kernels", "expected an array, got " + quote(kernels.dump()));
  if (kernels.empty()) bad("kernels", "the process announces no kernels");
  std::set<std::string> keys;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const std::string where = "kernels[" + std::to_string(i) + "]";
    KernelSpec spec = parse_kernel(kernels[i], where, out.version);
    if (!keys.insert(spec.key()).second)
      bad(where + ".name", "duplicate kernel " + json_string(spec.name) + " for scalar " +
                               std::string(to_string(spec.scalar)));
    out.kernels.push_back(std::move(spec));
  }
  return out;
}

EncodedBatch encode_batch(Framing framing, Query query, std::span<const ShapePair> pairs,
                          std::span<const LinearMotiond> motions) {
  EncodedBatch batch;
  batch.count = pairs.size();
  std::string& out = batch.body;
  if (framing == Framing::binary) {
    out.reserve(8 * (pairs.size() * pair_doubles(query) + motions.size() * motion_doubles));
    const auto put = [&out](double v) { append_le(out, v); };
    for (const ShapePair& p : pairs) flatten_pair(p, query, put);
    for (const LinearMotiond& m : motions) flatten_motion(m, put);
    return batch;
  }
  out.reserve(pairs.size() * pair_doubles(query) * 22 + motions.size() * motion_doubles * 22 + 32);
  bool first = true;
  const auto put = [&out, &first](double v) {
    if (!first) out += ',';
    first = false;
    append_number(out, v);
  };
  out += "\"pairs\":[";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    out += i ? ",[" : "[";
    first = true;
    flatten_pair(pairs[i], query, put);
    out += ']';
  }
  out += ']';
  if (!motions.empty()) {
    out += ",\"motions\":[";
    for (std::size_t i = 0; i < motions.size(); ++i) {
      out += i ? ",[" : "[";
      first = true;
      flatten_motion(motions[i], put);
      out += ']';
    }
    out += ']';
  }
  out += "}\n";
  return batch;
}

std::string request_head(Framing framing, std::uint64_t id, std::string_view kernel_key,
                         const EncodedBatch& batch) {
  if (framing == Framing::binary)
    return fmt::format("{{\"id\":{},\"kernel\":{},\"count\":{},\"bytes\":{}{}}}\n", id, json_string(kernel_key),
                       batch.count, batch.body.size(), batch.fields.empty() ? "" : ",\"fields\":" + batch.fields);
  return fmt::format("{{\"id\":{},\"kernel\":{},\"count\":{},", id, json_string(kernel_key), batch.count);
}

void decode_test_reply(std::string_view line, std::uint64_t id, std::span<StaticOutcome> out) {
  const json reply = parse_reply(line, id);
  const json& verdicts = reply_array(reply, "intersects", out.size(), line);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!verdicts[i].is_boolean()) bad_entry("intersects", i, verdicts[i], "true or false", line);
    out[i] = StaticOutcome{};
    out[i].intersects = verdicts[i].get<bool>();
  }
}

void decode_contact_reply(std::string_view line, std::uint64_t id, std::span<ContactOutcome> out) {
  const json reply = parse_reply(line, id);
  const json& states = reply_array(reply, "state", out.size(), line);
  const json& times = reply_array(reply, "time", out.size(), line);
  const json& points = reply_array(reply, "point", out.size(), line);
  for (std::size_t i = 0; i < out.size(); ++i) {
    ContactOutcome c;
    const std::string s = states[i].is_string() ? states[i].get<std::string>() : "";
    if (s == "overlapping_at_start") c.state = ContactState::overlapping_at_start;
    else if (s == "separated_throughout") c.state = ContactState::separated_throughout;
    else if (s == "first_contact") c.state = ContactState::first_contact;
    else bad_entry("state", i, states[i], "overlapping_at_start, separated_throughout or first_contact", line);
    // time and point matter for first_contact; elsewhere they may be null.
    const bool needed = c.state == ContactState::first_contact;
    if (!number(times[i], c.time) && (needed || !times[i].is_null()))
      bad_entry("time", i, times[i], "a number", line);
    const json& p = points[i];
    const bool point_read = p.is_array() && p.size() == 3 && number(p[0], c.point[0]) &&
                            number(p[1], c.point[1]) && number(p[2], c.point[2]);
    if (!point_read && (needed || !p.is_null())) bad_entry("point", i, p, "[x, y, z]", line);
    c.point_path = ContactPath::features;
    c.feature_point = c.point;
    out[i] = c;
  }
}

EncodedBatch encode_rows(Framing framing, const QueryLayout& layout, ScalarKind scalar, std::span<const double> rows,
                         std::size_t n) {
  EncodedBatch batch;
  batch.count = n;
  std::string& out = batch.body;
  if (framing == Framing::binary) {
    json fields = json::array();
    for (const Column& c : to_columns(layout.inputs, scalar, rows, n)) {
      out.append(reinterpret_cast<const char*>(c.bytes.data()), c.bytes.size());
      const std::string type = c.field.type == FieldType::scalar ? std::string(to_string(scalar))
                                                                   : std::string(to_string(c.field.type));
      fields.push_back(json::array({c.field.name, c.field.width, type}));
    }
    batch.fields = fields.dump();
    return batch;
  }
  const std::size_t width = layout.input_width();
  out += "\"inputs\":{";
  std::size_t first = 0;
  for (std::size_t f = 0; f < layout.inputs.size(); ++f) {
    const Field& field = layout.inputs[f];
    out += (f ? "," : "") + json_string(field.name) + ":[";
    for (std::size_t i = 0; i < n; ++i) {
      out += i ? ",[" : "[";
      for (std::uint32_t w = 0; w < field.width; ++w) {
        if (w) out += ',';
        const double v = rows[i * width + first + w];
        if (field.type == FieldType::scalar)
          append_number(out, v);
        else
          out += std::to_string(std::int64_t(v));
      }
      out += ']';
    }
    out += ']';
    first += field.width;
  }
  out += "}}\n";
  return batch;
}

std::vector<double> sat_rows(Query query, std::span<const ShapePair> pairs, std::span<const LinearMotiond> motions) {
  std::vector<double> rows;
  const auto put = [&rows](double v) { rows.push_back(v); };
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    flatten_pair(pairs[i], query, put);
    if (!motions.empty()) flatten_motion(motions[i], put);
  }
  return rows;
}

std::vector<double> decode_answer_reply(std::string_view line, std::uint64_t id, const QueryLayout& layout,
                                        std::size_t n) {
  const json reply = parse_reply(line, id);
  const auto answers = reply.find("answers");
  if (answers == reply.end() || !answers->is_object())
    throw BatchError("the reply has no object \"answers\": " + quote(line));
  const std::size_t width = layout.answer_width();
  std::vector<double> rows(n * width, 0.0);
  std::size_t first = 0;
  for (const Field& field : layout.answers) {
    const char* key = field.name.c_str();
    const json& entries = reply_array(*answers, key, n, line);
    for (std::size_t i = 0; i < n; ++i) {
      const json& e = entries[i];
      const auto value = [&](const json& v, double& out) {
        if (v.is_null()) return true;  // where unused
        if (v.is_boolean() && field.type == FieldType::u8) {
          out = v.get<bool>() ? 1 : 0;
          return true;
        }
        return number(v, out);
      };
      double* to = &rows[i * width + first];
      bool ok = field.width == 1 ? value(e, to[0]) : e.is_array() && e.size() == field.width;
      for (std::uint32_t w = 0; ok && field.width > 1 && w < field.width; ++w) ok = value(e[w], to[w]);
      if (!ok)
        bad_entry(key, i, e, field.width == 1 ? "a number" : ("an array of " + std::to_string(field.width) + " numbers").c_str(),
                  line);
    }
    first += field.width;
  }
  return rows;
}

}  // namespace sepax::harness::external
