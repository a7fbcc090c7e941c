#include "sepax/harness/case_file.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace sepax::harness {
namespace {

// The example of SPEC §10, on one line.
constexpr const char* kSpecExample =
    R"({"id":"p1","query":"obb_obb","scalar":"float",)"
    R"("a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},)"
    R"("b":{"center":["0x1p+1",0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},)"
    R"("motion":{"va":[0,0,0],"vb":[-1,0,0],"T":1}})";

constexpr const char* kUnitAxes = R"([[1,0,0],[0,1,0],[0,0,1]])";

/// An obb_obb line whose b box is given verbatim, a valid unit cube as a.
std::string with_box_b(const std::string& b, const std::string& extra = "") {
  return std::string(R"({"id":"t","query":"obb_obb",)") + extra +
         R"("a":{"center":[0,0,0],"axes":)" + kUnitAxes + R"(,"extents":[1,1,1]},"b":)" + b + "}";
}

std::string box(const std::string& center, const std::string& axes, const std::string& extents) {
  return R"({"center":)" + center + R"(,"axes":)" + axes + R"(,"extents":)" + extents + "}";
}

Case expect_case(const CaseOrError& parsed) {
  if (const auto* e = std::get_if<CaseError>(&parsed)) {
    ADD_FAILURE() << "unexpected error: " << e->message;
    return Case{};
  }
  return std::get<Case>(parsed);
}

std::string expect_error(const CaseOrError& parsed) {
  if (const auto* e = std::get_if<CaseError>(&parsed)) return e->message;
  ADD_FAILURE() << "the line was accepted";
  return "";
}

TEST(CaseFile, ParsesTheSpecExample) {
  const Case c = expect_case(parse_case(kSpecExample, 1));
  EXPECT_EQ(c.id, "p1");
  EXPECT_EQ(c.line, 1u);
  EXPECT_EQ(c.scalar, ScalarKind::float32);
  EXPECT_EQ(c.pair.query, Query::obb_obb);
  EXPECT_EQ(c.pair.obb_a.center, Vec3<double>(0, 0, 0));
  EXPECT_EQ(c.pair.obb_b.center, Vec3<double>(2, 0, 0));  // "0x1p+1"
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(c.pair.obb_a.axes[i], Vec3<double>::Unit(i));
    EXPECT_EQ(c.pair.obb_b.extents[i], 1.0);
  }
  ASSERT_TRUE(c.motion.has_value());
  EXPECT_EQ(c.motion->vb, (std::array<double, 3>{-1, 0, 0}));
  EXPECT_EQ(c.motion->duration, 1.0);
  EXPECT_FALSE(c.family.has_value());
}

TEST(CaseFile, DefaultsToDoubleAndALineId) {
  const Case c = expect_case(parse_case(with_box_b(box("[3,0,0]", kUnitAxes, "[1,1,1]")), 7));
  EXPECT_EQ(c.scalar, ScalarKind::float64);
  const std::string no_id = R"({"query":"tri_tri","a":{"vertices":[[0,0,0],[1,0,0],[0,1,0]]},)"
                            R"("b":{"vertices":[[0,0,1],[1,0,1],[0,1,1]]}})";
  EXPECT_EQ(expect_case(parse_case(no_id, 7)).id, "line-7");
}

TEST(CaseFile, ReadsEachQueryIntoTheMembersItUses) {
  const Case c = expect_case(parse_case(
      R"({"query":"tri_obb","family":"touching","a":{"vertices":[[0,0,0],["0x1p-1",0,0],[0,5,0]]},)"
      R"("b":{"center":[1,2,3],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[0,0.5,2]}})",
      1));
  EXPECT_EQ(c.pair.query, Query::tri_obb);
  EXPECT_EQ(c.family, "touching");
  EXPECT_EQ(c.pair.tri_a.vertices[1], Vec3<double>(0.5, 0, 0));
  EXPECT_EQ(c.pair.obb_b.center, Vec3<double>(1, 2, 3));
  EXPECT_EQ(c.pair.obb_b.extents[1], 0.5);
}

TEST(CaseFile, FloatCasesRoundEveryNumberOnceToTheNearestFloat) {
  const Case c = expect_case(parse_case(
      with_box_b(box(R"([0.1, "0x1.0000010000000001p+0", 16777217])", kUnitAxes, "[1,1,1]"),
                 R"("scalar":"float",)"),
      1));
  EXPECT_EQ(c.pair.obb_b.center[0], double(0.1f));
  EXPECT_EQ(c.pair.obb_b.center[1], double(std::nextafter(1.0f, 2.0f)));  // not 1: one rounding
  EXPECT_EQ(c.pair.obb_b.center[2], 16777216.0);  // 2^24 + 1 ties to even
}

TEST(CaseFile, DecimalJsonNumbersAreRoundedOnceInFloatCases) {
  // 1 + 2^-24 + 2^-60 in decimal (truncated): the nearest double is 1 + 2^-24, a
  // float tie that rounds down; the one correct rounding goes up.
  const Case c = expect_case(parse_case(
      with_box_b(box("[1.000000059604644776257986737988403547206,0,0]", kUnitAxes, "[1,1,1]"),
                 R"("scalar":"float",)"),
      1));
  EXPECT_EQ(c.pair.obb_b.center[0], double(std::nextafter(1.0f, 2.0f)));
}

// Each malformed kind: the message names the field and shows the value.
struct Malformed {
  std::string name;
  std::string line;
  std::vector<std::string> expected_in_message;
};

class MalformedLine : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedLine, IsReportedWithFieldAndValue) {
  const std::string message = expect_error(parse_case(GetParam().line, 3));
  for (const std::string& part : GetParam().expected_in_message)
    EXPECT_NE(message.find(part), std::string::npos) << "\"" << part << "\" not in: " << message;
}

INSTANTIATE_TEST_SUITE_P(
    CaseFile, MalformedLine,
    ::testing::Values(
        Malformed{"NanString", with_box_b(box(R"([0,"nan",0])", kUnitAxes, "[1,1,1]")),
                  {"b.center[1]", "\"nan\"", "NaN"}},
        Malformed{"InfString", with_box_b(box(R"([0,0,"-inf"])", kUnitAxes, "[1,1,1]")),
                  {"b.center[2]", "\"-inf\"", "infinite"}},
        Malformed{"HexOverflowsFloat",
                  with_box_b(box(R"(["0x1p+200",0,0])", kUnitAxes, "[1,1,1]"), R"("scalar":"float",)"),
                  {"b.center[0]", "0x1p+200", "float"}},
        Malformed{"NegativeExtent", with_box_b(box("[3,0,0]", kUnitAxes, "[1,-0.5,1]")),
                  {"b.extents[1]", "-0.5"}},
        Malformed{"NonOrthonormalAxes",
                  with_box_b(box("[3,0,0]", "[[1,0,0],[0.5,1,0],[0,0,1]]", "[1,1,1]")), {"b.axes"}},
        Malformed{"NonUnitAxis", with_box_b(box("[3,0,0]", "[[1,0,0],[0,2,0],[0,0,1]]", "[1,1,1]")),
                  {"b.axes[1]", "2"}},
        Malformed{"MissingField", with_box_b(R"({"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]]})"),
                  {"b.extents", "missing"}},
        Malformed{"MissingShape",
                  R"({"query":"obb_obb","a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]}})",
                  {"b", "missing"}},
        Malformed{"BadJson", R"({"query":"obb_obb", "a": {)", {"invalid JSON"}},
        Malformed{"NotAnObject", "[1,2,3]", {"expected a JSON object", "[1,2,3]"}},
        Malformed{"CenterArity", with_box_b(box("[3,0]", kUnitAxes, "[1,1,1]")),
                  {"b.center", "[3,0]", "3 numbers"}},
        Malformed{"AxisArity", with_box_b(box("[3,0,0]", "[[1,0,0],[0,1,0,0],[0,0,1]]", "[1,1,1]")),
                  {"b.axes[1]", "[0,1,0,0]", "3 numbers"}},
        Malformed{"AxesArity", with_box_b(box("[3,0,0]", "[[1,0,0],[0,1,0]]", "[1,1,1]")),
                  {"b.axes", "3 arrays"}},
        Malformed{"VertexArity",
                  R"({"query":"tri_tri","a":{"vertices":[[0,0,0],[1,0,0]]},"b":{"vertices":[[0,0,1],[1,0,1],[0,1,1]]}})",
                  {"a.vertices", "3 arrays"}},
        Malformed{"UnknownQuery", R"({"query":"obb_sphere"})", {"query", "obb_sphere", "obb_obb"}},
        Malformed{"UnknownScalar", with_box_b(box("[3,0,0]", kUnitAxes, "[1,1,1]"), R"("scalar":"half",)"),
                  {"scalar", "\"half\""}},
        Malformed{"NotANumber", with_box_b(box(R"([3,"1.5",0])", kUnitAxes, "[1,1,1]")),
                  {"b.center[1]", "\"1.5\"", "hex-float"}},
        Malformed{"TypoInBox", with_box_b(R"({"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1],"extent":[1,1,1]})"),
                  {"b.extent", "unknown field"}},
        Malformed{"TriangleForABox",
                  R"({"query":"obb_obb","a":{"vertices":[[0,0,0],[1,0,0],[0,1,0]]},"b":{"vertices":[[0,0,0],[1,0,0],[0,1,0]]}})",
                  {"a.vertices", "box"}},
        Malformed{"NegativeDuration",
                  with_box_b(box("[3,0,0]", kUnitAxes, "[1,1,1]"), R"("motion":{"va":[0,0,0],"vb":[1,0,0],"T":-1},)"),
                  {"motion.T", "-1"}},
        Malformed{"MotionArity",
                  with_box_b(box("[3,0,0]", kUnitAxes, "[1,1,1]"), R"("motion":{"va":[0,0],"vb":[1,0,0],"T":1},)"),
                  {"motion.va", "[0,0]"}}),
    [](const ::testing::TestParamInfo<Malformed>& info) { return info.param.name; });

TEST(CaseFile, AMalformedLineDoesNotStopTheOthers) {
  std::istringstream file(std::string(kSpecExample) + "\n" +
                          with_box_b(box(R"([0,"nan",0])", kUnitAxes, "[1,1,1]")) + "\n\n" +
                          "not json at all\r\n" + kSpecExample + "\n");
  const auto entries = read_cases(file);
  ASSERT_EQ(entries.size(), 4u);  // the blank line is skipped
  EXPECT_TRUE(std::holds_alternative<Case>(entries[0]));
  ASSERT_TRUE(std::holds_alternative<CaseError>(entries[1]));
  EXPECT_EQ(std::get<CaseError>(entries[1]).line, 2u);
  ASSERT_TRUE(std::holds_alternative<CaseError>(entries[2]));
  EXPECT_EQ(std::get<CaseError>(entries[2]).line, 4u);
  ASSERT_TRUE(std::holds_alternative<Case>(entries[3]));
  EXPECT_EQ(std::get<Case>(entries[3]).line, 5u);
}

TEST(CaseFile, ACaseMayContinueOverLinesAsTheSpecPrintsIt) {
  // SPEC §10 prints its example over four lines; a truncated case followed by
  // a new one (a line starting with '{') must not swallow it.
  std::istringstream file(
      "{\"id\":\"p1\",\"query\":\"obb_obb\",\"scalar\":\"float\",\n"
      " \"a\":{\"center\":[0,0,0],\"axes\":[[1,0,0],[0,1,0],[0,0,1]],\"extents\":[1,1,1]},\n"
      " \"b\":{\"center\":[\"0x1p+1\",0,0],\"axes\":[[1,0,0],[0,1,0],[0,0,1]],\"extents\":[1,1,1]},\n"
      " \"motion\":{\"va\":[0,0,0],\"vb\":[-1,0,0],\"T\":1}}\n"
      "{\"id\":\"cut\", \"query\":\n" +
      std::string(kSpecExample) + "\n");
  const auto entries = read_cases(file);
  ASSERT_EQ(entries.size(), 3u);
  const Case first = expect_case(entries[0]);
  EXPECT_EQ(first.id, "p1");
  EXPECT_EQ(first.line, 1u);
  EXPECT_EQ(first.pair.obb_b.center[0], 2.0);
  ASSERT_TRUE(std::holds_alternative<CaseError>(entries[1]));
  EXPECT_EQ(std::get<CaseError>(entries[1]).line, 5u);
  EXPECT_EQ(expect_case(entries[2]).line, 6u);
}

TEST(CaseFile, WritesIntegersAsIntegersAndEverythingElseAsHexFloats) {
  EXPECT_EQ(exact_number_json(3.0).dump(), "3");
  EXPECT_EQ(exact_number_json(-2.0).dump(), "-2");
  EXPECT_EQ(exact_number_json(0.0).dump(), "0");
  EXPECT_EQ(exact_number_json(-0.0).dump(), "\"-0x0p+0\"");
  EXPECT_EQ(exact_number_json(0.75).dump(), "\"0x1.8p-1\"");
  EXPECT_EQ(exact_number_json(0x1p60).dump(), "\"0x1p+60\"");  // beyond 2^53: no integer JSON
}

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

void expect_same_bits(const Vec3<double>& a, const Vec3<double>& b, const std::string& what) {
  for (int k = 0; k < 3; ++k) EXPECT_EQ(bits(a[k]), bits(b[k])) << what << "[" << k << "]";
}

TEST(CaseFile, WriteThenReadIsBitExact) {
  // Awkward values on purpose: denormals, −0, values with all mantissa bits.
  Case c;
  c.id = "round-trip";
  c.scalar = ScalarKind::float64;
  c.family = "scale";
  c.pair.query = Query::tri_obb;
  c.pair.tri_a.vertices = {Vec3<double>(0.1, -0.0, 4.9e-324), Vec3<double>(1.0 / 3, 1e300, -2.5),
                           Vec3<double>(std::nextafter(1.0, 2.0), 7, -1e-310)};
  const double s = std::sqrt(0.5);
  c.pair.obb_b.center = {1e-7, -123456.789, 0x1p-1022};
  c.pair.obb_b.axes = {Vec3<double>(s, s, 0), Vec3<double>(-s, s, 0), Vec3<double>(0, 0, 1)};
  c.pair.obb_b.extents = {0, 0.3, 1e6 + 0.25};
  c.motion = CaseMotion{{0.5, -0.0, 3}, {1.0 / 7, 0, 0}, 0.125};
  c.origin["seed"] = 5;

  const std::string line = format_case(c);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const Case back = expect_case(parse_case(line, 1));
  EXPECT_EQ(back.id, c.id);
  EXPECT_EQ(back.family, c.family);
  EXPECT_EQ(back.scalar, c.scalar);
  EXPECT_EQ(back.pair.query, c.pair.query);
  for (int i = 0; i < 3; ++i) {
    expect_same_bits(back.pair.tri_a.vertices[i], c.pair.tri_a.vertices[i], "vertex");
    expect_same_bits(back.pair.obb_b.axes[i], c.pair.obb_b.axes[i], "axis");
    EXPECT_EQ(bits(back.pair.obb_b.extents[i]), bits(c.pair.obb_b.extents[i]));
    EXPECT_EQ(bits(back.motion->va[i]), bits(c.motion->va[i]));
    EXPECT_EQ(bits(back.motion->vb[i]), bits(c.motion->vb[i]));
  }
  expect_same_bits(back.pair.obb_b.center, c.pair.obb_b.center, "center");
  EXPECT_EQ(back.motion->duration, 0.125);
  EXPECT_EQ(back.origin["seed"], 5);
  // Writing again gives the same text: nothing drifts over repeated round trips.
  EXPECT_EQ(format_case(back), line);
}

TEST(CaseFile, RecordedVerdictsOfEveryKindRoundTrip) {
  const std::string line = with_box_b(box("[2,0,0]", kUnitAxes, "[1,1,1]"),
                                      R"("motion":{"va":[0,0,0],"vb":[-1,0,0],"T":2},)"
                                      R"("verdicts":{"lib/a":true,)"
                                      R"("lib/b":{"intersects":false,"bias":{"method":"epsilon_on_rotation","epsilon":1e-6}},)"
                                      R"("lib/c":{"meets":false},)"
                                      R"("lib/d":{"state":"first_contact","t":"0x1.8p-1","point":[1,0,"-0x1p-3"]}},)");
  const Case c = expect_case(parse_case(line, 1));
  ASSERT_EQ(c.verdicts.size(), 4u);
  EXPECT_EQ(c.verdicts[0].kernel, "lib/a");
  EXPECT_EQ(c.verdicts[0].mode, KernelMode::static_test);
  EXPECT_TRUE(c.verdicts[0].intersects);
  EXPECT_FALSE(c.verdicts[1].intersects);
  EXPECT_EQ(c.verdicts[1].bias.method, BiasMethod::epsilon_on_rotation);
  EXPECT_EQ(c.verdicts[1].bias.epsilon, 1e-6);
  EXPECT_EQ(c.verdicts[2].mode, KernelMode::moving_test);
  EXPECT_FALSE(c.verdicts[2].intersects);
  EXPECT_EQ(c.verdicts[3].mode, KernelMode::first_contact);
  EXPECT_EQ(c.verdicts[3].state, ContactState::first_contact);
  EXPECT_EQ(c.verdicts[3].time, 0.75);
  EXPECT_EQ(c.verdicts[3].point[2], -0.125);
  // Written back and read again: the same verdicts, the same text.
  const std::string written = format_case(c);
  const Case back = expect_case(parse_case(written, 1));
  ASSERT_EQ(back.verdicts.size(), 4u);
  EXPECT_EQ(format_case(back), written);
  EXPECT_EQ(back.verdicts[3].time, 0.75);
  EXPECT_EQ(back.verdicts[1].bias.epsilon, 1e-6);
}

TEST(CaseFile, FloatWriteThenReadIsBitExact) {
  Case c;
  c.id = "float";
  c.scalar = ScalarKind::float32;
  c.pair.query = Query::tri_tri;
  c.pair.tri_a.vertices = {Vec3<double>(double(0.1f), double(-1.0f / 3), double(1e-45f)),
                           Vec3<double>(double(3.4e38f), -0.0, 1), Vec3<double>(0, 0, 0)};
  c.pair.tri_b.vertices = {Vec3<double>(double(1e-40f), 2, 3), Vec3<double>(double(0.7f), 0, 0),
                           Vec3<double>(0, double(-123.456f), 0)};
  const Case back = expect_case(parse_case(format_case(c), 1));
  for (int i = 0; i < 3; ++i) {
    expect_same_bits(back.pair.tri_a.vertices[i], c.pair.tri_a.vertices[i], "a");
    expect_same_bits(back.pair.tri_b.vertices[i], c.pair.tri_b.vertices[i], "b");
  }
}

}  // namespace
}  // namespace sepax::harness

namespace sepax::harness {
namespace {

TEST(ManifoldCaseFile, ReadsWritesAndRefusesMotion) {
  const std::string line =
      R"({"id":"m1","query":"obb_obb_manifold","scalar":"double","family":"random",)"
      R"("a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[2,2,1]},)"
      R"("b":{"center":["0x1p-1","-0x1p-1","0x1.cp+0"],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":["0x1p-1","0x1p-1",1]}})";
  const CaseOrError read = parse_case(line, 1);
  ASSERT_TRUE(std::holds_alternative<Case>(read));
  const Case& c = std::get<Case>(read);
  EXPECT_TRUE(c.manifold);
  EXPECT_EQ(c.pair.query, Query::obb_obb);
  EXPECT_EQ(c.pair.obb_b.center[2], 1.75);
  const CaseOrError again = parse_case(format_case(c), 1);
  ASSERT_TRUE(std::holds_alternative<Case>(again));
  EXPECT_TRUE(std::get<Case>(again).manifold);
  EXPECT_EQ(std::get<Case>(again).pair.obb_b.center, c.pair.obb_b.center);
  // Manifolds are static: a motion is refused, naming the field.
  const std::string moving = line.substr(0, line.size() - 1) + R"(,"motion":{"va":[0,0,0],"vb":[1,0,0],"T":1}})";
  const CaseOrError bad = parse_case(moving, 3);
  ASSERT_TRUE(std::holds_alternative<CaseError>(bad));
  EXPECT_NE(std::get<CaseError>(bad).message.find("motion"), std::string::npos);
  EXPECT_EQ(std::get<CaseError>(bad).line, 3u);
}

}  // namespace
}  // namespace sepax::harness
