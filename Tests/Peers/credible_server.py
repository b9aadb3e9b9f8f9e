"""A Credible-protocol issuer and verifier on DIDKit, for Vellum's interop tests (seed 000).

Serves on 127.0.0.1:PORT (argv[1]) over plain HTTP, as Spruce's Credible test servers do:

  GET  /offers/<variant>    a CredentialOffer whose credentialPreview names the issuer
  POST /offers/<variant>    subject_id (form) -> a credential issued by DIDKit
  GET  /requests/<variant>  a VerifiablePresentationRequest (challenge, domain 127.0.0.1)
  POST /requests/<variant>  presentation (form) -> verified by DIDKit: 200, or 400 with the errors
  GET  /log                 every request received so far, as [{"method", "path"}]
  GET  /other               a message of a type the Credible protocol does not have

Offer variants: ed25519-2018, ed25519-2020, jws-2020, p256-2019 (EcdsaSecp256r1Signature2019),
expired, bad-proof, other-subject, other-issuer, error-500.
Request variants: did-auth, query-by-example, domain-mismatch, error-500.

The process prints {"port": N} once it listens and serves until killed. DIDKit aborts when
the interpreter finalises, so the process ends with os._exit.
"""
import asyncio
import datetime
import json
import os
import sys
import urllib.parse
import uuid
from http.server import BaseHTTPRequestHandler, HTTPServer

import didkit
from cryptography.hazmat.primitives.asymmetric import ec


def b64url_int(value, size):
    import base64
    return base64.urlsafe_b64encode(value.to_bytes(size, "big")).rstrip(b"=").decode()


def p256_jwk():
    key = ec.generate_private_key(ec.SECP256R1())
    numbers = key.private_numbers()
    return json.dumps({
        "kty": "EC", "crv": "P-256",
        "x": b64url_int(numbers.public_numbers.x, 32), "y": b64url_int(numbers.public_numbers.y, 32),
        "d": b64url_int(numbers.private_value, 32),
    })


def run(function, *arguments):
    """Calls an async DIDKit function (which needs a running loop when called) to the end."""
    async def call():
        return await function(*arguments)
    return asyncio.new_event_loop().run_until_complete(call())


ED25519 = didkit.generate_ed25519_key()
P256 = p256_jwk()
KEYS = {"ed25519-2018": ED25519, "ed25519-2020": ED25519, "jws-2020": ED25519, "p256-2019": P256}
PROOF_TYPES = {
    "ed25519-2018": "Ed25519Signature2018", "ed25519-2020": "Ed25519Signature2020",
    "jws-2020": "JsonWebSignature2020", "p256-2019": "EcdsaSecp256r1Signature2019",
}
OTHER = didkit.generate_ed25519_key()
LOG = []
CHALLENGES = {}


def did_of(key):
    return didkit.key_to_did("key", key)


def now(offset=0):
    moment = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) + datetime.timedelta(seconds=offset)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def credential(issuer, subject):
    return {
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
        "id": "urn:uuid:" + str(uuid.uuid4()),
        "type": ["VerifiableCredential", "UniversityDegreeCredential"],
        "issuer": issuer,
        "issuanceDate": now(),
        "credentialSubject": {"id": subject, "degree": {"type": "BachelorDegree", "name": "Bachelor of Science and Arts"}},
    }


def issue(variant, subject):
    suite = variant if variant in KEYS else "ed25519-2018"
    key = OTHER if variant == "other-issuer" else KEYS[suite]
    issuer = did_of(key)
    if variant == "other-subject":
        subject = did_of(OTHER)
    document = credential(issuer, subject)
    method = run(didkit.key_to_verification_method, "key", key)
    options = {"proofPurpose": "assertionMethod", "verificationMethod": method, "type": PROOF_TYPES[suite]}
    signed = json.loads(run(didkit.issue_credential, json.dumps(document), json.dumps(options), key))
    if variant == "bad-proof":
        signed["credentialSubject"]["degree"]["name"] = "Doctor of Philosophy"
    return signed


def preview(variant):
    suite = variant if variant in KEYS else "ed25519-2018"
    document = credential(did_of(KEYS[suite]), "did:example:preview")
    del document["id"]
    del document["credentialSubject"]["id"]
    return document


def has_degree(presentation):
    """Whether the presentation (JSON, or a VP-JWT whose payload holds it) carries a degree."""
    if presentation.lstrip().startswith("{"):
        return "UniversityDegreeCredential" in presentation
    import base64
    parts = presentation.split(".")
    if len(parts) != 3:
        return False
    payload = base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)).decode()
    return "UniversityDegreeCredential" in payload


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def form(self):
        length = int(self.headers.get("Content-Length") or 0)
        text = self.rfile.read(length).decode()
        return {name: values[0] for name, values in urllib.parse.parse_qs(text).items()}

    def do_GET(self):
        LOG.append({"method": "GET", "path": self.path})
        parts = self.path.strip("/").split("/")
        if parts == ["log"]:
            return self.reply(200, LOG[:-1])
        if parts == ["other"]:
            return self.reply(200, {"type": "CredentialManifest", "id": "urn:uuid:" + str(uuid.uuid4())})
        if len(parts) == 2 and parts[0] == "offers":
            if parts[1] == "error-500":
                return self.reply(500, {"error": "the issuer is down"})
            expires = now(-60) if parts[1] == "expired" else now(600)
            return self.reply(200, {"type": "CredentialOffer", "credentialPreview": preview(parts[1]), "expires": expires})
        if len(parts) == 2 and parts[0] == "requests":
            challenge = str(uuid.uuid4())
            CHALLENGES[parts[1]] = challenge
            domain = "evil.example" if parts[1] == "domain-mismatch" else "127.0.0.1"
            if parts[1] == "query-by-example":
                query = [{"type": "QueryByExample", "credentialQuery": {
                    "reason": "Show your degree",
                    "example": {"@context": ["https://www.w3.org/2018/credentials/v1"], "type": "UniversityDegreeCredential"}}}]
            else:
                query = [{"type": "DIDAuthentication"}]
            return self.reply(200, {"type": "VerifiablePresentationRequest", "query": query, "challenge": challenge, "domain": domain})
        return self.reply(404, {"error": "not found"})

    def do_POST(self):
        LOG.append({"method": "POST", "path": self.path})
        parts = self.path.strip("/").split("/")
        form = self.form()
        if len(parts) == 2 and parts[0] == "offers":
            if parts[1] == "error-500":
                return self.reply(500, {"error": "the issuer is down"})
            subject = form.get("subject_id", "")
            if not subject.startswith("did:"):
                return self.reply(400, {"error": "subject_id must be a DID"})
            return self.reply(200, issue(parts[1], subject))
        if len(parts) == 2 and parts[0] == "requests":
            if parts[1] == "error-500":
                return self.reply(500, {"error": "the verifier is down"})
            presentation = form.get("presentation", "")
            options = {"proofPurpose": "authentication", "challenge": CHALLENGES.get(parts[1], ""), "domain": "127.0.0.1"}
            if not presentation.lstrip().startswith("{"):
                options["proofFormat"] = "jwt"  # a VP-JWT: DIDKit reads the challenge as nonce, the domain as aud
            result = json.loads(run(didkit.verify_presentation, presentation, json.dumps(options)))
            if result.get("errors"):
                return self.reply(400, result)
            if parts[1] == "query-by-example" and not has_degree(presentation):
                return self.reply(400, {"errors": ["no degree presented"]})
            return self.reply(200, result)
        return self.reply(404, {"error": "not found"})


def main():
    server = HTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
    print(json.dumps({"port": server.server_address[1], "issuers": {name: did_of(key) for name, key in KEYS.items()}}), flush=True)
    try:
        server.serve_forever()
    finally:
        sys.stdout.flush()
        os._exit(0)


if __name__ == "__main__":
    main()
