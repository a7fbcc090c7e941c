#pragma once
/// \file `sepax mutate`: the harness's own quality, measured. For each planted
/// bug of the catalogue (sepax/core/mutant_catalog.hpp) it runs `sepax verify`
/// as a child process with SEPAX_MUTANT=<name> (after a control run of each
/// campaign with nothing planted, which must pass; the build must switch mutants
/// at run time: the preset mutants), on campaigns of growing size until one
/// finds a gross verdict of a sepax kernel (the mutant is killed) or the
/// largest has not (it survived). It prints the kill matrix — mutant × the
/// families whose rows went gross — with the time the killing campaign took,
/// writes mutate.jsonl ("table":"mutation" rows) and ends with
/// `mutation score: K/N killed`.
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace sepax::cli {

struct MutateOptions {
  std::vector<std::string> mutants;  ///< empty: the whole catalogue
  std::string out = "sepax-mutants";
  std::string program;               ///< argv[0]: the sepax that runs the campaigns
  bool quick = false;                ///< one small campaign per mutant (CI)
  double time_limit = 120;           ///< seconds per campaign; a campaign that runs longer counts as not killing
  std::uint64_t seed = 1;
};

int run_mutate(const MutateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
