"""Interop peer for AnonCreds' legacy Indy form: indy-credx (the library ACA-Py's Indy issuer and
verifier run on; 1.1.1, in ACA-Py's own virtualenv) plays the issuer and the verifier opposite
Vellum's holder.

stdin: one JSON object with "op":
  {"op":"setup","issuer_did":..,"attributes":[..]}
      -> {"schema","cred_def","cred_def_private","key_correctness_proof","offer"} in indy-credx's
         own JSON, and "schema_anoncreds"/"cred_def_anoncreds": the same objects as anoncreds-rs
         writes them (issuerId added, Indy's id/ver/seqNo left out), which is how ACA-Py hands
         them to an AnonCreds holder
  {"op":"issue","cred_def","cred_def_private","offer","request","values":{name: raw}} -> {"credential"}
  {"op":"verify","presentation","request","schemas":{id: indy schema},"cred_defs":{id: indy cred def}}
      -> {"valid": bool} (or exit 1 with the library's refusal)
  {"op":"holder-request","cred_def_id","cred_def" (anoncreds-rs form),"offer","prover_did"}
      -> {"request","metadata","link_secret"} (the definition rewritten to Indy's form first)
  {"op":"holder-process","cred_def_id","cred_def","credential","metadata","link_secret"} -> {"credential"}
  {"op":"holder-present","request","credential","link_secret","schemas":{id: anoncreds-rs form},
   "cred_defs":{id: anoncreds-rs form},"revealed":[referent],"predicates":[referent]} -> {"presentation"}
"""
import json
import sys


def setup(request):
    from indy_credx import CredentialDefinition, CredentialOffer, Schema

    issuer = request["issuer_did"]
    schema = Schema.create(issuer, request.get("name", "vellum-degree"), request.get("version", "1.0"), request["attributes"])
    cred_def, private, proof = CredentialDefinition.create(issuer, schema, "CL", request.get("tag", "default"))
    offer = CredentialOffer.create(schema.id, cred_def, proof)
    schema_json, cred_def_json = json.loads(schema.to_json()), json.loads(cred_def.to_json())
    schema_anoncreds = {"name": schema_json["name"], "version": schema_json["version"],
                        "attrNames": schema_json["attrNames"], "issuerId": issuer}
    cred_def_anoncreds = {"schemaId": cred_def_json["schemaId"], "type": cred_def_json["type"], "tag": cred_def_json["tag"],
                          "value": cred_def_json["value"], "issuerId": issuer}
    return {"schema": schema_json, "cred_def": cred_def_json, "cred_def_private": json.loads(private.to_json()),
            "key_correctness_proof": json.loads(proof.to_json()), "offer": json.loads(offer.to_json()),
            "schema_anoncreds": schema_anoncreds, "cred_def_anoncreds": cred_def_anoncreds}


def issue(request):
    from indy_credx import Credential, CredentialDefinition, CredentialDefinitionPrivate, CredentialOffer, CredentialRequest

    credential, _, _ = Credential.create(
        CredentialDefinition.load(request["cred_def"]), CredentialDefinitionPrivate.load(request["cred_def_private"]),
        CredentialOffer.load(request["offer"]), CredentialRequest.load(request["request"]), request["values"])
    return {"credential": json.loads(credential.to_json())}


def verify(request):
    from indy_credx import CredentialDefinition, Presentation, PresentationRequest, Schema

    presentation = Presentation.load(request["presentation"])
    valid = presentation.verify(
        PresentationRequest.load(request["request"]),
        [Schema.load(value) for value in request["schemas"].values()],
        [CredentialDefinition.load(value) for value in request["cred_defs"].values()])
    return {"valid": bool(valid)}


def indy_cred_def(cred_def_id, cred_def):
    """An anoncreds-rs credential definition in Indy's form (id and ver, no issuerId)."""
    return {"ver": "1.0", "id": cred_def_id, "schemaId": cred_def["schemaId"], "type": cred_def["type"],
            "tag": cred_def["tag"], "value": cred_def["value"]}


def indy_schema(schema_id, schema):
    """An anoncreds-rs schema in Indy's form."""
    return {"ver": "1.0", "id": schema_id, "name": schema["name"], "version": schema["version"],
            "attrNames": schema["attrNames"], "seqNo": None}


def holder_request(request):
    from indy_credx import CredentialRequest, LinkSecret

    link_secret = LinkSecret.create()
    credential_request, metadata = CredentialRequest.create(
        request["prover_did"], indy_cred_def(request["cred_def_id"], request["cred_def"]), link_secret, "default", request["offer"])
    return {"request": json.loads(credential_request.to_json()), "metadata": json.loads(metadata.to_json()),
            "link_secret": json.loads(link_secret.to_json())}


def holder_process(request):
    from indy_credx import Credential

    credential = Credential.load(request["credential"]).process(
        request["metadata"], json.dumps(request["link_secret"]), indy_cred_def(request["cred_def_id"], request["cred_def"]))
    return {"credential": json.loads(credential.to_json())}


def holder_present(request):
    from indy_credx import Credential, PresentCredentials, Presentation

    credential = Credential.load(request["credential"])
    present = PresentCredentials()
    if request.get("revealed"):
        present.add_attributes(credential, *request["revealed"], reveal=True)
    if request.get("predicates"):
        present.add_predicates(credential, *request["predicates"])
    presentation = Presentation.create(
        request["request"], present, {}, json.dumps(request["link_secret"]),
        [indy_schema(id, value) for id, value in request["schemas"].items()],
        [indy_cred_def(id, value) for id, value in request["cred_defs"].items()])
    return {"presentation": json.loads(presentation.to_json())}


OPS = {"setup": setup, "issue": issue, "verify": verify, "holder-request": holder_request,
       "holder-process": holder_process, "holder-present": holder_present}

if __name__ == "__main__":
    req = json.load(sys.stdin)
    try:
        result = OPS[req["op"]](req)
    except Exception as error:  # the library's refusal, for the test to read
        sys.stderr.write(f"{type(error).__name__}: {error}\n")
        sys.exit(1)
    json.dump(result, sys.stdout)
