"""Times one operation in a Python reference implementation, the way vellum-bench times ours.

usage: peer_bench.py NAME SAMPLES [INPUT...]
Prints {"median_ns", "min_ns", "max_ns"} per operation as JSON. Batches are sized to last at
least 20 ms after a warm-up, then SAMPLES batches are timed, as in Sources/vellum-bench/Runner.swift.
"""
import json
import os
import statistics
import sys
import time


def jws_case(alg, kty, curve, payload):
    from jwcrypto import jwk, jws
    key = jwk.JWK.generate(kty=kty, crv=curve)
    header = json.dumps({"alg": alg})

    def sign():
        token = jws.JWS(payload)
        token.add_signature(key, None, header)
        return token.serialize(compact=True)

    compact = sign()

    def verify():
        token = jws.JWS()
        token.deserialize(compact)
        token.verify(key)

    return sign, verify


def sd_jwt_case(path):
    """A Holder's work with Python sd-jwt: verify the issued SD-JWT, then present the
    selection with a KB-JWT (what vellum-bench's sdjwt.pid14.verify+present does)."""
    from jwcrypto import jwk
    from sd_jwt.holder import SDJWTHolder
    from sd_jwt.verifier import SDJWTVerifier
    with open(path) as handle:
        case = json.load(handle)
    issuer = jwk.JWK(**case["issuer_jwk"])
    holder = jwk.JWK(**case["holder_jwk"])

    def run():
        SDJWTVerifier(case["issuance"], lambda issuer_id, header: issuer).get_verified_payload()
        presenter = SDJWTHolder(case["issuance"])
        presenter.create_presentation(case["disclose"], nonce=case["nonce"], aud=case["aud"], holder_key=holder)
        if presenter.sd_jwt_presentation.count("~") != 7:
            raise SystemExit("peer presented the wrong disclosures")
        return presenter.sd_jwt_presentation

    return run


def mdoc_case(path):
    """A reader's checks with pymdoccbor + pycose (Tests/Peers/mdoc_peer.py "verify"): chain,
    issuerAuth, digests, then the device signature over the OpenID4VP session transcript."""
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Peers"))
    import mdoc_peer
    with open(path) as handle:
        case = json.load(handle)

    def run():
        answer = mdoc_peer.verify(case)
        if not (answer["issuer_valid"] and answer["device_signature_valid"]):
            raise SystemExit("pymdoccbor did not verify the presentation")
        return answer

    run()
    return run


def didkit_case(path):
    """DIDKit (ssi, Rust) verifying a presentation and the credential it holds, in-process:
    one event loop reused, so neither process start nor loop creation is timed. didkit
    0.3.3's verify_presentation does not check the credentials inside (a presentation over a
    forged credential verifies), so the credential is verified too, as Vellum's side does."""
    import asyncio
    import didkit
    with open(path) as handle:
        case = json.load(handle)
    presentation = json.dumps(case["presentation"])
    credential = json.dumps(case["presentation"]["verifiableCredential"][0])
    options = json.dumps({"proofPurpose": "authentication", "challenge": case["challenge"]})
    credential_options = json.dumps({"proofPurpose": "assertionMethod"})
    loop = asyncio.new_event_loop()

    async def verify():
        # didkit's coroutines need a running loop when they are created.
        return (await didkit.verify_presentation(presentation, options),
                await didkit.verify_credential(credential, credential_options))

    def run():
        for result in loop.run_until_complete(verify()):
            if json.loads(result)["errors"]:
                raise SystemExit("didkit did not verify: " + result)

    run()
    return run


def anoncreds_case(path, step):
    """anoncreds-rs 0.2.3 in-process over the fixture's definition (Tests/Peers/anoncreds_peer.py
    timing_case): what vellum-bench's anoncreds.* rows do."""
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Peers"))
    import anoncreds_peer
    return anoncreds_peer.timing_case(path, step)


def operation(name, inputs):
    if name.startswith("anoncreds-rs."):
        return anoncreds_case(inputs[0], name.split(".")[1])
    if name.startswith("jwcrypto."):
        _, alg, action = name.split(".")
        payload = inputs[0].encode() if inputs else b'{"iss":"https://issuer.example"}'
        kty, curve = {"ES256": ("EC", "P-256"), "ES256K": ("EC", "secp256k1"),
                      "EdDSA": ("OKP", "Ed25519")}[alg]
        sign, verify = jws_case(alg, kty, curve, payload)
        return sign if action == "sign" else verify
    if name == "sd_jwt.pid14.verify+present":
        return sd_jwt_case(inputs[0])
    if name == "pymdoccbor.mdl13.verify-response":
        return mdoc_case(inputs[0])
    if name == "pyoxigraph.rdfc":
        import pyoxigraph as ox
        with open(inputs[0]) as handle:
            text = handle.read()

        def canonicalize():
            dataset = ox.Dataset(ox.parse(text, format=ox.RdfFormat.N_QUADS))
            dataset.canonicalize(ox.CanonicalizationAlgorithm.RDFC_1_0)
            return "".join(sorted(str(quad) + " .\n" for quad in dataset))

        return canonicalize
    if name == "pyld.rdfc":
        from pyld import jsonld
        with open(inputs[0]) as handle:
            text = handle.read()
        options = {"algorithm": "URDNA2015", "inputFormat": "application/n-quads", "format": "application/n-quads"}
        return lambda: jsonld.normalize(text, options)
    if name == "didkit.vp.verify":
        return didkit_case(inputs[0])
    if name == "pyld.toRdf":
        from pyld import jsonld
        with open(inputs[0]) as handle:
            case = json.load(handle)
        contexts = case["contexts"]

        def loader(url, options=None):
            return {"contextUrl": None, "documentUrl": url, "document": contexts[url]}

        options = {"documentLoader": loader, "format": "application/n-quads"}
        return lambda: jsonld.to_rdf(case["document"], options)
    if name == "cbor2.decode":
        import cbor2
        with open(inputs[0], "rb") as handle:
            data = handle.read()
        return lambda: cbor2.loads(data)
    raise SystemExit(f"unknown peer benchmark {name}")


def main():
    name, samples = sys.argv[1], int(sys.argv[2])
    run = operation(name, sys.argv[3:])
    batch = 1
    while True:
        start = time.perf_counter_ns()
        for _ in range(batch):
            run()
        if time.perf_counter_ns() - start >= 20_000_000 or batch >= 1 << 20:
            break
        batch *= 2
    per_op = []
    for _ in range(samples):
        start = time.perf_counter_ns()
        for _ in range(batch):
            run()
        per_op.append((time.perf_counter_ns() - start) / batch)
    print(json.dumps({"median_ns": statistics.median(per_op), "min_ns": min(per_op),
                      "max_ns": max(per_op)}))
    # didkit's native module can crash while the interpreter shuts down: leave at once.
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
