#include "common/results_directory.hpp"

#include <fstream>
#include <stdexcept>

namespace sepax::cli {
namespace {

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  out.flush();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

ResultsDirectory::ResultsDirectory(std::filesystem::path root) : root_(std::move(root)) {
  std::filesystem::create_directories(root_);
}

void ResultsDirectory::append_rows(const std::vector<nlohmann::ordered_json>& rows) const {
  const auto path = root_ / "verify.jsonl";
  std::ofstream out(path, std::ios::app);
  for (const auto& row : rows) out << row.dump() << '\n';
  out.flush();
  if (!out) throw std::runtime_error("cannot append to " + path.string());
}

std::filesystem::path ResultsDirectory::write_case(const std::string& subdir, const std::string& stem,
                                                   const Case& c) const {
  const auto dir = root_ / subdir;
  std::filesystem::create_directories(dir);
  const auto path = dir / (stem + ".jsonl");
  write_file(path, format_case(c) + '\n');
  return path;
}

std::filesystem::path ResultsDirectory::write_text(const std::string& subdir, const std::string& name,
                                                   const std::string& text) const {
  const auto dir = root_ / subdir;
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  write_file(path, text);
  return path;
}

std::filesystem::path ResultsDirectory::write_cases(const std::string& subdir, const std::string& stem,
                                                    const std::vector<Case>& cases) const {
  const auto dir = root_ / subdir;
  std::filesystem::create_directories(dir);
  const auto path = dir / (stem + ".jsonl");
  std::string text;
  for (const Case& c : cases) text += format_case(c) + '\n';
  write_file(path, text);
  return path;
}

void ResultsDirectory::write_summary(const std::string& markdown) const {
  write_file(root_ / "summary.md", markdown);
}

}  // namespace sepax::cli
