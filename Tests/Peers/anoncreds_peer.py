"""Interop peer for AnonCreds: anoncreds-rs (the `anoncreds` Python package, 0.2.3) plays the
issuer or the holder opposite Vellum's Swift code, and Python's int checks big-number results.

stdin: one JSON object with "op":
  {"op":"powm","cases":[[base,exp,mod],...]} -> {"results":[decimal,...]}  (Python's pow)
  {"op":"issuer-setup","attributes":[..],"schema_id":..,"cred_def_id":..,"issuer_id":..,
   "cred_def":{..}?,"cred_def_private":{..}?,"key_correctness_proof":{..}?}
      -> {"schema","cred_def","cred_def_private","key_correctness_proof","offer"}
      (makes a credential definition unless one is given; the offer is always fresh)
  {"op":"issue","cred_def":..,"cred_def_private":..,"offer":..,"request":..,"values":{name:raw}}
      -> {"credential"}
  {"op":"holder-request","cred_def":..,"offer":..,"entropy":..}
      -> {"link_secret","request","metadata"}
  {"op":"holder-process","cred_def":..,"credential":..,"metadata":..,"link_secret":..}
      -> {"credential"} or exit 1 with the library's error on stderr
  {"op":"verify-presentation","presentation":..,"request":..,"schemas":{id:..},"cred_defs":{id:..}}
      -> {"valid":bool} (or exit 1 with the library's refusal)
  {"op":"present","request":..,"credential":..,"link_secret":..,"schemas":..,"cred_defs":..,
   "revealed":[referent..],"unrevealed":[referent..],"predicates":[referent..],"self_attested":{..}}
      -> {"presentation"}
  {"op":"timings","rounds":N} -> {"request","process","present","verify"} in milliseconds, the mean
      of N runs of anoncreds-rs over the fixture's definition (present: 2 revealed, 1 unrevealed, 1
      predicate)
  {"op":"issue", …, "revocation":{"rev_reg_def","rev_reg_def_private","status_list","index"}}
      -> {"credential"} issued under the revocation registry (witness and rev_reg filled)
  {"op":"revocable-fixture"} -> a revocable credential definition (private key, key correctness
      proof, offer), a revocation registry definition of 10 credentials (private part, tails in a
      scratch folder) and its status list, which Tests/AnonCredsTests/Fixtures/anoncreds-rs-revocable.json
      holds (making the definition takes anoncreds-rs about half a minute)
  {"op":"to-w3c","credential","issuer_id","version"} -> {"w3c"} (credential_to_w3c, version "1.1" or "2.0")
  {"op":"from-w3c","w3c"} -> {"credential"}
  {"op":"w3c-issue", like "issue", "version"?} -> {"credential"} in the W3C form
  {"op":"w3c-process","credential","metadata","link_secret","cred_def"} -> {"credential"}
  {"op":"w3c-present", like "present" with a W3C credential, "version"?} -> {"presentation"}
  {"op":"w3c-verify","presentation","request","schemas","cred_defs"} -> {"valid"}
  {"op":"fixture"} -> a whole issuance by anoncreds-rs (schema, definition and private key, key
      correctness proof, offer, link secret, request and metadata, credential as issued and as
      processed), which Tests/AnonCredsTests/Fixtures/anoncreds-rs-issuance.json holds
Big numbers are decimal strings, as anoncreds writes them.
"""
import json
import sys


def powm(request):
    return {"results": [str(pow(int(b), int(e), int(m))) for b, e, m in request["cases"]]}


def issuer_setup(request):
    from anoncreds import CredentialDefinition, CredentialOffer, KeyCorrectnessProof, Schema

    schema = Schema.create(request.get("schema_name", "vellum-test"), request.get("schema_version", "1.0"),
                           request["issuer_id"], request["attributes"])
    if "cred_def" in request:
        cred_def = CredentialDefinition.load(request["cred_def"])
        private = request["cred_def_private"]
        proof = KeyCorrectnessProof.load(request["key_correctness_proof"])
    else:
        cred_def, private, proof = CredentialDefinition.create(
            request["schema_id"], schema, request["issuer_id"], request.get("tag", "default"), "CL",
            support_revocation=request.get("revocable", False))
        private = private.to_dict()
    offer = CredentialOffer.create(request["schema_id"], request["cred_def_id"], proof)
    return {"schema": schema.to_dict(), "cred_def": cred_def.to_dict(), "cred_def_private": private,
            "key_correctness_proof": proof.to_dict(), "offer": offer.to_dict()}


def issue(request):
    from anoncreds import (Credential, CredentialDefinitionPrivate, CredentialRevocationConfig,
                           RevocationRegistryDefinitionPrivate)

    config = None
    if "revocation" in request:
        revocation = request["revocation"]
        config = CredentialRevocationConfig(
            json.dumps(revocation["rev_reg_def"]),
            RevocationRegistryDefinitionPrivate.load(revocation["rev_reg_def_private"]),
            json.dumps(revocation["status_list"]), revocation["index"])
    credential = Credential.create(request["cred_def"], CredentialDefinitionPrivate.load(request["cred_def_private"]),
                                   request["offer"], request["request"], request["values"], revocation_config=config)
    return {"credential": credential.to_dict()}


def revocable_fixture(request):
    import tempfile
    from anoncreds import CredentialDefinition, RevocationRegistryDefinition, RevocationStatusList

    ids = {"issuer_id": "did:example:vellum-issuer", "schema_id": "did:example:vellum-issuer/schema/2",
           "cred_def_id": "did:example:vellum-issuer/cred-def/2", "rev_reg_def_id": "did:example:vellum-issuer/rev-reg/2"}
    setup = issuer_setup({**ids, "attributes": ["name", "age", "Degree Name"], "revocable": True})
    rev_reg_def, rev_reg_def_private = RevocationRegistryDefinition.create(
        ids["cred_def_id"], setup["cred_def"], ids["issuer_id"], "0", "CL_ACCUM", 10,
        tails_dir_path=tempfile.mkdtemp())
    status_list = RevocationStatusList.create(
        CredentialDefinition.load(setup["cred_def"]), ids["rev_reg_def_id"], rev_reg_def, rev_reg_def_private, ids["issuer_id"], True, 1700000000)
    return {**ids, **setup, "rev_reg_def": rev_reg_def.to_dict(), "rev_reg_def_private": rev_reg_def_private.to_dict(),
            "status_list": status_list.to_dict()}


def holder_request(request):
    from anoncreds import CredentialRequest, create_link_secret

    link_secret = create_link_secret()
    cred_request, metadata = CredentialRequest.create(request.get("entropy", "vellum-peer"), None, request["cred_def"],
                                                      link_secret, "default", request["offer"])
    return {"link_secret": link_secret, "request": cred_request.to_dict(), "metadata": metadata.to_dict()}


def holder_process(request):
    from anoncreds import Credential

    credential = Credential.load(request["credential"])
    processed = credential.process(request["metadata"], request["link_secret"], request["cred_def"], None)
    return {"credential": processed.to_dict()}


def verify_presentation(request):
    from anoncreds import Presentation, PresentationRequest

    presentation = Presentation.load(request["presentation"])
    valid = presentation.verify(PresentationRequest.load(request["request"]), request["schemas"], request["cred_defs"])
    return {"valid": bool(valid)}


def present(request):
    from anoncreds import Credential, Presentation, PresentationRequest, PresentCredentials

    credential = Credential.load(request["credential"])
    present_credentials = PresentCredentials()
    for referent in request.get("revealed", []):
        present_credentials.add_attributes(credential, referent, reveal=True)
    for referent in request.get("unrevealed", []):
        present_credentials.add_attributes(credential, referent, reveal=False)
    for referent in request.get("predicates", []):
        present_credentials.add_predicates(credential, referent)
    presentation = Presentation.create(PresentationRequest.load(request["request"]), present_credentials,
                                       request.get("self_attested") or None, request["link_secret"],
                                       request["schemas"], request["cred_defs"])
    return {"presentation": presentation.to_dict()}


def timing_case(path, step):
    """anoncreds-rs over the fixture at path, prepared up to step ("request", "process", "present" or
    "verify") and returned as the callable that does that step: the holder's request, processing the
    issued credential, presenting 2 revealed, 1 unrevealed, 1 predicate, verifying that. Also used by
    Benchmarks/peer_bench.py."""
    from anoncreds import (Credential, CredentialDefinition, CredentialDefinitionPrivate, CredentialOffer,
                           CredentialRequest, KeyCorrectnessProof, Presentation, PresentationRequest,
                           PresentCredentials, create_link_secret, generate_nonce)

    with open(path) as file:
        fx = json.load(file)
    cred_def = CredentialDefinition.load(fx["cred_def"])
    schemas, cred_defs = {fx["schema_id"]: fx["schema"]}, {fx["cred_def_id"]: cred_def}
    link_secret = create_link_secret()
    offer = CredentialOffer.create(fx["schema_id"], fx["cred_def_id"], KeyCorrectnessProof.load(fx["key_correctness_proof"]))

    def request():
        return CredentialRequest.create("entropy", None, cred_def, link_secret, "default", offer)

    if step == "request":
        return request
    cred_request, metadata = request()
    issued = Credential.create(cred_def, CredentialDefinitionPrivate.load(fx["cred_def_private"]), offer, cred_request,
                               fx["values"]).to_json()

    def process():
        return Credential.load(issued).process(metadata, link_secret, cred_def, None)

    if step == "process":
        return process
    processed = process()
    pres_request = PresentationRequest.load({"nonce": generate_nonce(), "name": "timing", "version": "1.0",
                                             "requested_attributes": {"a": {"name": "name"}, "b": {"name": "Degree Name"},
                                                                      "c": {"name": "age"}},
                                             "requested_predicates": {"d": {"name": "age", "p_type": ">=",
                                                                            "p_value": 18}}})

    def present():
        chosen = PresentCredentials()
        chosen.add_attributes(processed, "a", "b", reveal=True)
        chosen.add_attributes(processed, "c", reveal=False)
        chosen.add_predicates(processed, "d")
        return Presentation.create(pres_request, chosen, None, link_secret, schemas, cred_defs)

    if step == "present":
        return present
    presentation = present()

    def verify():
        if not presentation.verify(pres_request, schemas, cred_defs):
            raise SystemExit("anoncreds-rs did not verify its own presentation")

    return verify


def timings(request):
    import os
    import time

    path = os.path.join(os.path.dirname(__file__), "..", "AnonCredsTests", "Fixtures", "anoncreds-rs-issuance.json")
    rounds = request.get("rounds", 10)
    result = {}
    for step in ("request", "process", "present", "verify"):
        work = timing_case(path, step)
        work()
        start = time.perf_counter()
        for _ in range(rounds):
            work()
        result[step] = (time.perf_counter() - start) / rounds * 1000
    return result


def fixture(request):
    ids = {"issuer_id": "did:example:vellum-issuer", "schema_id": "did:example:vellum-issuer/schema/1",
           "cred_def_id": "did:example:vellum-issuer/cred-def/1"}
    setup = issuer_setup({**ids, "attributes": ["name", "age", "Degree Name"]})
    holder = holder_request({"cred_def": setup["cred_def"], "offer": setup["offer"], "entropy": "vellum-fixture"})
    values = {"name": "Alice Example", "age": "28", "Degree Name": "Bachelor of Science"}
    issued = issue({"cred_def": setup["cred_def"], "cred_def_private": setup["cred_def_private"],
                    "offer": setup["offer"], "request": holder["request"], "values": values})["credential"]
    processed = holder_process({"cred_def": setup["cred_def"], "credential": issued, "metadata": holder["metadata"],
                                "link_secret": holder["link_secret"]})["credential"]
    return {**ids, **setup, **holder, "values": values, "issued": issued, "processed": processed}


def to_w3c(request):
    from anoncreds import Credential
    return {"w3c": Credential.load(request["credential"]).to_w3c(request["issuer_id"], request.get("version")).to_dict()}


def from_w3c(request):
    from anoncreds import Credential, W3cCredential
    return {"credential": Credential.from_w3c(W3cCredential.load(request["w3c"])).to_dict()}


def w3c_issue(request):
    from anoncreds import CredentialDefinitionPrivate, W3cCredential
    credential = W3cCredential.create(request["cred_def"], CredentialDefinitionPrivate.load(request["cred_def_private"]),
                                      request["offer"], request["request"], request["values"], None, request.get("version"))
    return {"credential": credential.to_dict()}


def w3c_process(request):
    from anoncreds import W3cCredential
    credential = W3cCredential.load(request["credential"])
    return {"credential": credential.process(request["metadata"], request["link_secret"], request["cred_def"]).to_dict()}


def w3c_present(request):
    from anoncreds import PresentationRequest, PresentCredentials, W3cCredential, W3cPresentation
    credential = W3cCredential.load(request["credential"])
    chosen = PresentCredentials()
    for referent in request.get("revealed", []):
        chosen.add_attributes(credential, referent, reveal=True)
    for referent in request.get("unrevealed", []):
        chosen.add_attributes(credential, referent, reveal=False)
    for referent in request.get("predicates", []):
        chosen.add_predicates(credential, referent)
    presentation = W3cPresentation.create(PresentationRequest.load(request["request"]), chosen, request["link_secret"],
                                          request["schemas"], request["cred_defs"], request.get("version"))
    return {"presentation": presentation.to_dict()}


def w3c_verify(request):
    from anoncreds import PresentationRequest, W3cPresentation
    presentation = W3cPresentation.load(request["presentation"])
    return {"valid": bool(presentation.verify(PresentationRequest.load(request["request"]), request["schemas"],
                                              request["cred_defs"]))}


OPS = {"powm": powm, "issuer-setup": issuer_setup, "issue": issue, "holder-request": holder_request,
       "holder-process": holder_process, "fixture": fixture, "revocable-fixture": revocable_fixture,
       "verify-presentation": verify_presentation, "present": present,
       "timings": timings, "to-w3c": to_w3c, "from-w3c": from_w3c, "w3c-issue": w3c_issue, "w3c-process": w3c_process,
       "w3c-present": w3c_present, "w3c-verify": w3c_verify}

if __name__ == "__main__":
    req = json.load(sys.stdin)
    try:
        result = OPS[req["op"]](req)
    except Exception as error:  # the library's refusal is the answer a test checks
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
    json.dump(result, sys.stdout)
