// Eberly §5's general-motion kernels of check and verify (general_motion_kernels.hpp).
#include "kernel_lists/general_motion_kernels.hpp"

namespace sepax::cli {

std::vector<GeneralMotionKernel> general_motion_kernels() {
  std::vector<GeneralMotionKernel> out;
  for (const ScalarKind s : {ScalarKind::float32, ScalarKind::float64})
    out.push_back({"general_motion/find_first_contact/" + std::string(to_string(s)), s, false,
                   [s](const harness::GeneralMotionSetup& setup) { return harness::run_sepax_general_motion(setup, s); }});
  return out;
}

}  // namespace sepax::cli
