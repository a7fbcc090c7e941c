#include "check/recorded_kernels.hpp"

namespace sepax::cli {

std::vector<KernelInfo> recorded_kernels(const Case& c) {
  std::vector<KernelInfo> kernels;
  for (const RecordedVerdict& v : c.verdicts) {
    KernelInfo k;
    k.id = v.kernel;
    k.origin = kRecordedOrigin;
    k.query = c.pair.query;
    k.scalar = c.scalar;
    k.mode = v.mode;
    k.bias = v.bias;
    k.reports_axis = false;
    k.test = [v](const ShapePair&) {
      StaticOutcome out;
      out.intersects = v.intersects;
      return out;
    };
    k.test_moving = [v](const ShapePair&, const LinearMotiond&) {
      StaticOutcome out;
      out.intersects = v.intersects;
      return out;
    };
    k.find_first_contact = [v](const ShapePair&, const LinearMotiond&) {
      ContactOutcome out;
      out.state = v.state;
      out.time = v.time;
      out.point = v.point;
      out.feature_point = v.point;
      return out;
    };
    kernels.push_back(std::move(k));
  }
  return kernels;
}

}  // namespace sepax::cli
