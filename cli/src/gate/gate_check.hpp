#pragma once
/// \file One check of `sepax gate`: one printed line and one JUnit testcase.
#include <string>
#include <vector>

namespace sepax::cli {

/// What was checked, what was measured, the limit, and why it failed (when
/// it did). A check passes exactly when `failures` is empty; `note` is
/// information that never fails it (a peer library's gross verdicts, a ratio
/// the baseline does not have yet).
struct GateCheck {
  std::string group;     ///< "robustness" or "speed": the JUnit testsuite
  std::string subject;   ///< "obb_obb/test_static/float x random (static)"
  std::string measured;  ///< "gross 0 of 30 cases, oracle disagreements 0, harness errors 0"
  std::string limit;     ///< "gross <= 0; oracle disagreements + harness errors = 0"
  std::vector<std::string> failures;
  std::string note;
  bool peer_finding = false;  ///< counted in the summary's informational findings

  bool passed() const { return failures.empty(); }
};

/// `PASS robustness  SUBJECT: MEASURED (limit: LIMIT) -- NOTE` or
/// `FAIL ... -- REASON; REASON`: one line, for the terminal and CI logs.
std::string check_line(const GateCheck& check);

/// The failure reasons as one sentence (JUnit's failure message).
std::string failure_message(const GateCheck& check);

}  // namespace sepax::cli
