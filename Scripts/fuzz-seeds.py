#!/usr/bin/env python3
"""Writes libFuzzer seed inputs for each vellum-fuzz harness into DIR/<harness>/, from the public
vectors (../shared/vectors, or $VELLUM_VECTORS) and the project's own fixtures. Seeds are read-only
inputs for Scripts/fuzz.sh; what is committed is the minimised corpus in Fuzz/Corpus.

usage: Scripts/fuzz-seeds.py DIR
"""
import base64, glob, hashlib, json, os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
vectors = os.environ.get("VELLUM_VECTORS", os.path.join(root, "..", "shared", "vectors"))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "fuzz-seeds")
MAX = 256 * 1024  # libFuzzer's default -max_len is far below; bigger seeds only slow it down


def put(harness, data):
    if isinstance(data, str):
        data = data.encode()
    if not data or len(data) > MAX:
        return
    folder = os.path.join(out, harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def files(pattern):
    return sorted(glob.glob(os.path.join(vectors, pattern), recursive=True))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def strings_in(value):
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)


def objects_in(value):
    """Every object inside a JSON value, the value itself first."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from objects_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from objects_in(item)


def json_files(pattern):
    for path in files(pattern):
        try:
            yield path, json.loads(read(path))
        except Exception:
            continue


# CBOR: RFC 8949 Appendix A, dCBOR, Appendix F (not well-formed), mdoc Annex D, COSE examples.
for _, doc in json_files("fuzz-and-parsers/cbor-test-vectors/appendix_a.json"):
    for case in doc:
        put("cbor", bytes.fromhex(case["hex"]))
for path, doc in json_files("fuzz-and-parsers/**/*.json"):
    for text in strings_in(doc):
        if re.fullmatch(r"(?:[0-9a-fA-F]{2})+", text or ""):
            put("cbor", bytes.fromhex(text))
for path in files("mdoc/iso18013-5-annexD/*.hex"):
    data = bytes.fromhex(read(path).decode().strip())
    put("cbor", data)
    name = os.path.basename(path)
    if "DEVICE_RESPONSE" in name:
        put("mdoc-device-response", data)
for path, doc in json_files("cose/**/*.json"):
    for obj in objects_in(doc):
        for key in ("cbor", "cbor_diag_hex"):
            text = obj.get(key) if isinstance(obj, dict) else None
            if isinstance(text, str) and re.fullmatch(r"(?:[0-9a-fA-F]{2})+", text):
                put("cose", bytes.fromhex(text))
                put("cbor", bytes.fromhex(text))

# JSON: JSONTestSuite (accepted, refused and implementation-defined texts).
for path in files("fuzz-and-parsers/JSONTestSuite/test_parsing/*.json"):
    put("json", read(path))

# JOSE: the RFC 7520 cookbook's compact and JSON serialisations.
for path, doc in json_files("jose/**/*.json"):
    for obj in objects_in(doc):
        output = obj.get("output") if isinstance(obj, dict) else None
        if isinstance(output, dict):
            for key, value in output.items():
                target = "jwe" if "/jwe/" in path else "jws"
                if key == "compact" and isinstance(value, str):
                    put(target, value)
                elif key in ("json", "json_flat") and isinstance(value, dict):
                    put(target, json.dumps(value))

# SD-JWT: issuances and presentations.
for path in files("sd-jwt/**/*.txt"):
    text = read(path).decode(errors="replace").strip()
    if "~" in text:
        put("sd-jwt", text)

# JSON-LD: expansion and toRdf inputs; RDFC inputs; Data Integrity vectors; credentials.
for path in files("json-ld/w3c-json-ld-api/tests/expand/*-in.jsonld")[:200] + files("json-ld/w3c-json-ld-api/tests/toRdf/*-in.jsonld")[:200]:
    put("jsonld", read(path))
for path in files("rdf-canon/tests/*-in.nq"):
    put("nquads", read(path))
for path in files("vc-data-integrity/**/*.json") + files("credible/*.json"):
    data = read(path)
    put("jsonld", data)
    put("w3c", data)
for path in files("vc-data-integrity/**/*.nq"):
    put("nquads", read(path))

# AnonCreds and Aries: the project's anoncreds-rs fixtures, and the Aries vectors.
for path in glob.glob(os.path.join(root, "Tests/AnonCredsTests/Fixtures/*.json")):
    for value in json.loads(read(path)).values():
        if isinstance(value, (dict, list)):
            put("anoncreds", json.dumps(value))
for path, doc in json_files("aries/*.json"):
    put("didcomm", json.dumps(doc))
    put("aries", json.dumps(doc))
    for obj in objects_in(doc):
        put("anoncreds", json.dumps(obj))
        for key in ("data",):
            inner = obj.get(key) if isinstance(obj, dict) else None
            if isinstance(inner, dict) and isinstance(inner.get("base64"), str):
                try:
                    put("anoncreds", base64.b64decode(inner["base64"] + "=="))
                except Exception:
                    pass

# Scanned exchanges (Credible).
for path in files("credible/*.json"):
    put("qr-exchange", read(path))

# Open DID documents, profiles, VCs.
for path in files("opendid/**/*.json"):
    put("opendid", read(path))

# OpenID4VCI / OpenID4VP: the specifications' JSON examples; DCQL queries among them.
for spec, harness in (("oid4vci", "openid4vci"), ("oid4vp", "openid4vp")):
    for path in files(spec + "/spec-1.0/**/*"):
        if os.path.isdir(path):
            continue
        data = read(path)
        try:
            doc = json.loads(data)
        except Exception:
            for link in re.findall(rb"(?:openid4vp|openid-credential-offer|haip|eudi-openid4vp)://[^\s\"'<>`]+", data):
                put(harness, link)
            continue
        put(harness, data)
        for obj in objects_in(doc):
            if "credentials" in obj and isinstance(obj.get("credentials"), list) or "input_descriptors" in obj:
                put("dcql", json.dumps(obj))

# Differential harnesses (fast path = plain path). diff-cbor and diff-mdoc read what cbor and
# the mdoc harnesses read; diff-sd-jwt reads "payload~disclosure~…" with the payload's JSON and each
# Disclosure's JSON array in the clear and "#N" where Disclosure N's digest goes (the harness puts
# the digest there; a fuzzer cannot find one); diff-json reads stored credential metadata.
def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


for harness in ("cbor", "mdoc-device-response", "mdoc-issuer-signed"):
    for folder in (os.path.join(out, harness), os.path.join(root, "Fuzz", "Corpus", harness)):
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            put("diff-mdoc" if harness.startswith("mdoc") else "diff-cbor", read(os.path.join(folder, name)))
for path in files("sd-jwt/**/*.txt"):
    text = read(path).decode(errors="replace").strip()
    parts = text.split("~")
    if len(parts) < 2 or parts[0].count(".") != 2:
        continue
    try:
        payload = b64url_decode(parts[0].split(".")[1]).decode()
        disclosures = [b64url_decode(part).decode() for part in parts[1:] if part and "." not in part]
    except (ValueError, UnicodeDecodeError):
        continue
    for index, part in enumerate(part for part in parts[1:] if part and "." not in part):
        digest = base64.urlsafe_b64encode(hashlib.sha256(part.encode()).digest()).decode().rstrip("=")
        payload = payload.replace(f'"{digest}"', f'"#{index}"')
    put("diff-sd-jwt", "~".join([payload] + disclosures))
for metadata in (
    {"issuer": "https://issuer.example", "credentialType": "urn:eudi:pid:1", "validFrom": 7.5e8, "validUntil": 8e8,
     "display": {"name": "PID", "locale": "en"}, "lastVerified": True, "lastStatus": "valid", "extensions": {"x": [1, {"y": None}]}},
    {"issuerDisplayName": "Example University", "issuerCommonName": "CN", "issuedAt": 1e9, "expectedUpdate": 1.1e9,
     "issuerCertificateFingerprint": "00ff", "lastCheckedAt": 1.2e9, "extensions": {}},
    {},
):
    put("diff-json", json.dumps(metadata))
    put("diff-json", json.dumps(metadata, indent=2, sort_keys=True))

print("seeds written to", out)
for name in sorted(os.listdir(out)) if os.path.isdir(out) else []:
    print(f"  {name}: {len(os.listdir(os.path.join(out, name)))}")
