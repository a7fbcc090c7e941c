#include "sepax/harness/campaign/campaign.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "sepax/core/registry.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/campaign/moving_group.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/harness/campaign/static_group.hpp"

namespace sepax::harness {

namespace {

/// The registered kernels of these ids; with a tolerance, copies in `owned`
/// that promise it.
std::vector<const KernelInfo*> kernels_named(const std::vector<std::string>& ids, std::optional<double> tolerance,
                                             std::deque<KernelInfo>& owned) {
  if (tolerance && !(std::isfinite(*tolerance) && *tolerance >= 0))
    throw std::invalid_argument("tolerance " + std::to_string(*tolerance) + ": expected a finite number >= 0");
  std::vector<const KernelInfo*> kernels;
  for (const std::string& id : ids) {
    const KernelInfo* k = find_kernel(id);
    if (!k) {
      std::string known;
      for (auto list : {static_kernels(), moving_kernels()})
        for (const KernelInfo& info : list) known += (known.empty() ? "" : ", ") + info.id;
      throw std::invalid_argument("unknown kernel id \"" + id + "\"; registered: " + known);
    }
    if (tolerance) {
      owned.push_back(*k);
      owned.back().tolerance = *tolerance;
      k = &owned.back();
    }
    kernels.push_back(k);
  }
  return kernels;
}

std::vector<gen::Family> families_named(const std::vector<std::string>& names) {
  if (names.empty()) return {gen::all_families().begin(), gen::all_families().end()};
  std::vector<gen::Family> families;
  for (const std::string& name : names) {
    const auto f = gen::parse_family(name);
    if (!f) {
      std::string known;
      for (gen::Family g : gen::all_families()) known += (known.empty() ? "" : ", ") + std::string(gen::to_string(g));
      throw std::invalid_argument("unknown family \"" + name + "\"; families: " + known);
    }
    families.push_back(*f);
  }
  return families;
}

/// The kernels of one query × scalar, static or moving: they share a group.
std::vector<std::vector<const KernelInfo*>> by_query_and_scalar(const std::vector<const KernelInfo*>& kernels,
                                                               bool moving) {
  std::vector<std::vector<const KernelInfo*>> sets;
  for (const KernelInfo* k : kernels) {
    if ((k->mode != KernelMode::static_test) != moving) continue;
    auto same = std::find_if(sets.begin(), sets.end(), [&](const auto& set) {
      return set.front()->query == k->query && set.front()->scalar == k->scalar;
    });
    if (same == sets.end()) sets.push_back({k});
    else same->push_back(k);
  }
  return sets;
}

/// One group's counts and gross findings into `result`.
template <class Counts>
void collect(CampaignResult& result, const std::vector<const KernelInfo*>& kernels, gen::Family family,
             std::uint64_t cases, std::uint64_t unjudged, std::vector<Counts>& counts, std::uint64_t seed) {
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    const KernelInfo& kernel = *kernels[k];
    KernelTally tally{kernel.id, std::string(gen::to_string(family)), cases, counts[k].ok, counts[k].boundary,
                      counts[k].gross, 0, unjudged};
    if constexpr (requires { counts[k].convention; }) tally.convention = counts[k].convention;
    result.tallies.push_back(tally);
    for (const Finding& f : counts[k].gross_findings) {
      const std::string stem = fmt::format("{}-{}-{}", case_file_stem(kernel.id), gen::to_string(family), f.index);
      GrossCase gross{kernel.id, finding_case(kernel.query, kernel.scalar, family, f, seed, stem), f.detail};
      gross.replay.origin["kernel"] = kernel.id;
      result.gross.push_back(std::move(gross));
    }
  }
}

void note_harness_failures(CampaignResult& result, const std::vector<Finding>& findings, const std::string& group) {
  for (const Finding& f : findings) result.harness_failures.push_back(fmt::format("{} case {}: {}", group, f.index, f.detail));
}

}  // namespace

std::string case_file_stem(std::string id) {
  std::replace(id.begin(), id.end(), '/', '_');
  return id;
}

std::uint64_t CampaignResult::gross_count() const {
  std::uint64_t n = 0;
  for (const KernelTally& t : tallies) n += t.gross;
  return n;
}

Case finding_case(Query query, ScalarKind scalar, gen::Family family, const Finding& f, std::uint64_t seed,
                  std::string id) {
  Case c;
  c.id = std::move(id);
  c.scalar = scalar;
  c.family = std::string(gen::to_string(family));
  c.pair = *f.pair;
  if (f.motion) {
    const LinearMotiond& m = *f.motion;
    c.motion = CaseMotion{{m.velocity_a[0], m.velocity_a[1], m.velocity_a[2]},
                          {m.velocity_b[0], m.velocity_b[1], m.velocity_b[2]},
                          m.duration};
  }
  c.origin["generator"] = fmt::format("{}({}, {}, {}, seed {}, index {})", f.motion ? "generate_moving" : "generate",
                                      gen::to_string(family), to_string(query), to_string(scalar), seed, f.index);
  c.origin["seed"] = seed;
  c.origin["index"] = f.index;
  c.origin["finding"] = f.detail;
  return c;
}

CampaignResult run_campaign(const CampaignOptions& options) {
  std::deque<KernelInfo> owned;
  const std::vector<const KernelInfo*> kernels = kernels_named(options.kernel_ids, options.tolerance, owned);
  const std::vector<gen::Family> families = families_named(options.families);
  GroupPlan plan;
  plan.seed = options.seed;
  plan.fixed_cases = options.cases_per_family;
  ProgressCounters progress;
  CampaignResult result;
  for (const auto& set : by_query_and_scalar(kernels, false))
    for (gen::Family family : families) {
      const Group group{set.front()->query, set.front()->scalar, family, set};
      GroupResult r = run_group(group, plan, progress);
      collect(result, set, family, r.cases, r.unjudged(), r.kernels, options.seed);
      note_harness_failures(result, r.harness_findings, std::string(gen::to_string(family)));
    }
  for (const auto& set : by_query_and_scalar(kernels, true))
    for (gen::Family family : families) {
      const MovingGroup group{set.front()->query, set.front()->scalar, family, set};
      MovingGroupResult r = run_moving_group(group, plan, progress);
      collect(result, set, family, r.cases, r.unjudged(), r.kernels, options.seed);
      note_harness_failures(result, r.harness_findings, std::string(gen::to_string(family)) + " moving");
    }
  return result;
}

std::vector<GrossCase> judge_cases(const std::vector<Case>& cases, const std::vector<std::string>& kernel_ids,
                                   std::optional<double> tolerance) {
  std::deque<KernelInfo> owned;
  const std::vector<const KernelInfo*> kernels = kernels_named(kernel_ids, tolerance, owned);
  std::vector<GrossCase> gross;
  for (const Case& c : cases) {
    std::optional<OracleVerdict> verdict;
    std::optional<MovingOracleVerdict> moving;
    std::optional<LinearMotiond> motion;
    if (c.motion)
      motion = LinearMotiond{Vec3<double>(c.motion->va[0], c.motion->va[1], c.motion->va[2]),
                             Vec3<double>(c.motion->vb[0], c.motion->vb[1], c.motion->vb[2]), c.motion->duration};
    for (const KernelInfo* k : kernels) {
      if (k->query != c.pair.query || k->scalar != c.scalar) continue;
      if (k->mode == KernelMode::static_test) {
        if (!verdict) verdict = judge_exactly(c.pair, true);
        LazyMargin margin(c.pair, verdict->intersects);
        const KernelJudgement run = judge_kernel(*k, c.pair, *verdict, margin);
        if (run.verdict_class == oracle::Class::gross)
          gross.push_back({k->id, c, run.error ? "kernel threw: " + *run.error
                                               : fmt::format("kernel says {}, exact: {}",
                                                             run.outcome.intersects ? "intersecting" : "separated",
                                                             verdict->intersects ? "intersecting" : "separated")});
      } else if (motion) {
        if (!moving) moving = judge_moving_exactly(c.pair, *motion, true);
        MovingKernelJudgement run = run_moving_kernel(*k, c.pair, *motion);
        MovingMargins margins(c.pair, *motion, *moving);
        classify_moving_run(run, *k, c.pair, *motion, *moving, margins);
        if (run.verdict_class == oracle::Class::gross) gross.push_back({k->id, c, describe_moving_run(run, *k, *moving)});
      }
    }
  }
  return gross;
}

}  // namespace sepax::harness
