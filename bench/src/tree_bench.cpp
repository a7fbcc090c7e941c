// sepax_bench_trees: sepax's static OBB trees (core/tree) against FCL 0.7's
// BVHModel<OBB>/<OBBRSS> on real meshes (issue 10), on identical poses.
//
//  - tree:<kernel>:<pair>:<query> — one iteration answers every pose of the
//    pair's set (gen::near_contact_poses: near first contact, both sides, plus
//    a few exactly representable ones); query boolean (stop at the first
//    intersecting triangle pair) or all_pairs (every pair). Counters
//    queries_per_s, hit_rate (boolean) / pairs_per_query (all_pairs).
//  - build:<kernel>:<mesh> — building one tree; counters ns_per_triangle,
//    bytes_per_triangle (sepax: BuildStats::bytes; FCL: FclMesh::bytes(), an
//    estimate from its BV node and triangle counts, see fcl_mesh.hpp).
//
// Kernels: sepax/<split>/leaf<N>/<scalar> and fcl/obb, fcl/obbrss. Pairs:
// couplingdown×couplingdown, elephant×elephant, couplingdown×elephant and each
// large mesh with itself (armadillo, DTC-scaled, buildings from SEPAX_MESH_DIR;
// left out, saying so, when absent). Each pair's poses have their own seed
// (gen::seed_for).
//
// Options besides Google Benchmark's own:
//   --sepax_poses=N        poses per mesh pair (default 256, plus 4 exact ones)
//   --sepax_seed=S         pose seed (default 20261123)
//   --sepax_meshes=a,b     meshes to use (default couplingdown,elephant,armadillo; also DTC-scaled, buildings:
//                          each is paired with itself, couplingdown with elephant)
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench_flags.hpp"
#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/traversal.hpp"
#include "sepax/generators/poses.hpp"
#include "sepax/harness/mesh/mesh_file.hpp"
#include "sepax/peers/fcl_mesh.hpp"

namespace sepax::bench {
namespace {

constexpr const char* kProgram = "sepax_bench_trees";

struct Options {
  SetFlags flags;
  std::size_t poses = 256;
  std::vector<std::string> meshes{"couplingdown", "elephant", "armadillo"};
};

Options parse(int& argc, char** argv) {
  Options o;
  take_flags(argc, argv, kProgram, o.flags, [&](const std::string& arg) {
    if (auto v = flag_value(arg, "--sepax_poses")) {
      o.poses = positive_flag(kProgram, "--sepax_poses", *v);
      return true;
    }
    if (auto v = flag_value(arg, "--sepax_meshes")) {
      o.meshes = split_list(*v);
      if (o.meshes.empty()) usage_error(kProgram, "--sepax_meshes needs at least one mesh name");
      return true;
    }
    return false;
  });
  return o;
}

/// The small meshes are in the repository, the large ones in SEPAX_MESH_DIR
/// (environment, else the CMake cache value); empty path when absent.
std::filesystem::path find_mesh(const std::string& name) {
  namespace fs = std::filesystem;
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("SEPAX_MESH_DIR")) dirs.emplace_back(env);
  dirs.emplace_back(SEPAX_SMALL_MESH_DIR);
  dirs.emplace_back(SEPAX_MESH_DIR);
  for (const auto& d : dirs)
    for (const char* ext : {".off", ".stl.gz", ".obj.gz", ".stl", ".obj", ".off.gz"})
      if (fs::exists(d / (name + ext))) return d / (name + ext);
  return {};
}

struct SepaxKernel {
  std::string name;
  tree::BuildOptions build;
  bool single;  ///< float, else double
};

const std::vector<SepaxKernel>& sepax_kernels() {
  using tree::SplitRule;
  static const std::vector<SepaxKernel> k{
      {"sepax/median/leaf4/double", {SplitRule::median, 4}, false},
      {"sepax/median/leaf4/float", {SplitRule::median, 4}, true},
      {"sepax/center/leaf4/double", {SplitRule::center, 4}, false},
      {"sepax/median/leaf1/double", {SplitRule::median, 1}, false},
      {"sepax/center/leaf1/double", {SplitRule::center, 1}, false},
      {"sepax/median/leaf2/double", {SplitRule::median, 2}, false},
      {"sepax/median/leaf8/double", {SplitRule::median, 8}, false},
  };
  return k;
}

/// Every structure of one mesh, built once.
struct MeshData {
  std::string name;
  TriangleMesh mesh;
  std::vector<tree::ObbTree<double>> d;  ///< per sepax kernel (empty tree for the float ones)
  std::vector<tree::ObbTree<float>> f;
  std::unique_ptr<peers::FclMesh> fcl_obb, fcl_obbrss;
};

std::shared_ptr<MeshData> load(const std::string& name, const std::filesystem::path& path) {
  auto m = std::make_shared<MeshData>();
  m->name = name;
  m->mesh = harness::read_mesh(path);
  for (const SepaxKernel& k : sepax_kernels()) {
    m->d.push_back(k.single ? tree::ObbTree<double>{} : tree::build<double>(m->mesh, k.build));
    m->f.push_back(k.single ? tree::build<float>(m->mesh, k.build) : tree::ObbTree<float>{});
  }
  m->fcl_obb = std::make_unique<peers::FclMesh>(m->mesh, peers::FclBv::obb);
  m->fcl_obbrss = std::make_unique<peers::FclMesh>(m->mesh, peers::FclBv::obbrss);
  return m;
}

enum class QueryKind { boolean, all_pairs };

/// One iteration answers every pose; `answer(pose)` returns hit (boolean) or the pair count.
template <class Answer>
void time_queries(benchmark::State& state, const std::vector<Pose>& poses, QueryKind q, Answer&& answer) {
  std::size_t total = 0;
  try {
    for (auto _ : state) {
      total = 0;
      for (const Pose& p : poses) total += answer(p);
      benchmark::DoNotOptimize(total);
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  const double n = double(poses.size());
  state.counters["queries_per_s"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate);
  if (q == QueryKind::boolean)
    state.counters["hit_rate"] = double(total) / n;
  else
    state.counters["pairs_per_query"] = double(total) / n;
}

void register_pair(const std::shared_ptr<MeshData>& a, const std::shared_ptr<MeshData>& b, const Options& o) {
  gen::PoseSetOptions po;
  po.seed = gen::seed_for(o.flags.sets.seed, a->name + "x" + b->name);  // each pair its own pose stream
  po.count = o.poses;
  auto poses = std::make_shared<const std::vector<Pose>>(gen::near_contact_poses(a->mesh, b->mesh, po));
  const std::string pair = a->name + "x" + b->name;
  for (const QueryKind q : {QueryKind::boolean, QueryKind::all_pairs}) {
    const std::string tail = ":" + pair + (q == QueryKind::boolean ? ":boolean" : ":all_pairs");
    for (std::size_t k = 0; k < sepax_kernels().size(); ++k) {
      const SepaxKernel& kern = sepax_kernels()[k];
      benchmark::RegisterBenchmark(("tree:" + kern.name + tail).c_str(), [=](benchmark::State& state) {
        auto run = [&](const auto& ta, const auto& tb) {
          time_queries(state, *poses, q, [&](const Pose& p) -> std::size_t {
            if (q == QueryKind::boolean) return tree::test_intersection(ta, tb, p);
            // The library's all-pairs query (a sorted vector, as FCL's side
            // returns its contacts), compiled per instruction set.
            return tree::collect_intersections(ta, tb, p).size();
          });
        };
        if (kern.single)
          run(a->f[k], b->f[k]);
        else
          run(a->d[k], b->d[k]);
      });
    }
    for (const peers::FclBv bv : {peers::FclBv::obb, peers::FclBv::obbrss}) {
      benchmark::RegisterBenchmark(
          ("tree:fcl/" + std::string(peers::to_string(bv)) + tail).c_str(), [=](benchmark::State& state) {
            const peers::FclMesh& ma = bv == peers::FclBv::obb ? *a->fcl_obb : *a->fcl_obbrss;
            const peers::FclMesh& mb = bv == peers::FclBv::obb ? *b->fcl_obb : *b->fcl_obbrss;
            time_queries(state, *poses, q, [&](const Pose& p) -> std::size_t {
              return q == QueryKind::boolean ? std::size_t(peers::boolean(ma, mb, p))
                                             : peers::all_pairs(ma, mb, p).size();
            });
          });
    }
  }
}

void register_builds(const std::shared_ptr<MeshData>& m) {
  const double tris = double(m->mesh.triangles.size());
  for (std::size_t k = 0; k < sepax_kernels().size(); ++k) {
    const SepaxKernel kern = sepax_kernels()[k];
    benchmark::RegisterBenchmark(("build:" + kern.name + ":" + m->name).c_str(), [=](benchmark::State& state) {
      std::size_t bytes = 0;
      for (auto _ : state) {
        if (kern.single) {
          auto t = tree::build<float>(m->mesh, kern.build);
          bytes = t.stats.bytes;
          benchmark::DoNotOptimize(t.nodes.data());
        } else {
          auto t = tree::build<double>(m->mesh, kern.build);
          bytes = t.stats.bytes;
          benchmark::DoNotOptimize(t.nodes.data());
        }
      }
      state.counters["ns_per_triangle"] =
          benchmark::Counter(tris * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
      state.counters["bytes_per_triangle"] = double(bytes) / tris;
    });
  }
  for (const peers::FclBv bv : {peers::FclBv::obb, peers::FclBv::obbrss}) {
    benchmark::RegisterBenchmark(("build:fcl/" + std::string(peers::to_string(bv)) + ":" + m->name).c_str(),
                                 [=](benchmark::State& state) {
                                   std::size_t bytes = 0;
                                   for (auto _ : state) {
                                     peers::FclMesh f(m->mesh, bv);
                                     bytes = f.bytes();
                                     benchmark::DoNotOptimize(bytes);
                                   }
                                   state.counters["ns_per_triangle"] = benchmark::Counter(
                                       tris * 1e-9,
                                       benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
                                   state.counters["bytes_per_triangle"] = double(bytes) / tris;
                                 });
  }
}

void register_all(const Options& o) {
  std::map<std::string, std::shared_ptr<MeshData>> meshes;
  for (const std::string& name : o.meshes) {
    const auto path = find_mesh(name);
    if (path.empty()) {
      std::cerr << kProgram << ": mesh " << name << " (.off, .stl, .obj, or .gz) not found (SEPAX_MESH_DIR, " << SEPAX_SMALL_MESH_DIR << ", "
                << SEPAX_MESH_DIR << "): its benchmarks are left out\n";
      continue;
    }
    meshes[name] = load(name, path);
    register_builds(meshes[name]);
  }
  const std::pair<const char*, const char*> pairs[] = {{"couplingdown", "couplingdown"},
                                                       {"elephant", "elephant"},
                                                       {"couplingdown", "elephant"},
                                                       {"armadillo", "armadillo"},
                                                       {"DTC-scaled", "DTC-scaled"},
                                                       {"buildings", "buildings"}};
  for (const auto& [a, b] : pairs)
    if (meshes.count(a) && meshes.count(b)) register_pair(meshes[a], meshes[b], o);
}

}  // namespace
}  // namespace sepax::bench

int main(int argc, char** argv) {
  const sepax::bench::Options options = sepax::bench::parse(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::AddCustomContext("sepax_poses", std::to_string(options.poses));
  benchmark::AddCustomContext("sepax_seed", std::to_string(options.flags.sets.seed));
  benchmark::AddCustomContext("sepax_compiler", SEPAX_BENCH_COMPILER);
  try {
    sepax::bench::register_all(options);
  } catch (const std::exception& e) {
    std::cerr << "sepax_bench_trees: " << e.what() << '\n';
    return 2;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
