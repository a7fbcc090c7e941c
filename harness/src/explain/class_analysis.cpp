#include "sepax/harness/explain/class_analysis.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::harness {

std::optional<double> ClassAnalysis::worst_severity() const {
  std::optional<double> worst = sampled_max;
  if (grown && (!worst || grown->worst.severity > *worst)) worst = grown->worst.severity;
  return worst;
}

bool ClassAnalysis::worst_is_gross() const { return grown && grown->worst.verdict_class == oracle::Class::gross; }

ClassAnalysis analyse_class(const KernelInfo& kernel, const std::vector<const Finding*>& members,
                            std::size_t grow_budget, std::uint64_t seed) {
  ClassAnalysis a;
  std::vector<double> severities;
  const Finding* most = nullptr;
  for (const Finding* f : members) {
    if (!f->severity) continue;
    severities.push_back(*f->severity);
    if (f->band && *f->band > 0)
      a.band_ratio_max = std::max(a.band_ratio_max.value_or(0), *f->severity / *f->band);
    if (f->pair && (!most || *f->severity > *most->severity)) most = f;
  }
  if (!severities.empty()) {
    std::sort(severities.begin(), severities.end());
    a.sampled_max = severities.back();
    a.sampled_median = severities[(severities.size() - 1) / 2];
  }
  if (!most) most = members.empty() || !members.front()->pair ? nullptr : members.front();
  if (!most) return a;
  const std::optional<Disagreement> start = read_disagreement(kernel, *most->pair, most->motion);
  if (!start || start->agrees()) {
    a.cause = {Cause::unknown, "the finding does not reproduce when judged again", ""};
    return a;
  }
  a.grown = grow_disagreement(kernel, *most->pair, most->motion, *start, grow_budget, seed);
  a.cause = explain(kernel, a.grown->pair, a.grown->motion, a.grown->worst);
  return a;
}

}  // namespace sepax::harness
