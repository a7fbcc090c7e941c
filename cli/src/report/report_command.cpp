#include "report/report_command.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sepax::cli {
namespace {

/// Debian's interpreter: the one whose python3-matplotlib setup.sh installs
/// (a python3 earlier on PATH may be a private build without it).
constexpr const char* kPython = "/usr/bin/python3";

}  // namespace

std::filesystem::path report_script() {
  // An installed sepax finds the report package beside it (cmake --install
  // puts it in share/sepax/reports); a built one, in its source tree.
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = exe.parent_path().parent_path() / "share" / "sepax" / "reports" / "sepax_report.py";
    if (std::filesystem::exists(installed)) return installed;
  }
  return std::filesystem::path(SEPAX_SOURCE_DIR) / "reports" / "sepax_report.py";
}

int run_report(const ReportOptions& options, std::ostream& err) {
  const std::filesystem::path script = report_script();
  if (!std::filesystem::exists(script)) {
    err << "sepax report: " << script.string()
        << " not found (the report script: share/sepax/reports/ of an installed sepax, reports/ of a source tree)\n";
    return 2;
  }
  std::vector<std::string> args{kPython, script.string()};
  if (options.compare) args.push_back("--compare");
  args.insert(args.end(), options.inputs.begin(), options.inputs.end());
  if (!options.compare || options.out_given) {
    args.push_back("-o");
    args.push_back(options.out.string());
  }
  if (!options.title.empty()) args.insert(args.end(), {"--title", options.title});
  if (options.noise_floor) args.insert(args.end(), {"--noise-floor", std::to_string(*options.noise_floor)});
  if (options.latex) args.push_back("--latex");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  err.flush();
  const pid_t pid = fork();
  if (pid < 0) {
    err << "sepax report: fork failed: " << std::strerror(errno) << '\n';
    return 2;
  }
  if (pid == 0) {
    execv(kPython, argv.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return 2;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    err << "sepax report: cannot run " << kPython << " (run scripts/setup.sh: it installs python3-matplotlib)\n";
    return 2;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

}  // namespace sepax::cli
