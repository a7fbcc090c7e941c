#include "gate/gate_check.hpp"

#include <fmt/format.h>

namespace sepax::cli {

std::string failure_message(const GateCheck& check) { return fmt::format("{}", fmt::join(check.failures, "; ")); }

std::string check_line(const GateCheck& check) {
  std::string line = fmt::format("{} {:<10} {}: {} (limit: {})", check.passed() ? "PASS" : "FAIL", check.group,
                                 check.subject, check.measured, check.limit);
  if (!check.passed()) line += " -- " + failure_message(check);
  if (!check.note.empty()) line += " -- " + check.note;
  return line;
}

}  // namespace sepax::cli
