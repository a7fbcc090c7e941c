// The case_file target's judgement (fuzz_judge.hpp): the reader on every
// input; its plain 3D cases judged on the fast path like the case targets'
// (a moving case's shapes by the static kernels too, as sepax check does);
// on the sample, everything `sepax check` does with the cases (harness::judge_cases).
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "findings.hpp"
#include "fuzz_judge.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/valid_case.hpp"

namespace sepax::fuzz {
namespace {

/// The cases of the file's lines (errors checked: a line number and a message each).
std::vector<harness::Case> read(std::span<const std::uint8_t> bytes) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  std::vector<harness::Case> cases;
  for (const auto& item : harness::read_cases(in)) {
    if (const auto* error = std::get_if<harness::CaseError>(&item)) {
      if (error->line == 0 || error->message.empty()) std::abort();
      continue;
    }
    if (const auto* c = std::get_if<harness::Case>(&item)) cases.push_back(*c);  // 2D lines: parsed, not judged here
  }
  return cases;
}

/// A plain pair case (no manifold, distance, general motion or recorded
/// verdicts) as a fuzz case; nullopt for the others and for invalid numbers.
std::optional<FuzzCase> plain(const harness::Case& in) {
  if (in.manifold || in.distance || in.general || !in.verdicts.empty()) return std::nullopt;
  FuzzCase c;
  c.pair = in.pair;
  c.scalar = in.scalar;
  c.family = in.family.value_or("case_file");
  if (const auto& m = in.motion)
    c.motion = LinearMotiond{{m->va[0], m->va[1], m->va[2]}, {m->vb[0], m->vb[1], m->vb[2]}, m->duration};
  if (!harness::valid_case(c.pair, c.motion, c.scalar)) return std::nullopt;
  return c;
}

/// What `sepax check` runs on the cases: it must not crash, and a gross
/// verdict of a sepax kernel on a case the file spells out is a finding.
void judge_like_check(const std::vector<harness::Case>& cases) {
  static const std::vector<std::string> sepax_ids = [] {
    std::vector<std::string> ids;
    for (const KernelInfo& k : static_kernels())
      if (k.origin == "sepax") ids.push_back(k.id);
    for (const KernelInfo& k : moving_kernels())
      if (k.origin == "sepax") ids.push_back(k.id);
    return ids;
  }();
  for (const harness::GrossCase& g : harness::judge_cases(cases, sepax_ids)) {
    const KernelInfo* k = find_kernel(g.kernel_id);
    FuzzCase c;
    c.pair = g.replay.pair;
    c.scalar = g.replay.scalar;
    c.family = g.replay.family.value_or("case_file");
    if (const auto& m = g.replay.motion)
      c.motion = LinearMotiond{{m->va[0], m->va[1], m->va[2]}, {m->vb[0], m->vb[1], m->vb[2]}, m->duration};
    found(fmt::format("{} {} {} case-file-gross", g.kernel_id, to_string(c.pair.query), c.family),
          /*gated=*/true, c, k, g.detail);
  }
}

}  // namespace

int check_case_file_input(std::span<const std::uint8_t> bytes) {
  std::vector<harness::Case> cases = read(bytes);
  if (cases.size() > 4) cases.resize(4);  // judging is the other targets' job; keep the parser's speed
  if (sampled(bytes)) {
    for (std::size_t i = 0; i < cases.size(); ++i) count(Path::sampled);
    judge_like_check(cases);
    return 0;
  }
  // As `sepax check` judges a case: a moving case's shapes are test_static's
  // case too (at t = 0), besides its sweep.
  for (const harness::Case& in : cases)
    if (const auto c = plain(in)) {
      if (c->motion) {
        judge_moving_case(*c, Side::sepax, false);
        FuzzCase still = *c;
        still.motion.reset();
        judge_static_case(still, Side::sepax, false);
      } else {
        judge_static_case(*c, Side::sepax, false);
      }
    }
  return 0;
}

}  // namespace sepax::fuzz
