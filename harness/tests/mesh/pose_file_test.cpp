// Pose files for mesh checks (sepax/harness/mesh/pose_file.hpp): what is read, and
// every refusal naming the file, the line and the field.
#include <gtest/gtest.h>

#include <string>

#include "sepax/harness/mesh/pose_file.hpp"

namespace {

using namespace sepax;
using harness::InputError;
using harness::parse_poses;

/// The message of the InputError parsing `text` throws ("" when none is thrown).
std::string refusal(const std::string& text) {
  try {
    parse_poses(text, "p.jsonl");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(PoseFile, ReadsNumbersHexFloatsCommentsAndDefaultIds) {
  const auto poses = parse_poses(
      "# a comment\n"
      "{\"id\": \"a\", \"pose\": [[1,0,0,\"0x1.8p-3\"],[0,1,0,-2],[0,0,1,1e-3]]}\n"
      "\n"
      "{\"pose\": [[0,-1,0,0],[1,0,0,0],[0,0,1,0]], \"velocity\": [1,0,0], \"dt\": 0.5}\r\n",
      "p.jsonl");
  ASSERT_EQ(poses.size(), 2u);
  EXPECT_EQ(poses[0].id, "a");
  EXPECT_EQ(poses[0].line, 2u);
  EXPECT_EQ(poses[0].pose.translation, Vec3<double>(0.1875, -2, 1e-3));
  EXPECT_FALSE(poses[0].moving());
  EXPECT_EQ(poses[1].id, "line 4");
  EXPECT_EQ(poses[1].pose.rotation(0, 1), -1.0);
  ASSERT_TRUE(poses[1].moving());
  EXPECT_EQ(*poses[1].dt, 0.5);
  EXPECT_EQ(*poses[1].velocity, Vec3<double>(1, 0, 0));
}

TEST(PoseFile, WrittenLinesReadBackExactly) {
  harness::MeshPose p;
  p.id = "x";
  p.pose.rotation << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  p.pose.translation = Vec3<double>(0.1, -1.0 / 3.0, 1e-300);
  p.velocity = Vec3<double>(0.3, 0, 0);
  p.dt = 0.7;
  const auto back = parse_poses(harness::pose_line(p) + "\n", "p.jsonl");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].pose.rotation, p.pose.rotation);
  EXPECT_EQ(back[0].pose.translation, p.pose.translation);
  EXPECT_EQ(*back[0].velocity, *p.velocity);
  EXPECT_EQ(*back[0].dt, *p.dt);
}

TEST(PoseFile, RefusalsNameLineFieldAndValue) {
  const std::string ok = "{\"id\": \"a\", \"pose\": [[1,0,0,0],[0,1,0,0],[0,0,1,0]]}\n";
  EXPECT_EQ(refusal(ok), "");
  EXPECT_EQ(refusal(ok + "{\"id\": \"b\", \"pose\": [[1,0,0,0],[0,1,0,\"NaN\"],[0,0,1,0]]}\n"),
            "p.jsonl:2: pose[1][3] = \"NaN\": not finite; poses carry finite numbers only");
  EXPECT_EQ(refusal("{\"id\": \"a\", \"pose\": [[1,0,0,0],[0,1,0,0],[0,0,1,\"zero\"]]}"),
            "p.jsonl:1: pose[2][3] = \"zero\": not a number (write a JSON number or a C99 hex-float string such "
            "as \"0x1.8p-3\")");
  EXPECT_EQ(refusal("{\"id\": \"a\", \"pos\": []}"), "p.jsonl:1: pos: unknown field (known: id, pose, velocity, angular, dt)");
  EXPECT_EQ(refusal("{\"id\": \"a\", \"pose\": [[1,0,0],[0,1,0,0],[0,0,1,0]]}"),
            "p.jsonl:1: pose[0] = [1,0,0]: expected 4 numbers");
  EXPECT_EQ(refusal(ok + ok), "p.jsonl:2: id = \"a\": used by an earlier line");
  EXPECT_NE(refusal("{\"id\": \"a\", \"pose\": [[2,0,0,0],[0,1,0,0],[0,0,1,0]]}").find("p.jsonl:1: pose: the 3x3 part is not a rotation"),
            std::string::npos);
  EXPECT_EQ(refusal("{\"id\": \"a\", \"pose\": [[-1,0,0,0],[0,1,0,0],[0,0,1,0]]}"),
            "p.jsonl:1: pose: the 3x3 part is a reflection (det R < 0), not a rotation");
  EXPECT_EQ(refusal("{\"id\": \"a\", \"pose\": [[1,0,0,0],[0,1,0,0],[0,0,1,0]], \"dt\": 1}"),
            "p.jsonl:1: dt without velocity or angular: nothing moves");
  EXPECT_EQ(refusal("{\"id\": \"a\", \"pose\": [[1,0,0,0],[0,1,0,0],[0,0,1,0]], \"velocity\": [1,0,0], \"dt\": 0}"),
            "p.jsonl:1: dt = 0: must be > 0");
  EXPECT_EQ(refusal("{\"id\": \"a\", \"pose\": [[1,0,0,0],[0,1,0,0],[0,0,1,0]], \"velocity\": [1,0,0]}"),
            "p.jsonl:1: velocity/angular without dt: a moving pose needs its interval");
  EXPECT_NE(refusal("{\"id\": \"a\", \"pose\": [[1,0,0,0],").find("p.jsonl:1: not JSON: "), std::string::npos);
  EXPECT_EQ(refusal("[1, 2]"), "p.jsonl:1: expected an object {\"id\": ..., \"pose\": [[...], [...], [...]]}");
  EXPECT_EQ(refusal("{\"id\": \"a\"}"), "p.jsonl:1: pose: missing (3 rows [r0, r1, r2, t])");
}

TEST(PoseFile, AnUnreadableFileIsNamed) {
  try {
    harness::read_pose_file("/no/such/poses.jsonl");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/no/such/poses.jsonl: cannot open for reading");
  }
}

}  // namespace
