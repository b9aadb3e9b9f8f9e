"""Interop peer for CryptoKeys' recoverable ECDSA signatures.

Python `cryptography` (OpenSSL) checks P-256 signatures over a digest given as is
(`Prehashed`), and makes P-256 signatures over a digest, which may be high-S; `coincurve`
(libsecp256k1) signs with a recovery id and recovers keys, independently of our code.

stdin: one JSON object with "op" (all binary values are lowercase hex):
  {"op":"p256_verify","key":sec1,"digest":..,"sig":r||s} -> {"valid":bool}
  {"op":"p256_sign","digest":..} -> {"key":uncompressed sec1,"sig":r||s}
  {"op":"k1_sign","secret":32 bytes,"digest":..} -> {"sig":r||s,"recid":int}
  {"op":"k1_recover","sig":r||s,"recid":int,"digest":..} -> {"key":uncompressed sec1}
"""
import json
import sys

import coincurve
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed, decode_dss_signature, encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

PREHASHED_SHA256 = ec.ECDSA(Prehashed(hashes.SHA256()))


def p256_verify(request):
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), bytes.fromhex(request["key"]))
    sig = bytes.fromhex(request["sig"])
    der = encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big"))
    try:
        key.verify(der, bytes.fromhex(request["digest"]), PREHASHED_SHA256)
        return {"valid": True}
    except InvalidSignature:
        return {"valid": False}


def p256_sign(request):
    key = ec.generate_private_key(ec.SECP256R1())
    r, s = decode_dss_signature(key.sign(bytes.fromhex(request["digest"]), PREHASHED_SHA256))
    point = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return {"key": point.hex(), "sig": (r.to_bytes(32, "big") + s.to_bytes(32, "big")).hex()}


def k1_sign(request):
    key = coincurve.PrivateKey(bytes.fromhex(request["secret"]))
    # hasher=None: the 32 bytes are the digest already.
    compact = key.sign_recoverable(bytes.fromhex(request["digest"]), hasher=None)
    return {"sig": compact[:64].hex(), "recid": compact[64]}


def k1_recover(request):
    compact = bytes.fromhex(request["sig"]) + bytes([request["recid"]])
    key = coincurve.PublicKey.from_signature_and_message(compact, bytes.fromhex(request["digest"]), hasher=None)
    return {"key": key.format(compressed=False).hex()}


OPS = {"p256_verify": p256_verify, "p256_sign": p256_sign, "k1_sign": k1_sign, "k1_recover": k1_recover}

if __name__ == "__main__":
    request = json.load(sys.stdin)
    json.dump(OPS[request["op"]](request), sys.stdout)
