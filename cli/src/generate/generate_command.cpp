// `sepax generate` (generate_command.hpp).
#include "generate/generate_command.hpp"

#include <algorithm>
#include <exception>
#include <fstream>

#include <fmt/format.h>

#include "sepax/harness/query/array_file.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::cli {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

int run_generate(const GenerateOptions& o, std::ostream& out, std::ostream& err) {
  const auto usage = [&](const std::string& what) {
    err << "sepax generate: " << what << '\n';
    return 2;
  };
  std::vector<harness::JudgedQuery> modes;
  for (harness::JudgedQuery& q : harness::every_judged_query())
    if (q.name == o.query) modes.push_back(std::move(q));
  if (modes.empty()) return usage(fmt::format("unknown query \"{}\" (known: {})", o.query, join(harness::judged_query_names())));
  std::vector<std::string> mode_names;
  for (const harness::JudgedQuery& q : modes) mode_names.push_back(q.mode);
  std::string mode = o.mode;
  if (mode.empty()) mode = std::count(mode_names.begin(), mode_names.end(), "test_static") ? "test_static" : mode_names[0];
  const auto q = std::find_if(modes.begin(), modes.end(), [&](const harness::JudgedQuery& j) { return j.mode == mode; });
  if (q == modes.end()) return usage(fmt::format("{} has no mode \"{}\" (its modes: {})", o.query, mode, join(mode_names)));
  const std::string family = o.family.empty() ? q->families[0] : o.family;
  const auto f = std::find(q->families.begin(), q->families.end(), family);
  if (f == q->families.end())
    return usage(fmt::format("{} {} has no family \"{}\" (its families: {})", o.query, mode, family, join(q->families)));
  if (o.scalar != "float" && o.scalar != "double") return usage(fmt::format("--scalar {}: float or double", o.scalar));
  const ScalarKind scalar = o.scalar == "float" ? ScalarKind::float32 : ScalarKind::float64;
  if (o.format != "jsonl" && o.format != "arrays") return usage(fmt::format("--format {}: jsonl or arrays", o.format));
  const std::uint64_t begin = (o.shard.index - 1) * o.count / o.shard.count, end = o.shard.index * o.count / o.shard.count;
  const std::size_t fi = std::size_t(f - q->families.begin());
  try {
    if (o.format == "jsonl") {
      std::ofstream file(o.out, std::ios::trunc);
      for (const std::string& line : q->case_lines(scalar, fi, o.seed, begin, end)) file << line << '\n';
      if (!file) return usage("cannot write " + o.out);
    } else {
      harness::ArrayFile a;
      a.query = q->name;
      a.mode = q->mode;
      a.scalar = scalar;
      a.count = end - begin;
      a.first_index = begin;
      a.about = {{"family", family}, {"seed", o.seed}, {"group", q->group_label(scalar, fi)}};
      a.values = q->case_values(scalar, fi, o.seed, begin, end);
      harness::write_array_file(o.out, a);
    }
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  out << fmt::format("sepax generate: {} cases of {} {} {} {} (seed {}, indices {}–{}{}) written to {} ({})\n", end - begin,
                     q->name, q->mode, o.scalar, family, o.seed, begin, end,
                     o.shard.count > 1 ? ", shard " + o.shard.text() : "", o.out, o.format);
  return 0;
}

}  // namespace sepax::cli
