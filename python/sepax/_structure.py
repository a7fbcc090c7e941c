"""The arrays of a layout's fields given their structure: a box is
{"center": (n,3), "axes": (n,3,3) with axes[:, i] the i-th axis, "extents": (n,3)},
a triangle {"vertices": (n,3,3)}, and so on (STRUCTURES below), read back with
every value checked: the right shape, a float array of the case's scalar,
finite, and for boxes and rectangles unit, orthonormal axes and extents >= 0.
Errors name the field, the part, the case index and the value."""

import numpy as np

# A field's structure, from the first words of its meaning in the layout
# (sepax/harness/query/query_layout.hpp): (part, shape of one case's part).
STRUCTURES = {
    "box:": [("center", (3,)), ("axes", (3, 3)), ("extents", (3,))],
    "triangle:": [("vertices", (3, 3))],
    "rectangle:": [("center", (2,)), ("axes", (2, 2)), ("extents", (2,))],
    "sphere:": [("center", (3,)), ("radius", ())],
    "aabb:": [("min", (3,)), ("max", (3,))],
    "plane:": [("normal", (3,)), ("offset", ())],
    "segment:": [("p0", (3,)), ("p1", (3,))],
    "va xyz, vb xyz, T": [("va", (3,)), ("vb", (3,)), ("T", ())],
    "va xy, vb xy, T": [("va", (2,)), ("vb", (2,)), ("T", ())],
    "da xyz, db xyz": [("da", (3,)), ("db", (3,))],
    "d xyz": [("d", (3,))],
    "rotation centre": [("center", (3,)), ("velocity", (3,)), ("angular", (3,))],
}

from . import _sepax

# How far from unit and orthonormal a float or double box's axes may be: the
# case files' tolerance (validate(), sepax/core/numeric/scalar_traits.hpp).
AXIS_TOLERANCE = {s: _sepax.axis_tolerance(s) for s in ("float", "double")}

DTYPES = {"float": np.float32, "double": np.float64}


class InputError(ValueError):
    """Arrays that are not cases or answers of the layout: the message names
    the field, the case index and the value."""


def structure_of(field):
    """The parts of a field, or None for a plain array."""
    for prefix, parts in STRUCTURES.items():
        if field["meaning"].startswith(prefix):
            return parts
    return None


def _width(shape):
    return int(np.prod(shape)) if shape else 1


def split(field, values, dtype):
    """A field's values (n, width) as its structure (a dict of arrays), or as
    one array (n,) or (n, width) when it has none; integer fields as int32."""
    n = values.shape[0]
    if field["type"] != "scalar":
        kind = np.uint8 if field["type"] == "u8" else np.int32
        column = values.astype(kind)
        return column[:, 0] if field["width"] == 1 else column
    parts = structure_of(field)
    if parts is None:
        column = values.astype(dtype)
        return column[:, 0] if field["width"] == 1 else column
    out, at = {}, 0
    for name, shape in parts:
        w = _width(shape)
        out[name] = values[:, at:at + w].astype(dtype).reshape((n,) + shape)
        at += w
    return out


def _first_bad(mask):
    return int(np.flatnonzero(mask.reshape(mask.shape[0], -1).any(axis=1))[0])


def _as_array(value, where, n, shape, scalar):
    """One part as an array of n cases of `shape`, checked."""
    array = np.asarray(value)
    if array.dtype == object or not (np.issubdtype(array.dtype, np.floating) or np.issubdtype(array.dtype, np.integer)):
        raise InputError("%s: expected an array of numbers, got dtype %s" % (where, array.dtype))
    if scalar == "float" and array.dtype == np.float64:
        # float cases hold floats: a double that is not one would be judged as another case.
        rounded = array.astype(np.float32).astype(np.float64)
        differs = (rounded != array) & np.isfinite(array)
        if differs.any():
            i = _first_bad(differs)
            raise InputError("%s[%d]: %r is not a float (the cases are float: pass float32 arrays)"
                             % (where, i, array.reshape(array.shape[0], -1)[i][differs.reshape(array.shape[0], -1)[i]][0]))
    if array.shape != (n,) + shape:
        raise InputError("%s: expected shape %s, got %s" % (where, (n,) + shape, array.shape))
    array = array.astype(np.float64)
    bad = ~np.isfinite(array)
    if bad.any():
        i = _first_bad(bad)
        raise InputError("%s[%d]: %r is not a finite number" % (where, i, array.reshape(n, -1)[i][bad.reshape(n, -1)[i]][0]))
    return array


def _check_axes(axes, extents, where, scalar):
    """Unit, orthonormal axes (rows) and extents >= 0."""
    n, k = axes.shape[0], axes.shape[1]
    gram = np.einsum("nij,nkj->nik", axes, axes)
    off = np.abs(gram - np.eye(k)).reshape(n, -1).max(axis=1)
    bad = off > AXIS_TOLERANCE[scalar]
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise InputError("%s.axes[%d]: %s are not unit and orthonormal (|A Aᵀ - I| = %.3g, more than %g)"
                         % (where, i, axes[i].tolist(), off[i], AXIS_TOLERANCE[scalar]))
    negative = extents < 0
    if negative.any():
        i = _first_bad(negative)
        raise InputError("%s.extents[%d]: %s has a negative extent" % (where, i, extents[i].tolist()))


def join(field, value, n, scalar):
    """A field's arrays (as split gives them) back as values (n, width), checked."""
    where = field["name"]
    parts = structure_of(field) if field["type"] == "scalar" else None
    if parts is None:
        shape = () if field["width"] == 1 else (field["width"],)
        array = _as_array(value, where, n, shape, scalar if field["type"] == "scalar" else "double")
        return array.reshape(n, field["width"])
    if not isinstance(value, dict):
        raise InputError("%s: expected a dict with %s, got %s" % (where, ", ".join(p for p, _ in parts), type(value).__name__))
    unknown = set(value) - {p for p, _ in parts}
    if unknown:
        raise InputError("%s: unknown part %s (its parts: %s)" % (where, sorted(unknown)[0], ", ".join(p for p, _ in parts)))
    columns = {}
    for name, shape in parts:
        if name not in value:
            raise InputError("%s.%s: missing (its parts: %s)" % (where, name, ", ".join(p for p, _ in parts)))
        columns[name] = _as_array(value[name], "%s.%s" % (where, name), n, shape, scalar)
    if "axes" in columns:
        _check_axes(columns["axes"], columns["extents"], where, scalar)
    if "radius" in columns and (columns["radius"] < 0).any():
        i = int(np.flatnonzero(columns["radius"] < 0)[0])
        raise InputError("%s.radius[%d]: %r is negative" % (where, i, float(columns["radius"][i])))
    return np.concatenate([columns[name].reshape(n, -1) for name, _ in parts], axis=1)


def count_of(field, value):
    """How many cases a field's arrays hold (its first part's length)."""
    parts = structure_of(field) if field["type"] == "scalar" else None
    first = value[parts[0][0]] if parts is not None and isinstance(value, dict) and parts[0][0] in value else value
    array = np.asarray(first)
    if array.ndim == 0:
        raise InputError("%s: expected an array with one entry per case, got a single value" % field["name"])
    return array.shape[0]
