// `sepax mutate` (mutate_command.hpp): a verify campaign per planted bug, in a
// child process, and the kill matrix.
#include "mutate/mutate_command.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/table.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/mutant_catalog.hpp"

extern char** environ;

namespace sepax::cli {
namespace {

namespace fs = std::filesystem;

/// One campaign size: verify's options for it.
struct Level {
  const char* name;
  std::vector<std::string> args;
};

std::vector<Level> levels(bool quick) {
  std::vector<Level> out{{"small", {"--cases", "32", "--pair-query-cases", "64", "--manifold-cases", "16",
                                    "--general-motion-cases", "16", "--tree-poses", "4"}}};
  if (!quick)
    out.push_back({"large", {"--cases", "512", "--pair-query-cases", "1024", "--manifold-cases", "128",
                             "--general-motion-cases", "128", "--tree-poses", "32"}});
  return out;
}

struct Campaign {
  int status = -1;       ///< verify's exit status; -1: killed by the time limit
  double seconds = 0;
  std::set<std::string> families;  ///< query/family of rows with a gross verdict of a sepax kernel
};

/// Runs `program verify ... --out dir` with SEPAX_MUTANT=name, output to dir/verify.log.
Campaign run_campaign(const MutateOptions& o, const std::string& name, const Level& level, const fs::path& dir) {
  fs::create_directories(dir);
  std::vector<std::string> args{o.program, "verify", "--seed", std::to_string(o.seed), "--out", dir.string(),
                                // A kill needs one gross verdict: no shrinking, no search for the worst case.
                                "--max-replays", "1", "--shrink-tries", "0", "--grow-tries", "0"};
  args.insert(args.end(), level.args.begin(), level.args.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e)
    if (std::string_view(*e).rfind("SEPAX_MUTANT=", 0) != 0) env_strings.emplace_back(*e);
  if (!name.empty()) env_strings.push_back("SEPAX_MUTANT=" + name);
  std::vector<char*> envp;
  for (std::string& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string log = (dir / "verify.log").string();
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  Campaign c;
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, o.program.c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (spawned != 0) throw std::runtime_error("cannot run " + o.program + ": " + std::strerror(spawned));
  int wstatus = 0;
  for (;;) {
    const pid_t done = waitpid(pid, &wstatus, WNOHANG);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (done == pid) break;
    if (c.seconds > o.time_limit) {
      kill(-pid, SIGKILL);
      waitpid(pid, &wstatus, 0);
      return c;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  c.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + (WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0);
  std::ifstream rows(dir / "verify.jsonl");
  for (std::string line; std::getline(rows, line);) {
    const auto r = nlohmann::json::parse(line, nullptr, false);
    if (!r.is_object() || !r.contains("gross") || !r["gross"].is_number() || r["gross"].get<double>() <= 0) continue;
    const bool peer = r.value("peer", false) || (r.contains("origin") && r["origin"] != "sepax");
    if (peer) continue;
    std::string query = r.value("query", r.value("table", std::string("?")));
    if (r.value("table", std::string()) == "moving") query += " moving";
    const std::string family = r.contains("family") ? r["family"].get<std::string>() : r.value("pair", std::string("?"));
    c.families.insert(query + "/" + family);
  }
  return c;
}

}  // namespace

int run_mutate(const MutateOptions& o, std::ostream& out, std::ostream& err) {
  if (!kRuntimeMutants) {
    err << "sepax mutate: this sepax switches no mutants at run time; build the preset that does and run its "
           "sepax:\n  cmake --preset mutants && cmake --build --preset mutants && build/mutants/cli/sepax mutate\n";
    return 2;
  }
  std::vector<const MutantInfo*> chosen;
  for (const MutantInfo& m : kMutantCatalog)
    if (o.mutants.empty() || std::find(o.mutants.begin(), o.mutants.end(), m.name) != o.mutants.end())
      chosen.push_back(&m);
  for (const std::string& name : o.mutants)
    if (std::none_of(kMutantCatalog.begin(), kMutantCatalog.end(), [&](const MutantInfo& m) { return m.name == name; })) {
      err << "sepax mutate: --mutant " << name << ": not in the catalogue (sepax mutate --list shows it)\n";
      return 2;
    }
  const fs::path root(o.out);
  fs::create_directories(root);
  const std::vector<Level> sizes = levels(o.quick);
  // The control: every campaign must pass with nothing planted, or a "kill" proves nothing.
  for (const Level& level : sizes) {
    const Campaign control = run_campaign(o, "", level, root / "control" / level.name);
    if (control.status != 0) {
      err << "sepax mutate: the " << level.name << " campaign fails with no planted bug (exit " << control.status
          << ", see " << (root / "control" / level.name / "verify.log").string() << "): no mutant can be judged by it\n";
      return 1;
    }
    out << fmt::format("control ({} campaign, nothing planted): passed ({:.1f} s)\n", level.name, control.seconds);
  }
  std::ofstream jsonl(root / "mutate.jsonl");
  Table table({{"mutant"}, {"kernel"}, {"killed by"}, {"s", Table::Align::right}, {"families with a gross verdict"}});
  std::size_t killed = 0;
  for (const MutantInfo* m : chosen) {
    Campaign c;
    const Level* by = nullptr;
    double total = 0;
    for (const Level& level : sizes) {
      c = run_campaign(o, std::string(m->name), level, root / std::string(m->name) / level.name);
      total += c.seconds;
      if (c.status == 2) {
        err << "sepax mutate: verify refused its options (see " << (root / std::string(m->name) / level.name / "verify.log").string()
            << ")\n";
        return 2;
      }
      if (c.status == 1 || c.status == 3 || c.status >= 128) {
        by = &level;
        break;
      }
    }
    killed += by != nullptr;
    std::string families;
    for (const std::string& f : c.families) families += (families.empty() ? "" : ", ") + f;
    if (by && families.empty()) families = c.status == 1 ? "(an oracle disagreement or a malformed case)" : "(crashed or hung)";
    table.add_row({std::string(m->name), std::string(m->kernel), by ? by->name : "SURVIVED", fmt::format("{:.1f}", total),
                   families});
    out << fmt::format("{}: {} ({:.1f} s)\n", m->name, by ? std::string("killed by the ") + by->name + " campaign" : "survived",
                       total)
        << std::flush;
    nlohmann::ordered_json j;
    j["table"] = "mutation";
    j["mutant"] = m->name;
    j["kernel"] = m->kernel;
    j["bug"] = m->bug;
    j["killed"] = by != nullptr;
    if (by) j["campaign"] = by->name;
    j["seconds"] = total;
    j["families"] = c.families;
    jsonl << j.dump() << '\n' << std::flush;
  }
  out << '\n' << table.to_text() << '\n';
  out << fmt::format("mutation score: {}/{} killed\n", killed, chosen.size());
  return killed == chosen.size() ? 0 : 1;
}

}  // namespace sepax::cli
