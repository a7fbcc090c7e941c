// The one query model (harness/query/): every pair query is registered and
// described once; a group's result does not depend on how its cases were cut
// into batches; a batch's record reads back exactly; the kernels' door
// refuses late and duplicate registrations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <stdexcept>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sepax/harness/query/columns.hpp"
#include "sepax/harness/query/judged_queries.hpp"
#include "sepax/harness/query/query_cause.hpp"
#include "sepax/harness/query/query_kernels.hpp"

namespace sepax::harness {
namespace {

// A deliberately wrong kernel, registered before anything reads the
// registry (each test runs in its own process): it calls touching balls apart.
const bool registered = [] {
  register_query_kernels({query_kernel<gen::SpherePair>(
      "planted/sphere_sphere_strict/double", "planted", "sphere_sphere", "test_static", ScalarKind::float64,
      [](const gen::SpherePair& p) {
        const double d2 = (p.a.center - p.b.center).squaredNorm(), r = p.a.radius + p.b.radius;
        return d2 < r * r * (1 - 1e-9);  // touching and just-overlapping balls called apart
      })});
  return true;
}();

TEST(QueryModel, EveryPairQueryIsRegisteredOnceUnderItsListedName) {
  ASSERT_TRUE(registered);
  std::vector<std::string> names;
  std::set<std::string> query_modes;
  for (const JudgedQuery& q : judged_queries()) {
    if (names.empty() || names.back() != q.name) names.push_back(q.name);
    EXPECT_TRUE(query_modes.insert(q.name + "/" + q.mode).second) << q.name << " " << q.mode;
    EXPECT_FALSE(q.families.empty()) << q.name;
    // The signed-distance queries judge the peers' and brought kernels; sepax
    // has no distance kernel of its own (none is registered here, without peers).
    const bool judge_only = q.name.size() > 9 && q.name.substr(q.name.size() - 9) == "_distance";
    EXPECT_EQ(q.kernel_ids[0].empty() && q.kernel_ids[1].empty(), judge_only)
        << q.name << " " << q.mode << (judge_only ? " has a kernel" : " has no kernel");
  }
  std::vector<std::string> listed = judged_query_names();
  listed.erase(listed.begin(), listed.begin() + 3);  // obb_obb, tri_obb, tri_tri: the SAT groups'
  EXPECT_EQ(names, listed);
  EXPECT_EQ(query_modes.size(), 16u);
  // Every kernel of the door belongs to exactly one query × mode.
  for (const QueryKernel& k : query_kernels())
    EXPECT_EQ(query_modes.count(k.query + "/" + k.mode), 1u) << k.id;
}

TEST(QueryModel, SelectingQueriesNamesAnUnknownOneAndKeepsEveryModeOfTheOthers) {
  try {
    select_judged_queries({"sphere_sphere", "box_box"});
    ADD_FAILURE() << "an unknown query was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("\"box_box\""), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("obb_obb_manifold"), std::string::npos) << e.what();
  }
  const auto spheres = select_judged_queries({"sphere_sphere"});
  ASSERT_EQ(spheres.size(), 2u);
  EXPECT_EQ(spheres[0].mode, "test_static");
  EXPECT_EQ(spheres[1].mode, "find_first_contact");
  EXPECT_TRUE(select_judged_queries({"obb_obb"}).empty());
  const auto groups = query_groups(spheres, {"touching"});
  ASSERT_EQ(groups.size(), 4u);  // 2 modes x 2 scalars
  for (const QueryGroup& g : groups) EXPECT_EQ(g.query->families[g.family], "touching");
}

/// Every field of two batches (timings aside).
void expect_same_batch(const QueryBatch& a, const QueryBatch& b, const std::string& what) {
  EXPECT_EQ(a.cases, b.cases) << what;
  ASSERT_EQ(a.rows.size(), b.rows.size()) << what;
  for (std::size_t k = 0; k < a.rows.size(); ++k) {
    const QueryRow &x = a.rows[k], &y = b.rows[k];
    EXPECT_EQ(x.kernel, y.kernel) << what;
    EXPECT_EQ(std::tie(x.cases, x.ok, x.boundary, x.gross, x.refused, x.truth_hits),
              std::tie(y.cases, y.ok, y.boundary, y.gross, y.refused, y.truth_hits))
        << what << " " << x.kernel;
    EXPECT_EQ(x.time_errors, y.time_errors) << what << " " << x.kernel;
    EXPECT_EQ(x.depth_errors, y.depth_errors) << what << " " << x.kernel;
    EXPECT_EQ(x.point_distances, y.point_distances) << what << " " << x.kernel;
    EXPECT_EQ(x.verdicts.value(), y.verdicts.value()) << what << " " << x.kernel;  // every answer, bit for bit
  }
  ASSERT_EQ(a.findings.size(), b.findings.size()) << what;
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    EXPECT_EQ(a.findings[i].kernel, b.findings[i].kernel) << what;
    EXPECT_EQ(a.findings[i].index, b.findings[i].index) << what;
    EXPECT_EQ(a.findings[i].case_line, b.findings[i].case_line) << what;
    EXPECT_EQ(a.findings[i].kind, b.findings[i].kind) << what;
  }
}

TEST(QueryModel, AGroupIsTheSameWholeOrCutIntoBatchesAndItsRecordReadsBackExactly) {
  std::size_t findings = 0, groups = 0, expected_groups = 0;
  for (const JudgedQuery& q : judged_queries())
    for (const ScalarKind s : {ScalarKind::float32, ScalarKind::float64}) {
      // Every family: 70 cases, or 12 of the costly judges.
      const std::uint64_t n = q.name == "obb_obb_manifold" || q.name == "general_motion" ? 12 : 70;
      expected_groups += q.families.size();
      for (std::size_t f = 0; f < q.families.size(); ++f) {
        const std::string what = q.group_label(s, f);
        const QueryBatch whole = q.run_batch(s, f, 7, 0, n, 5, nullptr);
        QueryBatch cut;
        for (const auto& [b, e] : {std::pair<std::uint64_t, std::uint64_t>{n / 3, n}, {0, n / 3}})  // out of order
          merge_query_batches(cut, q.run_batch(s, f, 7, b, e, 5, nullptr), 5);
        expect_same_batch(whole, cut, what);
        const QueryBatch back = query_batch_from_json(query_batch_json(whole));
        expect_same_batch(whole, back, what + " read back");
        EXPECT_EQ(query_batch_json(back).dump(), query_batch_json(whole).dump()) << what;
        findings += whole.findings.size();
        ++groups;
        for (const QueryRow& r : whole.rows) {
          EXPECT_EQ(r.cases, n) << what;
          EXPECT_EQ(r.ok + r.boundary + r.gross + r.refused, n) << what << " " << r.kernel;
        }
      }
    }
  EXPECT_EQ(groups, expected_groups);
  EXPECT_GT(groups, 13u * 2 * 2);
  EXPECT_GT(findings, 0u) << "the planted kernel's findings should have been cut and merged";
  // The digest sees every answer: another seed's cases give other answers.
  const std::vector<JudgedQuery> all = judged_queries();
  const JudgedQuery& q = all.front();
  EXPECT_NE(q.run_batch(ScalarKind::float64, 0, 7, 0, 70, 5, nullptr).rows[0].verdicts.value(),
            q.run_batch(ScalarKind::float64, 0, 8, 0, 70, 5, nullptr).rows[0].verdicts.value());
}

TEST(QueryModel, APlantedKernelIsJudgedThroughTheDoorAndItsFindingsReplay) {
  const auto spheres = select_judged_queries({"sphere_sphere"});
  const JudgedQuery& q = spheres[0];
  const auto touching = std::find(q.families.begin(), q.families.end(), "touching") - q.families.begin();
  ASSERT_LT(std::size_t(touching), q.families.size());
  const QueryBatch b = q.run_batch(ScalarKind::float64, touching, 1, 0, 200, 3, nullptr);
  const auto row = std::find_if(b.rows.begin(), b.rows.end(),
                                [](const QueryRow& r) { return r.kernel == "planted/sphere_sphere_strict/double"; });
  ASSERT_NE(row, b.rows.end());
  EXPECT_TRUE(row->peer);
  EXPECT_GT(row->gross, 0u);
  std::size_t kept = 0;
  for (const QueryFinding& f : b.findings) {
    if (f.kernel != row->kernel) continue;
    ++kept;
    EXPECT_EQ(f.kind, "false-negative") << f.detail;
    EXPECT_NE(f.case_line.find("\"query\":\"sphere_sphere\""), std::string::npos) << f.case_line;
  }
  EXPECT_EQ(kept, std::min<std::uint64_t>(3, row->gross));  // the lowest indices, at most max_findings
}

TEST(QueryModel, FindingsSayHowFarAndWhyAndTheFirstOfAClassShrinks) {
  const auto spheres = select_judged_queries({"sphere_sphere"});
  const JudgedQuery& q = spheres[0];
  const auto touching = std::find(q.families.begin(), q.families.end(), "touching") - q.families.begin();
  const QueryGroup group{&q, ScalarKind::float64, std::size_t(touching)};
  QueryBatch b = q.run_batch(ScalarKind::float64, touching, 1, 0, 400, 10, nullptr);
  const QueryBatch unshrunk = b;
  std::set<std::string> causes;
  for (const QueryFinding& f : b.findings) {
    if (f.kernel != "planted/sphere_sphere_strict/double") continue;
    causes.insert(f.cause);
    ASSERT_TRUE(f.severity && f.band) << f.detail;
    // Touching balls called apart: margin 0 is the convention, an overlap the bug.
    EXPECT_EQ(f.cause, *f.severity == 0 ? "convention" : "false-separation") << f.detail;
    EXPECT_FALSE(f.cause_fix.empty());
  }
  EXPECT_TRUE(causes.count("convention")) << "exactly touching balls called apart";
  // The first finding of each class shrinks to a case with fewer digits,
  // marked, of the same index; the others are kept as found.
  shrink_query_findings(group, b, 1, 200);
  const std::string marker = ",\"shrunk\":true";
  std::size_t shrunk = 0;
  for (std::size_t i = 0; i < b.findings.size(); ++i) {
    const QueryFinding& f = b.findings[i];
    EXPECT_EQ(f.index, unshrunk.findings[i].index);
    if (f.case_line == unshrunk.findings[i].case_line) continue;
    ++shrunk;
    const auto at = f.case_line.find(marker);
    ASSERT_NE(at, std::string::npos) << f.case_line;
    EXPECT_LT(f.case_line.size() - marker.size(), unshrunk.findings[i].case_line.size()) << f.case_line;
    EXPECT_NE(f.detail.find("(shrunk: "), std::string::npos) << f.detail;
  }
  EXPECT_GE(shrunk, 1u) << "no class shrank: the shrinker was not exercised";
}

TEST(QueryCause, EachGrossVerdictGetsItsCause) {
  QueryVerdict v;
  v.verdict_class = oracle::Class::gross;
  EXPECT_EQ(explain_query_verdict("out of memory", false, true, v).cause, "threw");
  v.margin = 0.0;
  v.tolerance = 1e-15;
  EXPECT_EQ(explain_query_verdict("", false, true, v).cause, "convention");
  v.margin = -0.25;
  const QueryCause apart = explain_query_verdict("", false, true, v);
  EXPECT_EQ(apart.cause, "false-separation");
  EXPECT_NE(apart.detail.find("0.25 of the size"), std::string::npos) << apart.detail;
  EXPECT_NE(apart.detail.find("times the band"), std::string::npos) << apart.detail;
  v.margin = 0.25;
  EXPECT_EQ(explain_query_verdict("", true, false, v).cause, "false-contact");
  v.reason = "later root: the shapes overlap before the reported first contact";
  v.time_error = 0.5;
  const QueryCause later = explain_query_verdict("", true, true, v);
  EXPECT_EQ(later.cause, "wrong-contact");
  EXPECT_NE(later.fix.find("smaller root"), std::string::npos) << later.fix;
  v.reason = "the box reaches 0.001 (of its scale) out of the AABB";
  EXPECT_EQ(explain_query_verdict("", false, false, v).cause, "wrong-enclosure");
  v.reason = "the AABB reaches 2 (of the box's scale) beyond it, more than 1e-12";
  EXPECT_EQ(explain_query_verdict("", false, false, v).cause, "loose-enclosure");
  // The distance queries: a wrong-distance cause whose fix speaks of what is
  // off, not of contact times and manifold points.
  v.time_error.reset();
  v.reason = "distance 2.3617e-05 of the size, exactly 4.7234e-05: off by 2.36e-05 (1.23e+07x the allowance 1.91e-12)";
  const QueryCause distance = explain_query_verdict("", false, false, v);
  EXPECT_EQ(distance.cause, "wrong-distance");
  EXPECT_EQ(distance.detail, v.reason);
  EXPECT_NE(distance.fix.find("iterate until"), std::string::npos) << distance.fix;
  EXPECT_EQ(distance.fix.find("contact (time"), std::string::npos) << distance.fix;
  v.reason = "penetration depth 0.1 of the size, exactly 0.2: off by 0.1 (1e+10x the allowance 1e-11)";
  EXPECT_EQ(explain_query_verdict("", true, true, v).cause, "wrong-distance");
  v.reason = "witness points 0.01 of the size off their shapes or their distance (1e+9x the allowance)";
  EXPECT_NE(explain_query_verdict("", false, false, v).fix.find("closest points"), std::string::npos);
  v.reason = "normal: of length 2, not unit";
  EXPECT_NE(explain_query_verdict("", true, true, v).fix.find("direction of least penetration"), std::string::npos);
}

/// An answer to one case of a SAT query, judged and explained as the Python
/// route (sepax.judge, sepax.campaign) judges and explains it.
struct SatAnswerJudged {
  QueryVerdict verdict;
  QueryCause cause, generic;
};
SatAnswerJudged judge_sat_answer(const std::string& line, bool meets) {
  const JudgedQuery q = find_judged_query("obb_obb", "test_static");
  const CaseOrError entry = parse_case(line, 1);
  const std::optional<std::vector<double>> values = q.case_file_values(entry);
  if (!values) throw std::invalid_argument("not an obb_obb case: " + line);
  const ScalarKind scalar = std::get<Case>(entry).scalar;
  QueryAnswer a;
  a.meets = meets;
  SatAnswerJudged j;
  j.verdict = q.judge_answer(scalar, *values, a, KernelBias{});
  j.cause = explain_answer(q, scalar, *values, a, KernelBias{}, j.verdict);
  j.generic = explain_query_verdict("", meets, j.verdict.exactly_meets.value_or(false), j.verdict);
  return j;
}

// A plain float SAT (Eberly's Table 1, no ε) brought from Python called this
// case of the near-parallel family separated: a segment along a box's edge,
// their edges parallel within 4.5e-6 rad. The answer is gross, and its cause
// is the edge axis their cross product barely determines, with Gottschalk's ε
// among the fixes — as `sepax check` explains the same answer of a C++
// kernel — not a generic "check the comparison's direction".
TEST(QueryCause, AnAnswerToASatQueryIsExplainedByItsAxesAsACampaignsFinding) {
  const std::string near_parallel =
      R"({"id":"near-parallel-shrunk-40","query":"obb_obb","scalar":"float","family":"near-parallel",)"
      R"("a":{"center":["-0x1p-2",1,"0x1.8p-2"],"axes":[["-0x1.aa4cfcp-1","0x1.e30ap-6","-0x1.1b2ap-1"],)"
      R"(["0x1.018d3ep-2","-0x1.bd36p-1","-0x1.b334p-2"],["-0x1.f94ap-2","-0x1.f8ccp-2","0x1.6ee4p-1"]],)"
      R"("extents":["0x1p-1",0,0]},"b":{"center":["0x1p-1","0x1p-2","0x1p-1"],)"
      R"("axes":[["-0x1.aa5ed6p-1","0x1.e0cep-6","-0x1.1b10f2p-1"],["0x1.018ep-2","-0x1.bd3556p-1","-0x1.b334p-2"],)"
      R"(["-0x1.f90cp-2","-0x1.f8cep-2","0x1.6ef864p-1"]],"extents":["0x1p-1",1,"0x1p-3"]}})";
  const SatAnswerJudged j = judge_sat_answer(near_parallel, false);
  ASSERT_EQ(j.verdict.verdict_class, oracle::Class::gross);
  EXPECT_EQ(j.cause.cause, "ill-conditioned-axis") << j.cause.detail;
  EXPECT_NE(j.cause.detail.find("A1xB1"), std::string::npos) << j.cause.detail;
  EXPECT_NE(j.cause.fix.find("Gottschalk"), std::string::npos) << j.cause.fix;
  EXPECT_EQ(j.generic.cause, "false-separation");  // what the verdict alone says
  // Two boxes about the same centre, B turned about two axes (no edge of one
  // parallel to an edge of the other), called separated: every axis is well
  // conditioned, and the cause is the false separation itself.
  const std::string deep =
      R"({"id":"deep","query":"obb_obb","scalar":"double","family":"explicit",)"
      R"("a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},)"
      R"("b":{"center":[0.125,0,0],"axes":[[0.6,0.8,0],[-0.48,0.36,0.8],[0.64,-0.48,0.6]],"extents":[1,0.5,0.25]}})";
  const SatAnswerJudged k = judge_sat_answer(deep, false);
  ASSERT_EQ(k.verdict.verdict_class, oracle::Class::gross);
  EXPECT_EQ(k.cause.cause, "false-separation") << k.cause.detail;
  EXPECT_NE(k.cause.detail.find("every candidate axis"), std::string::npos) << k.cause.detail;
}

TEST(QueryModel, TheDoorRefusesLateAndDuplicateRegistrations) {
  const QueryKernel& first = query_kernels().front();
  EXPECT_EQ(find_query_kernel(first.id), &first);
  EXPECT_EQ(find_query_kernel("no/such/kernel"), nullptr);
  EXPECT_THROW(register_query_kernels({query_kernel<gen::SpherePair>("late/one/double", "late", "sphere_sphere",
                                                                      "test_static", ScalarKind::float64,
                                                                      [](const gen::SpherePair&) { return true; })}),
               std::logic_error);
}

TEST(QueryModel, QueryBatchRecordsNameAMissingOrWrongField) {
  QueryBatch b;
  b.cases = 1;
  nlohmann::ordered_json j = query_batch_json(b);
  j.erase("rows");
  try {
    query_batch_from_json(j);
    ADD_FAILURE() << "a record without rows was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"rows\""), std::string::npos) << e.what();
  }
  j = query_batch_json(b);
  j["cases"] = "many";
  EXPECT_THROW(query_batch_from_json(j), std::runtime_error);
}

/// An answer of each form with every field set (a manifold of three points).
QueryAnswer sample_answer(AnswerForm form) {
  QueryAnswer a;
  a.meets = true;
  a.time = 0.25;
  a.point = Vec3<double>(1, 2, 3);
  ManifoldAnswer m{true, Vec3<double>(0, 0, 1), 0.125, {}};
  for (int i = 0; i < 3; ++i) m.points.emplace_back(i, 0.5, -0.75);
  a.manifold = m;
  a.aabb = Aabb3<double>{Vec3<double>(-1, -2, -3), Vec3<double>(1, 2, 3)};
  GeneralContactResult<double> g;
  g.state = ContactState::first_contact;
  g.step = 3;
  g.step_begin = 0.5;
  g.time = 0.625;
  g.point = Vec3<double>(4, 5, 6);
  g.has_point = true;
  a.general = g;
  if (form == AnswerForm::sweep) a.point.reset();
  return a;
}

TEST(QueryModel, AnswersReadFromTheirColumnsAreTheRowsAnswersAndRefusedAlike) {
  for (const QueryLayout& l : query_layouts())
    for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64}) {
      // Two cases: the sample answer, then one whose first field was never written (255 / -1).
      std::vector<double> rows = flatten_answer(l.answer_form, sample_answer(l.answer_form));
      const std::size_t w = rows.size();
      rows.resize(2 * w, 0.0);
      std::vector<Column> columns = to_columns(l.answers, scalar, rows, 2);
      Column& first = columns.front();
      if (first.field.type == FieldType::u8) first.bytes[1] = 0xFF;
      if (first.field.type == FieldType::i32) {
        const std::int32_t unwritten = -1;
        std::memcpy(first.bytes.data() + 4, &unwritten, 4);
      }
      const QueryAnswer row = unflatten_answer(l.answer_form, std::span<const double>(rows).first(w));
      QueryAnswer col;
      read_answer(l.answer_form, columns, 0, col);
      EXPECT_EQ(flatten_answer(l.answer_form, col), flatten_answer(l.answer_form, row)) << l.query << " " << l.mode;
      if (first.field.type == FieldType::scalar) continue;  // the enclosure: no marker to refuse
      const std::vector<double> unwritten = from_columns(columns, 2);
      std::string from_rows, from_columns;
      try {
        unflatten_answer(l.answer_form, std::span<const double>(unwritten).subspan(w, w));
      } catch (const std::invalid_argument& e) {
        from_rows = e.what();
      }
      try {
        QueryAnswer a;
        read_answer(l.answer_form, columns, 1, a);
      } catch (const std::invalid_argument& e) {
        from_columns = e.what();
      }
      EXPECT_FALSE(from_rows.empty()) << l.query << " " << l.mode;
      EXPECT_EQ(from_columns, from_rows) << l.query << " " << l.mode;
    }
}

TEST(QueryModel, RowsPutABlockAtATimeAreTheColumnsOfAllTheRows) {
  const QueryLayout& l = query_layout("general_motion", "find_first_contact");  // i32 and scalar fields
  std::vector<double> rows;
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t k = 0; k < l.input_width(); ++k) rows.push_back(double((i * 7 + k) % 3));
  const std::vector<Column> whole = to_columns(l.inputs, ScalarKind::float32, rows, 5);
  std::vector<Column> blocks = blank_columns(l.inputs, ScalarKind::float32, 5, 0, 0);
  const std::size_t w = l.input_width();
  put_rows(blocks, 0, std::span<const double>(rows).first(3 * w));
  put_rows(blocks, 3, std::span<const double>(rows).subspan(3 * w));
  for (std::size_t f = 0; f < whole.size(); ++f) EXPECT_EQ(blocks[f].bytes, whole[f].bytes) << whole[f].field.name;
  // Made blank again in place, as new blank ones are.
  std::vector<Column> again = blocks;
  reset_columns(again, l.inputs, ScalarKind::float32, 4, true, 0xFF, -1);
  const std::vector<Column> blank = blank_columns(l.inputs, ScalarKind::float32, 4, 0xFF, -1);
  for (std::size_t f = 0; f < blank.size(); ++f) EXPECT_EQ(again[f].bytes, blank[f].bytes) << blank[f].field.name;
  EXPECT_THROW(put_rows(blocks, 4, std::span<const double>(rows).first(2 * w)), std::out_of_range);
  rows[w + 1] = 0.1;  // case 1's "a": not a float
  try {
    put_rows(blocks, 0, rows);
    ADD_FAILURE() << "0.1 was put in a float column";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "field \"a\" of case 1 is 0.1: not a float");
  }
}

}  // namespace
}  // namespace sepax::harness
