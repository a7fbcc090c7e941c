#pragma once
/// \file A child process started through `/bin/sh -c`, its stdin and stdout on
/// pipes (its stderr is ours, so its messages reach the user): write whole
/// buffers, read lines with a deadline, and end it. Nothing here knows the
/// protocol; external_session.hpp speaks it over this.
///
/// A child that stops reading must not kill sepax: writes never raise SIGPIPE
/// (a closed pipe is an exception), and while a write waits for room the
/// child's output is read into the line buffer, so a child that writes
/// before it has read everything cannot deadlock both sides.
#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sepax::harness::external {

using Clock = std::chrono::steady_clock;

class ChildProcess {
 public:
  /// Starts `command` in its own process group (so that ending it also ends
  /// whatever the shell started). Throws std::runtime_error when the pipes
  /// or the spawn fail; a command the shell cannot find is not an error here:
  /// the shell exits with status 127, which exit_description() reports.
  explicit ChildProcess(const std::string& command);
  /// finish() with a short grace.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  /// Writes all of `data` before `deadline`. Throws std::runtime_error when
  /// the child has closed its stdin (it exited, typically) or the deadline
  /// passes; never raises SIGPIPE.
  void write_all(std::string_view data, Clock::time_point deadline);

  enum class Read { line, eof, timeout };
  /// The next line of the child's stdout, without its '\n', into `line`.
  /// eof: the child closed its stdout (pending_text() holds an unfinished
  /// last line, if any); timeout: nothing complete arrived before `deadline`.
  Read read_line(std::string& line, Clock::time_point deadline);
  /// Text the child wrote after its last complete line.
  std::string_view pending_text() const;

  /// How the child ended, waiting up to `grace` for it: "exited with status
  /// 3", "was killed by signal 9", or "is still running".
  std::string exit_description(std::chrono::milliseconds grace);

  /// Closes its stdin (a well-behaved child exits on that EOF), waits up to
  /// `grace` while discarding its output, then kills its process group.
  /// Idempotent.
  void finish(std::chrono::milliseconds grace);

  pid_t pid() const { return pid_; }

 private:
  /// Reads what is available into buffer_; false at EOF.
  bool fill();
  /// Reaps the child if it has exited (no wait).
  bool reap();

  pid_t pid_ = -1;
  int to_child_ = -1;    ///< the child's stdin, non-blocking on our side
  int from_child_ = -1;  ///< the child's stdout, non-blocking on our side
  bool eof_ = false;
  std::string buffer_;
  std::size_t start_ = 0;  ///< buffer_[start_..] is not yet returned
  std::size_t scanned_ = 0;  ///< no '\n' in buffer_[start_..scanned_)
  std::optional<int> status_;  ///< waitpid status once reaped
};

}  // namespace sepax::harness::external
