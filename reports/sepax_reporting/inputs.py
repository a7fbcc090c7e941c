"""Input dispatch: which reader each command-line INPUT gets (a results
directory, a verify.jsonl, Google Benchmark JSON, the fuzzing summary of
fuzz/measure.py, or the reported-bug corpus's expected.json), all merged into
one Dataset."""

from __future__ import annotations

import json
from pathlib import Path

from .benchmark_input import read_benchmark
from .fields import InputError
from .findings.reported_bugs import parse_if_corpus, read_corpus
from .fuzzing import parse_if_fuzz_summary, read_fuzz_summary
from .model import Dataset
from .verify_input import read_verify

def load_inputs(inputs: list) -> Dataset:
    data = Dataset()
    for arg in inputs:
        path = Path(arg)
        if path.is_dir():
            target = path / "verify.jsonl"
            if not target.is_file() and (path / "mutate.jsonl").is_file():
                target = path / "mutate.jsonl"  # sepax mutate's results directory
            if not target.is_file():
                raise InputError(f"{path}: a directory without verify.jsonl (or mutate.jsonl)")
            data.sources.append(read_verify(target, data, str(arg)))
            continue
        if not path.is_file():
            raise InputError(f"{path}: no such file or directory")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"{path}: cannot read: {e}") from e
        fuzz = parse_if_fuzz_summary(path, text) if path.suffix == ".json" else None
        corpus = parse_if_corpus(text) if path.suffix == ".json" and fuzz is None else None
        if corpus is not None:
            read_corpus(path, corpus, data)
        elif fuzz is not None:
            data.sources.append(read_fuzz_summary(path, fuzz, data, str(arg)))
        elif looks_like_benchmark(path, text):
            data.sources.append(read_benchmark(path, text, data, str(arg)))
        else:
            data.sources.append(read_verify(path, data, str(arg)))
    return data


def looks_like_benchmark(path: Path, text: str) -> bool:
    """Benchmark JSON is one (pretty-printed) document; verify.jsonl is one
    object per line. Decided without parsing everything so that a malformed
    file still gets the right error message."""
    if path.suffix == ".jsonl":
        return False
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    try:
        obj = json.loads(first)
    except json.JSONDecodeError:
        return text.lstrip().startswith("{")
    # A whole object on the first line: JSON Lines, unless it is a
    # benchmark file written on one line.
    return isinstance(obj, dict) and ("benchmarks" in obj or "context" in obj)

