"""Interop peer for OpenDID: an independent reading of Open DID proofs.

Python builds the signing input on its own (json.dumps with sorted keys, compact
separators, non-ASCII raw, the proof reduced to created/proofPurpose/type/verificationMethod,
no `proofs`), verifies the P-256 signature with `cryptography` (OpenSSL) and checks the
recovery id with plain modular arithmetic; it also signs documents for Vellum to verify.

stdin: one JSON object with "op":
  {"op":"verify","document":{...},"keys":{verificationMethod: compressed-hex}}
      -> {"results":{location: bool}}   (locations: "proof", "proofs[i]",
         "proof.proofValue", "proof.proofValueList[i]" for a VC)
  {"op":"sign","document":{...},"proofs":[{header..., "privateKeyHex": hex}], "vc": bool}
      -> {"document":{... signed ...}}
"""
import base64
import copy
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed, decode_dss_signature, encode_dss_signature

from peer_base58 import b58decode, b58encode

# P-256 domain parameters (FIPS 186-4 D.1.2.3).
P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
A = P - 3
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
     0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)


def multibase_decode(text):
    prefix, body = text[0], text[1:]
    if prefix == "z":
        return b58decode(body)
    if prefix == "m":
        return base64.b64decode(body + "=" * (-len(body) % 4))
    if prefix == "u":
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    if prefix == "f":
        return bytes.fromhex(body)
    raise ValueError("unsupported multibase " + prefix)


def add(p1, p2):
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    if p1[0] == p2[0] and (p1[1] + p2[1]) % P == 0:
        return None
    if p1 == p2:
        slope = (3 * p1[0] * p1[0] + A) * pow(2 * p1[1], -1, P) % P
    else:
        slope = (p2[1] - p1[1]) * pow(p2[0] - p1[0], -1, P) % P
    x = (slope * slope - p1[0] - p2[0]) % P
    return (x, (slope * (p1[0] - x) - p1[1]) % P)


def mul(k, point):
    result = None
    while k:
        if k & 1:
            result = add(result, point)
        point = add(point, point)
        k >>= 1
    return result


def recover(digest, r, s, rec_id):
    x = r + (N if rec_id & 2 else 0)
    y = pow((x * x * x + A * x + B) % P, (P + 1) // 4, P)
    if y % 2 != rec_id & 1:
        y = P - y
    e = int.from_bytes(digest, "big")
    r_inv = pow(r, -1, N)
    return add(mul(s * r_inv % N, (x, y)), mul((-e) * r_inv % N, G))


def compressed(point):
    return bytes([2 + (point[1] & 1)]) + point[0].to_bytes(32, "big")


def signing_input(document, proof, claim_index=None):
    doc = copy.deepcopy(document)
    doc.pop("proofs", None)
    doc["proof"] = {k: proof[k] for k in ("created", "proofPurpose", "type", "verificationMethod") if k in proof}
    if claim_index is not None:
        doc["credentialSubject"]["claims"] = [doc["credentialSubject"]["claims"][claim_index]]
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def check(data, proof_value, key_hex):
    signature = multibase_decode(proof_value)
    if len(signature) != 65 or not 27 <= signature[0] <= 34:
        return False
    r, s = int.from_bytes(signature[1:33], "big"), int.from_bytes(signature[33:], "big")
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), bytes.fromhex(key_hex))
    digest = hashlib.sha256(data).digest()
    try:
        key.verify(encode_dss_signature(r, s), digest, ec.ECDSA(Prehashed(hashes.SHA256())))
    except InvalidSignature:
        return False
    recovered = recover(digest, r, s, (signature[0] - 27) & 3)
    return recovered is not None and compressed(recovered).hex() == key_hex


def verify(request):
    document, keys, results = request["document"], request["keys"], {}
    if "credentialSubject" in document and "holder" not in document:
        proof = document["proof"]
        key = keys[proof["verificationMethod"]]
        if "proofValue" in proof:
            results["proof.proofValue"] = check(signing_input(document, proof), proof["proofValue"], key)
        for index, value in enumerate(proof.get("proofValueList", [])):
            results[f"proof.proofValueList[{index}]"] = check(signing_input(document, proof, index), value, key)
        return {"results": results}
    located = [("proof", document["proof"])] if "proof" in document else []
    located += [(f"proofs[{i}]", p) for i, p in enumerate(document.get("proofs", []))]
    for location, proof in located:
        results[location] = check(signing_input(document, proof), proof["proofValue"], keys[proof["verificationMethod"]])
    return {"results": results}


def sign_value(data, private_hex):
    private = ec.derive_private_key(int(private_hex, 16), ec.SECP256R1())
    digest = hashlib.sha256(data).digest()
    r, s = decode_dss_signature(private.sign(digest, ec.ECDSA(Prehashed(hashes.SHA256()))))
    if s > N // 2:
        s = N - s
    public = private.public_key().public_numbers()
    expected = compressed((public.x, public.y))
    rec_id = next(i for i in range(2) if compressed(recover(digest, r, s, i)) == expected)
    return "z" + b58encode(bytes([31 + rec_id]) + r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def sign(request):
    document = copy.deepcopy(request["document"])
    document.pop("proof", None)
    document.pop("proofs", None)
    made = []
    for spec in request["proofs"]:
        header = {k: spec[k] for k in ("created", "proofPurpose", "type", "verificationMethod")}
        proof = dict(header, proofValue=sign_value(signing_input(document, header), spec["privateKeyHex"]))
        if request.get("vc"):
            claims = document["credentialSubject"]["claims"]
            proof["proofValueList"] = [
                sign_value(signing_input(document, header, i), spec["privateKeyHex"]) for i in range(len(claims))]
        made.append(proof)
    if len(made) == 1:
        document["proof"] = made[0]
    else:
        document["proofs"] = made
    return {"document": document}


def main():
    request = json.loads(sys.stdin.read())
    handler = {"verify": verify, "sign": sign}[request["op"]]
    sys.stdout.write(json.dumps(handler(request), ensure_ascii=False))


if __name__ == "__main__":
    main()
