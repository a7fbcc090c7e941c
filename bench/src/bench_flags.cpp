#include "bench_flags.hpp"

#include <cstdlib>
#include <exception>
#include <iostream>
#include <sstream>

namespace sepax::bench {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

void usage_error(const std::string& program, const std::string& message) {
  std::cerr << program << ": " << message << '\n';
  std::exit(2);
}

std::size_t positive_flag(const std::string& program, const std::string& flag, const std::string& value) {
  try {
    const long long n = std::stoll(value);
    if (n > 0) return static_cast<std::size_t>(n);
  } catch (const std::exception&) {
  }
  usage_error(program, flag + " must be a positive integer, got '" + value + "'");
}

std::optional<std::string> flag_value(const std::string& arg, const std::string& flag) {
  if (arg.rfind(flag + "=", 0) == 0) return arg.substr(flag.size() + 1);
  return std::nullopt;
}

void take_flags(int& argc, char** argv, const std::string& program, SetFlags& flags,
                const std::function<bool(const std::string& arg)>& other) {
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (auto v = flag_value(arg, "--sepax_pairs")) {
      flags.sets.pairs = positive_flag(program, "--sepax_pairs", *v);
    } else if (auto v = flag_value(arg, "--sepax_seed")) {
      flags.sets.seed = positive_flag(program, "--sepax_seed", *v);
    } else if (auto v = flag_value(arg, "--sepax_families")) {
      flags.families.clear();
      for (const std::string& name : split_list(*v)) {
        const auto f = gen::parse_family(name);
        if (!f) usage_error(program, "--sepax_families: unknown family '" + name + "'");
        flags.families.push_back(*f);
      }
      if (flags.families.empty()) usage_error(program, "--sepax_families: no family given");
    } else if (auto v = flag_value(arg, "--sepax_sets")) {
      flags.set_kinds.clear();
      for (const std::string& name : split_list(*v)) {
        bool found = false;
        for (SetKind s : {SetKind::mixed, SetKind::separated, SetKind::intersecting})
          if (to_string(s) == name) flags.set_kinds.push_back(s), found = true;
        if (!found) usage_error(program, "--sepax_sets: unknown set '" + name + "' (mixed, separated, intersecting)");
      }
    } else if (arg.rfind("--sepax_", 0) == 0) {
      if (!other(arg)) usage_error(program, "unknown option " + arg);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
}

bool time_runner(benchmark::State& state, const std::function<std::size_t()>& run, std::size_t& hits) {
  try {
    for (auto _ : state) {
      hits = run();
      benchmark::DoNotOptimize(hits);
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return false;
  }
  return true;
}

std::size_t take_pairs_flag(int& argc, char** argv, const std::string& program, std::size_t fallback) {
  std::size_t pairs = fallback;
  int kept = 0;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (const auto v = flag_value(arg, "--sepax_pairs")) {
      pairs = positive_flag(program, "--sepax_pairs", *v);
    } else if (i > 0 && arg.rfind("--sepax_", 0) == 0) {
      usage_error(program, arg + ": unknown flag (this benchmark takes --sepax_pairs=N)");
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  return pairs;
}

void add_set_counters(benchmark::State& state, std::size_t pairs, std::size_t hits) {
  state.counters["pairs"] = double(pairs);
  state.counters["hit_rate"] = pairs ? double(hits) / double(pairs) : 0.0;
  state.counters["tests_per_s"] = benchmark::Counter(double(pairs), benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace sepax::bench
