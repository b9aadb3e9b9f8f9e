"""An independent OpenID4VP 1.0 verifier for the interop tests: it reads what a wallet posted
to its response endpoint and checks it with the Python reference libraries only.

stdin: one JSON object
  {"form": {posted form fields}, "verifier_jwk": {private JWK} | null, "client_id": str,
   "nonce": str, "state": str, "response_uri": str,
   "sd_jwt": {"query_id": str, "issuer_jwk": {public JWK}} | null,
   "mdoc": {"query_id": str, "iaca_pem": str} | null}
stdout: {"accepted": bool, "error": str|null, "sd_jwt_claims": {...}|null, "mdoc_elements": {...}|null,
         "kid": str|null, "enc": str|null}

direct_post.jwt responses are decrypted with jwcrypto (ECDH-ES); the SD-JWT VC presentation
is verified with `sd-jwt` (issuer signature, disclosures, KB-JWT aud and nonce); the mdoc
DeviceResponse with pymdoccbor and pycose via mdoc_peer (issuerAuth, chain, digests, and the
device signature over the OpenID4VP handover built here from the request parameters).
"""
import base64
import json
import sys

from jwcrypto import jwe, jwk

import mdoc_peer
import sdjwt_peer


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check(request):
    form = request["form"]
    answer = {"accepted": False, "error": None, "sd_jwt_claims": None, "mdoc_elements": None, "kid": None, "enc": None}
    thumbprint = None
    if "response" in form:
        key = jwk.JWK(**request["verifier_jwk"])
        token = jwe.JWE()
        token.deserialize(form["response"], key=key)
        header = token.jose_header
        answer["kid"], answer["enc"] = header.get("kid"), header.get("enc")
        parameters = json.loads(token.payload)
        vp_token = parameters["vp_token"]
        thumbprint = b64url_decode(key.thumbprint()).hex()
    else:
        parameters = form
        vp_token = json.loads(form["vp_token"])
    if parameters.get("state") != request["state"]:
        answer["error"] = "state mismatch"
        return answer
    if request.get("sd_jwt"):
        spec = request["sd_jwt"]
        presentations = vp_token[spec["query_id"]]
        answer["sd_jwt_claims"] = sdjwt_peer.verify(
            presentations[0], spec["issuer_jwk"], nonce=request["nonce"], aud=request["client_id"])
    if request.get("mdoc"):
        spec = request["mdoc"]
        raw = b64url_decode(vp_token[spec["query_id"]][0])
        result = mdoc_peer.verify({
            "device_response": raw.hex(), "iaca_pem": spec["iaca_pem"], "client_id": request["client_id"],
            "nonce": request["nonce"], "response_uri": request["response_uri"], "jwk_thumbprint": thumbprint})
        if not (result["issuer_valid"] and result["device_signature_valid"]):
            answer["error"] = f"mdoc rejected: {result}"
            return answer
        answer["mdoc_elements"] = result["elements"]
    answer["accepted"] = True
    return answer


def main():
    request = json.load(sys.stdin)
    try:
        answer = check(request)
    except Exception as error:  # reported to the Swift test, which fails with the text
        answer = {"accepted": False, "error": f"{type(error).__name__}: {error}"}
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
