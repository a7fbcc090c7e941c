#include "sepax/harness/hexfloat.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

namespace sepax::harness {
namespace {

// Bit patterns, not values: 0 == -0 and NaN != NaN would hide the failures
// this file is about.
std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }
std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }

TEST(HexFloat, ParsesTheSpecExamples) {
  EXPECT_EQ(parse_hex<double>("0x1.8p-3"), 0.1875);
  EXPECT_EQ(parse_hex<double>("0x1p+1"), 2.0);
  EXPECT_EQ(parse_hex<double>("-0x1.4p+2"), -5.0);
  EXPECT_EQ(parse_hex<double>("+0X1P0"), 1.0);
  EXPECT_EQ(parse_hex<double>("0xA"), 10.0);  // the exponent is optional in C99
  EXPECT_EQ(parse_hex<float>("0x1.8p-3"), 0.1875f);
}

TEST(HexFloat, RejectsWhatIsNotAHexLiteral) {
  for (const char* text : {"", "1.5", "0x", "0x.p1", "0x1p", "0x1p+", " 0x1p0", "0x1p0 ", "0x1g",
                           "0x1.8p-3x", "--0x1p0", "abc", "1e5"})
    EXPECT_EQ(parse_hex<double>(text), std::nullopt) << "text: \"" << text << "\"";
}

TEST(HexFloat, RecognizesInfinityAndNanSoReadersCanRejectThemByName) {
  EXPECT_EQ(parse_hex<double>("inf"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(parse_hex<double>("-Infinity"), -std::numeric_limits<double>::infinity());
  ASSERT_TRUE(parse_hex<double>("NaN").has_value());
  EXPECT_TRUE(std::isnan(*parse_hex<double>("NaN")));
  EXPECT_TRUE(std::isnan(*parse_hex<float>("nan")));
}

TEST(HexFloat, FormatsKnownValues) {
  EXPECT_EQ(format_hex(0.1875), "0x1.8p-3");
  EXPECT_EQ(format_hex(2.0), "0x1p+1");
  EXPECT_EQ(format_hex(-0.0), "-0x0p+0");
  EXPECT_EQ(format_hex(0.0), "0x0p+0");
  EXPECT_EQ(format_hex(0.1), "0x1.999999999999ap-4");
  EXPECT_EQ(format_hex(double(0.1f)), "0x1.99999ap-4");
}

TEST(HexFloat, DoublesRoundTripBitExactlyIncludingDenormalsAndSignedZero) {
  const double values[] = {0.0,
                           -0.0,
                           1.0,
                           -1.0,
                           0.1,
                           1.0 / 3.0,
                           std::numeric_limits<double>::denorm_min(),
                           -std::numeric_limits<double>::denorm_min(),
                           std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::min() / 3,  // a denormal with many bits
                           std::nextafter(std::numeric_limits<double>::min(), 0.0),
                           std::numeric_limits<double>::max(),
                           -std::numeric_limits<double>::max(),
                           std::nextafter(1.0, 2.0),
                           1e-300,
                           6.02214076e23};
  for (double v : values) {
    const std::string text = format_hex(v);
    const auto back = parse_hex<double>(text);
    ASSERT_TRUE(back.has_value()) << text;
    EXPECT_EQ(bits(*back), bits(v)) << text;
  }
}

TEST(HexFloat, FloatsRoundTripBitExactlyThroughTheirDoubleSpelling) {
  const float values[] = {0.0f,
                          -0.0f,
                          0.1f,
                          -1.0f / 3.0f,
                          std::numeric_limits<float>::denorm_min(),
                          -std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::min() / 3,
                          std::nextafter(std::numeric_limits<float>::min(), 0.0f),
                          std::numeric_limits<float>::max(),
                          std::nextafter(1.0f, 2.0f)};
  for (float v : values) {
    // Case files store float data as double; the float reader must get the same bits back.
    const std::string text = format_hex(static_cast<double>(v));
    const auto back = parse_hex<float>(text);
    ASSERT_TRUE(back.has_value()) << text;
    EXPECT_EQ(bits(*back), bits(v)) << text;
  }
}

TEST(HexFloat, RoundsToNearestEvenOnceInTheTargetScalar) {
  // 1 + 2^-24 is halfway between 1 and the next float: ties go to even (1).
  EXPECT_EQ(parse_hex<float>("0x1.000001p+0"), 1.0f);
  // 1 + 2^-24 + 2^-60: just above halfway, must round up. Rounding through
  // double first would lose the 2^-60 and round down (the double-rounding trap).
  EXPECT_EQ(parse_hex<float>("0x1.0000010000000001p+0"), std::nextafter(1.0f, 2.0f));
  // Halfway between the two smallest denormals rounds to even (2^-148).
  EXPECT_EQ(parse_hex<float>("0x1.8p-149"), std::nextafter(std::numeric_limits<float>::denorm_min(), 1.0f));
  // Beyond the range: infinity, which readers reject as too large.
  EXPECT_EQ(parse_hex<float>("0x1p+128"), std::numeric_limits<float>::infinity());
  EXPECT_EQ(parse_hex<double>("-0x1p+1024"), -std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace sepax::harness
