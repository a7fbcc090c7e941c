// verify's 2D rect_rect campaign: see planar_campaign.hpp.
#include "verify/planar_campaign.hpp"

#include <chrono>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/rect_kernels.hpp"
#include "sepax/generators/planar.hpp"
#include "sepax/generators/poses.hpp"
#include "sepax/generators/source.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/planar/rect_judgement.hpp"
#include "sepax/oracle/exact_rect2.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

Json row_json(const PlanarRow& r, std::uint64_t seed, const std::string& run_id) {
  Json j;
  j["run"] = run_id;
  j["table"] = "planar";
  j["seed"] = seed;
  j["query"] = "rect_rect";
  j["kernel"] = r.kernel;
  j["scalar"] = r.scalar;
  j["family"] = r.family;
  j["peer"] = r.peer;
  j["cases"] = r.cases;
  j["truth_hits"] = r.truth_hits;
  j["ok"] = r.ok;
  j["boundary"] = r.boundary;
  j["gross"] = r.gross;
  j["refused"] = r.refused;
  j["ns_per_call"] = r.cases > r.refused ? r.seconds * 1e9 / double(r.cases) : 0.0;
  return j;
}

}  // namespace

PlanarCampaignResult run_planar_campaign(const PlanarCampaignOptions& options, const ResultsDirectory& results,
                                         const std::string& run_id) {
  const auto start = Clock::now();
  PlanarCampaignResult out;
  const std::vector<RectKernel> kernels = rect_kernels();
  for (const ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64}) {
    for (const gen::Family family : gen::planar_families()) {
      const std::string group = fmt::format("rect_rect/{}/{}", to_string(scalar), gen::to_string(family));
      const std::uint64_t group_seed = gen::seed_for(options.seed, group);
      std::vector<const RectKernel*> mine;
      for (const RectKernel& k : kernels)
        if (k.scalar == scalar) mine.push_back(&k);
      std::vector<PlanarRow> rows;
      for (const RectKernel* k : mine)
        rows.push_back({k->id, std::string(gen::to_string(family)), std::string(to_string(scalar)), k->peer});
      std::vector<std::size_t> replays(mine.size(), 0);
      for (std::size_t i = 0; i < options.cases_per_group; ++i) {
        gen::SeededSource source(group_seed, i);
        const gen::RectPair p = gen::generate_rect_pair(family, scalar, source);
        const bool exact = oracle::rect_rect_exact(p.a, p.b);
        for (std::size_t k = 0; k < mine.size(); ++k) {
          PlanarRow& row = rows[k];
          ++row.cases;
          row.truth_hits += exact;
          const auto t0 = Clock::now();
          const std::optional<bool> says = mine[k]->test(p.a, p.b);
          row.seconds += std::chrono::duration<double>(Clock::now() - t0).count();
          if (!says) {
            ++row.refused;
            continue;
          }
          const harness::RectJudgement j = harness::judge_rect_verdict(p.a, p.b, scalar, *says, exact);
          switch (j.verdict_class) {
            case oracle::Class::ok: ++row.ok; break;
            case oracle::Class::boundary: ++row.boundary; break;
            default: ++row.gross; break;
          }
          if (j.verdict_class != oracle::Class::gross || replays[k]++ >= options.max_replays) continue;
          harness::PlanarCase c;
          c.id = fmt::format("{}-{}", group, i);
          c.scalar = scalar;
          c.family = std::string(gen::to_string(family));
          c.a = p.a;
          c.b = p.b;
          c.origin = {{"seed", options.seed}, {"group", group}, {"index", i}, {"kernel", mine[k]->id}};
          const std::string stem = fmt::format("planar-{}-{}-{}", harness::case_file_stem(mine[k]->id),
                                               gen::to_string(family), i);
          try {
            const auto file = results.write_text("gross", stem + ".jsonl", harness::format_case(c) + "\n");
            out.replays.push_back(
                {fmt::format("{} check {} --kernel {}", options.program, file.string(), mine[k]->id),
                 fmt::format("{}: {} case {}: says {}, exactly {} (margin {:.3g}, band {:.3g})", mine[k]->id, group, i,
                             *says ? "intersecting" : "separated", exact ? "intersecting" : "separated",
                             j.margin.value_or(0), j.tolerance.value_or(0))});
          } catch (const std::exception& e) {
            out.notes.push_back(fmt::format("note: planar campaign: cannot write a replay file: {}", e.what()));
          }
        }
      }
      out.cases += options.cases_per_group;
      std::vector<Json> lines;
      for (PlanarRow& r : rows) {
        lines.push_back(row_json(r, options.seed, run_id));
        out.rows.push_back(std::move(r));
      }
      try {
        results.append_rows(lines);
      } catch (const std::exception& e) {
        out.notes.push_back(fmt::format("note: planar campaign: {}", e.what()));
      }
    }
  }
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

std::string planar_table_title() {
  return "2D oriented rectangles (rect_rect): each verdict against the exact answer on the stored parallelograms";
}

Table make_planar_table(const std::vector<PlanarRow>& rows) {
  Table t({{"kernel"}, {"scalar"}, {"family"}, {"cases", Table::Align::right}, {"exact hits", Table::Align::right},
           {"ok", Table::Align::right}, {"boundary", Table::Align::right}, {"gross", Table::Align::right},
           {"refused", Table::Align::right}, {"ns/call", Table::Align::right}});
  for (const PlanarRow& r : rows)
    t.add_row({r.kernel, r.scalar, r.family, std::to_string(r.cases), std::to_string(r.truth_hits),
               std::to_string(r.ok), std::to_string(r.boundary), std::to_string(r.gross), std::to_string(r.refused),
               r.cases > 0 ? fmt::format("{:.0f}", r.seconds * 1e9 / double(r.cases)) : "-"});
  return t;
}

}  // namespace sepax::cli
