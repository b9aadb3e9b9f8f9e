"""Interop peer for JOSE: jwcrypto checks the JWS and JWE we make, and makes JWS and JWE
for us to check.

stdin: one JSON object with "op":
  {"op":"verify","token":..,"jwk":{public JWK}} -> {"valid":bool,"payload":b64url,"header":{..}}
  {"op":"decrypt","token":..,"jwk":{private JWK}} -> {"plaintext":b64url,"header":{..}}
  {"op":"sign","alg":..,"payload":b64url} -> {"token":..,"jwk":{public JWK}}
        (a fresh key for the algorithm's curve; the public JWK goes back to the caller)
  {"op":"encrypt","alg":..,"enc":..,"jwk":{public JWK},"plaintext":b64url,
   "apu"?:b64url,"apv"?:b64url,"zip"?:"DEF"} -> {"token":..}
All tokens are compact serializations.
"""
import base64
import json
import sys

from jwcrypto import jwe, jwk, jws
from jwcrypto.common import json_encode

CURVE_OF = {"ES256": ("EC", "P-256"), "ES384": ("EC", "P-384"), "ES512": ("EC", "P-521"),
            "ES256K": ("EC", "secp256k1"), "EdDSA": ("OKP", "Ed25519")}


def b64e(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64d(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def main():
    request = json.load(sys.stdin)
    op = request["op"]
    if op == "verify":
        key = jwk.JWK(**request["jwk"])
        token = jws.JWS()
        token.deserialize(request["token"])
        try:
            token.verify(key, alg=None)
            valid = True
        except jws.InvalidJWSSignature:
            valid = False
        out = {"valid": valid}
        if valid:
            out["payload"] = b64e(token.payload)
            out["header"] = token.jose_header
    elif op == "decrypt":
        key = jwk.JWK(**request["jwk"])
        token = jwe.JWE()
        token.deserialize(request["token"], key=key)
        out = {"plaintext": b64e(token.payload), "header": token.jose_header}
    elif op == "sign":
        alg = request["alg"]
        kty, crv = CURVE_OF[alg]
        key = jwk.JWK.generate(kty=kty, crv=crv)
        token = jws.JWS(b64d(request["payload"]))
        token.add_signature(key, alg=alg, protected=json_encode({"alg": alg, "kid": "peer"}))
        out = {"token": token.serialize(compact=True), "jwk": json.loads(key.export_public())}
    elif op == "encrypt":
        key = jwk.JWK(**request["jwk"])
        header = {"alg": request["alg"], "enc": request["enc"], "kid": "peer-enc"}
        for name in ("apu", "apv", "zip"):
            if name in request:
                header[name] = request[name]
        token = jwe.JWE(b64d(request["plaintext"]), protected=json_encode(header))
        token.add_recipient(key)
        out = {"token": token.serialize(compact=True)}
    else:
        raise SystemExit(f"unknown op {op}")
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
