// read_mesh on the five real meshes (counts from /work/shared/data/meshes/README.md,
// established there by an independent script) and on small files written here,
// good and malformed.
#include "sepax/harness/mesh/mesh_file.hpp"

#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "test_meshes.hpp"

namespace sepax::harness {
namespace {

namespace fs = std::filesystem;


/// A per-process folder for the files the tests write, removed at exit.
struct ScratchDir {
  fs::path dir = fs::temp_directory_path() / ("sepax-mesh-test-" + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(dir); }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

fs::path scratch(const std::string& name) {
  static const ScratchDir scratch_dir;
  return scratch_dir.dir / name;
}

fs::path write(const std::string& name, const std::string& bytes) {
  const fs::path path = scratch(name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

fs::path write_gzip(const std::string& name, const std::string& bytes) {
  const fs::path path = scratch(name);
  gzFile f = gzopen(path.c_str(), "wb");
  gzwrite(f, bytes.data(), static_cast<unsigned>(bytes.size()));
  gzclose(f);
  return path;
}

/// The InputError message of reading `path`; fails the test when none is thrown.
std::string refusal(const fs::path& path) {
  try {
    read_mesh(path);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << path << " was accepted";
  return {};
}

struct RealMesh {
  const char* file;
  std::size_t triangles, vertices;
};

class RealMeshes : public ::testing::TestWithParam<RealMesh> {};

TEST_P(RealMeshes, CountsMatchTheDataReadme) {
  const fs::path path = sepax::test::mesh_path(GetParam().file);
  if (!fs::exists(path)) GTEST_SKIP() << path << " not present";
  const TriangleMesh mesh = read_mesh(path);
  EXPECT_EQ(mesh.triangles.size(), GetParam().triangles);
  EXPECT_EQ(mesh.vertices.size(), GetParam().vertices);
  for (const auto& t : mesh.triangles)
    for (std::uint32_t i : t) ASSERT_LT(i, mesh.vertices.size());
}

INSTANTIATE_TEST_SUITE_P(
    Data, RealMeshes,
    ::testing::Values(RealMesh{"couplingdown.off", 3714, 1841}, RealMesh{"elephant.off", 5558, 2775},
                      RealMesh{"armadillo.off", 52000, 26002},
                      RealMesh{"DTC-scaled.stl.gz", 116062, 58033},
                      RealMesh{"buildings.obj.gz", 400020, 200062}),
    [](const auto& info) {
      std::string n = info.param.file;
      return n.substr(0, n.find_first_of(".-"));
    });

TEST(RealMeshes, OffCoordinatesAreTheNearestDoubles) {
  const fs::path path = sepax::test::mesh_path("couplingdown.off");
  if (!fs::exists(path)) GTEST_SKIP();
  const TriangleMesh mesh = read_mesh(path);
  // The vertex line after the counts line, parsed here by strtod.
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // OFF
  do std::getline(in, line); while (line.empty() || line[0] == '#');  // counts
  do std::getline(in, line); while (line.empty() || line[0] == '#');  // vertex 0
  char* end = nullptr;
  const double x = std::strtod(line.c_str(), &end), y = std::strtod(end, &end),
               z = std::strtod(end, &end);
  EXPECT_EQ(mesh.vertices[0], Vec3<double>(x, y, z));
}

constexpr const char* kTetraOff =
    "OFF\n# a tetrahedron\n4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n";

TEST(MeshFile, OffTetrahedron) {
  const TriangleMesh m = read_mesh(write("tet.off", kTetraOff));
  ASSERT_EQ(m.vertices.size(), 4u);
  ASSERT_EQ(m.triangles.size(), 4u);
  EXPECT_EQ(m.triangles[1], (std::array<std::uint32_t, 3>{0, 1, 3}));
  EXPECT_EQ(m.triangle(3).vertices[2], Vec3<double>(0, 0, 1));
}

TEST(MeshFile, OffCountsOnTheHeaderLineAndCrlf) {
  const TriangleMesh m = read_mesh(write("h.off", "OFF 3 1 0\r\n0 0 0\r\n1 0 0\r\n0 1 0\r\n3 0 1 2\r\n"));
  EXPECT_EQ(m.triangles.size(), 1u);
  EXPECT_EQ(m.vertices[1], Vec3<double>(1, 0, 0));
}

TEST(MeshFile, DegenerateFacesAreKept) {
  // A repeated index (a segment) and three collinear vertices (a segment).
  const TriangleMesh m = read_mesh(
      write("deg.off", "OFF\n4 2 0\n0 0 0\n1 0 0\n2 0 0\n0 1 0\n3 0 0 1\n3 0 1 2\n"));
  EXPECT_EQ(m.triangles.size(), 2u);
}

TEST(MeshFile, GzipGivesTheSameMeshAsPlain) {
  const TriangleMesh plain = read_mesh(write("tet2.off", kTetraOff));
  const TriangleMesh packed = read_mesh(write_gzip("tet2.off.gz", kTetraOff));
  EXPECT_EQ(plain.vertices, packed.vertices);
  EXPECT_EQ(plain.triangles, packed.triangles);
}

TEST(MeshFile, ObjWithSlashesAndNegativeIndices) {
  const TriangleMesh m = read_mesh(write(
      "q.obj", "o q\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//1\nf -4 -2 -1\n"));
  ASSERT_EQ(m.triangles.size(), 2u);
  EXPECT_EQ(m.triangles[0], (std::array<std::uint32_t, 3>{0, 1, 2}));
  EXPECT_EQ(m.triangles[1], (std::array<std::uint32_t, 3>{0, 2, 3}));
}

std::string binary_stl(const std::vector<std::array<float, 9>>& facets, std::uint32_t count) {
  std::string bytes(80, ' ');
  bytes.append(reinterpret_cast<const char*>(&count), 4);
  for (const auto& f : facets) {
    const float normal[3] = {0, 0, 0};
    bytes.append(reinterpret_cast<const char*>(normal), 12);
    bytes.append(reinterpret_cast<const char*>(f.data()), 36);
    bytes.append(2, '\0');
  }
  return bytes;
}

TEST(MeshFile, BinaryStlWeldsExactlyEqualCorners) {
  // Two facets sharing an edge; one shared corner is written as −0 once.
  const std::vector<std::array<float, 9>> facets = {{0, 0, 0, 1, 0, 0, 0, 1, 0},
                                                     {1, 0, 0, 1, 1, 0, -0.0f, 1, 0}};
  const TriangleMesh m = read_mesh(write("two.stl", binary_stl(facets, 2)));
  EXPECT_EQ(m.vertices.size(), 4u);
  EXPECT_EQ(m.triangles[1][2], m.triangles[0][2]);
  // A corner 1 ulp away is another vertex: equality, not tolerance.
  std::vector<std::array<float, 9>> near = facets;
  near[1][6] = std::nextafter(0.0f, 1.0f);
  EXPECT_EQ(read_mesh(write("near.stl", binary_stl(near, 2))).vertices.size(), 5u);
}

TEST(MeshFile, AsciiStlEqualsBinary) {
  const TriangleMesh a = read_mesh(write(
      "a.stl",
      "solid t\nfacet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 0 0\n  vertex 0 1 0\n"
      " endloop\nendfacet\nfacet normal 0 0 1\n outer loop\n  vertex 1 0 0\n  vertex 1 1 0\n"
      "  vertex 0 1 0\n endloop\nendfacet\nendsolid t\n"));
  const std::vector<std::array<float, 9>> facets = {{0, 0, 0, 1, 0, 0, 0, 1, 0},
                                                     {1, 0, 0, 1, 1, 0, 0, 1, 0}};
  const TriangleMesh b = read_mesh(write("b.stl", binary_stl(facets, 2)));
  EXPECT_EQ(a.vertices, b.vertices);
  EXPECT_EQ(a.triangles, b.triangles);
}

// --- refusals: file, line, field and value named -------------------------------

TEST(MeshFileRefuses, OffQuadNamingFaceAndCount) {
  const std::string m = refusal(
      write("quad.off", "OFF\n4 2 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n3 0 1 2\n4 0 1 2 3\n"));
  EXPECT_NE(m.find("quad.off:8:"), std::string::npos) << m;
  EXPECT_NE(m.find("face 1 has 4 vertices"), std::string::npos) << m;
}

TEST(MeshFileRefuses, OffNanAndInfCoordinates) {
  std::string m = refusal(write("nan.off", "OFF\n3 1 0\n0 0 0\n1 nan 0\n0 1 0\n3 0 1 2\n"));
  EXPECT_NE(m.find("nan.off:4: vertex 1 y is nan"), std::string::npos) << m;
  m = refusal(write("inf.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 -inf\n3 0 1 2\n"));
  EXPECT_NE(m.find("inf.off:5: vertex 2 z is -inf"), std::string::npos) << m;
  m = refusal(write("big.off", "OFF\n3 1 0\n0 0 1e999\n1 0 0\n0 1 0\n3 0 1 2\n"));
  EXPECT_NE(m.find("big.off:3: vertex 0 z is '1e999'"), std::string::npos) << m;
  m = refusal(write("word.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 one 0\n3 0 1 2\n"));
  EXPECT_NE(m.find("word.off:5: vertex 2 y is 'one', not a number"), std::string::npos) << m;
}

TEST(MeshFileRefuses, OffIndexOutOfRange) {
  const std::string m = refusal(write("range.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n"));
  EXPECT_NE(m.find("range.off:6: face 0 index 2 is 3, out of range (3 vertices)"), std::string::npos)
      << m;
}

TEST(MeshFileRefuses, OffTruncatedAndBadHeader) {
  std::string m = refusal(write("short.off", "OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n"));
  EXPECT_NE(m.find("short.off:6: file ends where face 1 was expected"), std::string::npos) << m;
  m = refusal(write("ply.off", "ply\nformat ascii 1.0\n"));
  EXPECT_NE(m.find("ply.off:1: header is 'ply', expected OFF"), std::string::npos) << m;
}

TEST(MeshFileRefuses, EmptyMesh) {
  std::string m = refusal(write("empty.off", "OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n"));
  EXPECT_NE(m.find("empty.off: the mesh has no triangles"), std::string::npos) << m;
  m = refusal(write("empty.obj", "v 0 0 0\n"));
  EXPECT_NE(m.find("no triangles"), std::string::npos) << m;
  m = refusal(write("empty.stl", "solid x\nendsolid x\n"));
  EXPECT_NE(m.find("no triangles"), std::string::npos) << m;
}

TEST(MeshFileRefuses, UnknownExtension) {
  const std::string m = refusal(write("m.ply", kTetraOff));
  EXPECT_NE(m.find("unknown mesh extension '.ply'"), std::string::npos) << m;
}

TEST(MeshFileRefuses, UnreadableGzip) {
  std::string m = refusal(write("plain.off.gz", kTetraOff));
  EXPECT_NE(m.find("plain.off.gz: not gzip data"), std::string::npos) << m;
  // A gzip stream cut in the middle.
  const fs::path whole = write_gzip("whole.off.gz", std::string(kTetraOff) + std::string(4000, '#'));
  std::ifstream in(whole, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  m = refusal(write("cut.off.gz", bytes.substr(0, bytes.size() / 2)));
  EXPECT_NE(m.find("cut.off.gz: gzip data cannot be decompressed"), std::string::npos) << m;
  // Corrupt deflate data after a valid header.
  bytes.replace(12, 8, "\xff\xff\xff\xff\xff\xff\xff\xff");
  m = refusal(write("bad.off.gz", bytes));
  EXPECT_NE(m.find("bad.off.gz: gzip data cannot be decompressed"), std::string::npos) << m;
}

TEST(MeshFileRefuses, ObjQuadZeroIndexAndForwardRange) {
  std::string m = refusal(write("q.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n"));
  EXPECT_NE(m.find("q.obj:5: face 0 has 4 vertices"), std::string::npos) << m;
  m = refusal(write("z.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 0 1 2\n"));
  EXPECT_NE(m.find("z.obj:4: face 0 index 0 is 0, out of range"), std::string::npos) << m;
  m = refusal(write("r.obj", "v 0 0 0\nv 1 0 0\nf 1 2 3\nv 1 1 0\nf 1 2 5\n"));
  EXPECT_NE(m.find("r.obj:5: face 1 index 2 is 5, out of range (3 vertices)"), std::string::npos)
      << m;
  m = refusal(write("n.obj", "v 0 0 0\nv 1 NaN 0\nv 1 1 0\nf 1 2 3\n"));
  EXPECT_NE(m.find("n.obj:2: vertex 2 y is NaN"), std::string::npos) << m;
}

TEST(MeshFileRefuses, StlFacetWithFourVerticesAndNan) {
  std::string m = refusal(write(
      "four.stl", "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
                  "vertex 0 1 0\nvertex 1 1 0\nendloop\nendfacet\nendsolid t\n"));
  EXPECT_NE(m.find("four.stl:2: facet 0 has 4 vertices"), std::string::npos) << m;
  std::vector<std::array<float, 9>> facets = {{0, 0, 0, 1, 0, 0, 0, 1, 0}};
  facets[0][4] = std::numeric_limits<float>::quiet_NaN();
  m = refusal(write("nan.stl", binary_stl(facets, 1)));
  EXPECT_NE(m.find("nan.stl: facet 0 (byte 84) vertex 1 y is nan"), std::string::npos) << m;
  m = refusal(write("size.stl", binary_stl(facets, 2)));
  EXPECT_NE(m.find("header says 2 facets (184 bytes), the file has 134 bytes"), std::string::npos)
      << m;
}

}  // namespace
}  // namespace sepax::harness
