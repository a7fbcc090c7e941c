#pragma once
/// \file `sepax gate --junit FILE`: the checks as JUnit XML, the format CI
/// systems (GitLab, Jenkins, GitHub test reporters) show per test.
///
/// <testsuites name="sepax gate" tests= failures=>, one <testsuite> per check
/// group (robustness, speed), one <testcase classname="sepax.gate.GROUP"
/// name=SUBJECT> per check; a failed check holds <failure message=REASONS>
/// with the whole line as text; a note goes to <system-out>.
#include <string>
#include <string_view>
#include <vector>

#include "gate/gate_check.hpp"

namespace sepax::cli {

/// `text` escaped for XML 1.0 character data and attribute values: & < > " '
/// as entities, tab/newline/carriage return as character references (kept in
/// attributes), other control characters, which XML 1.0 cannot hold at all,
/// as U+FFFD.
std::string xml_escape(std::string_view text);

std::string junit_xml(const std::vector<GateCheck>& checks);

}  // namespace sepax::cli
