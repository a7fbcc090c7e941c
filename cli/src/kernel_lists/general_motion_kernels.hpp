#pragma once
/// \file Eberly §5's general-motion kernels the commands judge
/// (general_motion): sepax's find_first_contact_general, float and double, for
/// the case's pair (obb_obb, tri_obb or tri_tri). No peer library has a
/// stepped rigid-motion query to compare.
#include <functional>
#include <string>
#include <vector>

#include "sepax/core/moving/general_motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/general_motion_judgement.hpp"

namespace sepax::cli {

struct GeneralMotionKernel {
  std::string id;  ///< "general_motion/find_first_contact/float"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  std::function<GeneralContactResult<double>(const harness::GeneralMotionSetup&)> run;
};

std::vector<GeneralMotionKernel> general_motion_kernels();

}  // namespace sepax::cli
