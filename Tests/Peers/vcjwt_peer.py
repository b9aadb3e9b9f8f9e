"""Interop peer for JOSE-secured W3C credentials (VC-JWT of VCDM 1.1, vc+jwt of VC-JOSE-COSE).

didkit 0.3.3 (SpruceID's ssi, Rust) issues and verifies VC-JWTs and VP-JWTs; jwcrypto signs a
vc+jwt with a fresh P-256 key named by a did:jwk and checks the signature of ours.

stdin: one JSON object with "op":
  {"op":"didkit-issue","credential":{..},"challenge":..,"domain":..}
      -> {"did":..,"vc":VC-JWT,"vp":VP-JWT holding it}  (a fresh Ed25519 did:key; "issuer"
         and "holder" set to it; challenge -> nonce, domain -> aud)
  {"op":"didkit-verify-credential","token":..} -> didkit's result {"checks","warnings","errors"}
  {"op":"didkit-verify-presentation","token":..,"challenge":..,"domain":..} -> the same
  {"op":"jwcrypto-sign","typ":..,"payload":{..}} -> {"did":..,"token":..}
         (the string "$ISSUER" anywhere in the payload's top level is replaced by the did:jwk)
  {"op":"jwcrypto-verify","token":..,"jwk":{public JWK}} -> {"valid":bool,"header":{..},"payload":{..}}
didkit's native library crashes when the interpreter exits, so the script ends with os._exit.
"""
import asyncio
import base64
import json
import os
import sys


def b64e(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


async def didkit_op(request):
    import didkit
    op = request["op"]
    if op == "didkit-issue":
        key = didkit.generate_ed25519_key()
        did = didkit.key_to_did("key", key)
        method = await didkit.key_to_verification_method("key", key)
        credential = dict(request["credential"], issuer=did)
        vc = await didkit.issue_credential(json.dumps(credential), json.dumps(
            {"proofFormat": "jwt", "verificationMethod": method, "proofPurpose": "assertionMethod"}), key)
        presentation = {"@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiablePresentation"],
                        "holder": did, "verifiableCredential": vc}
        vp = await didkit.issue_presentation(json.dumps(presentation), json.dumps(
            {"proofFormat": "jwt", "verificationMethod": method, "proofPurpose": "authentication",
             "challenge": request["challenge"], "domain": request["domain"]}), key)
        return {"did": did, "vc": vc, "vp": vp}
    if op == "didkit-verify-credential":
        return json.loads(await didkit.verify_credential(request["token"], json.dumps({"proofFormat": "jwt"})))
    if op == "didkit-verify-presentation":
        options = {"proofFormat": "jwt", "challenge": request["challenge"], "domain": request["domain"]}
        return json.loads(await didkit.verify_presentation(request["token"], json.dumps(options)))
    raise ValueError(op)


def jwcrypto_op(request):
    from jwcrypto import jwk, jws
    from jwcrypto.common import json_encode
    if request["op"] == "jwcrypto-sign":
        key = jwk.JWK.generate(kty="EC", crv="P-256")
        public = json.loads(key.export_public())
        did = "did:jwk:" + b64e(json.dumps(public, separators=(",", ":")).encode())
        payload = {name: (did if value == "$ISSUER" else value) for name, value in request["payload"].items()}
        token = jws.JWS(json.dumps(payload).encode())
        token.add_signature(key, None, json_encode({"alg": "ES256", "typ": request["typ"], "kid": did + "#0"}))
        return {"did": did, "token": token.serialize(compact=True)}
    if request["op"] == "jwcrypto-verify":
        token = jws.JWS()
        token.deserialize(request["token"])
        try:
            token.verify(jwk.JWK(**request["jwk"]))
        except jws.InvalidJWSSignature:
            return {"valid": False}
        return {"valid": True, "header": token.jose_header, "payload": json.loads(token.payload)}
    raise ValueError(request["op"])


def main():
    request = json.load(sys.stdin)
    if request["op"].startswith("didkit-"):
        answer = asyncio.run(didkit_op(request))
    else:
        answer = jwcrypto_op(request)
    sys.stdout.write(json.dumps(answer))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
