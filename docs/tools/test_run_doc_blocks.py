"""The runner of the docs' runnable commands can fail: run_doc_blocks.py on small
Markdown fixtures written into tmp_path, with a fake `sepax` (no build needed).

ctest: docs.runner_self_test (/usr/bin/python3 -m pytest -q -p no:cacheprovider).
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().with_name("run_doc_blocks.py")


@pytest.fixture
def env(tmp_path: Path) -> dict:
    """A fake sepax that logs its arguments and exits with `sepax exit N`'s N, and a tiny repository."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "sepax.log"
    sepax = bin_dir / "sepax"
    sepax.write_text(textwrap.dedent(f"""\
        #!/bin/sh
        echo "$*" >> '{log}'
        echo "fake sepax: $*"
        if [ "$1" = exit ]; then exit "$2"; fi
        exit 0
        """))
    sepax.chmod(0o755)
    repo = tmp_path / "repo"
    (repo / "examples").mkdir(parents=True)
    (repo / "examples" / "spec-example.jsonl").write_text("{}\n")
    (repo / "build").mkdir()
    (repo / ".git").mkdir()
    docs = tmp_path / "docs"
    docs.mkdir()
    return {"sepax": sepax, "log": log, "repo": repo, "docs": docs}


def write(env: dict, name: str, text: str) -> Path:
    path = env["docs"] / name
    # The fixtures spell fences with ' so they read plainly inside this file.
    path.write_text(re.sub(r"'{3,}", lambda run: "`" * len(run.group()), textwrap.dedent(text)))
    return path


def run(env: dict, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(RUNNER), "--sepax", str(env["sepax"]), "--repo", str(env["repo"]),
                           *map(str, args)], capture_output=True, text=True, timeout=60)


def calls(env: dict) -> list[str]:
    return env["log"].read_text().splitlines() if env["log"].exists() else []


def test_passing_blocks_run_in_order_in_one_folder(env):
    doc = write(env, "guide.md", """\
        # Guide

        '''sh runnable
        # a comment line is not a command
        sepax check examples/spec-example.jsonl
        sepax exit 1   # exit 1
        sepax check examples/spec-example.jsonl > out.txt
        '''

        Later, the file the first block wrote is still there; the repository's
        entries are linked, but not build/ or .git.

        '''sh runnable
        test -s out.txt && test -f examples/spec-example.jsonl
        test ! -e build && test ! -e .git
        false | true   # exit 1
        '''
        """)
    done = run(env, doc)
    assert done.returncode == 0, done.stdout + done.stderr
    assert calls(env) == ["check examples/spec-example.jsonl", "exit 1", "check examples/spec-example.jsonl"]
    assert "6 commands run" in done.stdout


def test_unexpected_exit_status_fails_naming_the_line(env):
    doc = write(env, "broken.md", """\
        '''sh runnable
        sepax check examples/spec-example.jsonl
        sepax exit 3   # exit 1
        sepax never-reached
        '''
        """)
    done = run(env, doc)
    assert done.returncode != 0
    assert f"{doc}:3" in done.stdout or "broken.md:3" in done.stdout, done.stdout
    assert "expected: exit 1" in done.stdout and "actual:   exit 3" in done.stdout
    assert "fake sepax: exit 3" in done.stdout  # the command's output is shown
    assert f"{RUNNER}" in done.stdout and str(doc) in done.stdout  # the replay command
    assert calls(env) == ["check examples/spec-example.jsonl", "exit 3"]  # the file stops there


def test_missing_exit_comment_expects_zero(env):
    doc = write(env, "zero.md", """\
        '''sh runnable
        sepax exit 2
        '''
        """)
    done = run(env, doc)
    assert done.returncode != 0
    assert "zero.md:2" in done.stdout and "expected: exit 0" in done.stdout


def test_continued_line_is_one_command(env):
    doc = write(env, "continued.md", """\
        '''sh runnable
        sepax exit \\
            4   # exit 4
        '''
        """)
    done = run(env, doc)
    assert done.returncode == 0, done.stdout + done.stderr
    assert calls(env) == ["exit 4"]
    assert "1 commands run" in done.stdout


def test_other_blocks_never_run(env):
    doc = write(env, "mixed.md", """\
        '''sh
        false
        sepax not-runnable
        '''

        ''''markdown
        '''sh runnable
        sepax shown-inside-a-longer-fence
        '''
        ''''

        '''sh runnable
        sepax runs
        '''
        """)
    done = run(env, doc)
    assert done.returncode == 0, done.stdout + done.stderr
    assert calls(env) == ["runs"]


def test_file_without_runnable_blocks_beside_one_with(env):
    plain = write(env, "plain.md", """\
        '''sh
        false
        '''
        """)
    runnable = write(env, "runnable.md", """\
        '''sh runnable
        sepax runs
        '''
        """)
    done = run(env, plain, runnable)
    assert done.returncode == 0, done.stdout + done.stderr
    assert calls(env) == ["runs"]
    assert "2 Markdown files scanned, 1 with runnable blocks" in done.stdout


def test_nothing_to_run_fails(env):
    plain = write(env, "plain.md", """\
        '''sh
        sepax check examples/spec-example.jsonl
        '''
        """)
    done = run(env, plain)
    assert done.returncode != 0
    assert "no command was run" in done.stdout
    assert calls(env) == []


def test_each_file_starts_in_a_fresh_folder(env):
    first = write(env, "first.md", """\
        '''sh runnable
        touch left-behind
        '''
        """)
    second = write(env, "second.md", """\
        '''sh runnable
        test ! -e left-behind
        '''
        """)
    done = run(env, first, second)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_failure_in_one_file_does_not_stop_the_next(env):
    broken = write(env, "broken.md", """\
        '''sh runnable
        sepax exit 1
        '''
        """)
    fine = write(env, "fine.md", """\
        '''sh runnable
        sepax runs
        '''
        """)
    done = run(env, broken, fine)
    assert done.returncode != 0
    assert calls(env) == ["exit 1", "runs"]


def test_timeout_fails(env):
    doc = write(env, "slow.md", """\
        '''sh runnable
        sleep 30
        '''
        """)
    done = run(env, "--timeout", "1", doc)
    assert done.returncode != 0
    assert "timed out after 1 s" in done.stdout


def test_misspelt_runnable_block_is_an_error(env):
    doc = write(env, "typo.md", """\
        '''bash runnable
        sepax runs
        '''
        """)
    done = run(env, doc)
    assert done.returncode != 0
    assert "typo.md:1" in done.stderr and "sh runnable" in done.stderr
    assert calls(env) == []


def test_block_ending_inside_a_continued_command_is_an_error(env):
    doc = write(env, "dangling.md", """\
        '''sh runnable
        sepax runs \\
        '''
        """)
    done = run(env, doc)
    assert done.returncode != 0
    assert "dangling.md:2" in done.stderr
    assert calls(env) == []
