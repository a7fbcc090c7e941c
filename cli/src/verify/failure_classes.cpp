#include "verify/failure_classes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>

namespace sepax::cli {
namespace {

std::string slug(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
    if (keep)
      out += ch;
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

/// Bits of the significand that matter: 53 minus its trailing zeros.
int bits_of(double x) {
  if (x == 0 || !std::isfinite(x)) return 0;
  int exponent = 0;
  const double f = std::frexp(std::fabs(x), &exponent);          // in [0.5, 1)
  const auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));  // exact: 53 bits
  return 53 - std::countr_zero(m);
}

int bits_of(const Vec3<double>& v) { return bits_of(v.x()) + bits_of(v.y()) + bits_of(v.z()); }

int bits_of(const Obb3d& b) {
  int n = bits_of(b.center);
  for (int i = 0; i < 3; ++i) n += bits_of(b.axes[i]) + bits_of(b.extents[i]);
  return n;
}

int bits_of(const Triangle3d& t) { return bits_of(t.vertices[0]) + bits_of(t.vertices[1]) + bits_of(t.vertices[2]); }

}  // namespace

FailureClass make_failure_class(std::string kernel, std::string query, std::string scalar, std::string family,
                                std::string kind, bool peer, std::string origin, std::uint64_t count,
                                std::uint64_t gross_in_group) {
  FailureClass c;
  c.kernel = std::move(kernel);
  c.query = std::move(query);
  c.scalar = std::move(scalar);
  c.family = std::move(family);
  c.kind = std::move(kind);
  c.peer = peer;
  c.origin = std::move(origin);
  c.count = count;
  c.gross_in_group = gross_in_group;
  return c;
}

std::string class_folder(const FailureClass& c) {
  return fmt::format("{}.{}.{}", slug(c.kernel), slug(c.family), slug(c.kind));
}

std::string class_description(const FailureClass& c) {
  std::string what;
  if (c.kind.rfind("false-negative", 0) == 0) {
    what = "calls intersecting shapes separated";
    if (c.kind.size() > 15) what += fmt::format(" (on a {} axis)", c.kind.substr(15));
  } else if (c.kind == "false-positive") {
    what = "calls separated shapes intersecting";
  } else if (c.kind == "threw") {
    what = "throws or reports an error";
  } else if (c.kind == "wrong-contact") {
    what = "finds the contact at the wrong time or point";
  } else {
    what = c.kind;
  }
  return fmt::format("{} {} on {}", c.kernel, what, c.family);
}

nlohmann::ordered_json failure_class_row(const FailureClass& c, std::size_t files_written, std::string_view folder,
                                         std::string_view replay_command) {
  nlohmann::ordered_json j;
  j["table"] = "failure_class";
  j["class"] = fmt::format("{} {} {} {}", c.kernel, c.query, c.family, c.kind);
  j["kernel"] = c.kernel;
  j["query"] = c.query;
  j["scalar"] = c.scalar;
  j["family"] = c.family;
  j["kind"] = c.kind;
  j["peer"] = c.peer;
  j["origin"] = c.origin;
  j["count"] = c.count;
  j["gross_in_group"] = c.gross_in_group;
  j["files"] = files_written;
  j["files_not_written"] = c.count > files_written ? c.count - files_written : 0;
  j["folder"] = std::string(folder);
  j["replay"] = std::string(replay_command);
  j["description"] = class_description(c);
  j["verdicts"] = c.verdicts;
  const auto number = [](const std::optional<double>& v) -> nlohmann::ordered_json {
    if (!v) return nullptr;
    if (std::isinf(*v)) return "threw";
    return *v;
  };
  j["severity_max"] = number(c.severity_max);
  j["severity_median"] = number(c.severity_median);
  j["band_ratio_max"] = number(c.band_ratio_max);
  j["worst_severity"] = number(c.worst_severity);
  j["worst_band"] = number(c.worst_band);
  j["worst_tolerance"] = number(c.worst_tolerance);
  j["worst_is_gross"] = c.worst_is_gross;
  j["grow_tried"] = c.grow_tried;
  j["cause"] = c.cause;
  j["cause_detail"] = c.cause_detail;
  j["fix"] = c.cause_fix;
  return j;
}

int significant_bits(const ShapePair& pair) {
  switch (pair.query) {
    case Query::obb_obb:
      return bits_of(pair.obb_a) + bits_of(pair.obb_b);
    case Query::tri_obb:
      return bits_of(pair.tri_a) + bits_of(pair.obb_b);
    case Query::tri_tri:
      return bits_of(pair.tri_a) + bits_of(pair.tri_b);
  }
  return 0;
}

namespace {

/// A text class's severity (largest, median, against the band) and cause,
/// from its findings: the worst one (largest severity, else the first) decides.
void describe_text_class(const std::vector<const PendingReplay*>& members, FailureClass& c) {
  std::vector<double> severities;
  const PendingReplay* worst = members.front();
  for (const PendingReplay* m : members) {
    if (!m->severity) continue;
    severities.push_back(*m->severity);
    if (m->band && *m->band > 0)
      c.band_ratio_max = std::max(c.band_ratio_max.value_or(0.0), *m->severity / *m->band);
    if (!worst->severity || *m->severity > *worst->severity) worst = m;
  }
  if (!severities.empty()) {
    std::sort(severities.begin(), severities.end());
    c.severity_max = severities.back();
    c.severity_median = severities[severities.size() / 2];
    c.worst_severity = worst->severity;
    c.worst_band = worst->band;
  }
  if (worst->cause.empty()) {
    c.cause_detail = "not explained: this campaign (OBB trees) judges by rules of its own";
    return;
  }
  c.cause = worst->cause;
  c.cause_detail = worst->cause_detail;
  c.cause_fix = worst->cause_fix;
}

}  // namespace

std::vector<nlohmann::ordered_json> write_text_classes(const std::vector<PendingReplay>& replays,
                                                       const ClassGroup& group, const ResultsDirectory& results,
                                                       std::vector<std::pair<std::string, std::string>>& replay_lines,
                                                       std::vector<std::string>& notes) {
  // Classes in the order their first finding came.
  std::vector<std::pair<std::string, std::vector<const PendingReplay*>>> classes;
  for (const PendingReplay& r : replays) {
    const std::string key = r.kernel + '\n' + r.kind;
    auto it = std::find_if(classes.begin(), classes.end(), [&](const auto& c) { return c.first == key; });
    if (it == classes.end()) it = classes.insert(classes.end(), {key, {}});
    it->second.push_back(&r);
  }
  std::vector<nlohmann::ordered_json> rows;
  for (auto& [key, members] : classes) {
    const PendingReplay& first = *members.front();
    const auto gross = group.gross_by_kernel.find(first.kernel);
    const FailureClass fc = make_failure_class(first.kernel, group.query, group.scalar, group.family, first.kind,
                                               first.peer,
                                               first.peer ? first.kernel.substr(0, first.kernel.find('/')) : "sepax",
                                               members.size(),
                                               gross != group.gross_by_kernel.end() ? gross->second : members.size());
    // The class's first finding (lowest index: the one shrunk, the same file
    // in every pass over the group), then the shortest lines (simpler).
    std::stable_sort(members.begin() + 1, members.end(),
                     [](const PendingReplay* a, const PendingReplay* b) { return a->line.size() < b->line.size(); });
    const std::string folder = "gross/" + class_folder(fc);
    std::string replay;
    std::size_t written = 0;
    for (std::size_t n = 0; n < members.size() && n < std::max<std::size_t>(1, group.replays_per_class); ++n) {
      try {
        const auto file =
            results.write_text(folder, fmt::format("{:02}-{}.jsonl", n + 1, members[n]->stem), members[n]->line);
        if (n == 0)
          replay = fmt::format("{} {}{}{}", group.program, members[n]->command_head, file.string(),
                               members[n]->command_tail);
        ++written;
      } catch (const std::exception& e) {
        notes.push_back(fmt::format("note: {} campaign: cannot write a replay file: {}", group.query, e.what()));
      }
    }
    FailureClass explained = fc;
    describe_text_class(members, explained);
    nlohmann::ordered_json row = failure_class_row(explained, written, folder, replay);
    try {
      results.write_text(folder, "class.json", row.dump(2) + "\n");
    } catch (const std::exception& e) {
      notes.push_back(fmt::format("note: {} campaign: cannot write class.json: {}", group.query, e.what()));
    }
    if (!replay.empty())
      replay_lines.push_back(
          {replay, fmt::format("{} ({} finding{}; {} file{} in {}/): {}", class_description(fc), fc.count,
                               fc.count == 1 ? "" : "s", written, written == 1 ? "" : "s", folder, first.detail)});
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace sepax::cli
