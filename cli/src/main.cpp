/// \file The `sepax` command (SPEC §10): `check` replays case files, `verify`
/// runs the default campaign. Exit status: 0 success, 1 a finding (gross
/// verdict, malformed case, oracle disagreement), 2 a usage error.
#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "assert_to_exception.hpp"
#include "check_command.hpp"
#include "verify_command.hpp"

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

std::string command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) line += (i ? " " : "") + std::string(argv[i]);
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sepax: judges separating-axis collision kernels against exact oracles"};
  app.require_subcommand(1);

  sepax::cli::CheckOptions check;
  CLI::App* check_cmd = app.add_subcommand(
      "check", "Run the kernels and both oracles on the cases of a JSON Lines file (SPEC §10)");
  check_cmd->add_option("cases", check.cases_path, "Case file (JSON Lines, SPEC §10)")
      ->required()
      ->type_name("CASES.jsonl");
  check_cmd->add_flag("--json", check.json, "JSON Lines output, one object per case");
  check_cmd->add_option("--kernel", check.kernel_ids,
                        "Only this kernel id (repeatable); may name a kernel of the other scalar");

  sepax::cli::VerifyOptions verify;
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
  verify_cmd->add_flag("--moving,!--no-moving", verify.moving,
                       "Run the moving kernels too (test_moving, find_first_contact; the default)");
  verify_cmd->add_option("--max-replays", verify.max_replays,
                         "Replay files kept per kernel x family")
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);  // prints help or the error
    return status == 0 ? 0 : kUsageError;
  }

  // A failed precondition inside a kernel or oracle becomes a reported
  // finding for that case rather than an abort of the whole run.
  sepax::cli::throw_on_assert();

  if (*check_cmd) return sepax::cli::run_check(check, std::cout, std::cerr);
  verify.program = argv[0];
  verify.command_line = command_line(argc, argv);
  return sepax::cli::run_verify(verify, std::cout, std::cerr);
}
