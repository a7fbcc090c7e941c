#include "property_support.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>

#include "sepax/harness/case_file.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::props {

// The judgement is the harness's (judge_exactly, classify_run), the one
// `sepax verify` and `sepax check` use: the properties judge kernels exactly as
// a campaign does.
Truth::Truth(const ShapePair& pair, ScalarKind scalar) : pair_(pair) {
  const harness::OracleVerdict v = harness::judge_exactly(pair, /*cross_check=*/false);
  intersects_ = v.intersects;
  fallback_ = v.exact_fallback;
  tolerance_ = oracle::verdict_band(pair, scalar);
}

double Truth::margin() const {
  harness::LazyMargin lazy(pair_, intersects_, margin_);
  margin_ = lazy.get();
  return *margin_;
}

oracle::Class Truth::classify(const KernelInfo& kernel, bool kernel_intersects) const {
  harness::KernelJudgement run;
  run.outcome.intersects = kernel_intersects;
  harness::OracleVerdict verdict;
  verdict.intersects = intersects_;
  harness::LazyMargin lazy(pair_, intersects_, margin_);
  harness::classify_run(run, kernel, pair_, verdict, lazy);
  if (lazy.computed()) margin_ = lazy.computed();
  return run.verdict_class;
}

namespace {

struct Remembered {
  std::mutex mutex;
  std::optional<harness::Case> last;
};

Remembered& remembered() {
  static Remembered r;
  return r;
}

}  // namespace

void Counterexample::remember(const ShapePair& pair, ScalarKind scalar,
                              const std::string& family) {
  harness::Case c;
  c.pair = pair;
  c.scalar = scalar;
  c.family = family;
  std::lock_guard lock(remembered().mutex);
  remembered().last = std::move(c);
}

void Counterexample::reset() {
  std::lock_guard lock(remembered().mutex);
  remembered().last.reset();
}

void Counterexample::save(const std::string& name) {
  std::lock_guard lock(remembered().mutex);
  if (!remembered().last) return;
  std::string file = name;
  for (char& ch : file)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  harness::Case c = *remembered().last;
  c.id = file;
  c.origin = {{"property", name}};
  const std::filesystem::path dir = std::filesystem::path(SEPAX_SOURCE_DIR) / "properties" / "regressions";
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = dir / (file + ".jsonl");
  std::ofstream(path, std::ios::app) << harness::format_case(c) << '\n';
  std::fprintf(stderr,
               "\nShrunk counterexample of '%s' saved to %s (ctest replays the corpus).\n"
               "Replay it with: sepax check %s\n",
               name.c_str(), path.c_str(), path.c_str());
}

std::vector<FamilyQueryScalar> every_family_query_scalar() {
  std::vector<FamilyQueryScalar> all;
  for (gen::Family family : gen::all_families())
    for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
      for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
        all.emplace_back(family, query, scalar);
  return all;
}

std::string label(gen::Family family, Query query, ScalarKind scalar) {
  return std::string(to_string(query)) + "/" + std::string(gen::to_string(family)) + "/" +
         std::string(to_string(scalar));
}

}  // namespace sepax::props
