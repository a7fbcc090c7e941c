/// \file The `sepax` command line: `check` replays case files, `verify` runs
/// the default campaign, `report` turns results into a report, `gate` checks
/// them, `mesh-check` judges OBB trees on two meshes at given poses. Exit status: 0 success, 1 a finding (gross verdict, malformed case,
/// oracle disagreement), 2 a usage error, 3 a call that did not return.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "common/command_line.hpp"

#include "common/assert_to_exception.hpp"
#include "common/brought_kernels.hpp"
#include "sepax/harness/query/judged_queries.hpp"
#include "common/build_info.hpp"
#include "common/tolerance_option.hpp"
#include "check/check_command.hpp"
#include "gate/gate_command.hpp"
#include "generate/generate_command.hpp"
#include "mesh_check/mesh_check_command.hpp"
#include "mutate/mutate_command.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/mutant_catalog.hpp"
#include "report/report_command.hpp"
#include "verify/verify_command.hpp"
#include "verify/batched_campaign.hpp"
#include "sepax/harness/campaign/shard_environment.hpp"

namespace {

constexpr int kUsageError = 2;

/// CLI11's PositiveNumber reports "not in range 0.000000 to 1.797693e+308";
/// this says what is meant.
CLI::Validator positive() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          if (std::stod(text) > 0) return "";
        } catch (const std::exception&) {
        }
        return "must be a number > 0, got " + text;
      },
      "> 0");
}

/// --plugin and --external, the same for verify and check.
void add_brought_kernel_options(CLI::App& command, sepax::cli::BroughtKernels& brought) {
  command.add_option("--plugin", brought.plugins,
                     "Judge the kernels of this plugin (a shared library with the C ABI of sepax/sepax_plugin.h; "
                     "repeatable). Without --kernel they are the kernels run, and their gross verdicts fail the run")
      ->type_name("PATH");
  command.add_option("--external", brought.externals,
                     "Judge the kernels of this process (a shell command speaking sepax's JSON Lines protocol on "
                     "stdin/stdout, see docs/your-kernel.md; repeatable). Without --kernel they are the kernels run, and their "
                     "gross verdicts fail the run")
      ->type_name("CMD");
}

/// Registers the brought kernels; without --kernel, they are the ones to run.
/// Their ids go to `brought_ids`. false after an error (said on stderr).
bool bring_kernels(const sepax::cli::BroughtKernels& brought, std::vector<std::string>& kernel_ids,
                   const char* command, std::vector<std::string>* brought_ids = nullptr) {
  if (brought.empty()) return true;
  const auto ids = sepax::cli::register_brought_kernels(brought, command, std::cerr);
  if (!ids) return false;
  if (kernel_ids.empty()) kernel_ids = *ids;
  if (brought_ids) *brought_ids = *ids;
  return true;
}

/// The process's environment, for --shard auto.
const char* environment(const char* name) { return std::getenv(name); }

std::string command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) line += (i ? " " : "") + std::string(argv[i]);
  return line;
}

}  // namespace

namespace sepax::cli {

int run_command_line(int argc, char** argv) {
  CLI::App app{"sepax: judges separating-axis collision kernels against exact oracles"};
  app.set_version_flag("--version", [] { return sepax::cli::version_text(); }, "Print the version and the commit");
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 success; 1 a finding (a gross verdict of sepax's or a brought kernel, a malformed case, an "
      "oracle disagreement); 2 a usage error; 3 a kernel or oracle call that hung or crashed (verify writes its case "
      "under hang/ or crash/; check prints the case's line).");

  CheckOptions check;
  CLI::App* check_cmd = app.add_subcommand(
      "check", "Run the kernels and both oracles on the cases of a JSON Lines file");
  check_cmd->add_option("cases", check.cases_path, "Case file (JSON Lines: one case per line, see docs/case-files.md)")
      ->required()
      ->type_name("CASES.jsonl");
  check_cmd->add_flag("--json", check.json, "JSON Lines output, one object per case");
  check_cmd->add_option("--kernel", check.kernel_ids,
                        "Only this kernel id (repeatable); may name a kernel of the other scalar, or a verdict "
                        "recorded in the case file; with --answers, the name of the kernel that computed them");
  check_cmd->add_option("--answers", check.answers_path,
                        "Answers computed elsewhere for CASES, a cases file of `sepax generate --format arrays`: an "
                        "answers file of the same layout (kind 1), each judged as a kernel's")
      ->type_name("ANSWERS.sepaxarrays");
  check_cmd
      ->add_option("--case-timeout", check.case_timeout_seconds,
                   "Stop (exit 3) when one kernel or oracle call runs longer than this many seconds; the case's line "
                   "is printed (a kernel that crashes stops the run the same way)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  BroughtKernels check_brought;
  add_brought_kernel_options(*check_cmd, check_brought);
  std::vector<std::string> check_tolerances;
  add_tolerance_option(*check_cmd, check_tolerances);

  VerifyOptions verify;
  CLI::App* verify_cmd = app.add_subcommand(
      "verify", "Short campaign: every kernel x family against the exact oracle, with a summary");
  verify_cmd->add_option("--seed", verify.seed, "Campaign seed")->capture_default_str();
  verify_cmd->add_option("--budget", verify.budget_seconds, "Time budget in seconds, split over the groups")
      ->capture_default_str()
      ->check(positive());
  verify_cmd->add_option("--cases", verify.cases_per_group,
                         "Exactly N cases per query x scalar x family group (overrides --budget)")
      ->check(positive());
  verify_cmd->add_option("--threads", verify.threads, "Worker threads (default: every core)")
      ->check(positive());
  verify_cmd->add_option("--out", verify.out, "Results directory")->capture_default_str();
  verify_cmd->add_option("--family", verify.families, "Only this generator family (repeatable)");
  verify_cmd->add_option("--kernel", verify.kernel_ids, "Only this kernel id (repeatable)");
  std::string query_names;
  for (const std::string& q : sepax::harness::judged_query_names()) query_names += (query_names.empty() ? "" : ", ") + q;
  verify_cmd->add_option("--query", verify.queries,
                         "Only this query (repeatable): " + query_names +
                             "; with --cases, its groups are batched, sharded and resumed like the others; "
                             "mesh_mesh: the OBB-tree campaign (sepax's trees, FCL's and a plugin's mesh kernels)");
  verify_cmd->add_flag("--moving,!--no-moving", verify.moving,
                       "Run the moving kernels too (test_moving, find_first_contact; the default)");
  verify_cmd->add_flag("--trees,!--no-trees", verify.trees,
                       "Run the short OBB-tree campaign on the small meshes too (the default; skipped when --kernel "
                       "or --family narrows the run, unless --query mesh_mesh or a mesh kernel's --kernel names it)");
  verify_cmd->add_option("--tree-poses", verify.tree_poses, "Near-contact poses per mesh pair of the tree campaign")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  verify_cmd->add_flag("--pair-queries,!--no-pair-queries", verify.pair_queries,
                       "Run the campaigns of the 2D rectangles (rect_rect), Gomez's sphere tests and sweeps "
                       "(sphere_sphere, aabb_sphere, sphere_plane, aabb_aabb, obb_segment), the OBB-OBB contact manifolds (obb_obb_manifold) and general rigid motion (general_motion) too (the "
                       "default; skipped when --kernel or --family narrows the run without --query)");
  verify_cmd->add_option("--pair-query-cases", verify.pair_query_cases,
                         "Cases per rect_rect / sphere_sphere / aabb_sphere / sphere_plane / aabb_aabb / obb_segment / obb_to_aabb mode "
                         "x scalar x family group (without --cases, which sets every group's count)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  verify_cmd->add_option("--manifold-cases", verify.manifold_cases,
                         "Cases per obb_obb_manifold scalar x family group (each judged for every kernel, ~0.3 ms; without --cases)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  verify_cmd->add_option("--general-motion-cases", verify.general_motion_cases,
                         "Cases per general_motion scalar x family group (rigid motion in N steps, each step judged "
                         "against the exact constant-velocity first contact; without --cases)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  verify_cmd->add_option("--mesh-dir", verify.mesh_dir,
                         "Folder with couplingdown.off and elephant.off (default: those installed with sepax, or "
                         "examples/meshes of its source tree)");
  verify_cmd
      ->add_option("--case-timeout", verify.case_timeout_seconds,
                   "Stop (exit 3) when one oracle or kernel call runs longer than this many seconds; the case is "
                   "written under hang/ with its replay command")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  verify_cmd->add_option("--max-replays", verify.max_replays,
                         "Gross findings kept per kernel x family, to be grouped into failure classes")
      ->capture_default_str();
  verify_cmd->add_option("--replays-per-class", verify.replays_per_class,
                         "Replay files per failure class (kernel x family x what went wrong) in its folder under "
                         "gross/, simplest first; its class.json counts the rest")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  verify_cmd->add_option("--shrink-tries", verify.shrink_tries,
                         "Simpler cases judged while shrinking each gross finding's replay file (0: keep it as found)")
      ->capture_default_str();
  verify_cmd->add_option("--grow-tries", verify.grow_tries,
                         "Cases judged while searching around each failure class (and each kind of boundary "
                         "verdict) for its worst case, about 1 ms each (0: no search)")
      ->capture_default_str();
  std::vector<std::string> verify_tolerances;
  add_tolerance_option(*verify_cmd, verify_tolerances);
  std::string shard_text;
  verify_cmd->add_option("--shard", shard_text,
                         "Run shard I of N of a --cases campaign (1-based, e.g. 2/8): N machines with the same "
                         "options split it with no coordination; `sepax merge` combines their --out folders. "
                         "auto: from a Slurm array task's SLURM_ARRAY_TASK_* variables, or a Kubernetes Indexed "
                         "Job's JOB_COMPLETION_INDEX with SEPAX_SHARD_COUNT (its completions)")
      ->type_name("I/N|auto");
  std::filesystem::path resume_dir;
  verify_cmd->add_option("--resume", resume_dir,
                         "Continue the --cases campaign in DIR (killed, or a shard not finished) with its own "
                         "options: every batch DIR lacks runs, none twice")
      ->type_name("DIR");
  verify_cmd->add_option("--batch-cases", verify.batch_cases,
                         "Cases of a group per batch of a --cases campaign; each finished batch is written to "
                         "batches.jsonl and survives a kill")
      ->capture_default_str();
  BroughtKernels verify_brought;
  add_brought_kernel_options(*verify_cmd, verify_brought);

  MergeOptions merge;
  CLI::App* merge_cmd = app.add_subcommand(
      "merge", "Combine the --out folders of the shards of one `verify --cases --shard I/N` campaign into the folder "
               "the unsharded run writes (rows, tables, replay files)");
  merge_cmd->add_option("inputs", merge.inputs, "The shards' results folders")->required()->type_name("DIR...");
  merge_cmd->add_option("-o,--out", merge.out, "Folder for the merged campaign")->required()->type_name("DIR");
  BroughtKernels merge_brought;
  add_brought_kernel_options(*merge_cmd, merge_brought);

  ReportOptions report;
  CLI::App* report_cmd = app.add_subcommand(
      "report", "Markdown and self-contained HTML report (tables, plots) from verify, benchmark and fuzzing results");
  report_cmd->add_option("inputs", report.inputs,
                         "verify results directories or verify.jsonl files, Google Benchmark JSON files, the "
                         "fuzzing summary of fuzz/measure.py")
      ->required()
      ->type_name("RESULTS...");
  report_cmd->add_option("-o,--out", report.out, "Output directory (report.md, report.html, plots/)")
      ->capture_default_str();
  report_cmd->add_option("--title", report.title, "Report title");
  report_cmd->add_flag("--compare", report.compare,
                       "The two RESULTS are runs BASE NEW (results directories, or files joined with ','): print "
                       "what changed as Markdown — benchmarks slower or faster beyond the noise of their "
                       "repetitions, failure classes new or gone, boundary bands widened (with -o, also "
                       "compare.md and compare.json there)");
  report_cmd->add_option("--noise-floor", report.noise_floor,
                         "--compare: the smallest relative speed change reported (default 0.10)")
      ->check(CLI::Range(0.0, 10.0));
  report_cmd->add_flag("--latex", report.latex,
                       "Also write latex/ (summary tables in booktabs with the run's provenance) and every plot as PDF");

  MeshCheckOptions mesh_check;
  CLI::App* mesh_check_cmd = app.add_subcommand(
      "mesh-check",
      "Two triangle meshes at the poses of a file: every OBB-tree kernel (and FCL) beside the exact truth");
  mesh_check_cmd->add_option("a", mesh_check.mesh_a, "Mesh A (OFF, STL or OBJ; .gz too): stays where it is")
      ->required()
      ->type_name("A");
  mesh_check_cmd->add_option("b", mesh_check.mesh_b, "Mesh B, placed by each pose")->required()->type_name("B");
  mesh_check_cmd
      ->add_option("--pose", mesh_check.poses,
                   "Poses of B in A's frame, JSON Lines: {\"id\": \"p1\", \"pose\": [[r00,r01,r02,t0],[r10,r11,r12,t1],"
                   "[r20,r21,r22,t2]]}, numbers as JSON numbers or hex-float strings; add \"velocity\": [vx,vy,vz] and \"dt\" "
                   "for B translating over [0, dt] (docs/mesh-checks.md)")
      ->required()
      ->type_name("POSES.jsonl");
  mesh_check_cmd->add_flag("--json", mesh_check.json, "JSON Lines output, one object per pose");
  mesh_check_cmd->add_flag("--fcl,!--no-fcl", mesh_check.fcl, "Judge FCL's BVHModel<OBB>/<OBBRSS> too (the default)");
  BroughtKernels mesh_check_brought;  // their mesh_mesh kernels judged too
  add_brought_kernel_options(*mesh_check_cmd, mesh_check_brought);

  GateOptions gate;
  CLI::App* gate_cmd = app.add_subcommand(
      "gate", "CI regression gate: verify and benchmark results against thresholds and a baseline (exit 1 on regression)");
  gate_cmd->add_option("inputs", gate.inputs,
                       "verify results directories or verify.jsonl files, Google Benchmark JSON files of one run")
      ->required()
      ->type_name("RESULTS...");
  gate_cmd->add_option("--thresholds", gate.thresholds, "Thresholds file (JSON; schema in cli/src/gate/gate_command.hpp)")
      ->required();
  gate_cmd->add_option("--baseline", gate.baseline, "Baseline of speed ratios (written by --write-baseline)");
  gate_cmd->add_option("--junit", gate.junit, "Also write the checks as JUnit XML to this file");
  std::vector<std::string> gate_tolerances;
  add_tolerance_option(*gate_cmd, gate_tolerances);
  gate_cmd->add_option("--compare-base", gate.compare_base,
                       "A baseline run (results directory, or files joined with ','): when the gate fails, also "
                       "print what changed against it, as `sepax report --compare` does");
  gate_cmd->add_option("--boundary-baseline", gate.boundary_baseline,
                       "Baseline of boundary shares per kernel x family (written by --write-boundary-baseline); a "
                       "share that rises beyond it fails");
  gate_cmd->add_option("--write-boundary-baseline", gate.write_boundary_baseline,
                       "Write the boundary counts of the sepax kernels' rows to this file");
  gate_cmd->add_option("--write-baseline", gate.write_baseline,
                       "Write the measured speed ratios and the machine to this file (one benchmark input)");

  GenerateOptions generate;
  std::string generate_shard;
  CLI::App* generate_cmd = app.add_subcommand(
      "generate", "Write the cases of a campaign (query, mode, family, scalar, seed, count, shard) for a kernel that "
                  "runs elsewhere: a case file, or a structure-of-arrays file numpy or a GPU program reads directly");
  generate_cmd->add_option("--query", generate.query, "The query (" + query_names + ")")->required();
  generate_cmd->add_option("--mode", generate.mode, "Its mode (default: test_static, or its only one)");
  generate_cmd->add_option("--family", generate.family, "Generator family (default: the query's first)");
  generate_cmd->add_option("--scalar", generate.scalar, "float or double")->capture_default_str();
  generate_cmd->add_option("--seed", generate.seed, "Campaign seed")->capture_default_str();
  generate_cmd->add_option("--count", generate.count, "Cases of the group, indices 0 … N-1")->required()->check(positive());
  generate_cmd->add_option("--shard", generate_shard, "Only shard I of N (I/N): the I-th of N contiguous slices of the --count cases; auto: "
                           "from the environment, as verify --shard auto")
      ->type_name("I/N|auto");
  generate_cmd->add_option("--format", generate.format, "jsonl (a case file) or arrays (a structure-of-arrays file: docs/case-files.md, and the installed sepax/harness/query/array_file.hpp)")
      ->capture_default_str();
  generate_cmd->add_option("-o,--out", generate.out, "The file to write")->required();

  MutateOptions mutate;
  bool mutate_list = false;
  CLI::App* mutate_cmd = app.add_subcommand(
      "mutate", "Mutation score: a verify campaign per planted bug of the catalogue (in a build that switches them at "
                "run time: the preset mutants), the kill matrix, and `mutation score: K/N killed`");
  mutate_cmd->add_option("--mutant", mutate.mutants, "Only this mutant (repeatable; --list shows the catalogue)");
  mutate_cmd->add_flag("--list", mutate_list, "Print the catalogue of planted bugs and exit");
  mutate_cmd->add_option("--out", mutate.out, "Results directory (one verify run per mutant and campaign, mutate.jsonl)")
      ->capture_default_str();
  mutate_cmd->add_flag("--quick", mutate.quick, "Only the small campaign for each mutant (CI)");
  mutate_cmd->add_option("--time-limit", mutate.time_limit, "Seconds a campaign may take before it counts as not killing")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  mutate_cmd->add_option("--seed", mutate.seed, "Campaign seed")->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);  // prints help or the error
    return status == 0 ? 0 : kUsageError;
  }

  // A misspelt SEPAX_MUTANT would plant nothing and look like a survivor.
  if (!active_mutant().empty() &&
      std::none_of(kMutantCatalog.begin(), kMutantCatalog.end(), [](const MutantInfo& m) { return m.name == active_mutant(); })) {
    std::cerr << "sepax: SEPAX_MUTANT=" << active_mutant() << " is not a planted bug of the catalogue (sepax mutate --list)\n";
    return kUsageError;
  }

  // A failed precondition inside a kernel or oracle becomes a reported
  // finding for that case rather than an abort of the whole run.
  throw_on_assert();

  if (*check_cmd) {
    if (!promise_tolerance_texts(check_tolerances, "sepax check", std::cerr)) return kUsageError;
    if (!bring_kernels(check_brought, check.kernel_ids, "sepax check")) return kUsageError;
    if (!tolerance_ids_known("sepax check", std::cerr)) return kUsageError;
    return run_check(check, std::cout, std::cerr);
  }
  if (*generate_cmd) {
    if (!generate_shard.empty()) {
      std::string error;
      const auto shard = harness::parse_shard_option(generate_shard, environment, error);
      if (!shard) {
        std::cerr << "sepax generate: " << error << '\n';
        return kUsageError;
      }
      generate.shard = *shard;
    }
    return run_generate(generate, std::cout, std::cerr);
  }
  if (*report_cmd) {
    report.out_given = report_cmd->count("--out") > 0;
    return run_report(report, std::cerr);
  }
  if (*mesh_check_cmd) {
    std::vector<std::string> unused_ids;
    if (!bring_kernels(mesh_check_brought, unused_ids, "sepax mesh-check")) return kUsageError;
    return run_mesh_check(mesh_check, std::cout, std::cerr);
  }
  if (*gate_cmd) {
    const std::optional<Tolerances> tolerances = parse_tolerance_texts(gate_tolerances, "sepax gate", std::cerr);
    if (!tolerances) return kUsageError;
    gate.tolerances = *tolerances;
    return run_gate(gate, std::cout, std::cerr);
  }
  if (*mutate_cmd) {
    if (mutate_list) {
      for (const MutantInfo& m : kMutantCatalog) std::cout << m.name << "  (" << m.kernel << "): " << m.bug << '\n';
      return 0;
    }
    mutate.program = argv[0];
    return run_mutate(mutate, std::cout, std::cerr);
  }
  if (*merge_cmd) {
    // The shards were judged with their campaign's tolerances (campaign.json; merge checks they agree).
    const std::vector<std::string> stored =
        merge.inputs.empty() ? std::vector<std::string>{} : campaign_tolerances(merge.inputs[0]).value_or(std::vector<std::string>{});
    if (!promise_tolerance_texts(stored, "sepax merge", std::cerr)) return kUsageError;
    std::vector<std::string> unused_ids;
    if (!bring_kernels(merge_brought, unused_ids, "sepax merge", &merge.gated_kernel_ids)) return kUsageError;
    merge.replay_arguments = merge_brought.as_arguments() + tolerance_arguments(stored);
    merge.program = argv[0];
    merge.command_line = command_line(argc, argv);
    return run_merge(merge, std::cout, std::cerr);
  }
  if (!shard_text.empty()) {
    std::string error;
    const auto shard = harness::parse_shard_option(shard_text, environment, error);
    if (!shard) {
      std::cerr << "sepax verify: " << error << '\n';
      return kUsageError;
    }
    verify.shard = *shard;
  }
  if (!resume_dir.empty()) {
    if (verify_cmd->count("--out") || verify_cmd->count("--cases") || verify_cmd->count("--seed") ||
        !shard_text.empty() || verify_cmd->count("--family") || verify_cmd->count("--kernel") ||
        verify_cmd->count("--query")) {
      std::cerr << "sepax verify: --resume DIR takes the campaign's options from DIR/campaign.json; give only "
                   "--threads, --case-timeout and the --plugin/--external options with it (and its --tolerance "
                   "options, or none: they are in campaign.json too)\n";
      return kUsageError;
    }
    verify.resume = true;
    verify.out = resume_dir;
    // The campaign's batches were judged with its tolerances: the rest must be too.
    if (const auto stored = campaign_tolerances(resume_dir)) {
      if (!verify_tolerances.empty() && verify_tolerances != *stored) {
        std::cerr << "sepax verify: --resume " << resume_dir.string() << ": the campaign was judged with"
                  << (stored->empty() ? std::string(" no --tolerance") : tolerance_arguments(*stored))
                  << "; give the same --tolerance options or none\n";
        return kUsageError;
      }
      verify_tolerances = *stored;
    }
  }
  verify.tolerance_texts = verify_tolerances;
  if (!promise_tolerance_texts(verify_tolerances, "sepax verify", std::cerr)) return kUsageError;
  if (!bring_kernels(verify_brought, verify.kernel_ids, "sepax verify", &verify.gated_kernel_ids)) return kUsageError;
  if (!tolerance_ids_known("sepax verify", std::cerr)) return kUsageError;
  verify.replay_arguments = verify_brought.as_arguments() + tolerance_arguments(verify_tolerances);
  verify.mesh_replay_arguments = verify_brought.as_arguments();
  verify.program = argv[0];
  verify.command_line = command_line(argc, argv);
  return run_verify(verify, std::cout, std::cerr);
}

}  // namespace sepax::cli
