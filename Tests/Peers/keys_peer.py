"""Interop peer for CryptoKeys: the Python `cryptography` (OpenSSL) and `coincurve`
(libsecp256k1) libraries check our signatures, make signatures for us to check, and run
ECDH against our keys.

stdin: one JSON object with "op":
  {"op":"verify","alg":..,"jwk":{public JWK},"msg":b64url,"sig":b64url} -> {"valid":bool}
  {"op":"sign","alg":..,"msg":b64url} -> {"jwk":{public JWK},"sig":b64url}
  {"op":"ecdh","crv":..,"jwk":{peer public JWK}} -> {"jwk":{our public JWK},"shared":hex}
Signatures are JOSE form (raw r||s for ECDSA, 64 bytes for Ed25519).
"""
import base64
import hashlib
import json
import sys

import coincurve
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, x25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

CURVES = {"P-256": (ec.SECP256R1(), 32), "secp256k1": (ec.SECP256K1(), 32)}
ALG_CURVE = {"ES256": "P-256", "ES256K": "secp256k1"}


def b64d(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64e(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def ec_public_jwk(key, crv):
    numbers = key.public_numbers()
    size = CURVES[crv][1]
    return {"kty": "EC", "crv": crv, "x": b64e(numbers.x.to_bytes(size, "big")), "y": b64e(numbers.y.to_bytes(size, "big"))}


def ec_public_from_jwk(jwk):
    curve, _ = CURVES[jwk["crv"]]
    x, y = int.from_bytes(b64d(jwk["x"]), "big"), int.from_bytes(b64d(jwk["y"]), "big")
    return ec.EllipticCurvePublicNumbers(x, y, curve).public_key()


def verify(request):
    alg, jwk = request["alg"], request["jwk"]
    msg, sig = b64d(request["msg"]), b64d(request["sig"])
    if alg == "EdDSA":
        try:
            ed25519.Ed25519PublicKey.from_public_bytes(b64d(jwk["x"])).verify(sig, msg)
            return True
        except InvalidSignature:
            return False
    if len(sig) != 64:
        return False
    r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
    der = encode_dss_signature(r, s)
    try:
        ec_public_from_jwk(jwk).verify(der, msg, ec.ECDSA(hashes.SHA256()))
        openssl_ok = True
    except InvalidSignature:
        openssl_ok = False
    if alg == "ES256K":
        # coincurve (libsecp256k1) must agree; it also enforces low-S.
        point = b"\x04" + b64d(jwk["x"]) + b64d(jwk["y"])
        coincurve_ok = coincurve.PublicKey(point).verify(der, msg, hasher=lambda m: hashlib.sha256(m).digest())
        return openssl_ok and coincurve_ok
    return openssl_ok


def sign(request):
    alg, msg = request["alg"], b64d(request["msg"])
    if alg == "EdDSA":
        key = ed25519.Ed25519PrivateKey.generate()
        raw = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        return {"jwk": {"kty": "OKP", "crv": "Ed25519", "x": b64e(raw)}, "sig": b64e(key.sign(msg))}
    if alg == "ES256K":
        key = coincurve.PrivateKey()
        der = key.sign(msg, hasher=lambda m: hashlib.sha256(m).digest())
        point = key.public_key.format(compressed=False)
        jwk = {"kty": "EC", "crv": "secp256k1", "x": b64e(point[1:33]), "y": b64e(point[33:])}
    else:
        key = ec.generate_private_key(CURVES[ALG_CURVE[alg]][0])
        der = key.sign(msg, ec.ECDSA(hashes.SHA256()))
        jwk = ec_public_jwk(key.public_key(), ALG_CURVE[alg])
    r, s = decode_dss_signature(der)
    return {"jwk": jwk, "sig": b64e(r.to_bytes(32, "big") + s.to_bytes(32, "big"))}


def ecdh(request):
    crv, peer = request["crv"], request["jwk"]
    if crv == "X25519":
        key = x25519.X25519PrivateKey.generate()
        shared = key.exchange(x25519.X25519PublicKey.from_public_bytes(b64d(peer["x"])))
        raw = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        return {"jwk": {"kty": "OKP", "crv": "X25519", "x": b64e(raw)}, "shared": shared.hex()}
    key = ec.generate_private_key(CURVES[crv][0])
    shared = key.exchange(ec.ECDH(), ec_public_from_jwk(peer))
    return {"jwk": ec_public_jwk(key.public_key(), crv), "shared": shared.hex()}


def main():
    request = json.load(sys.stdin)
    op = request["op"]
    if op == "verify":
        result = {"valid": verify(request)}
    elif op == "sign":
        result = sign(request)
    elif op == "ecdh":
        result = ecdh(request)
    else:
        raise SystemExit(f"unknown op {op}")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
