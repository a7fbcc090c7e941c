// `sepax gate` (SPEC §9): the CI regression gate, driven through run_gate on
// the fixtures in fixtures/gate/ (verify-seed3/: a real `sepax verify --cases
// 30 --seed 3` run on three families; benchmark_fixture.json: SYNTHETIC
// numbers, each ratio chosen and listed in its context; thresholds.json: an
// example of bench/thresholds.json), with variants written per test, and
// through the built binary for the command line itself.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "command_run.hpp"
#include "test_files.hpp"
#include "gate/bench_results.hpp"
#include "gate/gate_command.hpp"
#include "gate/junit_xml.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using sepax::cli::GateOptions;

const fs::path kFixtures = SEPAX_GATE_FIXTURES;
const fs::path kVerifyDir = kFixtures / "verify-seed3";
const fs::path kBench = kFixtures / "benchmark_fixture.json";
const fs::path kThresholds = kFixtures / "thresholds.json";

/// Checks in the fixture run: 7 kernels named by thresholds.json, 66 kernel x
/// family rows in verify-seed3, 2 + 3 + 1 + 1 ratios of its four rules.
constexpr std::size_t kFixtureChecks = 7 + 66 + 7;

// ---------------------------------------------------------------------------
// Files and runs
// ---------------------------------------------------------------------------

using sepax::cli::test::slurp;

fs::path scratch_dir() { return sepax::cli::test::scratch_dir("sepax_gate_tests"); }

fs::path write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path;
}

std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<json> fixture_rows() {
  std::vector<json> rows;
  for (const std::string& line : text_lines(slurp(kVerifyDir / "verify.jsonl"))) rows.push_back(json::parse(line));
  return rows;
}

fs::path write_rows(const fs::path& path, const std::vector<json>& rows) {
  std::string text;
  for (const json& row : rows) text += row.dump() + "\n";
  return write_text(path, text);
}

/// The fixture's verify.jsonl with `edit` applied to every row.
fs::path edited_verify(const fs::path& dir, const std::function<void(json&)>& edit) {
  std::vector<json> rows = fixture_rows();
  for (json& row : rows) edit(row);
  return write_rows(dir / "verify.jsonl", rows);
}

bool is_row(const json& row, const std::string& kernel, const std::string& family) {
  return row.value("kernel", "") == kernel && row.value("family", "") == family;
}

json fixture_thresholds() { return json::parse(slurp(kThresholds)); }

/// The fixture run's rows and one more: a copy of its first static kernel
/// row made another library's (or a brought kernel's: its origin is its own
/// name), with `fields` set.
std::vector<json> fixture_rows_with(const std::string& kernel, const std::string& origin, const json& fields) {
  std::vector<json> rows = fixture_rows();
  json row = rows.at(1);
  EXPECT_TRUE(row.contains("kernel") && !row.contains("table")) << row.dump();
  row["kernel"] = kernel;
  row["origin"] = origin;
  row.update(fields);
  rows.push_back(row);
  return rows;
}

fs::path write_json(const fs::path& path, const json& value) { return write_text(path, value.dump(2)); }

struct GateRun {
  int status = -1;
  std::string out;
  std::string err;

  /// The check lines (one per check, before the repeated failures).
  std::vector<std::string> checks() const {
    std::vector<std::string> lines;
    for (const std::string& line : text_lines(out))
      if (line.starts_with("PASS ") || line.starts_with("FAIL ")) lines.push_back(line);
    return lines;
  }

  std::vector<std::string> failures() const {
    std::vector<std::string> lines;
    for (const std::string& line : checks())
      if (line.starts_with("FAIL ")) lines.push_back(line);
    return lines;
  }

  /// The one check line containing every piece, or "" (with a test failure).
  std::string check_with(std::initializer_list<std::string> pieces) const {
    std::vector<std::string> found;
    for (const std::string& line : checks())
      if (std::all_of(pieces.begin(), pieces.end(), [&](const std::string& p) { return line.find(p) != std::string::npos; }))
        found.push_back(line);
    if (found.size() != 1) {
      ADD_FAILURE() << found.size() << " check lines contain every piece asked for, expected 1:\n" << out;
      return "";
    }
    return found.front();
  }
};

GateRun gate(const std::vector<fs::path>& inputs, const fs::path& thresholds,
             const std::function<void(GateOptions&)>& more = {}) {
  GateOptions options;
  for (const fs::path& p : inputs) options.inputs.push_back(p.string());
  options.thresholds = thresholds;
  if (more) more(options);
  std::ostringstream out, err;
  GateRun run;
  run.status = sepax::cli::run_gate(options, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

GateRun gate_fixture(const std::function<void(GateOptions&)>& more = {}) {
  return gate({kVerifyDir, kBench}, kThresholds, more);
}

bool contains(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

// ---------------------------------------------------------------------------
// A minimal XML reader: enough of XML 1.0 to say whether the JUnit file is
// well-formed (one root, nested tags closed in order, attributes quoted, only
// the predefined and numeric references) and to give back its elements.
// ---------------------------------------------------------------------------

struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;  ///< unescaped
  std::string parent;
};

struct XmlDocument {
  std::vector<XmlElement> elements;  ///< in document order
  std::string error;                 ///< empty when well-formed

  std::vector<const XmlElement*> named(const std::string& name) const {
    std::vector<const XmlElement*> out;
    for (const XmlElement& e : elements)
      if (e.name == name) out.push_back(&e);
    return out;
  }
};

class XmlReader {
 public:
  explicit XmlReader(const std::string& text) : s_(text) {}

  XmlDocument read() {
    try {
      if (s_.starts_with("<?xml")) {
        const auto end = s_.find("?>");
        if (end == std::string::npos) fail("unterminated XML declaration");
        i_ = end + 2;
      }
      std::size_t roots = 0;
      while (true) {
        text_until_tag();
        if (i_ >= s_.size()) break;
        if (stack_.empty()) ++roots;
        tag();
      }
      if (!stack_.empty()) fail("element <" + stack_.back() + "> not closed");
      if (roots != 1) fail(std::to_string(roots) + " root elements");
    } catch (const std::string& error) {
      doc_.error = error;
    }
    return doc_;
  }

 private:
  [[noreturn]] void fail(const std::string& what) { throw what + " (at byte " + std::to_string(i_) + ")"; }

  static bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == ':'; }

  std::string name() {
    const std::size_t start = i_;
    if (i_ >= s_.size() || !(std::isalpha(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) fail("bad name");
    while (i_ < s_.size() && name_char(s_[i_])) ++i_;
    return s_.substr(start, i_ - start);
  }

  void skip_space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }

  /// Character data up to '<': references must be valid; outside the root
  /// only white space.
  void text_until_tag() {
    const std::size_t end = std::min(s_.find('<', i_), s_.size());
    const std::string text = unescape(s_.substr(i_, end - i_));
    if (stack_.empty() && text.find_first_not_of(" \t\r\n") != std::string::npos) fail("text outside the root");
    i_ = end;
  }

  std::string unescape(const std::string& raw) {
    std::string out;
    for (std::size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] != '&') {
        out += raw[k];
        continue;
      }
      const auto semi = raw.find(';', k);
      if (semi == std::string::npos) fail("'&' without ';'");
      const std::string ref = raw.substr(k + 1, semi - k - 1);
      static const std::map<std::string, char> named{{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
      if (named.contains(ref))
        out += named.at(ref);
      else if (ref.size() > 1 && ref[0] == '#' && std::all_of(ref.begin() + 1, ref.end(), ::isdigit))
        out += static_cast<char>(std::stoi(ref.substr(1)));
      else
        fail("unknown reference &" + ref + ";");
      k = semi;
    }
    return out;
  }

  void tag() {
    ++i_;  // '<'
    if (i_ < s_.size() && s_[i_] == '/') {
      ++i_;
      const std::string n = name();
      skip_space();
      if (i_ >= s_.size() || s_[i_] != '>') fail("bad end tag </" + n);
      ++i_;
      if (stack_.empty() || stack_.back() != n) fail("</" + n + "> does not close <" + (stack_.empty() ? "" : stack_.back()) + ">");
      stack_.pop_back();
      return;
    }
    XmlElement e;
    e.name = name();
    e.parent = stack_.empty() ? "" : stack_.back();
    while (true) {
      skip_space();
      if (i_ >= s_.size()) fail("unterminated tag <" + e.name);
      if (s_.compare(i_, 2, "/>") == 0) {
        i_ += 2;
        doc_.elements.push_back(e);
        return;
      }
      if (s_[i_] == '>') {
        ++i_;
        doc_.elements.push_back(e);
        stack_.push_back(e.name);
        return;
      }
      const std::string key = name();
      skip_space();
      if (i_ >= s_.size() || s_[i_] != '=') fail("attribute " + key + " without '='");
      ++i_;
      skip_space();
      if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\'')) fail("attribute " + key + " not quoted");
      const char quote = s_[i_++];
      const auto end = s_.find(quote, i_);
      if (end == std::string::npos) fail("unterminated attribute " + key);
      const std::string raw = s_.substr(i_, end - i_);
      if (raw.find('<') != std::string::npos) fail("'<' in attribute " + key);
      if (e.attributes.contains(key)) fail("attribute " + key + " twice");
      e.attributes[key] = unescape(raw);
      i_ = end + 1;
    }
  }

  const std::string& s_;
  std::size_t i_ = 0;
  std::vector<std::string> stack_;
  XmlDocument doc_;
};

XmlDocument read_xml(const std::string& text) { return XmlReader(text).read(); }

// ---------------------------------------------------------------------------
// The reader of the XML reader: it must reject what is not well-formed, or
// the JUnit tests below could not fail.
// ---------------------------------------------------------------------------

TEST(GateXmlReader, AcceptsWellFormedAndRejectsBrokenDocuments) {
  const XmlDocument good = read_xml("<?xml version=\"1.0\"?>\n<a x=\"1 &amp; &lt;2&gt;\"><b/><c>t&#10;</c></a>\n");
  EXPECT_EQ(good.error, "");
  ASSERT_EQ(good.elements.size(), 3u);
  EXPECT_EQ(good.elements[0].attributes.at("x"), "1 & <2>");
  EXPECT_EQ(good.elements[1].parent, "a");
  EXPECT_NE(read_xml("<a><b></a></b>").error, "");
  EXPECT_NE(read_xml("<a x=\"<\"/>").error, "");
  EXPECT_NE(read_xml("<a x=1/>").error, "");
  EXPECT_NE(read_xml("<a>&nbsp;</a>").error, "");
  EXPECT_NE(read_xml("<a>fish & chips</a>").error, "");
  EXPECT_NE(read_xml("<a/><b/>").error, "");
  EXPECT_NE(read_xml("<a>").error, "");
}

// ---------------------------------------------------------------------------
// Passing run
// ---------------------------------------------------------------------------

TEST(Gate, TheFixtureRunPassesEveryCheck) {
  const GateRun run = gate_fixture();
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.checks().size(), kFixtureChecks) << run.out;
  EXPECT_TRUE(run.failures().empty()) << run.out;
  EXPECT_TRUE(contains(run.out, "total: 80 checks, 80 passed, 0 failed")) << run.out;
  EXPECT_TRUE(contains(run.out, "exit 0: every check passed")) << run.out;
}

TEST(Gate, RatiosUseTheMedianAggregateAndRealTimeOverPairsWithoutTheCounter) {
  const GateRun run = gate_fixture();
  // Median aggregates 4.25 / 4.0 (the means would give 1.354, over the limit).
  EXPECT_TRUE(contains(run.check_with({"PASS speed", "textbook/obb_obb_sat/float on random"}), "ratio 1.062 (4.25 / 4 ns"))
      << run.out;
  // touching: no ns_per_test counter; real_time 5.5 us over 1000 pairs = 5.5 ns.
  EXPECT_TRUE(contains(run.check_with({"PASS speed", "textbook/obb_obb_sat/float on touching"}), "ratio 1.100 (5.5 / 5 ns"))
      << run.out;
  // "families": "*" found the three families measured for both.
  for (const char* family : {"random", "touching", "parallel-edges"})
    EXPECT_TRUE(contains(run.check_with({"fcl/obb_overlap/double on " + std::string(family)}), "PASS speed")) << family;
}

// ---------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------

TEST(Gate, ASepaxGrossVerdictFailsNamingKernelAndFamily) {
  const fs::path dir = scratch_dir();
  const fs::path verify = edited_verify(dir, [](json& row) {
    if (is_row(row, "tri_obb/test_static/double", "touching")) row["gross"] = 2;
  });
  const GateRun run = gate({verify, kBench}, kThresholds);
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  const std::string line = run.failures().front();
  EXPECT_TRUE(contains(line, "2 gross verdicts of sepax kernel tri_obb/test_static/double on family touching")) << line;
  EXPECT_TRUE(contains(line, "exceed max_gross 0")) << line;
  const std::vector<json> rows = fixture_rows();
  const auto row = std::find_if(rows.begin(), rows.end(), [](const json& r) {
    return is_row(r, "tri_obb/test_static/double", "touching") && !r.contains("table");
  });
  ASSERT_NE(row, rows.end());
  EXPECT_TRUE(contains(line, "[" + verify.string() + ":" + std::to_string(row - rows.begin() + 1) + "]")) << line;
  EXPECT_TRUE(contains(run.out, "failed checks:\n  " + line)) << run.out;
  EXPECT_TRUE(contains(run.out, "exit 1:")) << run.out;
}

TEST(Gate, AMovingKernelsGrossVerdictFailsToo) {
  const fs::path dir = scratch_dir();
  const fs::path verify = edited_verify(dir, [](json& row) {
    if (row.value("table", "") == "moving" && is_row(row, "tri_tri/find_first_contact/float", "parallel-edges"))
      row["gross"] = 1;
  });
  const GateRun run = gate({verify, kBench}, kThresholds);
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  EXPECT_TRUE(contains(run.failures().front(), "tri_tri/find_first_contact/float x parallel-edges (moving)"))
      << run.out;
}

TEST(Gate, MaxGrossIsTheLargestCountThatPasses) {
  const fs::path dir = scratch_dir();
  json thresholds = fixture_thresholds();
  thresholds["robustness"]["max_gross"] = 2;
  const fs::path t = write_json(dir / "thresholds.json", thresholds);
  for (const int gross : {2, 3}) {
    const fs::path verify = edited_verify(dir, [&](json& row) {
      if (is_row(row, "obb_obb/test_static/float", "random") && !row.contains("table")) row["gross"] = gross;
    });
    const GateRun run = gate({verify, kBench}, t);
    EXPECT_EQ(run.status, gross > 2 ? 1 : 0) << "gross " << gross << "\n" << run.out;
  }
}

TEST(Gate, ATolerancePassesOnlyTheGrossVerdictsWithinIt) {
  // 5 gross verdicts: 2 at >= 1e-6 of the size, none at >= 1e-3, the worst 4e-4.
  const fs::path dir = scratch_dir();
  const fs::path verify = edited_verify(dir, [](json& row) {
    if (is_row(row, "obb_obb/test_static/float", "random") && !row.contains("table")) {
      row["gross"] = 5;
      row["gross_levels"] = {{"beyond_band", 5}, {"1e-6", 2}, {"1e-3", 0}};
      row["max_gross_severity"] = 4e-4;
    }
  });
  const auto with = [&](std::map<std::string, double, std::less<>> by_id) {
    return gate({verify, kBench}, kThresholds, [&](GateOptions& o) { o.tolerances.by_id = by_id; });
  };
  EXPECT_EQ(gate({verify, kBench}, kThresholds).status, 1) << "strict: every gross verdict fails";
  const GateRun wide = with({{"obb_obb/test_static/float", 1e-3}});
  EXPECT_EQ(wide.status, 0) << "the worst, 4e-4, is within 1e-3\n" << wide.out;
  const GateRun middle = with({{"obb_obb/test_static/float", 1e-5}});
  EXPECT_EQ(middle.status, 1) << middle.out;
  ASSERT_EQ(middle.failures().size(), 1u) << middle.out;
  EXPECT_TRUE(contains(middle.failures().front(), "2 gross verdicts beyond the tolerance 1e-05")) << middle.out;
  const GateRun narrow = with({{"obb_obb/test_static/float", 1e-7}});
  ASSERT_EQ(narrow.failures().size(), 1u) << narrow.out;
  EXPECT_TRUE(contains(narrow.failures().front(), "5 gross verdicts beyond the tolerance 1e-07")) << narrow.out;
  // Another kernel's tolerance does not excuse this one.
  EXPECT_EQ(with({{"tri_obb/test_static/double", 1}}).status, 1);
  // A tolerance for a kernel without rows is a usage error naming it.
  const GateRun unknown = with({{"no/such_kernel/float", 1e-3}});
  EXPECT_EQ(unknown.status, 2) << unknown.out;
  EXPECT_TRUE(contains(unknown.err, "no/such_kernel/float")) << unknown.err;
}

TEST(Gate, ACertifiedKernelsBoundaryVerdictFailsWhereOthersPass) {
  // The fixture's obb_obb/test_static/float rows have boundary verdicts and
  // pass; named as a certified (exact) kernel, the same rows fail.
  const fs::path dir = scratch_dir();
  const fs::path verify = edited_verify(dir, [](json& row) {
    if (is_row(row, "obb_obb/test_static/float", "random") && !row.contains("table")) row["boundary"] = 3;
  });
  EXPECT_EQ(gate({verify, kBench}, kThresholds).status, 0);
  json thresholds = fixture_thresholds();
  thresholds["robustness"]["exact_kernels"] = {"obb_obb/test_static/float"};
  const GateRun run = gate({verify, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(contains(run.check_with({"FAIL", "obb_obb/test_static/float x random (certified"}),
                       "certified kernel obb_obb/test_static/float on family random: 3 verdicts differ"))
      << run.out;
  thresholds["robustness"]["exact_kernels"] = {"tri_tri/test_certified/float"};
  const GateRun missing = gate({verify, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(missing.status, 1) << missing.out;
  EXPECT_TRUE(contains(missing.out, "missing: tri_tri/test_certified/float is named in")) << missing.out;
}

TEST(Gate, APeersGrossVerdictsAreReportedButNeverFail) {
  const fs::path dir = scratch_dir();
  const std::vector<json> rows = fixture_rows_with("fcl/obb_overlap/float", "fcl", {{"family", "touching"}, {"gross", 3}});
  const GateRun run = gate({write_rows(dir / "verify.jsonl", rows), kBench}, kThresholds);
  EXPECT_EQ(run.status, 0) << run.out;
  const std::string line = run.check_with({"fcl/obb_overlap/float x touching"});
  EXPECT_TRUE(line.starts_with("PASS robustness")) << line;
  EXPECT_TRUE(contains(line, "peer: fcl")) << line;
  EXPECT_TRUE(contains(line, "peer finding (informational): 3 gross verdicts of fcl's fcl/obb_overlap/float")) << line;
  EXPECT_TRUE(contains(run.out, "1 peer findings (informational, not failures)")) << run.out;
}

TEST(Gate, AKernelOfTheUsersListedInTheThresholdsIsGatedLikeSepaxs) {
  // A kernel brought with --external or --plugin: its rows' origin is its own name.
  const fs::path dir = scratch_dir();
  const fs::path verify = write_rows(dir / "verify.jsonl",
                                     fixture_rows_with("mylib/obb_sat/float", "mylib", {{"family", "parallel-edges"}, {"gross", 2}}));
  // Not listed: a finding, as a peer's.
  const GateRun unlisted = gate({verify, kBench}, kThresholds);
  EXPECT_EQ(unlisted.status, 0) << unlisted.out;
  EXPECT_TRUE(contains(unlisted.check_with({"mylib/obb_sat/float x parallel-edges"}), "peer finding")) << unlisted.out;
  // Listed: its gross verdicts fail the gate, named.
  json thresholds = fixture_thresholds();
  thresholds["robustness"]["kernels"].push_back("mylib/obb_sat/float");
  const GateRun listed = gate({verify, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(listed.status, 1) << listed.out;
  ASSERT_EQ(listed.failures().size(), 1u) << listed.out;
  EXPECT_TRUE(contains(listed.failures().front(), "2 gross verdicts of the listed kernel mylib/obb_sat/float on "
                                                  "family parallel-edges (static table) exceed max_gross 0"))
      << listed.out;
  EXPECT_FALSE(contains(listed.check_with({"mylib/obb_sat/float x parallel-edges"}), "peer finding")) << listed.out;
}

TEST(Gate, AnOracleDisagreementFailsEvenOnAPeersRow) {
  const fs::path dir = scratch_dir();
  const std::vector<json> rows =
      fixture_rows_with("textbook/obb_obb_sat/float", "textbook", {{"oracle_disagreements", 1}});
  const GateRun run = gate({write_rows(dir / "verify.jsonl", rows), kBench}, kThresholds);
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  EXPECT_TRUE(contains(run.failures().front(), "1 oracle disagreement on the random static group of "
                                               "textbook/obb_obb_sat/float: the exact oracles disagree"))
      << run.out;
}

TEST(Gate, OracleDisagreementsAndHarnessErrorsOfASepaxRowFail) {
  const fs::path dir = scratch_dir();
  const fs::path verify = edited_verify(dir, [](json& row) {
    if (row.value("table", "") != "moving") return;
    if (is_row(row, "obb_obb/test_moving/double", "random")) row["oracle_disagreements"] = 2;
    if (is_row(row, "tri_obb/test_moving/float", "touching")) row["harness_errors"] = 1;
  });
  const GateRun run = gate({verify, kBench}, kThresholds);
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 2u) << run.out;
  EXPECT_TRUE(contains(run.check_with({"FAIL", "obb_obb/test_moving/double x random"}), "2 oracle disagreements"));
  EXPECT_TRUE(contains(run.check_with({"FAIL", "tri_obb/test_moving/float x touching"}),
                       "1 harness error on the touching moving group"));
}

TEST(Gate, AKernelNamedInTheThresholdsButAbsentIsMissing) {
  const fs::path dir = scratch_dir();
  json thresholds = fixture_thresholds();
  thresholds["robustness"]["kernels"].push_back("tri_tri/test_static_eps/float");
  const GateRun run = gate({kVerifyDir, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  EXPECT_TRUE(contains(run.failures().front(), "missing: tri_tri/test_static_eps/float is named in")) << run.out;
}

TEST(Gate, OnlyTheLastRunOfAnAppendedVerifyFileIsJudged) {
  const fs::path dir = scratch_dir();
  std::vector<json> old_run = fixture_rows();
  for (json& row : old_run) {
    row["run"] = "2026-01-01T00:00:00Z";
    if (is_row(row, "obb_obb/test_static/float", "random")) row["gross"] = 5;
  }
  std::vector<json> rows = old_run;
  for (const json& row : fixture_rows()) rows.push_back(row);
  const GateRun fixed = gate({write_rows(dir / "old-then-new.jsonl", rows), kBench}, kThresholds);
  EXPECT_EQ(fixed.status, 0) << fixed.out;
  EXPECT_TRUE(contains(fixed.out, "holds 1 earlier run; only the last")) << fixed.out;
  EXPECT_EQ(fixed.checks().size(), kFixtureChecks) << fixed.out;  // not twice the rows

  rows = fixture_rows();
  for (const json& row : old_run) rows.push_back(row);
  const GateRun broken = gate({write_rows(dir / "new-then-old.jsonl", rows), kBench}, kThresholds);
  EXPECT_EQ(broken.status, 1) << broken.out;
}

// ---------------------------------------------------------------------------
// Speed
// ---------------------------------------------------------------------------

TEST(Gate, ARatioAboveMaxRatioFails) {
  const fs::path dir = scratch_dir();
  json thresholds = fixture_thresholds();
  thresholds["speed"]["rules"][0]["max_ratio"] = 1.08;  // random 1.0625 passes, touching 1.1 does not
  const GateRun run = gate({kVerifyDir, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  const std::string line = run.failures().front();
  EXPECT_TRUE(contains(line, "textbook/obb_obb_sat/float on touching (mixed set)")) << line;
  EXPECT_TRUE(contains(line, "ratio 1.100 > max_ratio 1.08")) << line;
  EXPECT_TRUE(run.check_with({"textbook/obb_obb_sat/float on random"}).starts_with("PASS")) << run.out;
}

/// A baseline file with the given ratios for the first rule's kernel and reference.
fs::path write_baseline(const fs::path& path, const std::map<std::string, double>& ratio_by_family) {
  json b{{"format", "sepax-gate-baseline/1"}, {"context", {{"host_name", "fixture-host"}}}, {"ratios", json::array()}};
  for (const auto& [family, ratio] : ratio_by_family)
    b["ratios"].push_back({{"kernel", "obb_obb/test_static/float"},
                           {"reference", "textbook/obb_obb_sat/float"},
                           {"family", family},
                           {"set", "mixed"},
                           {"ratio", ratio}});
  return write_json(path, b);
}

TEST(Gate, ARatioAboveTheBaselineTimesOnePlusToleranceFails) {
  const fs::path dir = scratch_dir();
  // random: 1.0625 > 0.8 x 1.25 = 1.0 fails; touching: 1.1 <= 1.0 x 1.25 passes.
  const fs::path baseline = write_baseline(dir / "baseline.json", {{"random", 0.8}, {"touching", 1.0}});
  const GateRun run = gate_fixture([&](GateOptions& o) { o.baseline = baseline; });
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  const std::string line = run.failures().front();
  EXPECT_TRUE(contains(line, "on random (mixed set)")) << line;
  EXPECT_TRUE(contains(line, "ratio 1.062 > baseline 0.800 x (1 + tolerance 0.25) = 1.000")) << line;
  EXPECT_FALSE(contains(line, "> max_ratio")) << line;
  EXPECT_TRUE(contains(run.check_with({"textbook/obb_obb_sat/float on touching"}),
                       "<= baseline 1.000 x (1 + 0.25) = 1.250"))
      << run.out;
  // Ratios the baseline does not have are judged by max_ratio alone, and say so.
  EXPECT_TRUE(contains(run.check_with({"fcl/obb_overlap/double on random"}), "no ratio for this")) << run.out;
}

TEST(Gate, TheToleranceComesFromTheThresholds) {
  const fs::path dir = scratch_dir();
  const fs::path baseline = write_baseline(dir / "baseline.json", {{"random", 0.8}});
  json thresholds = fixture_thresholds();
  thresholds["speed"]["tolerance"] = 0.4;  // 0.8 x 1.4 = 1.12 >= 1.0625
  const GateRun run = gate({kVerifyDir, kBench}, write_json(dir / "thresholds.json", thresholds),
                           [&](GateOptions& o) { o.baseline = baseline; });
  EXPECT_EQ(run.status, 0) << run.out << run.err;
}

TEST(Gate, AMissingReferenceFailsWithTheReason) {
  const fs::path dir = scratch_dir();
  json thresholds = fixture_thresholds();
  thresholds["speed"]["rules"][0]["reference"] = "textbook/obb_obb_sat_eps/float";
  const GateRun run = gate({kVerifyDir, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 2u) << run.out;  // random and touching
  const std::string line = run.check_with({"FAIL", "on random"});
  EXPECT_TRUE(contains(line, "missing data: ")) << line;
  EXPECT_TRUE(contains(line, "textbook/obb_obb_sat_eps/float not measured on family random, set mixed")) << line;
  EXPECT_TRUE(contains(line, kBench.string())) << line;
}

TEST(Gate, ABenchmarkThatReportedAnErrorFailsItsRuleWithTheMessage) {
  const fs::path dir = scratch_dir();
  json thresholds = fixture_thresholds();
  thresholds["speed"]["rules"].push_back({{"kernel", "ode/box_box/double"},
                                          {"reference", "fcl/obb_overlap/double"},
                                          {"families", {"random"}},
                                          {"max_ratio", 2}});
  const GateRun run = gate({kVerifyDir, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  EXPECT_TRUE(contains(run.failures().front(), "ode/box_box/double's benchmark reported an error (ODE adapter not built)"))
      << run.out;
}

TEST(Gate, EveryFamilyOnASetWithoutDataFails) {
  const fs::path dir = scratch_dir();
  json thresholds = fixture_thresholds();
  thresholds["speed"]["rules"][1]["set"] = "intersecting";
  const GateRun run = gate({kVerifyDir, kBench}, write_json(dir / "thresholds.json", thresholds));
  EXPECT_EQ(run.status, 1) << run.out;
  ASSERT_EQ(run.failures().size(), 1u) << run.out;
  EXPECT_TRUE(contains(run.failures().front(), "no family where both are measured on set intersecting")) << run.out;
}

TEST(Gate, SpeedRulesWithoutABenchmarkInputFail) {
  const GateRun run = gate({kVerifyDir}, kThresholds);
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_EQ(run.failures().size(), 4u) << run.out;  // one per rule
  for (const std::string& line : run.failures()) EXPECT_TRUE(contains(line, "no benchmark input")) << line;
}

// ---------------------------------------------------------------------------
// Input errors: exit 2, the file and line named, nothing judged
// ---------------------------------------------------------------------------

TEST(Gate, AMalformedVerifyLineIsAnInputErrorNamingFileAndLine) {
  const fs::path dir = scratch_dir();
  std::vector<std::string> lines = text_lines(slurp(kVerifyDir / "verify.jsonl"));
  lines.at(4) = R"({"run":"x","kernel":"obb_obb/test_static/float", "family")";
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  const fs::path verify = write_text(dir / "verify.jsonl", text);
  const GateRun run = gate({verify, kBench}, kThresholds);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(contains(run.err, verify.string() + ":5: not valid JSON")) << run.err;
  EXPECT_EQ(run.out, "");
}

TEST(Gate, AWrongTypeInAVerifyRowNamesFileLineAndField) {
  const fs::path dir = scratch_dir();
  std::vector<json> rows = fixture_rows();
  rows.at(6)["gross"] = "3";
  const fs::path verify = write_rows(dir / "verify.jsonl", rows);
  const GateRun run = gate({verify}, kThresholds);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(contains(run.err, verify.string() + ":7: field \"gross\": expected a count")) << run.err;
}

TEST(Gate, MalformedBenchmarkJsonNamesFileAndLine) {
  const fs::path dir = scratch_dir();
  std::vector<std::string> lines = text_lines(slurp(kBench));
  const std::size_t broken = 40;
  lines.at(broken - 1) = "      \"run_type\": iteration,";
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  const fs::path bench = write_text(dir / "bench.json", text);
  const GateRun run = gate({kVerifyDir, bench}, kThresholds);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(contains(run.err, bench.string() + ":" + std::to_string(broken) + ": not valid JSON")) << run.err;
}

TEST(Gate, GoogleBenchmarksNaNTokensAreReadAsNull) {
  // Google Benchmark writes a bare NaN for the coefficient of variation of a
  // counter that is 0 in every repetition (a hit rate on a separated set).
  const fs::path dir = scratch_dir();
  std::string text = slurp(kBench);
  const std::string field = "\"real_time\": ";
  const std::size_t at = text.find(field);
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "\"hit_rate_cv\": NaN, \"other\": -Infinity, \"name_with_NaN\": \"NaN\", ");
  const fs::path bench = write_text(dir / "bench.json", text);
  const GateRun run = gate({kVerifyDir, bench}, kThresholds);
  EXPECT_EQ(run.status, gate({kVerifyDir, kBench}, kThresholds).status) << run.out << run.err;
  EXPECT_EQ(run.err.find("not valid JSON"), std::string::npos) << run.err;
}

TEST(Gate, UnreadableInputsAndThresholdsAreInputErrors) {
  const fs::path dir = scratch_dir();
  EXPECT_EQ(gate({dir / "nonexistent"}, kThresholds).status, 2);
  const GateRun empty_dir = gate({dir}, kThresholds);
  EXPECT_EQ(empty_dir.status, 2);
  EXPECT_TRUE(contains(empty_dir.err, "a directory without verify.jsonl")) << empty_dir.err;

  json thresholds = fixture_thresholds();
  thresholds["speed"]["rules"][2]["max_ration"] = 1.5;
  const GateRun typo = gate({kVerifyDir, kBench}, write_json(dir / "typo.json", thresholds));
  EXPECT_EQ(typo.status, 2);
  EXPECT_TRUE(contains(typo.err, "speed.rules[2]: unknown field \"max_ration\"")) << typo.err;

  const fs::path trailing_comma =
      write_text(dir / "comma.json", "{\n  \"robustness\": {\n    \"max_gross\": 0,\n  }\n}\n");
  const GateRun comma = gate({kVerifyDir, kBench}, trailing_comma);
  EXPECT_EQ(comma.status, 2);
  EXPECT_TRUE(contains(comma.err, trailing_comma.string() + ":4: not valid JSON")) << comma.err;

  const GateRun no_file = gate({kVerifyDir, kBench}, dir / "no-thresholds.json");
  EXPECT_EQ(no_file.status, 2);
  EXPECT_TRUE(contains(no_file.err, "no-thresholds.json: cannot open")) << no_file.err;
}

// ---------------------------------------------------------------------------
// JUnit XML
// ---------------------------------------------------------------------------

TEST(GateJunit, OneTestcasePerCheckAndAFailurePerFailedCheck) {
  const fs::path dir = scratch_dir();
  const fs::path verify = edited_verify(dir, [](json& row) {
    if (is_row(row, "tri_tri/test_static/double", "random") && !row.contains("table")) row["gross"] = 1;
  });
  json thresholds = fixture_thresholds();
  thresholds["speed"]["rules"][0]["max_ratio"] = 1.0;  // random and touching fail
  const fs::path junit = dir / "gate.xml";
  const GateRun run = gate({verify, kBench}, write_json(dir / "thresholds.json", thresholds),
                           [&](GateOptions& o) { o.junit = junit; });
  EXPECT_EQ(run.status, 1) << run.out;
  const XmlDocument xml = read_xml(slurp(junit));
  ASSERT_EQ(xml.error, "") << slurp(junit);

  const auto testcases = xml.named("testcase");
  const auto failures = xml.named("failure");
  EXPECT_EQ(testcases.size(), run.checks().size());
  EXPECT_EQ(testcases.size(), kFixtureChecks);
  EXPECT_EQ(failures.size(), run.failures().size());
  EXPECT_EQ(failures.size(), 3u);
  for (const XmlElement* f : failures) EXPECT_EQ(f->parent, "testcase");
  ASSERT_EQ(xml.named("testsuites").size(), 1u);
  EXPECT_EQ(xml.named("testsuites")[0]->attributes.at("tests"), std::to_string(kFixtureChecks));
  EXPECT_EQ(xml.named("testsuites")[0]->attributes.at("failures"), "3");
  for (const XmlElement* suite : xml.named("testsuite")) EXPECT_EQ(suite->parent, "testsuites");

  std::vector<std::string> messages;
  for (const XmlElement* f : failures) messages.push_back(f->attributes.at("message"));
  EXPECT_EQ(std::count_if(messages.begin(), messages.end(),
                          [](const std::string& m) {
                            return contains(m, "1 gross verdict of sepax kernel tri_tri/test_static/double on family random");
                          }),
            1);
  EXPECT_EQ(std::count_if(messages.begin(), messages.end(),
                          [](const std::string& m) { return contains(m, "> max_ratio 1"); }),
            2);
}

TEST(GateJunit, NamesAndMessagesAreEscapedAndReadBackUnchanged) {
  const fs::path dir = scratch_dir();
  const std::string weird = "weird<&>\"'/k\x01/float";
  std::vector<json> rows = fixture_rows();
  json row = rows.at(1);
  row["kernel"] = weird;
  row["gross"] = 1;
  rows.push_back(row);
  const fs::path junit = dir / "gate.xml";
  const GateRun run = gate({write_rows(dir / "verify.jsonl", rows), kBench}, kThresholds,
                           [&](GateOptions& o) { o.junit = junit; });
  EXPECT_EQ(run.status, 1) << run.out;
  const std::string text = slurp(junit);
  const XmlDocument xml = read_xml(text);
  ASSERT_EQ(xml.error, "") << text;
  // The control character cannot be in XML 1.0 at all: U+FFFD stands for it.
  const std::string shown = "weird<&>\"'/k\xEF\xBF\xBD/float";
  const auto failures = xml.named("failure");
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_TRUE(contains(failures[0]->attributes.at("message"), "sepax kernel " + shown + " on family")) << text;
  const auto cases = xml.named("testcase");
  EXPECT_EQ(std::count_if(cases.begin(), cases.end(),
                          [&](const XmlElement* c) { return c->attributes.at("name") == shown + " x random (static)"; }),
            1);
}

TEST(GateJunit, XmlEscapeCoversTheFiveEntitiesAndWhitespaceInAttributes) {
  EXPECT_EQ(sepax::cli::xml_escape("a<b>&\"c'\t\n\r"), "a&lt;b&gt;&amp;&quot;c&apos;&#9;&#10;&#13;");
  EXPECT_EQ(sepax::cli::xml_escape(std::string("x\0y", 3)), "x\xEF\xBF\xBDy");
  EXPECT_EQ(sepax::cli::xml_escape("obb_obb/test_static/float"), "obb_obb/test_static/float");
}

// ---------------------------------------------------------------------------
// Baselines
// ---------------------------------------------------------------------------

TEST(GateBaseline, WriteBaselineRoundTripsThroughBaseline) {
  const fs::path dir = scratch_dir();
  const fs::path baseline = dir / "baseline.json";
  const GateRun write = gate_fixture([&](GateOptions& o) { o.write_baseline = baseline; });
  EXPECT_EQ(write.status, 0) << write.out << write.err;
  EXPECT_TRUE(contains(write.out, "wrote 7 ratios to " + baseline.string())) << write.out;

  const json b = json::parse(slurp(baseline));
  EXPECT_EQ(b["format"], "sepax-gate-baseline/1");
  EXPECT_EQ(b["context"]["host_name"], "fixture-host");
  EXPECT_EQ(b["context"]["num_cpus"], 2);
  EXPECT_EQ(b["context"]["mhz"], 2400.0);
  EXPECT_EQ(b["context"]["date"], "2026-11-20T10:00:00+00:00");
  EXPECT_EQ(b["context"]["commit"], "0123456789abcdef0123456789abcdef01234567");
  ASSERT_EQ(b["ratios"].size(), 7u);
  std::map<std::string, double> by_family;
  for (const json& r : b["ratios"])
    if (r["kernel"] == "obb_obb/test_static/float") by_family[r["family"].get<std::string>()] = r["ratio"].get<double>();
  EXPECT_EQ(by_family.size(), 2u);
  EXPECT_DOUBLE_EQ(by_family["random"], 4.25 / 4.0);
  EXPECT_DOUBLE_EQ(by_family["touching"], 5.5 / 5.0);

  // The same run against its own baseline passes, every ratio found in it.
  const GateRun same = gate_fixture([&](GateOptions& o) { o.baseline = baseline; });
  EXPECT_EQ(same.status, 0) << same.out << same.err;
  EXPECT_FALSE(contains(same.out, "no ratio for this")) << same.out;
  EXPECT_TRUE(contains(same.check_with({"textbook/obb_obb_sat/float on random"}), "baseline 1.062 x (1 + 0.25) = 1.328"))
      << same.out;

  // A later run where the kernel got 50% slower on random: within a loose
  // max_ratio, over the baseline's 1.0625 x 1.25 = 1.328.
  json slower = json::parse(slurp(kBench));
  for (json& e : slower["benchmarks"])
    if (e["run_name"] == "kernel:obb_obb/test_static/float:random:mixed/repeats:3")
      e["ns_per_test"] = e["ns_per_test"].get<double>() * 1.5;
  json loose = fixture_thresholds();
  loose["speed"]["rules"][0]["max_ratio"] = 2.0;
  const GateRun regressed = gate({kVerifyDir, write_json(dir / "slower.json", slower)},
                                 write_json(dir / "loose.json", loose), [&](GateOptions& o) { o.baseline = baseline; });
  EXPECT_EQ(regressed.status, 1) << regressed.out << regressed.err;
  ASSERT_EQ(regressed.failures().size(), 1u) << regressed.out;
  EXPECT_TRUE(contains(regressed.failures().front(), "ratio 1.594 > baseline 1.062 x (1 + tolerance 0.25) = 1.328"))
      << regressed.out;
}

TEST(GateBaseline, WriteBaselineNeedsExactlyOneBenchmarkFile) {
  const fs::path dir = scratch_dir();
  const GateRun none = gate({kVerifyDir}, kThresholds, [&](GateOptions& o) { o.write_baseline = dir / "b.json"; });
  EXPECT_EQ(none.status, 2);
  EXPECT_TRUE(contains(none.err, "--write-baseline needs exactly one")) << none.err;
  const GateRun two = gate({kVerifyDir, kBench, kBench}, kThresholds, [&](GateOptions& o) { o.write_baseline = dir / "b.json"; });
  EXPECT_EQ(two.status, 2);
  EXPECT_FALSE(fs::exists(dir / "b.json"));
}

TEST(GateBaseline, ABaselineOfAnotherFormatIsAnInputError) {
  const fs::path dir = scratch_dir();
  const fs::path bad = write_json(dir / "bad.json", json{{"format", "something-else"}, {"ratios", json::array()}});
  const GateRun run = gate_fixture([&](GateOptions& o) { o.baseline = bad; });
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.err, "format: expected \"sepax-gate-baseline/1\"")) << run.err;
}

// ---------------------------------------------------------------------------
// Benchmark names
// ---------------------------------------------------------------------------

TEST(GateBenchmarkNames, GoogleBenchmarkSuffixesAreNotPartOfTheKey) {
  using sepax::cli::split_benchmark_name;
  const auto a = split_benchmark_name("kernel:obb_obb/test_static/float:random:mixed/repeats:5");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->first, "kernel");
  EXPECT_EQ(a->second.id, "obb_obb/test_static/float");
  EXPECT_EQ(a->second.family, "random");
  EXPECT_EQ(a->second.set, "mixed");
  const auto b = split_benchmark_name("oracle:oracle/sat_exact/obb_obb/double:parallel-edges:mixed/min_time:0.500/real_time");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->second.id, "oracle/sat_exact/obb_obb/double");
  EXPECT_EQ(b->second.family, "parallel-edges");
  EXPECT_FALSE(split_benchmark_name("BM_memcpy/64"));
  EXPECT_FALSE(split_benchmark_name("kernel:obb_obb/test_static/float:random"));
  EXPECT_FALSE(split_benchmark_name("tree:obb_tree/build:bunny:mixed"));
  // sepax_bench_gomez's and sepax_bench_manifold's names have no set: "mixed".
  const auto d = split_benchmark_name("manifold:obb_obb_manifold/find_manifold/float:random/repeats:5");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->first, "manifold");
  EXPECT_EQ(d->second.id, "obb_obb_manifold/find_manifold/float");
  EXPECT_EQ(d->second.family, "random");
  EXPECT_EQ(d->second.set, "mixed");
  EXPECT_FALSE(split_benchmark_name("gomez:aabb_aabb/test_static/float"));
}

// ---------------------------------------------------------------------------
// The command line
// ---------------------------------------------------------------------------

using sepax::cli::test::CommandRun;
using sepax::cli::test::run_sepax;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

TEST(SepaxGate, ExitStatusIsZeroOneOrTwo) {
  const fs::path dir = scratch_dir();
  const std::string inputs = quoted(kVerifyDir) + " " + quoted(kBench);
  const CommandRun pass = run_sepax("gate " + inputs + " --thresholds " + quoted(kThresholds), dir);
  EXPECT_EQ(pass.status, 0) << pass.out << pass.err;
  EXPECT_TRUE(contains(pass.out, "total: 80 checks, 80 passed")) << pass.out;

  const fs::path verify = edited_verify(dir, [](json& row) {
    if (is_row(row, "obb_obb/test_static/double", "touching") && !row.contains("table")) row["gross"] = 1;
  });
  const fs::path junit = dir / "junit.xml";
  const CommandRun fail = run_sepax(
      "gate " + quoted(verify) + " " + quoted(kBench) + " --thresholds " + quoted(kThresholds) + " --junit " + quoted(junit),
      dir);
  EXPECT_EQ(fail.status, 1) << fail.out << fail.err;
  EXPECT_EQ(read_xml(slurp(junit)).named("failure").size(), 1u);

  const CommandRun usage = run_sepax("gate " + inputs, dir);  // no --thresholds
  EXPECT_EQ(usage.status, 2) << usage.out << usage.err;
  EXPECT_TRUE(contains(usage.err + usage.out, "--thresholds")) << usage.err;
}

// A failing gate with --compare-base prints what changed against that run:
// the committed compare runs of reports/tests/fixtures/compare, whose NEW
// side has the plugin kernel made 2x slower (so the brought-kernel rule fails).
TEST(SepaxGate, FailurePrintsWhatChangedAgainstTheBaseRun) {
  const fs::path dir = scratch_dir();
  const fs::path runs = fs::path(SEPAX_FIXTURES_DIR) / ".." / ".." / ".." / "reports" / "tests" / "fixtures" / "compare";
  const fs::path thresholds = write_text(dir / "thresholds.json", R"({"robustness": {"max_gross": 0},
    "speed": {"tolerance": 1.0, "rules": [{"kernel": "example_fixed/obb_sat/double",
      "reference": "inprocess/obb_sat/double", "families": "*", "set": "mixed", "max_ratio": 1.2}]}})");
  const std::string base = "--thresholds " + quoted(thresholds) + " --compare-base " + quoted(runs / "base");
  const CommandRun fail =
      run_sepax("gate " + quoted(runs / "new" / "verify.jsonl") + " " + quoted(runs / "new" / "bench_brought.json") + " " + base, dir);
  EXPECT_EQ(fail.status, 1) << fail.out << fail.err;
  EXPECT_TRUE(contains(fail.out, "What changed against the baseline run")) << fail.out << fail.err;
  EXPECT_TRUE(contains(fail.out, "**Slower** (2)")) << fail.out;
  EXPECT_TRUE(contains(fail.out, "example_fixed/obb_sat/double")) << fail.out;

  // Passing, it prints no comparison.
  const CommandRun pass =
      run_sepax("gate " + quoted(runs / "base" / "verify.jsonl") + " " + quoted(runs / "base" / "bench_brought.json") + " " + base, dir);
  EXPECT_EQ(pass.status, 0) << pass.out << pass.err;
  EXPECT_FALSE(contains(pass.out, "What changed")) << pass.out;
}

}  // namespace
