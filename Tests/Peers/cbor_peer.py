"""cbor2 peer for the CBOR interop tests.

Input on stdin is JSON: {"op": "decode", "hex": [...]} or {"op": "encode", "items": [...]}.
Values are described in a JSON-friendly tagged form so nothing is lost in transit:
  {"uint": "123"} {"nint": "-5"} {"bytes": "hex"} {"text": "..."} {"array": [...]}
  {"map": [[k, v], ...]} {"tag": n, "value": v} {"bool": b} {"null": true}
  {"undefined": true} {"float": "repr"} {"simple": n}
decode -> {"items": [description, ...]}; encode -> {"hex": [canonical cbor hex, ...]}.
"""
import datetime
import json
import sys

import cbor2


def describe(value):
    """Turns a cbor2-decoded value into the tagged description."""
    if value is None:
        return {"null": True}
    if value is cbor2.undefined:
        return {"undefined": True}
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"uint": str(value)} if value >= 0 else {"nint": str(value)}
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, (bytes, bytearray)):
        return {"bytes": bytes(value).hex()}
    if isinstance(value, str):
        return {"text": value}
    # Before tuples: cbor2 5.x's CBORSimpleValue is a namedtuple.
    if isinstance(value, cbor2.CBORSimpleValue):
        return {"simple": value.value}
    if isinstance(value, (list, tuple)):
        return {"array": [describe(v) for v in value]}
    if isinstance(value, dict):
        return {"map": [[describe(k), describe(v)] for k, v in value.items()]}
    # cbor2 interprets tags 0 and 1004 itself; turn them back into the tagged text.
    if isinstance(value, datetime.datetime):
        text = value.isoformat().replace("+00:00", "Z")
        return {"tag": 0, "value": {"text": text}}
    if isinstance(value, datetime.date):
        return {"tag": 1004, "value": {"text": value.isoformat()}}
    if isinstance(value, cbor2.CBORTag):
        return {"tag": value.tag, "value": describe(value.value)}
    raise ValueError("cannot describe %r" % (value,))


class FrozenKey(tuple):
    """Hashable wrapper so arrays can be map keys when encoding."""


def build(desc):
    """Turns a tagged description back into a Python value cbor2 can encode."""
    if "uint" in desc or "nint" in desc:
        return int(desc.get("uint", desc.get("nint")))
    if "bytes" in desc:
        return bytes.fromhex(desc["bytes"])
    if "text" in desc:
        return desc["text"]
    if "array" in desc:
        return [build(v) for v in desc["array"]]
    if "map" in desc:
        return {build_key(k): build(v) for k, v in desc["map"]}
    if "tag" in desc:
        return cbor2.CBORTag(desc["tag"], build(desc["value"]))
    if "bool" in desc:
        return desc["bool"]
    if "null" in desc:
        return None
    if "undefined" in desc:
        return cbor2.undefined
    if "float" in desc:
        return float(desc["float"])
    if "simple" in desc:
        return cbor2.CBORSimpleValue(desc["simple"])
    raise ValueError("unknown description %r" % (desc,))


def build_key(desc):
    value = build(desc)
    return tuple(value) if isinstance(value, list) else value


def main():
    request = json.load(sys.stdin)
    if request["op"] == "decode":
        items = [describe(cbor2.loads(bytes.fromhex(h))) for h in request["hex"]]
        json.dump({"items": items}, sys.stdout)
    else:
        out = [cbor2.dumps(build(d), canonical=True).hex() for d in request["items"]]
        json.dump({"hex": out}, sys.stdout)


if __name__ == "__main__":
    main()
