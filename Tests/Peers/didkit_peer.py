"""DIDKit (spruceid/ssi in Rust, didkit 0.3.3) peer for the Linked Data signature interop tests.

stdin: one JSON object; stdout: one JSON object.
  {"op": "issue", "document": {...}, "suite": "Ed25519Signature2020", "curve": "Ed25519" | "secp256k1" | "P-256",
   "method": "key" | "jwk", "purpose": "assertionMethod" | "authentication", "challenge": .., "domain": ..}
    -> {"signed": {...}, "did": "did:..."}   a fresh key; the document's issuer (a credential) or
       holder (a presentation) is set to its DID before signing.
  {"op": "verify", "document": {...}, "purpose": .., "challenge": .., "domain": ..}
    -> {"errors": [...], "checks": [...]}   DIDKit's own verdict (no errors: verified).
  {"op": "verify-jwt", "jwt": "...", "kind": "presentation" | "credential", "challenge": .., "domain": ..}
    -> the same verdict for a VC-JWT or VP-JWT (proofFormat jwt: nonce = challenge, aud = domain).
  {"op": "time", "document": {...}, "challenge": .., "iterations": n}
    -> {"seconds": [...]}   each in-process verify_presentation, timed (no process start counted).
didkit's native module can crash while the interpreter shuts down, so the script leaves with os._exit.
"""
import asyncio
import json
import os
import sys
import time

import didkit


def new_key(curve):
    if curve == "Ed25519":
        return didkit.generate_ed25519_key()
    from jwcrypto import jwk

    return jwk.JWK.generate(kty="EC", crv=curve).export(private_key=True)


def options(request, method=None):
    result = {"proofPurpose": request.get("purpose", "assertionMethod")}
    for name in ("challenge", "domain"):
        if request.get(name) is not None:
            result[name] = request[name]
    if method is not None:
        result["verificationMethod"] = method
    if request.get("suite"):
        result["type"] = request["suite"]
    return json.dumps(result)


async def issue(request):
    key = new_key(request.get("curve", "Ed25519"))
    did = didkit.key_to_did(request.get("method", "key"), key)
    method = await didkit.key_to_verification_method(request.get("method", "key"), key)
    document = request["document"]
    if "VerifiablePresentation" in document.get("type", []):
        document["holder"] = did
        signed = await didkit.issue_presentation(json.dumps(document), options(request, method), key)
    else:
        document["issuer"] = did
        signed = await didkit.issue_credential(json.dumps(document), options(request, method), key)
    return {"signed": json.loads(signed), "did": did}


async def verify(request):
    document = request["document"]
    if "VerifiablePresentation" in document.get("type", []):
        result = await didkit.verify_presentation(json.dumps(document), options(request))
    else:
        result = await didkit.verify_credential(json.dumps(document), options(request))
    return json.loads(result)


async def verify_jwt(request):
    opts = json.loads(options({"purpose": request.get("purpose", "authentication" if request.get("kind") == "presentation" else "assertionMethod"),
                               "challenge": request.get("challenge"), "domain": request.get("domain")}))
    opts["proofFormat"] = "jwt"
    if request.get("kind") == "presentation":
        result = await didkit.verify_presentation(request["jwt"], json.dumps(opts))
    else:
        result = await didkit.verify_credential(request["jwt"], json.dumps(opts))
    return json.loads(result)


async def timing(request):
    document = json.dumps(request["document"])
    opts = options({"purpose": "authentication", "challenge": request.get("challenge")})
    seconds = []
    for _ in range(request.get("iterations", 20)):
        start = time.perf_counter()
        result = json.loads(await didkit.verify_presentation(document, opts))
        seconds.append(time.perf_counter() - start)
        if result["errors"]:
            raise SystemExit("didkit did not verify: " + json.dumps(result))
    return {"seconds": seconds}


def main():
    request = json.load(sys.stdin)
    operations = {"issue": issue, "verify": verify, "verify-jwt": verify_jwt, "time": timing}
    if request.get("op") not in operations:
        raise SystemExit("unknown op " + str(request.get("op")))
    result = asyncio.run(operations[request["op"]](request))
    sys.stdout.write(json.dumps(result))
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
