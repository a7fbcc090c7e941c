// sepax mesh-check: OBB-tree kernels and FCL on two meshes at given poses,
// judged against the exact set of intersecting triangle pairs.
#include "mesh_check/mesh_check_command.hpp"

#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/table.hpp"
#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/traversal.hpp"
#include "sepax/harness/mesh/mesh_file.hpp"
#include "sepax/harness/mesh/mesh_judgement.hpp"
#include "sepax/harness/mesh/pose_file.hpp"
#include "sepax/oracle/mesh_truth.hpp"
#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/fcl_mesh.hpp"
#endif

namespace sepax::cli {
namespace {

using harness::MeshPair;

/// One mesh-vs-mesh kernel: its verdict (first hit) and its pair set.
struct MeshKernel {
  std::string name;
  ScalarKind scalar;
  std::function<bool(const Pose&)> intersects;
  std::function<std::vector<MeshPair>(const Pose&)> pairs;
  double seconds = 0;  ///< both queries, every pose
  std::size_t ok = 0, boundary = 0, gross = 0;
};

template <class S>
void add_tree_kernels(const TriangleMesh& a, const TriangleMesh& b, std::vector<MeshKernel>& out) {
  const char* scalar = sizeof(S) == 4 ? "float" : "double";
  for (const auto& [rule, leaf] : {std::pair{tree::SplitRule::center, 1u}, std::pair{tree::SplitRule::median, 4u}}) {
    auto ta = std::make_shared<tree::ObbTree<S>>(tree::build<S>(a, {rule, leaf}));
    auto tb = std::make_shared<tree::ObbTree<S>>(tree::build<S>(b, {rule, leaf}));
    MeshKernel k;
    k.name = fmt::format("sepax/{}/leaf{}/{}", rule == tree::SplitRule::center ? "center" : "median", leaf, scalar);
    k.scalar = sizeof(S) == 4 ? ScalarKind::float32 : ScalarKind::float64;
    k.intersects = [ta, tb](const Pose& p) { return tree::test_intersection(*ta, *tb, p); };
    k.pairs = [ta, tb](const Pose& p) { return tree::collect_intersections(*ta, *tb, p); };
    out.push_back(std::move(k));
  }
}

#ifdef SEPAX_HAVE_PEERS
void add_fcl_kernels(const TriangleMesh& a, const TriangleMesh& b, std::vector<MeshKernel>& out) {
  for (peers::FclBv bv : {peers::FclBv::obb, peers::FclBv::obbrss}) {
    auto fa = std::make_shared<peers::FclMesh>(a, bv);
    auto fb = std::make_shared<peers::FclMesh>(b, bv);
    MeshKernel k;
    k.name = std::string("fcl/") + peers::to_string(bv);
    k.scalar = ScalarKind::float64;
    k.intersects = [fa, fb](const Pose& p) { return peers::boolean(*fa, *fb, p); };
    k.pairs = [fa, fb](const Pose& p) { return peers::all_pairs(*fa, *fb, p); };
    out.push_back(std::move(k));
  }
}
#endif

std::string yes_no(bool b) { return b ? "hit" : "miss"; }

struct PoseOutcome {
  bool truth_hit;
  std::size_t truth_pairs;
  struct Answer {
    bool hit;
    std::size_t pairs;
    harness::MeshAnswerJudgement judgement;
  };
  std::vector<Answer> answers;
};

PoseOutcome judge_pose(const TriangleMesh& a, const TriangleMesh& b, const harness::MeshPose& mp,
                       std::vector<MeshKernel>& kernels) {
  const auto exact = oracle::exact_intersecting_pairs(a, b, mp.pose);
  PoseOutcome o{!exact.empty(), exact.size(), {}};
  for (MeshKernel& k : kernels) {
    const auto t0 = std::chrono::steady_clock::now();
    const bool hit = k.intersects(mp.pose);
    const auto pairs = k.pairs(mp.pose);
    k.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto j = harness::judge_mesh_answer(a, b, mp.pose, exact, hit, pairs, k.scalar);
    (j.cls == oracle::Class::gross ? k.gross : j.cls == oracle::Class::boundary ? k.boundary : k.ok) += 1;
    o.answers.push_back({hit, pairs.size(), j});
  }
  return o;
}

void print_pose(std::ostream& out, const harness::MeshPose& mp, const PoseOutcome& o,
                const std::vector<MeshKernel>& kernels) {
  out << fmt::format("pose {} (line {}): exact truth {}, {} pair{}\n", mp.id, mp.line, yes_no(o.truth_hit),
                     o.truth_pairs, o.truth_pairs == 1 ? "" : "s");
  Table t({{"kernel"}, {"verdict"}, {"pairs", Table::Align::right}, {"extra", Table::Align::right},
           {"missed", Table::Align::right}, {"class"}});
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& a = o.answers[i];
    std::string cls(oracle::to_string(a.judgement.cls));
    if (a.judgement.first_gross)
      cls += fmt::format(" (pair {} x {})", a.judgement.first_gross->first, a.judgement.first_gross->second);
    t.add_row({kernels[i].name, yes_no(a.hit), std::to_string(a.pairs), std::to_string(a.judgement.extra),
               std::to_string(a.judgement.missed), cls});
  }
  out << t.to_text("  ");
}

nlohmann::ordered_json pose_json(const harness::MeshPose& mp, const PoseOutcome& o, const std::vector<MeshKernel>& kernels) {
  nlohmann::ordered_json k = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& a = o.answers[i];
    nlohmann::ordered_json e{{"kernel", kernels[i].name},
                     {"intersects", a.hit},
                     {"pairs", a.pairs},
                     {"class", std::string(oracle::to_string(a.judgement.cls))},
                     {"extra", a.judgement.extra},
                     {"missed", a.judgement.missed}};
    if (a.judgement.first_gross) e["first_gross_pair"] = {a.judgement.first_gross->first, a.judgement.first_gross->second};
    k.push_back(std::move(e));
  }
  return {{"id", mp.id},
          {"line", mp.line},
          {"truth", {{"intersects", o.truth_hit}, {"pairs", o.truth_pairs}}},
          {"kernels", std::move(k)}};
}

}  // namespace

int run_mesh_check(const MeshCheckOptions& options, std::ostream& out, std::ostream& err) {
  TriangleMesh a, b;
  std::vector<harness::MeshPose> poses;
  try {
    a = harness::read_mesh(options.mesh_a);
    b = harness::read_mesh(options.mesh_b);
    poses = harness::read_pose_file(options.poses);
  } catch (const harness::InputError& e) {
    err << "sepax mesh-check: " << e.what() << "\n";
    return 2;
  }
  for (const auto& p : poses)
    if (p.moving()) {
      err << "sepax mesh-check: " << harness::file_position(options.poses, p.line) << ": pose \"" << p.id
          << "\" is moving (velocity, dt): mesh-check judges static poses only in this version\n";
      return 2;
    }
  std::vector<MeshKernel> kernels;
  try {
    add_tree_kernels<double>(a, b, kernels);
    add_tree_kernels<float>(a, b, kernels);
#ifdef SEPAX_HAVE_PEERS
    if (options.fcl) add_fcl_kernels(a, b, kernels);
#endif
  } catch (const std::exception& e) {
    err << "sepax mesh-check: cannot build the trees: " << e.what() << "\n";
    return 2;
  }
  if (!options.json)
    out << fmt::format("A: {} ({} triangles), B: {} ({} triangles), {} pose{}\n\n", options.mesh_a, a.triangles.size(),
                       options.mesh_b, b.triangles.size(), poses.size(), poses.size() == 1 ? "" : "s");
  bool gross = false;
  for (const auto& mp : poses) {
    const PoseOutcome o = judge_pose(a, b, mp, kernels);
    for (const auto& ans : o.answers) gross = gross || ans.judgement.cls == oracle::Class::gross;
    if (options.json) out << pose_json(mp, o, kernels).dump() << "\n";
    else print_pose(out, mp, o, kernels);
  }
  if (!options.json) {
    Table t({{"kernel"}, {"ok", Table::Align::right}, {"boundary", Table::Align::right},
             {"gross", Table::Align::right}, {"ms per pose (both queries)", Table::Align::right}});
    for (const auto& k : kernels)
      t.add_row({k.name, std::to_string(k.ok), std::to_string(k.boundary), std::to_string(k.gross),
                 poses.empty() ? "-" : fmt::format("{:.3f}", 1e3 * k.seconds / double(poses.size()))});
    out << "\nsummary over " << poses.size() << " pose" << (poses.size() == 1 ? "" : "s") << ":\n" << t.to_text("  ");
    if (gross) out << "gross answers: exit 1 (each names its first gross pair: triangle of A x triangle of B)\n";
  }
  return gross ? 1 : 0;
}

}  // namespace sepax::cli
