// sepax_planted: the `sepax` command with deliberately wrong kernels
// registered beside sepax's, so that the end-to-end tests of the replay path
// (gross verdict -> replay file -> `sepax check` reproduces it) always have a
// gross verdict to replay. sepax's own kernels have none on the test seeds,
// which is the point of them; a judge must still be seen to catch one.
//
// Both are registered as a user's kernels would be (origin "planted", like a
// peer library): their gross verdicts are findings, written as replay files.
//
// | id                                         | wrong how                                  |
// |--------------------------------------------|--------------------------------------------|
// | planted/never_intersects/double            | obb_obb static: always "separated"         |
// | planted/find_first_contact_late/double     | obb_obb first contact: sepax's kernel, the |
// |                                            | time moved half-way to T                   |
// | planted/claims_wide_bias/double            | sepax's test_static_eps, claiming a band of |
// |                                            | 0.05 where Gottschalk's 1e-6 opens 1e-3:   |
// |                                            | the judge must refuse it                   |
//
// and the kernels of planted_causes.cpp, one planted bug per cause the judge names.
#include <string>
#include <vector>

#include "common/command_line.hpp"
#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/moving/obb_obb_moving.hpp"
#include "sepax/core/registry.hpp"

namespace {

using sepax::KernelInfo;

/// An obb_obb double kernel of origin "planted" (a user's library, to the judge).
KernelInfo planted(const char* name, sepax::KernelMode mode) {
  KernelInfo k;
  k.id = std::string("planted/") + name + "/double";
  k.origin = "planted";
  k.query = sepax::Query::obb_obb;
  k.scalar = sepax::ScalarKind::float64;
  k.mode = mode;
  k.reports_axis = false;
  return k;
}

KernelInfo never_intersects() {
  KernelInfo k = planted("never_intersects", sepax::KernelMode::static_test);
  k.test = [](const sepax::ShapePair&) {
    sepax::StaticOutcome out;
    out.intersects = false;
    return out;
  };
  return k;
}

KernelInfo first_contact_late() {
  KernelInfo k = planted("find_first_contact_late", sepax::KernelMode::first_contact);
  k.find_first_contact = [](const sepax::ShapePair& p, const sepax::LinearMotiond& m) {
    const auto r = sepax::obb_obb::find_first_contact(p.obb_a, p.obb_b, m);
    sepax::ContactOutcome out;
    out.state = r.state;
    out.axis = r.axis;
    out.time = r.time + (m.duration - r.time) / 2;
    out.point = {r.point[0], r.point[1], r.point[2]};
    return out;
  };
  return k;
}

KernelInfo claims_wide_bias() {
  KernelInfo k = planted("claims_wide_bias", sepax::KernelMode::static_test);
  k.bias = {sepax::BiasMethod::epsilon_on_rotation, 1e-6, 0.05};
  k.test = [](const sepax::ShapePair& p) {
    sepax::StaticOutcome out;
    out.intersects = sepax::obb_obb::test_static_eps(p.obb_a, p.obb_b).intersects;
    return out;
  };
  return k;
}

}  // namespace

namespace planted_causes {
std::vector<KernelInfo> kernels();  // planted_causes.cpp
}

int main(int argc, char** argv) {
  std::vector<KernelInfo> kernels{never_intersects(), first_contact_late(), claims_wide_bias()};
  for (KernelInfo& k : planted_causes::kernels()) kernels.push_back(std::move(k));
  sepax::register_kernels(std::move(kernels));
  return sepax::cli::run_command_line(argc, argv);
}
