// Plugin ABI version 2 (sepax/sepax_plugin.h): a plugin's kernels of any
// query load through the one door, with the fields the loader checks named
// when wrong; the engine calls their batch form, judges their answers like any
// kernel's, and records a kernel that fails or forgets an answer as gross
// "threw" findings, never stopping.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "sepax/harness/input_error.hpp"
#include "box_overlap_pairs.hpp"
#include "sepax/harness/mesh/mesh_kernels.hpp"
#include "sepax/harness/plugin_kernels.hpp"
#include "sepax/harness/query/judged_queries.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "sepax/sepax_plugin.h"

namespace sepax::harness {
namespace {

/// The plugin's own globals (the loader's dlopen returns the same module).
sepax_kernel_v2* kernels() {
  static void* module = dlopen(SEPAX_TEST_PLUGIN_QUERIES_V2, RTLD_NOW | RTLD_LOCAL);
  return module ? static_cast<sepax_kernel_v2*>(dlsym(module, "queries_v2_kernels")) : nullptr;
}

std::string load_error() {
  try {
    load_plugin(SEPAX_TEST_PLUGIN_QUERIES_V2);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(PluginV2, KernelsOfEveryQueryComeThroughTheirDoors) {
  const KernelSet k = load_plugin(SEPAX_TEST_PLUGIN_QUERIES_V2);
  ASSERT_EQ(k.sat.size(), 1u);
  EXPECT_EQ(k.sat[0].id, "queries_v2/always/double");
  EXPECT_EQ(k.sat[0].query, Query::obb_obb);
  EXPECT_TRUE(k.sat[0].test && k.sat[0].test_batch);
  ASSERT_EQ(k.queries.size(), 5u);
  EXPECT_EQ(k.queries[0].id, "queries_v2/spheres/float");
  EXPECT_EQ(k.queries[1].tolerance, 1e-6);
  EXPECT_EQ(k.queries[2].query, "obb_to_aabb");
  EXPECT_EQ(k.queries[2].mode, "enclose");
  for (const QueryKernel& q : k.queries) {
    EXPECT_EQ(q.origin, "queries_v2");
    EXPECT_TRUE(q.run && q.run_batch) << q.id;
  }
  ASSERT_EQ(k.meshes.size(), 4u);  // mesh_mesh: makers of mesh kernels, not query kernels
  EXPECT_EQ(k.meshes[0].name, "queries_v2/mesh_boxes/double");
  EXPECT_FALSE(k.meshes[0].peer);  // a user's: judged and gated, never left out as a peer
}

TEST(PluginV2, MeshKernelsGetTheMeshesAndPosesTheAbiDescribes) {
  const KernelSet k = load_plugin(SEPAX_TEST_PLUGIN_QUERIES_V2);
  const TriangleMesh a = test::tetrahedron(0), b = test::tetrahedron(0);
  const std::vector<MeshKernel> made = k.meshes[0].make(a, b);
  ASSERT_EQ(made.size(), 1u);
  EXPECT_EQ(made[0].name, "queries_v2/mesh_boxes/double");
  // B turned a quarter about z and moved: the expected pairs are computed
  // here from the pose, triangle box by triangle box.
  Pose pose;
  pose.rotation << 0, -1, 0, 1, 0, 0, 0, 0, 1;
  pose.translation = Vec3<double>(0.75, 0.25, 0.5);
  const std::vector<MeshPair> expected = test::box_overlapping_pairs(a, b, pose);
  ASSERT_FALSE(expected.empty());
  ASSERT_LT(expected.size(), 16u);  // the pose matters: some pairs are apart
  EXPECT_EQ(made[0].pairs(pose), expected);
  EXPECT_TRUE(made[0].intersects(pose));
  pose.translation = Vec3<double>(5, 0, 0);
  EXPECT_TRUE(made[0].pairs(pose).empty());
  EXPECT_FALSE(made[0].intersects(pose));
}

TEST(PluginV2, MalformedMeshAnswersAreTheKernelsErrorsNamedAndJudgedGross) {
  const KernelSet k = load_plugin(SEPAX_TEST_PLUGIN_QUERIES_V2);
  const TriangleMesh a = test::tetrahedron(0), b = test::tetrahedron(0.5);
  const struct {
    std::size_t maker;
    const char* says;
  } wrong[] = {{1, "queries_v2/mesh_twice/double: the pair (0, 0) was added twice"},
               {2, "queries_v2/mesh_out_of_range/double: add(pose 0, triangle_a 4, triangle_b 0) is out of range"},
               {3, "queries_v2/mesh_forgets/double: meets = 255 (expected 0 or 1; 255: not written)"}};
  for (const auto& w : wrong) {
    const std::vector<MeshKernel> made = k.meshes[w.maker].make(a, b);
    std::string error;
    try {
      made[0].pairs(Pose::identity());
    } catch (const std::runtime_error& e) {
      error = e.what();
    }
    EXPECT_NE(error.find(w.says), std::string::npos) << error;
    // Judged with the others: gross, its error kept, the pose judged on.
    std::vector<MeshKernelTally> tallies;
    const MeshPoseOutcome o = judge_mesh_pose(a, b, Pose::identity(), made, tallies);
    ASSERT_EQ(o.answers.size(), 1u);
    EXPECT_EQ(o.answers[0].judgement.cls, oracle::Class::gross);
    EXPECT_NE(o.answers[0].error.find(w.says), std::string::npos) << o.answers[0].error;
    EXPECT_EQ(tallies[0].gross, 1u);
  }
}

TEST(PluginV2, TheLoaderNamesEveryWrongField) {
  sepax_kernel_v2* k = kernels();
  ASSERT_NE(k, nullptr);
  const sepax_kernel_v2 saved = k[0];
  k[0].query = "box_box";
  std::string msg = load_error();
  EXPECT_NE(msg.find("kernel 0 \"spheres\": unknown query \"box_box\" with mode \"test_static\""), std::string::npos) << msg;
  EXPECT_NE(msg.find("obb_obb_manifold find_manifold"), std::string::npos) << msg;  // the known ones listed
  EXPECT_NE(msg.find("mesh_mesh find_pairs"), std::string::npos) << msg;
  k[0] = saved;
  k[0].query = "mesh_mesh";
  msg = load_error();
  EXPECT_NE(msg.find("unknown query \"mesh_mesh\" with mode \"test_static\""), std::string::npos) << msg;
  k[0] = saved;
  const sepax_kernel_v2 mesh = k[6];
  ASSERT_EQ(std::string(mesh.query), "mesh_mesh");
  k[6].tolerance = 0.5;
  msg = load_error();
  EXPECT_NE(msg.find("kernel 6 \"mesh_boxes\": tolerance 0.5: mesh_mesh kernels take 0"), std::string::npos) << msg;
  k[6] = mesh;
  k[0].tolerance = -1;
  msg = load_error();
  EXPECT_NE(msg.find("tolerance -1 is not a finite number >= 0"), std::string::npos) << msg;
  k[0] = saved;
  k[0].open_sets = 1;
  msg = load_error();
  EXPECT_NE(msg.find("are for the SAT queries; sphere_sphere takes 0"), std::string::npos) << msg;
  k[0] = saved;
  k[0].batch = nullptr;
  msg = load_error();
  EXPECT_NE(msg.find("batch function is NULL"), std::string::npos) << msg;
  k[0] = saved;
  k[1].name = "spheres";
  k[1].scalar = SEPAX_SCALAR_FLOAT;
  msg = load_error();
  EXPECT_NE(msg.find("duplicate kernel id \"queries_v2/spheres/float\""), std::string::npos) << msg;
  k[1].scalar = SEPAX_SCALAR_DOUBLE;
  EXPECT_EQ(load_error(), "");
}

// The door is read once per process: these run in a process of their own
// (ctest runs each test alone), registering the plugin first.
class PluginV2Campaign : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    static const bool done = [] {
      register_query_kernels(load_plugin(SEPAX_TEST_PLUGIN_QUERIES_V2).queries);
      return true;
    }();
    (void)done;
  }
  static QueryRow row_of(const QueryBatch& b, const std::string& kernel) {
    for (const QueryRow& r : b.rows)
      if (r.kernel == kernel) return r;
    ADD_FAILURE() << "no row of " << kernel;
    return {};
  }
};

TEST_F(PluginV2Campaign, RightAnswersAreOkWrongOnesGrossAndFailuresThrewFindings) {
  const JudgedQuery spheres = find_judged_query("sphere_sphere", "test_static");
  const QueryBatch d = spheres.run_batch(ScalarKind::float64, 0, 5, 0, 300, 10, nullptr);
  EXPECT_EQ(row_of(d, "queries_v2/spheres/double").gross, 0u);
  EXPECT_EQ(row_of(d, "queries_v2/spheres/double").ok + row_of(d, "queries_v2/spheres/double").boundary, 300u);
  EXPECT_EQ(row_of(spheres.run_batch(ScalarKind::float32, 0, 5, 0, 300, 10, nullptr), "queries_v2/spheres/float").gross, 0u);
  // The forgetful kernel: the cases it forgets are its error ("not written"),
  // each gross and named; the batch that held them is retried case by case.
  const QueryRow forgetful = row_of(d, "queries_v2/forgetful/double");
  std::size_t threw = 0, kept = 0;
  for (const QueryFinding& f : d.findings) {
    if (f.kernel != "queries_v2/forgetful/double") continue;
    ++kept;
    const bool forgot = f.case_line.find("\"a\":{\"center\":[\"-") != std::string::npos;  // x < 0
    EXPECT_EQ(f.kind == "threw", forgot) << f.detail << "\n" << f.case_line;
    if (f.kind != "threw") continue;
    ++threw;
    EXPECT_NE(f.detail.find("not written by the plugin"), std::string::npos) << f.detail;
  }
  EXPECT_GT(threw, 0u);
  EXPECT_EQ(kept, 10u);
  EXPECT_GT(forgetful.gross, threw);
  // The naive enclosure: boxes that do not contain the OBB are gross.
  const JudgedQuery enclose = find_judged_query("obb_to_aabb", "enclose");
  EXPECT_GT(row_of(enclose.run_batch(ScalarKind::float64, 0, 5, 0, 300, 10, nullptr), "queries_v2/enclose_naive/double").gross, 0u);
  // The failing kernel: every case threw, with its message.
  const JudgedQuery sweeps = find_judged_query("aabb_aabb", "find_first_contact");
  const QueryBatch s = sweeps.run_batch(ScalarKind::float64, 0, 5, 0, 50, 3, nullptr);
  EXPECT_EQ(row_of(s, "queries_v2/failing/double").gross, 50u);
  ASSERT_FALSE(s.findings.empty());
  EXPECT_NE(s.findings.back().detail.find("queries_v2: asked to fail"), std::string::npos) << s.findings.back().detail;
}

TEST_F(PluginV2Campaign, TheBatchFormAndTheOneCaseFormAgree) {
  const QueryKernel* k = find_query_kernel("queries_v2/spheres/double");
  ASSERT_NE(k, nullptr);
  std::vector<QueryInput> cases;
  for (int i = 0; i < 20; ++i) {
    gen::SpherePair p;
    p.a = {Vec3<double>(0, 0, 0), 1};
    p.b = {Vec3<double>(0.125 * i, 0, 0), 1};
    cases.emplace_back(p);
  }
  const auto batch = k->run_batch(cases);
  ASSERT_EQ(batch.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    ASSERT_TRUE(batch[i] && k->run(cases[i]));
    EXPECT_EQ(batch[i]->meets, k->run(cases[i])->meets) << i;
    EXPECT_EQ(batch[i]->meets, i <= 16) << i;  // the balls touch at distance 2
  }
}

}  // namespace
}  // namespace sepax::harness
