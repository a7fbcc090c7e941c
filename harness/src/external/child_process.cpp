#include "child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace sepax::harness::external {
namespace {

std::string errno_text(const char* what, int err) { return std::string(what) + ": " + std::strerror(err); }

/// Milliseconds left until `deadline` for poll(), at least 0, at most a minute
/// (the loops re-check the deadline).
int poll_timeout(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return int(std::clamp<long long>(left + 1, 0, 60'000));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

/// Blocks SIGPIPE in this thread while alive: a write to a pipe whose reader
/// is gone then fails with EPIPE instead of killing sepax. A SIGPIPE the
/// write raised is consumed before the old mask returns (it is directed at
/// this thread, so no other thread sees it).
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigemptyset(&pending);
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
  }
  ~SigpipeBlock() {
    if (raised_ && !was_pending_) {
      const timespec zero{0, 0};
      while (sigtimedwait(&pipe_, nullptr, &zero) < 0 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  void raised() { raised_ = true; }

 private:
  sigset_t pipe_, old_;
  bool was_pending_ = false;
  bool raised_ = false;
};

std::string describe_status(int status) {
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    std::string text = "exited with status " + std::to_string(code);
    if (code == 127) text += " (the shell could not find the command)";
    if (code == 126) text += " (the shell could not execute the command)";
    return text;
  }
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  return "ended with wait status " + std::to_string(status);
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command) {
  int in_pipe[2], out_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) throw std::runtime_error(errno_text("pipe", errno));
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    const int err = errno;
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    throw std::runtime_error(errno_text("pipe", err));
  }
  // The child gets the pipes as 0 and 1 (dup2 clears close-on-exec), its own
  // process group, an empty signal mask and default SIGPIPE handling
  // whatever ours are.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::string sh = "sh", dash_c = "-c", cmd = command;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  const int err = posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  if (err != 0) {
    pid_ = -1;
    close_fd(to_child_);
    close_fd(from_child_);
    throw std::runtime_error(errno_text("posix_spawn /bin/sh", err));
  }
  ::fcntl(to_child_, F_SETFL, ::fcntl(to_child_, F_GETFL) | O_NONBLOCK);
  ::fcntl(from_child_, F_SETFL, ::fcntl(from_child_, F_GETFL) | O_NONBLOCK);
}

ChildProcess::~ChildProcess() { finish(std::chrono::milliseconds(2000)); }

bool ChildProcess::fill() {
  if (eof_) return false;
  if (start_ > 0 && start_ * 2 >= buffer_.size()) {
    buffer_.erase(0, start_);
    scanned_ -= start_;
    start_ = 0;
  }
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, std::size_t(n));
      if (std::size_t(n) < sizeof chunk) return true;
      continue;
    }
    if (n == 0) {
      eof_ = true;
      return false;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
    // Any other read error ends the conversation as EOF would.
    eof_ = true;
    return false;
  }
}

void ChildProcess::write_all(std::string_view data, Clock::time_point deadline) {
  if (to_child_ < 0) throw std::runtime_error("its stdin is already closed");
  SigpipeBlock block;
  while (!data.empty()) {
    const ssize_t n = ::write(to_child_, data.data(), data.size());
    if (n > 0) {
      data.remove_prefix(std::size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) {
      block.raised();
      throw std::runtime_error("it closed its stdin (write: broken pipe)");
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) throw std::runtime_error(errno_text("write", errno));
    // The pipe is full: wait for room, reading whatever the child writes
    // meanwhile so that it is never blocked on us.
    if (Clock::now() >= deadline) throw std::runtime_error("timed out writing to its stdin");
    pollfd fds[2] = {{to_child_, POLLOUT, 0}, {from_child_, short(eof_ ? 0 : POLLIN), 0}};
    const int ready = ::poll(fds, eof_ ? 1 : 2, poll_timeout(deadline));
    if (ready < 0 && errno != EINTR) throw std::runtime_error(errno_text("poll", errno));
    if (!eof_ && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) fill();
  }
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    const auto newline = buffer_.find('\n', std::max(start_, scanned_));
    if (newline != std::string::npos) {
      line.assign(buffer_, start_, newline - start_);
      start_ = newline + 1;
      scanned_ = start_;
      return Read::line;
    }
    scanned_ = buffer_.size();
    if (eof_) return Read::eof;
    fill();
    if (buffer_.size() > scanned_ || eof_) continue;
    if (Clock::now() >= deadline) return Read::timeout;
    pollfd fd{from_child_, POLLIN, 0};
    const int ready = ::poll(&fd, 1, poll_timeout(deadline));
    if (ready < 0 && errno != EINTR) throw std::runtime_error(errno_text("poll", errno));
  }
}

std::string_view ChildProcess::pending_text() const {
  return std::string_view(buffer_).substr(std::min(start_, buffer_.size()));
}

bool ChildProcess::reap() {
  if (status_) return true;
  if (pid_ < 0) return false;
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r == pid_) {
    status_ = status;
    return true;
  }
  return false;
}

std::string ChildProcess::exit_description(std::chrono::milliseconds grace) {
  const auto deadline = Clock::now() + grace;
  while (!reap() && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return status_ ? describe_status(*status_) : "is still running";
}

void ChildProcess::finish(std::chrono::milliseconds grace) {
  close_fd(to_child_);
  if (pid_ >= 0 && !status_) {
    const auto deadline = Clock::now() + grace;
    while (!reap() && Clock::now() < deadline) {
      // Discard its output so that it is not blocked writing to us.
      if (!eof_ && from_child_ >= 0) {
        pollfd fd{from_child_, POLLIN, 0};
        if (::poll(&fd, 1, 5) > 0) {
          fill();
          buffer_.clear();
          start_ = scanned_ = 0;
        }
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
    if (!status_) {
      ::kill(-pid_, SIGKILL);
      ::kill(pid_, SIGKILL);
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      status_ = status;
    }
  }
  close_fd(from_child_);
}

}  // namespace sepax::harness::external
