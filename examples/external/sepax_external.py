"""The sepax external-kernel protocol, versions 1 and 2, for kernels written in Python.

Standard library only. PROTOCOL.md is the specification; this module is one
implementation of the process's side of it:

    import sepax_external
    def my_test(pairs, motions):          # pairs: one flat list of numbers per pair
        return [True] * len(pairs)        # one answer per pair
    sepax_external.serve("mylib", [
        {"name": "my_test", "query": "obb_obb", "mode": "test_static",
         "scalar": "double", "run": my_test},
    ])

`run(pairs, motions)` gets the batch (motions is None for test_static) and
returns one answer per pair: a bool for the test modes, a tuple
(state, time, (x, y, z)) for find_first_contact. An exception becomes an
{"id":N,"error":...} reply: sepax reports it for that batch and goes on.

Version 2 (any judged query: sweeps, manifolds, 2D rectangles, ...):

    def my_sweep(inputs):                 # {"a": [[cx,cy,cz,r], ...], "b": [...], "motion": [...]}
        n = len(inputs["a"])
        return {"state": [1] * n, "time": [None] * n}   # one entry per case and answer field
    sepax_external.serve_v2("mylib", [
        {"name": "sweep", "query": "sphere_sphere", "mode": "find_first_contact",
         "scalar": "double", "run": my_sweep},
    ])

The fields of each query and mode are those of `sepax generate --format
arrays` (docs/case-files.md, "Cases for a kernel that runs elsewhere"): each input field
is one list per case of `width` numbers; an answer field's entry is a number
(or a list of `width` numbers; null where unused).
"""

import json
import sys
from array import array

PROTOCOL_VERSION = 1
BINARY_TYPES = {"double": "d", "float": "f", "i32": "i", "u8": "B"}
PAIR_DOUBLES = {"obb_obb": 30, "tri_obb": 24, "tri_tri": 18}
MOTION_DOUBLES = 7  # velocity_a 3, velocity_b 3, duration


def obb(flat, offset=0):
    """(center, (A0, A1, A2), extents) of the box at `offset` of a flat pair."""
    v = flat[offset:offset + 15]
    return (v[0:3], (v[3:6], v[6:9], v[9:12]), v[12:15])


def triangle(flat, offset=0):
    """The three vertices of the triangle at `offset` of a flat pair."""
    v = flat[offset:offset + 9]
    return (v[0:3], v[3:6], v[6:9])


def _announcement(name, kernels, binary):
    public = [{k: v for k, v in spec.items() if k != "run"} for spec in kernels]
    return {"sepax_external": PROTOCOL_VERSION, "name": name,
            "framing": "binary" if binary else "json", "kernels": public}


def _read_binary(stdin, request, per_pair, moving):
    """The raw little-endian doubles after a binary request's header line."""
    data = stdin.read(request["bytes"])
    if len(data) != request["bytes"]:
        raise EOFError("request %s: %d of %d bytes" % (request["id"], len(data), request["bytes"]))
    values = array("d")
    values.frombytes(data)
    if sys.byteorder == "big":
        values.byteswap()
    values = values.tolist()
    n = request["count"]
    pairs = [values[i * per_pair:(i + 1) * per_pair] for i in range(n)]
    motions = None
    if moving:
        base = n * per_pair
        motions = [values[base + i * MOTION_DOUBLES:base + (i + 1) * MOTION_DOUBLES] for i in range(n)]
    return pairs, motions


def _reply(request_id, mode, answers):
    if mode == "find_first_contact":
        return {"id": request_id,
                "state": [a[0] for a in answers],
                "time": [a[1] for a in answers],
                "point": [list(a[2]) if a[2] is not None else None for a in answers]}
    return {"id": request_id, "intersects": [bool(a) for a in answers]}


def serve(name, kernels, binary=False):
    """Announces `kernels` under `name` and answers requests until stdin closes."""
    stdin = sys.stdin.buffer
    stdout = sys.stdout
    by_key = {"%s/%s" % (k["name"], k["scalar"]): k for k in kernels}
    stdout.write(json.dumps(_announcement(name, kernels, binary)) + "\n")
    stdout.flush()
    while True:
        line = stdin.readline()
        if not line:
            return  # sepax closed our stdin: the run is over
        request = json.loads(line)
        kernel = by_key.get(request["kernel"])
        if binary and kernel is None:
            stdin.read(request["bytes"])  # keep the stream in step
        if kernel is None:
            reply = {"id": request["id"], "error": "unknown kernel %r" % request["kernel"]}
        else:
            moving = kernel["mode"] != "test_static"
            if binary:
                pairs, motions = _read_binary(stdin, request, PAIR_DOUBLES[kernel["query"]], moving)
            else:
                pairs, motions = request["pairs"], request.get("motions")
            try:
                answers = kernel["run"](pairs, motions)
                if len(answers) != len(pairs):
                    raise ValueError("%d answers for %d pairs" % (len(answers), len(pairs)))
                reply = _reply(request["id"], kernel["mode"], answers)
            except Exception as error:  # reported to sepax for this batch only
                reply = {"id": request["id"], "error": "%s: %s" % (type(error).__name__, error)}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


def _read_binary_v2(stdin, request):
    """The fields after a version 2 binary request's header line: {name: [[...] per case]}."""
    data = stdin.read(request["bytes"])
    if len(data) != request["bytes"]:
        raise EOFError("request %s: %d of %d bytes" % (request["id"], len(data), request["bytes"]))
    n = request["count"]
    inputs, at = {}, 0
    for name, width, kind in request["fields"]:
        values = array(BINARY_TYPES[kind])
        size = n * width * values.itemsize
        values.frombytes(data[at:at + size])
        if sys.byteorder == "big":
            values.byteswap()
        at += size
        flat = values.tolist()
        inputs[name] = [flat[i * width:(i + 1) * width] for i in range(n)]
    return inputs


def serve_v2(name, kernels, binary=False):
    """Version 2: announces `kernels` (any query and mode) under `name`, answers until stdin closes.

    Each kernel's `run(inputs)` gets {field: [one list of numbers per case]} and returns
    {answer field: [one entry per case]}. A mesh_mesh kernel (mode find_pairs) gets
    {"a": mesh, "b": mesh, "pose": [[r00, ..., r22, t0, t1, t2] per pose]}, a mesh being
    {"vertices": [[x, y, z], ...], "triangles": [[i, j, k], ...]}, and returns
    {"meets": [bool per pose], "pairs": [[[ta, tb], ...] per pose]}.
    """
    stdin = sys.stdin.buffer
    stdout = sys.stdout
    by_key = {"%s/%s" % (k["name"], k["scalar"]): k for k in kernels}
    announcement = _announcement(name, kernels, binary)
    announcement["sepax_external"] = 2
    stdout.write(json.dumps(announcement) + "\n")
    stdout.flush()
    meshes = {}  # mesh_mesh: every mesh sent whole once, by id after
    while True:
        line = stdin.readline()
        if not line:
            return
        request = json.loads(line)
        kernel = by_key.get(request["kernel"])
        # A mesh request is a JSON line in either framing (no "bytes" follow it).
        inputs = _read_binary_v2(stdin, request) if binary and "bytes" in request else request.get("inputs")
        if "meshes" in request:
            for key in ("a", "b"):
                mesh = request["meshes"][key]
                if "vertices" in mesh:
                    meshes[mesh["id"]] = {"vertices": mesh["vertices"], "triangles": mesh["triangles"]}
                inputs[key] = meshes[mesh["id"]]
        if kernel is None:
            reply = {"id": request["id"], "error": "unknown kernel %r" % request["kernel"]}
        else:
            try:
                reply = {"id": request["id"], "answers": kernel["run"](inputs)}
            except Exception as error:  # reported to sepax for this batch only
                reply = {"id": request["id"], "error": "%s: %s" % (type(error).__name__, error)}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
