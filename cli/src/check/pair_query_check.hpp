#pragma once
/// \file `sepax check` on the cases of the queries beside the 3D registry:
/// rect_rect (static, and first contact when the case has a motion) and
/// sphere_sphere, sphere_plane and aabb_aabb (static, and Gomez's sweep when
/// it has one), aabb_sphere (Arvo's test), obb_segment (segment_check.cpp),
/// obb_to_aabb (enclosure_check.cpp)
/// obb_obb_manifold (contact manifolds: manifold_check.cpp) and
/// general_motion (general_motion_check.cpp),
/// each kernel judged on the case rounded to its scalar, as `verify` judges them.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "check/check_tally.hpp"
#include "common/table.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_gomez.hpp"

namespace sepax::cli {

class PairQueryChecker {
 public:
  /// peers_fail: a peer's gross verdict fails the run (named with --kernel).
  PairQueryChecker(std::ostream& out, bool json, CheckTally& tally, bool peers_fail)
      : out_(out), json_(json), tally_(tally), peers_fail_(peers_fail) {}

  void check(const harness::PlanarCase& c, const std::vector<const harness::QueryKernel*>& kernels);
  void check(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// An aabb_sphere case (c.box set).
  void check_box(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// An aabb_aabb case (c.box_b set): aabb_check.cpp.
  void check_aabb(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// A sphere_plane case (c.plane set): plane_check.cpp.
  void check_plane(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// An obb_segment case (c.segment set): segment_check.cpp.
  void check_segment(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// An obb_to_aabb case (c.obb set, no segment): enclosure_check.cpp.
  void check_enclosure(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// A general_motion case (c.general set): general_motion_check.cpp.
  void check_general(const harness::Case& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// An obb_obb_manifold case (c.manifold set).
  void check_manifold(const harness::Case& c, const std::vector<const harness::QueryKernel*>& kernels);
  /// An obb_obb_distance, tri_obb_distance or tri_tri_distance case (c.distance set): distance_check.cpp.
  void check_distance(const harness::Case& c, const std::vector<const harness::QueryKernel*>& kernels);

 private:
  void count(oracle::Class k, bool peer);
  /// The shared parts of the Gomez checks (sphere, plane, AABB, segment): a kernel's
  /// line (counted, its class, margin and band in `kj`, a table row), a
  /// sweep's answer (its state and time in `kj`, as text), and the case's
  /// closing output (JSON, or the header, the exact answer and the table).
  void record(nlohmann::ordered_json& j, Table& table, bool peer, nlohmann::ordered_json kj, const std::string& answer,
              const harness::SphereJudgement& jd);
  static std::string sweep_answer(nlohmann::ordered_json& kj, const harness::QueryAnswer& says);
  void print(const nlohmann::ordered_json& j, const Table& table, const harness::SphereCase& c, const char* query,
             bool meets, const std::optional<oracle::ExactSweep>& sweep);

  std::ostream& out_;
  bool json_;
  CheckTally& tally_;
  bool peers_fail_;
};

}  // namespace sepax::cli
