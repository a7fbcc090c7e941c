// sepax mesh-check: OBB-tree kernels and FCL on two meshes at given poses,
// judged against the exact set of intersecting triangle pairs.
#include "mesh_check/mesh_check_command.hpp"

#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/table.hpp"
#include "sepax/harness/mesh/mesh_file.hpp"
#include "sepax/harness/mesh/mesh_kernels.hpp"
#include "sepax/harness/mesh/pose_file.hpp"

namespace sepax::cli {
namespace {

using harness::MeshKernel;
using harness::MeshPoseOutcome;

std::string yes_no(bool b) { return b ? "hit" : "miss"; }

std::string time_text(const std::optional<double>& t) { return t ? fmt::format("{:.17g}", *t) : "-"; }

void print_pose(std::ostream& out, const harness::MeshPose& mp, const MeshPoseOutcome& o,
                const std::vector<MeshKernel>& kernels) {
  out << fmt::format("pose {} (line {}){}: exact truth {}, {} pair{}{}\n", mp.id, mp.line,
                     mp.moving() ? fmt::format(", moving over [0, {}]", *mp.dt) : "", yes_no(o.truth_hit),
                     o.truth_pairs, o.truth_pairs == 1 ? "" : "s",
                     o.truth_first_time ? ", first contact at t = " + time_text(o.truth_first_time) : "");
  std::vector<Table::Column> columns{{"kernel"}, {"verdict"}, {"pairs", Table::Align::right},
                                     {"extra", Table::Align::right}, {"missed", Table::Align::right}};
  if (mp.moving()) columns.push_back({"first contact", Table::Align::right});
  columns.push_back({"class"});
  Table t(columns);
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& a = o.answers[i];
    std::vector<std::string> row{kernels[i].name};
    if (!a.ran) {
      row.insert(row.end(), {"-", "-", "-", "-"});
      if (mp.moving()) row.push_back("-");
      row.push_back("not run (no moving query)");
      t.add_row(row);
      continue;
    }
    std::string cls(oracle::to_string(a.judgement.cls));
    if (!a.error.empty())
      cls += " (" + a.error + ")";
    else if (a.judgement.first_gross)
      cls += fmt::format(" (pair {} x {})", a.judgement.first_gross->first, a.judgement.first_gross->second);
    row.insert(row.end(), {yes_no(a.hit), std::to_string(a.pairs), std::to_string(a.judgement.extra),
                           std::to_string(a.judgement.missed)});
    if (mp.moving()) row.push_back(time_text(a.first_time));
    row.push_back(cls);
    t.add_row(row);
  }
  out << t.to_text("  ");
}

nlohmann::ordered_json pose_json(const harness::MeshPose& mp, const MeshPoseOutcome& o,
                                 const std::vector<MeshKernel>& kernels) {
  nlohmann::ordered_json k = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& a = o.answers[i];
    if (!a.ran) {
      k.push_back({{"kernel", kernels[i].name}, {"ran", false}});
      continue;
    }
    nlohmann::ordered_json e{{"kernel", kernels[i].name},
                             {"intersects", a.hit},
                             {"pairs", a.pairs},
                             {"class", std::string(oracle::to_string(a.judgement.cls))},
                             {"extra", a.judgement.extra},
                             {"missed", a.judgement.missed}};
    if (mp.moving()) e["first_time"] = a.first_time ? nlohmann::ordered_json(*a.first_time) : nullptr;
    if (!a.error.empty()) e["error"] = a.error;
    if (a.judgement.first_gross) e["first_gross_pair"] = {a.judgement.first_gross->first, a.judgement.first_gross->second};
    k.push_back(std::move(e));
  }
  nlohmann::ordered_json truth{{"intersects", o.truth_hit}, {"pairs", o.truth_pairs}};
  if (mp.moving()) truth["first_time"] = o.truth_first_time ? nlohmann::ordered_json(*o.truth_first_time) : nullptr;
  return {{"id", mp.id}, {"line", mp.line}, {"truth", std::move(truth)}, {"kernels", std::move(k)}};
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
    if (p.angular) {
      err << "sepax mesh-check: " << harness::file_position(options.poses, p.line) << ": pose \"" << p.id
          << "\" rotates (angular): there is no exact oracle for rotating motion, so mesh-check cannot judge it "
             "(give velocity and dt only)\n";
      return 2;
    }
  std::vector<MeshKernel> kernels;
  try {
    kernels = harness::mesh_kernels(a, b, options.fcl);
  } catch (const std::exception& e) {
    err << "sepax mesh-check: cannot build the trees: " << e.what() << "\n";
    return 2;
  }
  if (!options.json)
    out << fmt::format("A: {} ({} triangles), B: {} ({} triangles), {} pose{}\n\n", options.mesh_a, a.triangles.size(),
                       options.mesh_b, b.triangles.size(), poses.size(), poses.size() == 1 ? "" : "s");
  bool gross = false;
  std::vector<harness::MeshKernelTally> tallies;
  for (const auto& mp : poses) {
    const MeshPoseOutcome o =
        mp.moving() ? harness::judge_moving_mesh_pose(a, b, mp.pose, mp.velocity.value_or(Vec3<double>::Zero()), *mp.dt,
                                                      kernels, tallies)
                    : harness::judge_mesh_pose(a, b, mp.pose, kernels, tallies);
    for (const auto& ans : o.answers) gross = gross || ans.judgement.cls == oracle::Class::gross;
    if (options.json) out << pose_json(mp, o, kernels).dump() << "\n";
    else print_pose(out, mp, o, kernels);
  }
  if (!options.json) {
    Table t({{"kernel"}, {"ok", Table::Align::right}, {"boundary", Table::Align::right},
             {"gross", Table::Align::right}, {"ms per pose judged (its queries)", Table::Align::right}});
    tallies.resize(kernels.size());
    for (std::size_t i = 0; i < kernels.size(); ++i) {
      const auto& k = tallies[i];
      t.add_row({kernels[i].name, std::to_string(k.ok), std::to_string(k.boundary), std::to_string(k.gross),
                 k.poses == 0 ? "-" : fmt::format("{:.3f}", 1e3 * k.seconds / double(k.poses))});
    }
    out << "\nsummary over " << poses.size() << " pose" << (poses.size() == 1 ? "" : "s") << ":\n" << t.to_text("  ");
    if (gross) out << "gross answers: exit 1 (each names its first gross pair: triangle of A x triangle of B)\n";
  }
  return gross ? 1 : 0;
}

}  // namespace sepax::cli
