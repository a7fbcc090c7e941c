// A case file and a query's input values say the same thing: every judged
// query × mode reads its own generated case-file lines back as exactly the
// generator's values (JudgedQuery::case_file_values), writes values as a line
// that reads back the same (values_case_line), and refuses the cases of other
// queries. Bit for bit: −0 against 0 or a NaN payload would be a difference.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "sepax/harness/case_file.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::harness {
namespace {

constexpr std::uint64_t kSeed = 7, kCases = 20;

/// Empty when the two runs of values are the same bits, else where they first differ.
std::string bit_difference(std::span<const double> got, std::span<const double> want) {
  if (got.size() != want.size()) return fmt::format("{} values, expected {}", got.size(), want.size());
  if (std::memcmp(got.data(), want.data(), got.size() * sizeof(double)) == 0) return "";
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(double)) != 0)
      return fmt::format("value {} is {:a}, expected {:a}", i, got[i], want[i]);
  return "differs";  // unreachable
}

std::string what(const JudgedQuery& q) { return q.name + " " + q.mode; }

/// A moving case is also its query's test_static case (its shapes alone); a
/// static case is no moving mode's. Single-mode queries: their own lines only.
bool accepts(const JudgedQuery& reader, const JudgedQuery& writer) {
  return reader.name == writer.name && (reader.mode == writer.mode || reader.mode == "test_static" ||
                                        writer.mode != "test_static");
}

TEST(CaseFileValues, EveryQueryReadsItsOwnLinesAsTheGeneratorsValuesAndWritesThemBack) {
  std::size_t groups = 0, cases = 0, expected_groups = 0, negative_zeros = 0;
  for (const JudgedQuery& q : query_shapes()) {
    ASSERT_TRUE(q.case_file_values && q.values_case_line) << what(q);
    const std::size_t width = q.layout->input_width();
    expected_groups += 2 * q.families.size();
    for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
      for (std::size_t f = 0; f < q.families.size(); ++f) {
        const std::string group = fmt::format("{} {} {}", what(q), to_string(scalar), q.families[f]);
        const std::vector<std::string> lines = q.case_lines(scalar, f, kSeed, 0, kCases);
        const std::vector<double> values = q.case_values(scalar, f, kSeed, 0, kCases);
        ASSERT_EQ(lines.size(), kCases) << group;
        ASSERT_EQ(values.size(), kCases * width) << group;
        for (const double v : values) negative_zeros += v == 0 && std::signbit(v);
        for (std::size_t i = 0; i < kCases; ++i) {
          const std::span<const double> want(values.data() + i * width, width);
          const CaseOrError parsed = parse_case(lines[i], 1);
          ASSERT_FALSE(std::holds_alternative<CaseError>(parsed))
              << group << " case " << i << ": " << std::get<CaseError>(parsed).message;
          const std::optional<std::vector<double>> read = q.case_file_values(parsed);
          ASSERT_TRUE(read) << group << " case " << i << " is not its own query's: " << lines[i];
          EXPECT_EQ(bit_difference(*read, want), "") << group << " case " << i << ": " << lines[i];

          const CaseLabel label{"written-" + std::to_string(i), q.families[f], scalar, {{"test", "values_case_line"}}};
          const std::string line = q.values_case_line(scalar, want, label);
          const CaseOrError reparsed = parse_case(line, 1);
          ASSERT_FALSE(std::holds_alternative<CaseError>(reparsed))
              << group << " case " << i << ": " << std::get<CaseError>(reparsed).message << "\n" << line;
          const std::optional<std::vector<double>> back = q.case_file_values(reparsed);
          ASSERT_TRUE(back) << group << " case " << i << ": " << line;
          EXPECT_EQ(bit_difference(*back, want), "") << group << " case " << i << ": " << line;
          ++cases;
        }
        ++groups;
      }
  }
  // 25 query × modes (9 SAT, 16 pair) and their families as listed today, × 2
  // scalars: SAT 9 × 9; rect_rect 5 + 4; sphere_sphere, sphere_plane,
  // aabb_aabb 3 + 4 each; aabb_sphere 3; obb_segment 5; obb_to_aabb 3;
  // obb_obb_manifold 8; general_motion 3 × 3; the three distance queries 3 × 8.
  // 163 in all.
  EXPECT_EQ(query_shapes().size(), 25u);
  EXPECT_EQ(groups, expected_groups);
  EXPECT_EQ(groups, 2u * 163u);
  EXPECT_EQ(cases, groups * kCases);
  std::printf("[          ] %zu groups (query x mode x scalar x family), %zu cases read and written back "
              "(%zu values -0)\n", groups, cases, negative_zeros);
}

TEST(CaseFileValues, TheCasesOfOtherQueriesAndErrorsGiveNone) {
  // One parsed line of each query × mode (its first family, double), with its values.
  const std::vector<JudgedQuery>& shapes = query_shapes();
  std::vector<CaseOrError> samples;
  std::vector<std::vector<double>> sample_values;
  for (const JudgedQuery& q : shapes) {
    samples.push_back(parse_case(q.case_lines(ScalarKind::float64, 0, kSeed, 0, 1).at(0), 1));
    sample_values.push_back(q.case_values(ScalarKind::float64, 0, kSeed, 0, 1));
  }
  std::size_t accepted = 0, refused = 0;
  for (const JudgedQuery& reader : shapes) {
    EXPECT_FALSE(reader.case_file_values(CaseError{1, "not a case"})) << what(reader);
    EXPECT_FALSE(reader.case_file_values(parse_case("{\"query\": \"obb_obb\"", 1))) << what(reader);
    for (std::size_t w = 0; w < shapes.size(); ++w) {
      const std::optional<std::vector<double>> got = reader.case_file_values(samples[w]);
      if (!accepts(reader, shapes[w])) {
        EXPECT_FALSE(got) << what(reader) << " took a case of " << what(shapes[w]);
        ++refused;
        continue;
      }
      ASSERT_TRUE(got) << what(reader) << " refused a case of " << what(shapes[w]);
      // test_static's values are the moving mode's first ones: the shapes.
      const std::size_t width = reader.layout->input_width();
      ASSERT_LE(width, sample_values[w].size()) << what(reader) << " from " << what(shapes[w]);
      EXPECT_EQ(bit_difference(*got, std::span<const double>(sample_values[w]).first(width)), "")
          << what(reader) << " from " << what(shapes[w]);
      ++accepted;
    }
  }
  EXPECT_EQ(accepted + refused, shapes.size() * shapes.size());
  // Each query × mode its own; each test_static also its moving modes' (SAT:
  // 3 × 2; rect_rect, sphere_sphere, sphere_plane, aabb_aabb: 4 × 1); the SAT
  // moving modes each other's (3 × 2).
  EXPECT_EQ(accepted, 25u + 6u + 4u + 6u);

  // The brief's examples, named.
  const auto case_of = [&](std::string_view name, std::string_view mode) -> const CaseOrError& {
    for (std::size_t w = 0; w < shapes.size(); ++w)
      if (shapes[w].name == name && shapes[w].mode == mode) return samples[w];
    throw std::invalid_argument(std::string(name));
  };
  EXPECT_FALSE(query_shape("sphere_sphere", "test_static").case_file_values(case_of("obb_obb", "test_static")));
  EXPECT_FALSE(query_shape("obb_obb", "test_moving").case_file_values(case_of("obb_obb", "test_static")));
  EXPECT_FALSE(query_shape("obb_obb", "test_static").case_file_values(case_of("obb_obb_manifold", "find_manifold")));
  EXPECT_FALSE(query_shape("obb_obb_manifold", "find_manifold").case_file_values(case_of("obb_obb", "test_static")));
  EXPECT_FALSE(query_shape("obb_obb", "test_static").case_file_values(case_of("general_motion", "find_first_contact")));
  EXPECT_FALSE(query_shape("obb_to_aabb", "enclose").case_file_values(case_of("obb_segment", "test_static")));
}

TEST(CaseFileValues, WritingANaNValueThrowsNamingItsField) {
  for (const JudgedQuery& q : query_shapes()) {
    std::vector<double> values = q.case_values(ScalarKind::float64, 0, kSeed, 0, 1);
    ASSERT_GE(values.size(), 2u) << what(q);
    values[1] = std::numeric_limits<double>::quiet_NaN();
    const CaseLabel label{"nan", q.families[0], ScalarKind::float64, {}};
    try {
      (void)q.values_case_line(ScalarKind::float64, values, label);
      ADD_FAILURE() << what(q) << " wrote a NaN";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("field \""), std::string::npos) << what(q) << ": " << e.what();
    }
  }
}

}  // namespace
}  // namespace sepax::harness
