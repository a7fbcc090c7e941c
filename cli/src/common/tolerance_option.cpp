#include "common/tolerance_option.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <ostream>

#include <CLI/CLI.hpp>

#include "sepax/core/registry.hpp"

namespace sepax::cli {
namespace {

std::optional<double> parse_relative(const std::string& text) {
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v) || v < 0) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

void add_tolerance_option(CLI::App& command, std::vector<std::string>& texts) {
  command
      .add_option("--tolerance", texts,
                  "The tolerance a kernel promises, relative to the larger shape's size: REL for every kernel, "
                  "ID=REL for one (repeatable). A disagreement within max(rounding band, tolerance) is not gross. "
                  "Default: none, the rounding band alone")
      ->type_name("[ID=]REL");
}

double Tolerances::of(std::string_view id) const {
  if (const auto it = by_id.find(id); it != by_id.end()) return it->second;
  return all.value_or(0);
}

std::optional<Tolerances> parse_tolerance_texts(const std::vector<std::string>& texts, const char* command,
                                                std::ostream& err) {
  Tolerances t;
  for (const std::string& text : texts) {
    const auto eq = text.rfind('=');
    const std::string id = eq == std::string::npos ? "" : text.substr(0, eq);
    const std::string value = eq == std::string::npos ? text : text.substr(eq + 1);
    const std::optional<double> rel = parse_relative(value);
    if (!rel) {
      err << command << ": --tolerance " << text << ": the tolerance must be a finite number >= 0 (relative to the "
          << "larger shape's size, e.g. 1e-7), not '" << value << "'\n";
      return std::nullopt;
    }
    if (eq != std::string::npos && id.empty()) {
      err << command << ": --tolerance " << text << ": no kernel id before '='\n";
      return std::nullopt;
    }
    if (id.empty()) {
      if (t.all) {
        err << command << ": --tolerance REL given twice (" << *t.all << " and " << *rel << ")\n";
        return std::nullopt;
      }
      t.all = rel;
    } else if (!t.by_id.emplace(id, *rel).second) {
      err << command << ": --tolerance for " << id << " given twice\n";
      return std::nullopt;
    }
  }
  return t;
}

bool promise_tolerance_texts(const std::vector<std::string>& texts, const char* command, std::ostream& err) {
  const std::optional<Tolerances> t = parse_tolerance_texts(texts, command, err);
  if (!t) return false;
  if (!t->empty()) promise_tolerances(t->all, t->by_id);
  return true;
}

bool tolerance_ids_known(const char* command, std::ostream& err) {
  const std::vector<std::string> unknown = unknown_tolerance_ids();
  for (const std::string& id : unknown)
    err << command << ": --tolerance " << id << "=...: no kernel has the id '" << id
        << "' (sepax check --help; the ids are listed in docs/kernels.md)\n";
  return unknown.empty();
}

std::string tolerance_arguments(const std::vector<std::string>& texts) {
  std::string out;
  for (const std::string& t : texts) out += " --tolerance " + t;
  return out;
}

}  // namespace sepax::cli
