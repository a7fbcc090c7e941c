#include "gate/junit_xml.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace sepax::cli {
namespace {

/// Groups in the order their first check appears.
std::vector<std::string> groups_of(const std::vector<GateCheck>& checks) {
  std::vector<std::string> groups;
  for (const GateCheck& c : checks)
    if (std::find(groups.begin(), groups.end(), c.group) == groups.end()) groups.push_back(c.group);
  return groups;
}

std::size_t failures_in(const std::vector<GateCheck>& checks, const std::string* group) {
  return std::count_if(checks.begin(), checks.end(),
                       [&](const GateCheck& c) { return !c.passed() && (!group || c.group == *group); });
}

void append_testcase(std::string& xml, const GateCheck& c) {
  xml += fmt::format("    <testcase classname=\"sepax.gate.{}\" name=\"{}\" time=\"0\"", xml_escape(c.group),
                     xml_escape(c.subject));
  if (c.passed() && c.note.empty()) {
    xml += "/>\n";
    return;
  }
  xml += ">\n";
  if (!c.passed())
    xml += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", xml_escape(failure_message(c)),
                       xml_escape(c.group), xml_escape(check_line(c)));
  if (!c.note.empty()) xml += fmt::format("      <system-out>{}</system-out>\n", xml_escape(c.note));
  xml += "    </testcase>\n";
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\t': out += "&#9;"; break;
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)
          out += "\xEF\xBF\xBD";  // U+FFFD: XML 1.0 has no way to write these
        else
          out += ch;
    }
  }
  return out;
}

std::string junit_xml(const std::vector<GateCheck>& checks) {
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml += fmt::format("<testsuites name=\"sepax gate\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n", checks.size(),
                     failures_in(checks, nullptr));
  for (const std::string& group : groups_of(checks)) {
    const auto tests = std::count_if(checks.begin(), checks.end(), [&](const GateCheck& c) { return c.group == group; });
    xml += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n",
                       xml_escape(group), tests, failures_in(checks, &group));
    for (const GateCheck& c : checks)
      if (c.group == group) append_testcase(xml, c);
    xml += "  </testsuite>\n";
  }
  xml += "</testsuites>\n";
  return xml;
}

}  // namespace sepax::cli
