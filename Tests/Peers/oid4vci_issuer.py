"""An independent OpenID4VCI 1.0 issuer (pre-authorized code flow) for Vellum's interop tests.

Written against the OpenID4VCI 1.0 final text with the Python `sd-jwt` and `pymdoccbor`
peers, sharing no code with Vellum, so a Vellum wallet that claims from it shows that the two
read the specification the same way.

Server mode (default):
  python oid4vci_issuer.py [--port 0] [--tx-code 493536] [--verbose]
  Binds 127.0.0.1 (port 0: an ephemeral port) and prints ONE line of JSON on stdout:
    {"base_url": "http://127.0.0.1:PORT", "offer_by_value": "openid-credential-offer://?credential_offer=...",
     "offer_by_reference": "openid-credential-offer://?credential_offer_uri=...",
     "pre_authorized_code": "...", "tx_code": "493536"|null,
     "iaca_pem": "...", "sd_jwt_root_pem": "...", "root_pems": [...]}
  then serves until killed, or until its standard input reaches end of file (so it does not
  outlive a test process that died). Endpoints:
    GET  /.well-known/openid-credential-issuer     issuer metadata (credential_issuer == base URL)
    GET  /.well-known/oauth-authorization-server   AS metadata (this server is its own AS)
    GET  /offers/<id>                              an offer by reference
    POST /offers                                   a fresh offer (new pre-authorized code), same JSON as above
    POST /token                                    pre-authorized_code grant (+ tx_code)
    POST /nonce                                    {"c_nonce": ...}, single use
    POST /credential                               proofs.jwt (1..batch_size) -> one credential per proof
  Both configurations are offered together: "peer_pid_sd_jwt" (dc+sd-jwt, x5c under the
  SD-JWT root, cnf.jwk = the proof key) and "peer_mdl" (mso_mdoc org.iso.18013.5.1.mDL, DS
  certificate in the x5chain under the IACA, deviceKey = the proof key).

Mint mode:
  python oid4vci_issuer.py --mint < {"holder_jwk": {P-256 public JWK}, "issuer": "https://..."}
  -> {"sd_jwt_vc": "...~", "mdoc": base64url(IssuerSigned), "iaca_pem": ..., "sd_jwt_root_pem": ...}
  the same credentials, without HTTP, for checking them against Vellum's verifiers directly.
"""
import argparse
import base64
import datetime
import json
import logging
import os
import secrets
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID, ObjectIdentifier
from jwcrypto import jwk, jws
from pymdoccbor.mdoc.issuer import MdocCborIssuer
from sd_jwt.common import SDObj
from sd_jwt.issuer import SDJWTIssuer

logging.disable(logging.CRITICAL)

SD_JWT_CONFIG = "peer_pid_sd_jwt"
MDL_CONFIG = "peer_mdl"
VCT = "urn:vellum:peer:pid:1"
NAME_SPACE = "org.iso.18013.5.1"
DOC_TYPE = "org.iso.18013.5.1.mDL"
MDL_DS_EKU = ObjectIdentifier("1.0.18013.5.1.2")
PRE_AUTH_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code"
BATCH_SIZE = 3
PROOF_MAX_AGE = 300  # seconds a proof's iat may lie in the past (or future, for clock skew)
MAX_BODY = 64 * 1024


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM).decode()


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


# ---------------------------------------------------------------------------------------------
# PKI: an IACA + Document Signer for the mdoc (18013-5 Annex B shaped) and a root + issuer
# certificate for the SD-JWT VC x5c. All P-256, made fresh per process.
# ---------------------------------------------------------------------------------------------

def self_signed_ca(key, name, now):
    """A root CA for `key` named `name`: path length 0, keyCertSign and cRLSign, valid from two
    days before `now` for ten years (the IACA and the SD-JWT root are made alike)."""
    return (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=2))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))


class PKI:
    def __init__(self, issuer_url):
        now = datetime.datetime.now(datetime.timezone.utc)
        self.iaca_key = ec.generate_private_key(ec.SECP256R1())
        self.ds_key = ec.generate_private_key(ec.SECP256R1())
        iaca_name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "UT"),
                               x509.NameAttribute(NameOID.COMMON_NAME, "Python Peer IACA")])
        ds_name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "UT"),
                             x509.NameAttribute(NameOID.COMMON_NAME, "Python Peer DS")])
        self.iaca = self_signed_ca(self.iaca_key, iaca_name, now)
        self.ds = (x509.CertificateBuilder().subject_name(ds_name).issuer_name(iaca_name)
                   .public_key(self.ds_key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(days=1))
                   .not_valid_after(now + datetime.timedelta(days=365))
                   .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False),
                                  critical=True)
                   .add_extension(x509.ExtendedKeyUsage([MDL_DS_EKU]), critical=True)
                   .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self.iaca_key.public_key()),
                                  critical=False)
                   .sign(self.iaca_key, hashes.SHA256()))

        self.root_key = ec.generate_private_key(ec.SECP256R1())
        self.signer_key = ec.generate_private_key(ec.SECP256R1())
        root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Python Peer SD-JWT Root")])
        self.root = self_signed_ca(self.root_key, root_name, now)
        # The leaf names the issuer URL (URI SAN) and its host (DNS SAN), as SD-JWT VC asks.
        host = urllib.parse.urlsplit(issuer_url).hostname or "localhost"
        self.signer = (x509.CertificateBuilder()
                       .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Python Peer SD-JWT Issuer")]))
                       .issuer_name(root_name)
                       .public_key(self.signer_key.public_key()).serial_number(x509.random_serial_number())
                       .not_valid_before(now - datetime.timedelta(days=1))
                       .not_valid_after(now + datetime.timedelta(days=365))
                       .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                       .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False),
                                      critical=True)
                       .add_extension(x509.SubjectAlternativeName([
                           x509.UniformResourceIdentifier(issuer_url), x509.DNSName(host)]), critical=False)
                       .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self.root_key.public_key()),
                                      critical=False)
                       .sign(self.root_key, hashes.SHA256()))
        self.signer_jwk = jwk.JWK.from_pem(self.signer_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


# ---------------------------------------------------------------------------------------------
# Credentials
# ---------------------------------------------------------------------------------------------

def mint_sd_jwt_vc(pki, issuer_url, holder_jwk):
    """An SD-JWT VC (typ dc+sd-jwt, x5c) bound to `holder_jwk` (a jwcrypto public key)."""
    now = int(time.time())
    claims = {
        "iss": issuer_url, "iat": now, "nbf": now - 60, "exp": now + 365 * 86400, "vct": VCT,
        SDObj("given_name"): "Erika", SDObj("family_name"): "Mustermann",
        SDObj("birthdate"): "1984-01-26",
        SDObj("address"): {SDObj("street_address"): "Heidestraße 17", SDObj("locality"): "Köln",
                            "country": "DE"},
        SDObj("nationalities"): [SDObj("DE")],
        SDObj("age_equal_or_over"): {SDObj("18"): True, SDObj("21"): True},
    }
    x5c = [base64.b64encode(der(pki.signer)).decode()]
    issuer = SDJWTIssuer(claims, pki.signer_jwk, holder_jwk, sign_alg="ES256",
                         extra_header_parameters={"typ": "dc+sd-jwt", "x5c": x5c})
    return issuer.sd_jwt_issuance


def mint_mdoc(pki, holder_jwk):
    """An mDL IssuerSigned (base64url CBOR) whose deviceKey is `holder_jwk`, signed by the DS."""
    public = holder_jwk.export_public(as_dict=True)
    d = pki.ds_key.private_numbers().private_value.to_bytes(32, "big")
    issuer = MdocCborIssuer(private_key={"KTY": "EC2", "CURVE": "P_256", "ALG": "ES256", "D": d,
                                         "KID": b"python-peer-ds"}, alg="ES256")
    today = datetime.date.today()
    data = {NAME_SPACE: {
        "family_name": "Mustermann", "given_name": "Erika", "birth_date": "1984-01-26",
        "issue_date": today.isoformat(), "expiry_date": (today + datetime.timedelta(days=1800)).isoformat(),
        "issuing_country": "UT", "issuing_authority": "Utopia DMV", "document_number": "P1234567",
        "portrait": b"\xff\xd8" + b"\x5a" * 1022, "un_distinguishing_sign": "UTO",
        "driving_privileges": [{"vehicle_category_code": "B", "issue_date": "2010-05-01",
                                "expiry_date": "2031-01-01"}],
        "age_over_18": True, "age_over_21": True,
    }}
    device_key = {1: 2, -1: 1, -2: b64url_decode(public["x"]), -3: b64url_decode(public["y"])}
    issuer.new(data=data, doctype=DOC_TYPE, devicekeyinfo=device_key, x509_chain=[der(pki.ds)],
               validity={"issuance_date": today.isoformat(),
                         "expiry_date": (today + datetime.timedelta(days=365)).isoformat()})
    # pymdoccbor writes a DeviceResponse-shaped document; OpenID4VCI sends its IssuerSigned.
    response = cbor2.loads(issuer.dump())
    issuer_signed = response["documents"][0]["issuerSigned"]
    return b64url(cbor2.dumps(issuer_signed))


# ---------------------------------------------------------------------------------------------
# Proof checking (OpenID4VCI 1.0 appendix F.1 "jwt" proof type, F.4 verifying)
# ---------------------------------------------------------------------------------------------

class ProofError(Exception):
    def __init__(self, code, description):
        super().__init__(description)
        self.code = code
        self.description = description


def verify_proof(token, audience, nonce_valid):
    """Checks one key proof JWT and returns the jwcrypto public key it proves possession of."""
    parts = token.split(".") if isinstance(token, str) else []
    if len(parts) != 3:
        raise ProofError("invalid_proof", "a jwt proof is a compact JWS")
    try:
        header = json.loads(b64url_decode(parts[0]))
        payload = json.loads(b64url_decode(parts[1]))
    except ValueError:
        raise ProofError("invalid_proof", "the proof header or payload is not base64url JSON")
    if not isinstance(header, dict) or not isinstance(payload, dict):
        raise ProofError("invalid_proof", "the proof header and payload must be objects")
    if header.get("typ") != "openid4vci-proof+jwt":
        raise ProofError("invalid_proof", "typ must be openid4vci-proof+jwt")
    if header.get("alg") != "ES256":
        raise ProofError("invalid_proof", "alg must be ES256")
    if "kid" in header or "x5c" in header:
        raise ProofError("invalid_proof", "this issuer binds to a jwk header key only")
    key_members = header.get("jwk")
    if not isinstance(key_members, dict) or key_members.get("kty") != "EC" or key_members.get("crv") != "P-256":
        raise ProofError("invalid_proof", "jwk must be a P-256 public key")
    if "d" in key_members:
        raise ProofError("invalid_proof", "jwk must not contain a private key")
    try:
        key = jwk.JWK(**{k: key_members[k] for k in ("kty", "crv", "x", "y")})
        verifier = jws.JWS()
        verifier.deserialize(token)
        verifier.verify(key, alg="ES256")
    except Exception as error:  # jwcrypto raises several kinds
        raise ProofError("invalid_proof", f"signature does not verify: {type(error).__name__}")
    if payload.get("aud") != audience:
        raise ProofError("invalid_proof", "aud must be the credential issuer identifier")
    iat = payload.get("iat")
    if not isinstance(iat, (int, float)) or isinstance(iat, bool) or abs(time.time() - iat) > PROOF_MAX_AGE:
        raise ProofError("invalid_proof", "iat missing or outside the accepted window")
    if "iss" in payload:
        # Pre-authorized code with anonymous access: iss must be omitted (appendix F.1).
        raise ProofError("invalid_proof", "iss must be omitted after anonymous pre-authorized access")
    nonce = payload.get("nonce")
    if not isinstance(nonce, str):
        raise ProofError("invalid_proof", "nonce is required (this issuer has a nonce endpoint)")
    if not nonce_valid(nonce):
        raise ProofError("invalid_nonce", "the nonce is unknown, used or expired")
    return key, nonce


# ---------------------------------------------------------------------------------------------
# The HTTP server
# ---------------------------------------------------------------------------------------------

class IssuerState:
    def __init__(self, base_url, tx_code):
        self.base_url = base_url
        self.tx_code = tx_code
        self.pki = PKI(base_url)
        self.lock = threading.Lock()
        self.offers = {}        # offer id -> offer JSON
        self.codes = {}         # pre-authorized code -> credential configuration ids (unused codes)
        self.tokens = {}        # access token -> (configuration ids, expiry)
        self.nonces = {}        # c_nonce -> expiry (unused nonces)

    def metadata(self):
        base = self.base_url
        return {
            "credential_issuer": base,
            "credential_endpoint": base + "/credential",
            "nonce_endpoint": base + "/nonce",
            "batch_credential_issuance": {"batch_size": BATCH_SIZE},
            "display": [{"name": "Python Peer Issuer", "locale": "en-GB"}],
            "credential_configurations_supported": {
                SD_JWT_CONFIG: {
                    "format": "dc+sd-jwt",
                    "vct": VCT,
                    "scope": SD_JWT_CONFIG,
                    "cryptographic_binding_methods_supported": ["jwk"],
                    "credential_signing_alg_values_supported": ["ES256"],
                    "proof_types_supported": {"jwt": {"proof_signing_alg_values_supported": ["ES256"]}},
                    "credential_metadata": {
                        "display": [{"name": "Peer PID", "locale": "en-GB", "background_color": "#12107c",
                                     "text_color": "#FFFFFF"}],
                        "claims": [
                            {"path": ["given_name"], "display": [{"name": "Given name", "locale": "en-GB"}]},
                            {"path": ["family_name"], "display": [{"name": "Family name", "locale": "en-GB"}]},
                            {"path": ["birthdate"], "mandatory": True},
                            {"path": ["address", "locality"]},
                        ],
                    },
                },
                MDL_CONFIG: {
                    "format": "mso_mdoc",
                    "doctype": DOC_TYPE,
                    "scope": MDL_CONFIG,
                    "cryptographic_binding_methods_supported": ["cose_key"],
                    "credential_signing_alg_values_supported": [-7, -9],
                    "proof_types_supported": {"jwt": {"proof_signing_alg_values_supported": ["ES256"]}},
                    "credential_metadata": {
                        "display": [{"name": "Peer mDL", "locale": "en-GB"}],
                        "claims": [
                            {"path": [NAME_SPACE, "given_name"]},
                            {"path": [NAME_SPACE, "family_name"]},
                            {"path": [NAME_SPACE, "birth_date"], "mandatory": True},
                        ],
                    },
                },
            },
        }

    def as_metadata(self):
        base = self.base_url
        return {
            "issuer": base,
            "token_endpoint": base + "/token",
            "grant_types_supported": [PRE_AUTH_GRANT],
            "pre-authorized_grant_anonymous_access_supported": True,
            "token_endpoint_auth_methods_supported": ["none"],
        }

    def new_offer(self):
        """A fresh offer for both configurations, with a new single-use pre-authorized code."""
        code = secrets.token_urlsafe(24)
        grant = {"pre-authorized_code": code}
        if self.tx_code is not None:
            grant["tx_code"] = {"input_mode": "numeric", "length": len(self.tx_code),
                                "description": "The code the peer issuer printed"}
        offer = {"credential_issuer": self.base_url,
                 "credential_configuration_ids": [SD_JWT_CONFIG, MDL_CONFIG],
                 "grants": {PRE_AUTH_GRANT: grant}}
        offer_id = secrets.token_urlsafe(12)
        with self.lock:
            self.offers[offer_id] = offer
            self.codes[code] = [SD_JWT_CONFIG, MDL_CONFIG]
        # Percent-encoded as the specification's examples are (%20, not the form encoding's +).
        by_value = "openid-credential-offer://?" + urllib.parse.urlencode(
            {"credential_offer": json.dumps(offer, separators=(",", ":"))}, quote_via=urllib.parse.quote)
        by_reference = "openid-credential-offer://?" + urllib.parse.urlencode(
            {"credential_offer_uri": f"{self.base_url}/offers/{offer_id}"}, quote_via=urllib.parse.quote)
        return {"base_url": self.base_url, "offer_by_value": by_value, "offer_by_reference": by_reference,
                "pre_authorized_code": code, "tx_code": self.tx_code,
                "iaca_pem": pem(self.pki.iaca), "sd_jwt_root_pem": pem(self.pki.root),
                "root_pems": [pem(self.pki.iaca), pem(self.pki.root)]}

    def take_nonce(self, nonce):
        with self.lock:
            expiry = self.nonces.get(nonce)
            return expiry is not None and expiry > time.time()


def make_handler(state, verbose):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):  # quiet unless asked
            if verbose:
                sys.stderr.write("oid4vci_issuer: " + (format % args) + "\n")

        def send_json(self, status, body, headers=None):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def error(self, status, code, description, headers=None):
            self.send_json(status, {"error": code, "error_description": description}, headers)

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length < 0 or length > MAX_BODY:
                raise ValueError("body too large")
            return self.rfile.read(length)

        def do_GET(self):
            path = urllib.parse.urlsplit(self.path).path
            if path == "/.well-known/openid-credential-issuer":
                self.send_json(200, state.metadata())
            elif path == "/.well-known/oauth-authorization-server":
                self.send_json(200, state.as_metadata())
            elif path.startswith("/offers/"):
                with state.lock:
                    offer = state.offers.get(path[len("/offers/"):])
                if offer is None:
                    self.error(404, "not_found", "no such offer")
                else:
                    self.send_json(200, offer)
            else:
                self.error(404, "not_found", path)

        def do_POST(self):
            path = urllib.parse.urlsplit(self.path).path
            try:
                body = self.read_body()
            except ValueError:
                self.error(413, "invalid_request", "body too large")
                return
            if path == "/token":
                self.token(body)
            elif path == "/nonce":
                nonce = secrets.token_urlsafe(18)
                with state.lock:
                    state.nonces[nonce] = time.time() + PROOF_MAX_AGE
                self.send_json(200, {"c_nonce": nonce})
            elif path == "/credential":
                self.credential(body)
            elif path == "/offers":
                self.send_json(200, state.new_offer())
            else:
                self.error(404, "not_found", path)

        def token(self, body):
            if (self.headers.get("Content-Type") or "").split(";")[0].strip() != "application/x-www-form-urlencoded":
                self.error(400, "invalid_request", "the token request is a form")
                return
            form = urllib.parse.parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
            single = {name: values[0] for name, values in form.items() if len(values) == 1}
            if single.get("grant_type") != PRE_AUTH_GRANT:
                self.error(400, "unsupported_grant_type", "only the pre-authorized code grant")
                return
            code = single.get("pre-authorized_code")
            tx_code = single.get("tx_code")
            if state.tx_code is not None and tx_code is None:
                self.error(400, "invalid_request", "tx_code is required")
                return
            if state.tx_code is None and tx_code is not None:
                self.error(400, "invalid_request", "no tx_code was offered")
                return
            with state.lock:
                ids = state.codes.get(code)
                if ids is None:
                    self.error(400, "invalid_grant", "unknown or used pre-authorized code")
                    return
                if state.tx_code is not None and not secrets.compare_digest(tx_code, state.tx_code):
                    self.error(400, "invalid_grant", "wrong tx_code")
                    return
                del state.codes[code]
                token = secrets.token_urlsafe(32)
                state.tokens[token] = (ids, time.time() + 600)
            self.send_json(200, {"access_token": token, "token_type": "Bearer", "expires_in": 600})

        def credential(self, body):
            authorization = self.headers.get("Authorization") or ""
            scheme, _, token = authorization.partition(" ")
            with state.lock:
                grant = state.tokens.get(token.strip()) if scheme.lower() == "bearer" else None
            if grant is None or grant[1] < time.time():
                self.error(401, "invalid_token", "missing, unknown or expired access token",
                           {"WWW-Authenticate": 'Bearer error="invalid_token"'})
                return
            if (self.headers.get("Content-Type") or "").split(";")[0].strip() != "application/json":
                self.error(400, "invalid_credential_request", "the credential request is JSON")
                return
            try:
                request = json.loads(body)
            except ValueError:
                self.error(400, "invalid_credential_request", "the body is not JSON")
                return
            if not isinstance(request, dict):
                self.error(400, "invalid_credential_request", "the body is not an object")
                return
            configuration = request.get("credential_configuration_id")
            if "credential_identifier" in request or configuration not in (SD_JWT_CONFIG, MDL_CONFIG):
                self.error(400, "unknown_credential_configuration", "unknown credential_configuration_id")
                return
            if configuration not in grant[0]:
                self.error(400, "invalid_credential_request", "the token does not cover this configuration")
                return
            proofs = request.get("proofs")
            if not isinstance(proofs, dict) or list(proofs.keys()) != ["jwt"] or not isinstance(proofs["jwt"], list) \
                    or not proofs["jwt"]:
                self.error(400, "invalid_proof", "proofs must hold exactly one non-empty jwt array")
                return
            if len(proofs["jwt"]) > BATCH_SIZE:
                self.error(400, "invalid_proof", f"at most {BATCH_SIZE} proofs")
                return
            try:
                checked = [verify_proof(p, state.base_url, state.take_nonce) for p in proofs["jwt"]]
            except ProofError as error:
                self.error(400, error.code, error.description)
                return
            with state.lock:  # every nonce is single use: spend them now
                for _, nonce in checked:
                    state.nonces.pop(nonce, None)
            credentials = []
            for key, _ in checked:
                if configuration == SD_JWT_CONFIG:
                    credentials.append({"credential": mint_sd_jwt_vc(state.pki, state.base_url, key)})
                else:
                    credentials.append({"credential": mint_mdoc(state.pki, key)})
            self.send_json(200, {"credentials": credentials})

    return Handler


def serve(port, tx_code, verbose):
    server = ThreadingHTTPServer(("127.0.0.1", port), None)
    base_url = f"http://127.0.0.1:{server.server_address[1]}"
    state = IssuerState(base_url, tx_code)
    server.RequestHandlerClass = make_handler(state, verbose)
    server.daemon_threads = True
    sys.stdout.write(json.dumps(state.new_offer()) + "\n")
    sys.stdout.flush()

    def watch_stdin():
        # The parent holds our stdin open; end of file means it has gone, so stop too.
        while sys.stdin.buffer.read(1024):
            pass
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


def mint():
    request = json.load(sys.stdin)
    issuer_url = request.get("issuer", "https://issuer.example.org")
    pki = PKI(issuer_url)
    holder = jwk.JWK(**request["holder_jwk"])
    json.dump({"sd_jwt_vc": mint_sd_jwt_vc(pki, issuer_url, holder), "mdoc": mint_mdoc(pki, holder),
               "iaca_pem": pem(pki.iaca), "sd_jwt_root_pem": pem(pki.root)}, sys.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--tx-code", default=None)
    parser.add_argument("--mint", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()
    if arguments.mint:
        mint()
    else:
        serve(arguments.port, arguments.tx_code, arguments.verbose)


if __name__ == "__main__":
    main()
