#!/usr/bin/env python3
"""A numpy kernel judged through sepax's arrays files, with no sepax module.

    sepax generate --query sphere_sphere --family touching --scalar float --count 10000 --format arrays -o cases.arr
    python3 numpy_spheres.py cases.arr answers.arr          # add --bug for the planted bug
    sepax check cases.arr --answers answers.arr --kernel numpy/spheres/float

The cases file is read with numpy alone, from the header's fixed offsets
(docs/case-files.md, "Cases for a kernel that runs elsewhere"); the answers are written
in the same layout (kind 1). The kernel, vectorised in float32: two balls meet
when |ca - cb|^2 <= (ra + rb)^2. The planted bug (--bug) compares the squared
distance with the radii's sum unsquared.
"""
import json
import struct
import sys

import numpy as np

TYPES = {0: None, 1: np.uint8, 2: np.int32}  # 0: the file's scalar


def read(path):
    data = open(path, "rb").read()
    if data[:8] != b"SEPAXARR":
        sys.exit("%s: not a sepax arrays file" % path)
    count, scalar_size, n_fields = struct.unpack_from("<QII", data, 16)
    scalar = np.float32 if scalar_size == 4 else np.float64
    fields = {}
    for k in range(n_fields):
        entry = 64 + 64 * k
        name = data[entry:entry + 40].split(b"\0")[0].decode()
        offset, width, kind = struct.unpack_from("<QII", data, entry + 40)
        dtype = TYPES[kind] or scalar
        fields[name] = np.frombuffer(data, dtype, count * width, offset).reshape(count, width)
    header_json = data[64 + 64 * n_fields:struct.unpack_from("<I", data, 12)[0]].split(b"\0")[0]
    return fields, json.loads(header_json), scalar


def write_answers(path, about, scalar, meets):
    """One field, meets (u8): the header, the field's entry, the JSON line, the array at a 64-byte boundary."""
    count = len(meets)
    description = dict(about, kind="answers", kernel="numpy/spheres/float",
                       fields=[{"name": "meets", "width": 1, "type": "u8"}])
    text = (json.dumps(description) + "\n").encode()
    header = -(-(64 + 64 + len(text)) // 64) * 64
    out = bytearray(header)
    out[0:8] = b"SEPAXARR"
    struct.pack_into("<IIQIIIQ", out, 8, 1, header, count, np.dtype(scalar).itemsize, 1, 1, about["first_index"])
    out[64:64 + 5] = b"meets"
    struct.pack_into("<QII", out, 64 + 40, header, 1, 1)
    out[128:128 + len(text)] = text
    open(path, "wb").write(bytes(out) + meets.astype(np.uint8).tobytes())


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    fields, about, scalar = read(sys.argv[1])
    if (about["query"], about["mode"]) != ("sphere_sphere", "test_static"):
        sys.exit("%s holds %s %s cases, not sphere_sphere test_static" % (sys.argv[1], about["query"], about["mode"]))
    a, b = fields["a"].astype(np.float32), fields["b"].astype(np.float32)
    d2 = np.sum((a[:, :3] - b[:, :3]) ** 2, axis=1, dtype=np.float32)
    r = a[:, 3] + b[:, 3]
    meets = d2 <= (r if "--bug" in sys.argv else r * r)
    write_answers(sys.argv[2], about, scalar, meets)
    print("numpy_spheres: %d answers written to %s" % (len(meets), sys.argv[2]))


if __name__ == "__main__":
    main()
