#!/usr/bin/env python3
"""Runs the runnable commands of the documentation and checks their exit status.

The convention
--------------
A fenced code block whose info string is `sh runnable` holds commands a user
types:

    ```sh runnable
    sepax check examples/spec-example.jsonl
    sepax check examples/malformed.jsonl   # exit 1
    sepax verify --cases 20 --out results \\
        --family random
    ```

- Each non-empty line that does not start with `#` (leading blanks aside) is a
  command. A line ending in `\\` continues on the next line (the command is
  then the lines together, and its line number is its first line's).
- A command may end with a comment `# exit N` (N from 0 to 255) giving the exit
  status it must have; without one, 0 is expected.
- Other blocks (```sh, ```text, ...) are never run. A block whose info string
  names `runnable` with anything other than exactly `sh runnable` is an error,
  so a typo cannot turn a block off silently. Fences are CommonMark's: three or
  more backticks (or tildes), closed by a fence of the same character at least
  as long, so a runnable block shown inside a longer fence is not run.
- The blocks of one Markdown file run in order, in one fresh temporary folder
  per file: a later block sees the files an earlier one wrote; another file
  starts clean. That folder holds a symbolic link to every top-level entry of
  the repository except build/ and .git, so `examples/spec-example.jsonl`
  resolves while outputs (`--out results`) land in the temporary folder.
- Each command runs in its own `bash -o pipefail -c COMMAND`, stdin from
  /dev/null, with the file's folder as working directory: `cd` and shell
  variables do not carry over to the next command (chain with `&&` on one
  line). Heredocs and quotes spanning lines are not supported.
- PATH starts with the directory of the built sepax (--sepax), so `sepax` is the
  build's. Variables named SEPAX_* are removed from the environment (a
  command that needs one sets it itself).
- A command has a time limit (--timeout, 600 s by default).
- At the first command of a file whose exit status is not the expected one,
  that file stops (what follows depends on it); the other files still run. The
  failure is printed with the file and line, the command, the expected and
  actual exit status, the last 40 lines of its output (stdout and stderr
  together) and a command that replays just that file.
- Without Markdown paths as arguments it scans README.md and docs/**/*.md of the
  repository. It fails when no command was run at all: a docs test that runs
  nothing would pass without checking anything.

ctest runs it as docs.runnable_commands, and its own test as
docs.runner_self_test (docs/tools/test_run_doc_blocks.py). Python 3 standard
library only.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(__file__).resolve()
DEFAULT_REPO = SCRIPT.parents[2]
# Not linked into a file's folder: builds (large, and the docs must name the
# command `sepax`, not a build path) and git's own folder.
EXCLUDED = {"build", ".git"}
OUTPUT_LINES = 40

FENCE = re.compile(r"^(?P<indent>\s*)(?P<marks>`{3,}|~{3,})(?P<info>.*)$")
EXPECTED_EXIT = re.compile(r"(?:^|\s)#\s*exit\s+(\d+)\s*$")


class DocError(Exception):
    """A malformed runnable block: reported with its file and line, fails the run."""


@dataclass
class Command:
    path: Path
    line: int  # 1-based, the command's first line
    text: str  # as bash gets it (continuation lines kept)
    expected: int


def runnable_info(info: str, where: str) -> bool:
    words = info.split()
    if words == ["sh", "runnable"]:
        return True
    if any("runnable" in word for word in words):
        raise DocError(f"{where}: info string `{info.strip()}`: a runnable block is exactly ```sh runnable")
    return False


def parse(path: Path) -> list[Command]:
    """The commands of the file's runnable blocks, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    commands: list[Command] = []
    fence: tuple[str, int] | None = None  # (character, length) of the open fence
    runnable = False
    pending: list[str] = []  # the lines so far of a command continued with `\`
    start = 0
    opened = 0  # the line of the open fence
    for number, line in enumerate(lines, 1):
        where = f"{path}:{number}"
        match = FENCE.match(line)
        if fence is None:
            if match and not (match["marks"][0] == "`" and "`" in match["info"]):
                fence = (match["marks"][0], len(match["marks"]))
                opened = number
                runnable = runnable_info(match["info"], where)
            continue
        if match and match["marks"][0] == fence[0] and len(match["marks"]) >= fence[1] \
                and not match["info"].strip():
            if pending:
                raise DocError(f"{path}:{start}: the block ends inside a command continued with `\\`")
            fence = None
            continue
        if not runnable:
            continue
        if not pending:
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            start = number
        # Trailing blanks dropped: after a `\` they would stop bash continuing the line.
        line = line.rstrip()
        pending.append(line)
        if line.endswith("\\"):
            continue
        text = "\n".join(pending)
        pending = []
        expected = 0
        status = EXPECTED_EXIT.search(text.splitlines()[-1])
        if status:
            expected = int(status[1])
            if expected > 255:
                raise DocError(f"{path}:{start}: `# exit {expected}`: an exit status is 0 to 255")
        commands.append(Command(path, start, text, expected))
    if fence is not None and runnable:
        raise DocError(f"{path}:{opened}: this ```sh runnable block is not closed")
    return commands


def link_repository(repo: Path, folder: Path) -> None:
    for entry in sorted(repo.iterdir()):
        if entry.name not in EXCLUDED:
            (folder / entry.name).symlink_to(entry)


def run_one(command: Command, folder: Path, env: dict[str, str], timeout: float) -> tuple[int | None, str, float]:
    """(exit status or None on timeout, output, seconds)."""
    began = time.monotonic()
    # Its own process group, so a timeout also ends what the command started
    # (pipelines, background jobs) and nothing holds the output pipe open.
    process = subprocess.Popen(["bash", "-o", "pipefail", "-c", command.text], cwd=folder, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        status: int | None = process.returncode
    except subprocess.TimeoutExpired:
        status = None
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)  # strays left in the background
        except ProcessLookupError:
            pass
    return status, output.decode("utf-8", "replace"), time.monotonic() - began


def shown(text: str) -> str:
    """A command on one line for progress lines."""
    return re.sub(r"\\\n\s*", " ", text)


def relative(path: Path, repo: Path) -> str:
    try:
        return str(path.resolve().relative_to(repo))
    except ValueError:
        return str(path)


def replay_command(sepax: Path, repo: Path, path: Path, timeout: float) -> str:
    words = ["python3", str(SCRIPT), "--sepax", str(sepax)]
    if repo != DEFAULT_REPO:
        words += ["--repo", str(repo)]
    if timeout != 600:
        words += ["--timeout", f"{timeout:g}"]
    return shlex.join([*words, str(path.resolve())])


def run_file(path: Path, commands: list[Command], args: argparse.Namespace, env: dict[str, str]) -> tuple[int, bool]:
    """Runs the file's commands in a fresh folder: (commands run, all as expected)."""
    name = relative(path, args.repo)
    folder = Path(tempfile.mkdtemp(prefix="sepax-docs-"))
    ran = 0
    try:
        link_repository(args.repo, folder)
        print(f"== {name}: {len(commands)} commands in {folder}", flush=True)
        for command in commands:
            status, output, seconds = run_one(command, folder, env, args.timeout)
            ran += 1
            if status == command.expected:
                print(f"ok   {name}:{command.line}  {shown(command.text)}  (exit {status}, {seconds:.1f} s)",
                      flush=True)
                continue
            actual = f"timed out after {args.timeout:g} s" if status is None else f"exit {status}"
            tail = output.splitlines()[-OUTPUT_LINES:]
            print(f"FAIL {name}:{command.line}  {shown(command.text)}\n"
                  f"  command:  {command.text}\n"
                  f"  expected: exit {command.expected}\n"
                  f"  actual:   {actual} ({seconds:.1f} s)\n"
                  f"  last {len(tail)} lines of its output (stdout and stderr):", flush=True)
            for line in tail:
                print(f"    | {line}")
            print(f"  the rest of {name} is skipped (its commands may depend on this one)\n"
                  f"  replay this file (--keep: its folder stays): "
                  f"{replay_command(args.sepax, args.repo, path, args.timeout)} --keep", flush=True)
            return ran, False
        return ran, True
    finally:
        if args.keep:
            print(f"   kept {folder}", flush=True)
        else:
            shutil.rmtree(folder, ignore_errors=True)


def default_files(repo: Path) -> list[Path]:
    files = [repo / "README.md"] if (repo / "README.md").is_file() else []
    return files + sorted((repo / "docs").glob("**/*.md"))


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Run the ```sh runnable blocks of the docs and check each command's exit status "
                    "(the convention: this script's docstring).")
    parser.add_argument("files", nargs="*", type=Path,
                        help="Markdown files (default: README.md and docs/**/*.md of --repo)")
    parser.add_argument("--sepax", required=True, type=Path,
                        help="the built sepax; its directory goes first on PATH")
    parser.add_argument("--repo", type=Path, default=DEFAULT_REPO,
                        help="the repository whose top-level entries each file's folder links (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds a command may take (default: %(default)g)")
    parser.add_argument("--keep", action="store_true", help="keep each file's temporary folder")
    parser.add_argument("--list", action="store_true", help="print the commands and their expected status; run nothing")
    args = parser.parse_args()

    args.repo = args.repo.resolve()
    args.sepax = Path(os.path.abspath(args.sepax))  # not resolve(): a link named sepax is fine
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    if not args.repo.is_dir():
        parser.error(f"--repo {args.repo}: not a folder")
    if args.sepax.name != "sepax" or not (args.sepax.is_file() and os.access(args.sepax, os.X_OK)):
        parser.error(f"--sepax {args.sepax}: not an executable file named sepax (the docs call it `sepax`)")

    files = args.files or default_files(args.repo)
    missing = [str(path) for path in files if not path.is_file()]
    if missing:
        parser.error("no such file: " + ", ".join(missing))

    try:
        parsed = [(path, parse(path)) for path in files]
    except (DocError, UnicodeDecodeError) as error:
        print(f"run_doc_blocks.py: {error}", file=sys.stderr)
        return 1

    if args.list:
        for path, commands in parsed:
            for command in commands:
                print(f"{relative(path, args.repo)}:{command.line}  exit {command.expected}  {shown(command.text)}")
        return 0

    env = {name: value for name, value in os.environ.items() if not name.startswith("SEPAX_")}
    env["PATH"] = str(args.sepax.parent) + os.pathsep + env.get("PATH", "")
    env.pop("BASH_ENV", None)  # no start-up file: the commands run as written

    total = 0
    failed: list[str] = []
    with_blocks = [(path, commands) for path, commands in parsed if commands]
    for path, commands in with_blocks:
        ran, passed = run_file(path, commands, args, env)
        total += ran
        if not passed:
            failed.append(relative(path, args.repo))

    scanned = f"{len(files)} Markdown files scanned, {len(with_blocks)} with runnable blocks"
    if total == 0:
        print(f"run_doc_blocks.py: FAIL: no command was run ({scanned}). Mark the commands a user types "
              f"with a ```sh runnable block; a test that runs nothing checks nothing.")
        return 1
    if failed:
        print(f"run_doc_blocks.py: FAIL: {total} commands run; a command failed in "
              f"{', '.join(failed)} ({scanned})")
        return 1
    print(f"run_doc_blocks.py: {total} commands run, each with its expected exit status ({scanned})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
