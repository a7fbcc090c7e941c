#include "gate/gate_thresholds.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/harness/input_error.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr const char* kBaselineFormat = "sepax-gate-baseline/1";

/// A JSON object of a file being read, with its place in the document for
/// messages ("speed.rules[2]").
class Object {
 public:
  /// Checks that `json` is an object whose fields are all in `known` (or
  /// start with '$', as "$comment" does).
  Object(const Json& json, const std::filesystem::path& path, std::string where,
         std::initializer_list<const char*> known)
      : json_(json), path_(path), where_(std::move(where)) {
    if (!json.is_object()) fail(fmt::format("expected a JSON object, got {}", json.type_name()));
    for (const auto& [key, value] : json.items()) {
      if (key.starts_with('$')) continue;
      if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; }))
        fail(fmt::format("unknown field \"{}\" (known: {})", key, fmt::join(known, ", ")));
    }
  }

  [[noreturn]] void fail(const std::string& reason) const {
    throw InputError(fmt::format("{}: {}{}{}", path_.string(), where_, where_.empty() ? "" : ": ", reason));
  }

  [[noreturn]] void fail(const char* key, const std::string& reason) const {
    throw InputError(fmt::format("{}: {}{}{}: {}", path_.string(), where_, where_.empty() ? "" : ".", key, reason));
  }

  const Json* find(const char* key) const {
    const auto it = json_.find(key);
    return it == json_.end() ? nullptr : &*it;
  }

  const Json& required(const char* key) const {
    const Json* value = find(key);
    if (!value) fail(fmt::format("missing field \"{}\"", key));
    return *value;
  }

  std::string text(const char* key) const {
    const Json& value = required(key);
    if (!value.is_string() || value.get_ref<const std::string&>().empty())
      fail(key, fmt::format("expected a non-empty string, got {}", value.dump()));
    return value.get<std::string>();
  }

  std::optional<std::string> optional_text(const char* key) const {
    return find(key) ? std::optional<std::string>(text(key)) : std::nullopt;
  }

  double positive(const char* key) const {
    const Json& value = required(key);
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0)
      fail(key, fmt::format("expected a number > 0, got {}", value.dump()));
    return value.get<double>();
  }

  std::optional<double> optional_non_negative(const char* key) const {
    const Json* value = find(key);
    if (!value) return std::nullopt;
    if (!value->is_number() || !std::isfinite(value->get<double>()) || value->get<double>() < 0)
      fail(key, fmt::format("expected a number >= 0, got {}", value->dump()));
    return value->get<double>();
  }

  std::vector<std::string> texts(const char* key) const {
    const Json& value = required(key);
    if (!value.is_array()) fail(key, fmt::format("expected a list of strings, got {}", value.dump()));
    std::vector<std::string> out;
    for (const Json& item : value) {
      if (!item.is_string() || item.get_ref<const std::string&>().empty())
        fail(key, fmt::format("expected a list of non-empty strings, got {}", item.dump()));
      out.push_back(item.get<std::string>());
    }
    return out;
  }

  std::string child(const char* key) const { return where_.empty() ? key : where_ + "." + key; }

 private:
  const Json& json_;
  const std::filesystem::path& path_;
  std::string where_;
};

Json parse_file(const std::filesystem::path& path) { return parse_json_document(path, read_text_file(path)); }

SpeedRule read_rule(const Json& json, const std::filesystem::path& path, std::size_t index) {
  const Object o(json, path, fmt::format("speed.rules[{}]", index),
                 {"kernel", "reference", "families", "set", "max_ratio", "note"});
  SpeedRule rule;
  rule.kernel = o.text("kernel");
  rule.reference = o.text("reference");
  if (o.required("families") == "*")
    rule.every_family = true;
  else if (rule.families = o.texts("families"); rule.families.empty())
    o.fail("families", "an empty list (name families, or \"*\" for every family measured for both)");
  rule.set = o.optional_text("set").value_or("mixed");
  rule.max_ratio = o.positive("max_ratio");
  rule.note = o.optional_text("note").value_or("");
  return rule;
}

void read_robustness(const Object& o, const std::filesystem::path& path, Thresholds& t) {
  const Object r(o.required("robustness"), path, o.child("robustness"), {"max_gross", "kernels", "exact_kernels", "min_primary_share"});
  if (r.find("max_gross")) {
    const Json& value = r.required("max_gross");
    if (!value.is_number_unsigned()) r.fail("max_gross", fmt::format("expected an integer >= 0, got {}", value.dump()));
    t.max_gross = value.get<std::uint64_t>();
  }
  if (r.find("kernels")) t.kernels = r.texts("kernels");
  if (r.find("exact_kernels")) t.exact_kernels = r.texts("exact_kernels");
  t.min_primary_share = r.optional_non_negative("min_primary_share").value_or(0);
  if (t.min_primary_share > 1)
    r.fail("min_primary_share", fmt::format("expected a share in [0, 1], got {}", t.min_primary_share));
}

void read_speed(const Object& o, const std::filesystem::path& path, Thresholds& t) {
  const Object s(o.required("speed"), path, o.child("speed"), {"tolerance", "rules"});
  t.tolerance = s.optional_non_negative("tolerance").value_or(t.tolerance);
  if (!s.find("rules")) return;
  const Json& rules = s.required("rules");
  if (!rules.is_array()) s.fail("rules", fmt::format("expected a list of rules, got {}", rules.type_name()));
  for (std::size_t i = 0; i < rules.size(); ++i) t.rules.push_back(read_rule(rules[i], path, i));
}

BenchContext read_baseline_context(const Object& o, const std::filesystem::path& path) {
  BenchContext c;
  const Json* json = o.find("context");
  if (!json) return c;
  const Object ctx(*json, path, "context", {"host_name", "num_cpus", "mhz", "date", "commit", "benchmark_file"});
  if (const Json* v = ctx.find("host_name"); v && v->is_string()) c.host_name = v->get<std::string>();
  if (const Json* v = ctx.find("date"); v && v->is_string()) c.date = v->get<std::string>();
  if (const Json* v = ctx.find("num_cpus"); v && v->is_number_integer()) c.num_cpus = v->get<long long>();
  if (const Json* v = ctx.find("mhz"); v && v->is_number()) c.mhz = v->get<double>();
  if (const Json* v = ctx.find("commit"); v && v->is_string()) c.commit = v->get<std::string>();
  return c;
}

template <class T>
OrderedJson optional_json(const std::optional<T>& value) {
  return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

}  // namespace

const MeasuredRatio* Baseline::find(const RatioKey& key) const {
  const auto it = std::find_if(ratios.begin(), ratios.end(), [&](const MeasuredRatio& r) { return r.key == key; });
  return it == ratios.end() ? nullptr : &*it;
}

Thresholds read_thresholds(const std::filesystem::path& path) {
  const Json json = parse_file(path);
  const Object o(json, path, "", {"robustness", "speed"});
  Thresholds t;
  t.path = path;
  if (o.find("robustness")) read_robustness(o, path, t);
  if (o.find("speed")) read_speed(o, path, t);
  return t;
}

Baseline read_baseline(const std::filesystem::path& path) {
  const Json json = parse_file(path);
  const Object o(json, path, "", {"format", "context", "ratios"});
  if (o.text("format") != kBaselineFormat)
    o.fail("format", fmt::format("expected \"{}\" (written by sepax gate --write-baseline), got {}", kBaselineFormat,
                                 o.required("format").dump()));
  Baseline b;
  b.path = path;
  b.context = read_baseline_context(o, path);
  const Json& ratios = o.required("ratios");
  if (!ratios.is_array()) o.fail("ratios", fmt::format("expected a list, got {}", ratios.type_name()));
  for (std::size_t i = 0; i < ratios.size(); ++i) {
    const Object r(ratios[i], path, fmt::format("ratios[{}]", i),
                   {"kernel", "reference", "family", "set", "ratio", "kernel_ns_per_test", "reference_ns_per_test"});
    MeasuredRatio m;
    m.key = {r.text("kernel"), r.text("reference"), r.text("family"), r.text("set")};
    m.ratio = r.positive("ratio");
    if (b.find(m.key)) r.fail("a second ratio for the same kernel, reference, family and set");
    b.ratios.push_back(m);
  }
  return b;
}

std::string baseline_text(const BenchContext& context, const std::filesystem::path& benchmark_file,
                          const std::vector<MeasuredRatio>& ratios) {
  OrderedJson j;
  j["format"] = kBaselineFormat;
  OrderedJson& c = j["context"];
  c["host_name"] = context.host_name;
  c["num_cpus"] = optional_json(context.num_cpus);
  c["mhz"] = optional_json(context.mhz);
  c["date"] = context.date;
  c["commit"] = optional_json(context.commit);
  c["benchmark_file"] = benchmark_file.string();
  j["ratios"] = OrderedJson::array();
  for (const MeasuredRatio& m : ratios)
    j["ratios"].push_back({{"kernel", m.key.kernel},
                           {"reference", m.key.reference},
                           {"family", m.key.family},
                           {"set", m.key.set},
                           {"ratio", m.ratio},
                           {"kernel_ns_per_test", m.kernel_ns},
                           {"reference_ns_per_test", m.reference_ns}});
  return j.dump(2) + "\n";
}

}  // namespace sepax::cli
