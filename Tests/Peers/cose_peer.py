"""pycose peer for the COSE interop tests.

Reads one JSON request on stdin and writes one JSON answer on stdout. Keys travel as
COSE_Key bytes (hex), so each side's COSE_Key encoding is exercised too.

Requests:
  {"op": "sign1", "alg": "ES256"|"EdDSA", "payload": hex, "external_aad": hex}
      -> {"cose": hex, "key": hex (public COSE_Key)}     pycose signs with a fresh key
  {"op": "mac0", "alg": "HMAC256"|..., "payload": hex, "external_aad": hex}
      -> {"cose": hex, "key": hex (symmetric COSE_Key)}  pycose MACs with a fresh key
  {"op": "verify_sign1", "cose": hex, "key": hex, "external_aad": hex}
      -> {"valid": bool, "error": str|null}
  {"op": "verify_mac0", "cose": hex, "key": hex, "external_aad": hex}
      -> {"valid": bool, "error": str|null}
"""
import json
import os
import sys

from pycose.algorithms import EdDSA, Es256, HMAC256, HMAC384, HMAC512, HMAC25664
from pycose.headers import KID, Algorithm
from pycose.keys import CoseKey, EC2Key, OKPKey, SymmetricKey
from pycose.keys.curves import Ed25519, P256
from pycose.messages import Mac0Message, Sign1Message

SIGN = {"ES256": (Es256, lambda: EC2Key.generate_key(crv=P256)),
        "EdDSA": (EdDSA, lambda: OKPKey.generate_key(crv=Ed25519))}
MAC = {"HMAC256": HMAC256, "HMAC384": HMAC384, "HMAC512": HMAC512, "HMAC256/64": HMAC25664}


def public_part(key):
    """The COSE_Key without its private parameter, as our verifier should receive it."""
    if isinstance(key, EC2Key):
        return EC2Key(crv=key.crv, x=key.x, y=key.y)
    return OKPKey(crv=key.crv, x=key.x)


def verify(request, expected_type):
    try:
        # Our messages are tagged, and decode on a subclass refuses any other message type.
        # cbor2 is pinned to 5.x: 6.x decodes to tuples and frozen maps, which pycose 1.1.0
        # cannot read.
        message = expected_type.decode(bytes.fromhex(request["cose"]))
        message.key = CoseKey.decode(bytes.fromhex(request["key"]))
        message.external_aad = bytes.fromhex(request.get("external_aad", ""))
        valid = message.verify_signature() if expected_type is Sign1Message else message.verify_tag()
        return {"valid": bool(valid), "error": None}
    except Exception as error:  # report, do not crash: the Swift test decides
        return {"valid": False, "error": f"{type(error).__name__}: {error}"}


def main():
    request = json.load(sys.stdin)
    op = request["op"]
    aad = bytes.fromhex(request.get("external_aad", ""))
    if op == "sign1":
        algorithm, generate = SIGN[request["alg"]]
        key = generate()
        message = Sign1Message(phdr={Algorithm: algorithm}, uhdr={KID: b"pycose"},
                               payload=bytes.fromhex(request["payload"]), external_aad=aad)
        message.key = key
        answer = {"cose": message.encode().hex(), "key": public_part(key).encode().hex()}
    elif op == "mac0":
        key = SymmetricKey(k=os.urandom(32))
        message = Mac0Message(phdr={Algorithm: MAC[request["alg"]]}, uhdr={},
                              payload=bytes.fromhex(request["payload"]), external_aad=aad)
        message.key = key
        answer = {"cose": message.encode().hex(), "key": key.encode().hex()}
    elif op == "verify_sign1":
        answer = verify(request, Sign1Message)
    elif op == "verify_mac0":
        answer = verify(request, Mac0Message)
    else:
        raise SystemExit(f"unknown op {op}")
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
