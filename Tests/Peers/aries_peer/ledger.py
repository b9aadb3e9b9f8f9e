"""The issuer's AnonCreds material on anoncreds-rs, under Indy-style identifiers (there is no
ledger here: schemas and definitions are served over HTTP by the `~ledger` convention).

The keys are the committed anoncreds-rs fixtures' (Tests/AnonCredsTests/Fixtures): making a
CL key takes anoncreds-rs seconds to minutes on a shared machine, and any valid key serves. The
second (the revocable fixture's primary key) is the "other" definition a misbehaving issuer
names; both are relabelled here."""
import json
import os
import urllib.parse

from anoncreds import (Credential, CredentialDefinitionPrivate, CredentialOffer, KeyCorrectnessProof,
                       Presentation, PresentationRequest, generate_nonce)

from .crypto import b58encode

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "AnonCredsTests", "Fixtures")
ATTRIBUTES = ["name", "age", "Degree Name"]
DEFAULT_VALUES = {"name": "Alice Example", "age": "28", "Degree Name": "Bachelor of Science"}


class RequestRefused(Exception):
    """A request the issuer will not answer: (code, explanation)."""


class Ledger:
    def __init__(self, issuer_verkey):
        self.issuer_did = b58encode(issuer_verkey[:16])
        self.schema_id = f"{self.issuer_did}:2:vellum-degree:1.0"
        self.schema = {"issuerId": self.issuer_did, "name": "vellum-degree", "version": "1.0", "attrNames": ATTRIBUTES}
        self.cred_def_id = f"{self.issuer_did}:3:CL:20:default"
        self.other_cred_def_id = f"{self.issuer_did}:3:CL:20:other"
        self.definitions = {}
        for cred_def_id, fixture in ((self.cred_def_id, "anoncreds-rs-issuance.json"), (self.other_cred_def_id, "anoncreds-rs-revocable.json")):
            with open(os.path.join(FIXTURES, fixture)) as file:
                loaded = json.load(file)
            public = {"issuerId": self.issuer_did, "schemaId": self.schema_id, "type": "CL",
                      "tag": cred_def_id.rsplit(":", 1)[1], "value": {"primary": loaded["cred_def"]["value"]["primary"]}}
            private = {"value": {"p_key": loaded["cred_def_private"]["value"]["p_key"], "r_key": None}}
            self.definitions[cred_def_id] = (public, private, loaded["key_correctness_proof"])

    def decorator(self, base_url):
        return {"schema": f"{base_url}/ledger/schema/{{id}}", "cred_def": f"{base_url}/ledger/cred_def/{{id}}"}

    def lookup(self, kind, encoded_id):
        """The schema or definition named by a percent-encoded id (GET /ledger/KIND/ID), or None."""
        identifier = urllib.parse.unquote(encoded_id)
        if kind == "schema" and identifier == self.schema_id:
            return self.schema
        if kind == "cred_def" and identifier in self.definitions:
            return self.definitions[identifier][0]
        return None

    def offer(self, misbehave=None):
        public, private, proof = self.definitions[self.cred_def_id]
        offer = CredentialOffer.create(self.schema_id, self.cred_def_id, KeyCorrectnessProof.load(proof)).to_dict()
        if misbehave == "bad-key-proof":
            offer["key_correctness_proof"]["c"] = str(int(offer["key_correctness_proof"]["c"]) + 1)
        return offer

    def issue(self, offer, request, identity, values, misbehave=None):
        """A credential for request (refused unless it carries the identity the format wants:
        prover_did for v1 and hlindy, entropy for anoncreds), tampered as misbehave says."""
        if not isinstance(request, dict) or not request.get(identity):
            raise RequestRefused("invalid-request", f"the credential request must carry {identity}")
        public, private, _ = self.definitions[self.cred_def_id]
        try:
            credential = Credential.create(public, CredentialDefinitionPrivate.load(private), offer, request, values).to_dict()
        except Exception as error:  # anoncreds-rs refuses a malformed request
            raise RequestRefused("invalid-request", f"anoncreds-rs: {error}") from error
        if misbehave == "tampered-value":
            credential["values"]["name"]["raw"] = "Mallory Example"
        elif misbehave == "tampered-signature":
            signature = credential["signature"]["p_credential"]
            signature["a"] = str(int(signature["a"]) + 1)
        elif misbehave == "other-cred-def":
            credential["cred_def_id"] = self.other_cred_def_id
        return credential

    def proof_request(self, nonce=None):
        restriction = [{"cred_def_id": self.cred_def_id}]
        return {"name": "Proof of age", "version": "1.0", "nonce": nonce or generate_nonce(),
                "requested_attributes": {"name": {"name": "name", "restrictions": restriction}},
                "requested_predicates": {"age": {"name": "age", "p_type": ">=", "p_value": 18, "restrictions": restriction}}}

    def verify(self, presentation, request):
        """(verified, revealed name or error text)."""
        try:
            valid = Presentation.load(presentation).verify(
                PresentationRequest.load(request), {self.schema_id: self.schema},
                {self.cred_def_id: self.definitions[self.cred_def_id][0]})
        except Exception as error:  # anoncreds-rs' refusal of a malformed or forged proof
            return False, f"anoncreds-rs: {error}"
        if not valid:
            return False, "anoncreds-rs: the presentation does not verify against the request"
        return True, presentation.get("requested_proof", {}).get("revealed_attrs", {}).get("name", {}).get("raw")
