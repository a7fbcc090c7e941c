"""Shared helpers of the sepax package's tests: the sepax command (SEPAX_COMMAND,
set by ctest) and its arrays files read with numpy alone, as a user would."""
import json
import os
import struct
import subprocess

import numpy as np
import pytest

TYPES = {0: None, 1: np.uint8, 2: np.int32}


def read_arrays(path):
    """A `sepax generate --format arrays` file: {field: (n, width) array}, its JSON header."""
    data = open(path, "rb").read()
    assert data[:8] == b"SEPAXARR", path
    count, scalar_size, n_fields = struct.unpack_from("<QII", data, 16)
    scalar = np.float32 if scalar_size == 4 else np.float64
    fields = {}
    for k in range(n_fields):
        entry = 64 + 64 * k
        name = data[entry:entry + 40].split(b"\0")[0].decode()
        offset, width, kind = struct.unpack_from("<QII", data, entry + 40)
        fields[name] = np.frombuffer(data, TYPES[kind] or scalar, count * width, offset).reshape(count, width)
    header_json = data[64 + 64 * n_fields:struct.unpack_from("<I", data, 12)[0]].split(b"\0")[0]
    return fields, json.loads(header_json)


def write_meets(path, about, scalar_size, meets):
    """An answers file (kind 1) of one field, meets (u8), for `sepax check --answers`."""
    count = len(meets)
    description = dict(about, kind="answers", kernel="python/test/" + about["scalar"],
                       fields=[{"name": "meets", "width": 1, "type": "u8"}])
    text = (json.dumps(description) + "\n").encode()
    header = -(-(64 + 64 + len(text)) // 64) * 64
    out = bytearray(header)
    out[0:8] = b"SEPAXARR"
    struct.pack_into("<IIQIIIQ", out, 8, 1, header, count, scalar_size, 1, 1, about["first_index"])
    out[64:64 + 5] = b"meets"
    struct.pack_into("<QII", out, 64 + 40, header, 1, 1)
    out[128:128 + len(text)] = text
    open(path, "wb").write(bytes(out) + np.asarray(meets, dtype=np.uint8).tobytes())


@pytest.fixture
def sepax_command():
    command = os.environ.get("SEPAX_COMMAND")
    assert command, "SEPAX_COMMAND is not set: run the tests with ctest (python.pytest)"
    return command


def run(*args):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True)
