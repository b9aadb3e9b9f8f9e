"""A holder in Python on anoncreds-rs + PyNaCl, to prove the agent correct without Vellum: it
accepts an out-of-band invitation (DID exchange or connectionless), takes credentials through
issue-credential 1.0/2.0 and answers present-proof 1.0/2.0, over HTTP with return route "all"."""
import json
import urllib.parse
import urllib.request

from anoncreds import (Credential, CredentialRequest, Presentation, PresentationRequest, PresentCredentials,
                       create_link_secret, encode_credential_attributes)

from . import connections
from .crypto import Key, b64decode, pack, sign_attachment, unpack, verify_attachment, verkey_from_reference
from .messages import format_attachments, message, parse_type, thread_id
from .protocols import FORMATS


QUEUE = "didcomm:transport/queue"  # "no endpoint: answer on my connection"


class HolderError(Exception):
    pass


def http(method, url, body=None, content_type="application/didcomm-envelope-enc"):
    request = urllib.request.Request(url, data=body, method=method, headers={"Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


class Holder:
    def __init__(self):
        self.key = Key()
        self.link_secret = create_link_secret()
        self.credentials = []  # (processed credential, schema id, schema, cred def id, cred def)

    def send(self, outbound, service):
        """Packs outbound (authcrypt, return route all) for service; the answer, opened, or None."""
        outbound = dict(outbound, **{"~transport": {"return_route": "all"}})
        recipients = [verkey_from_reference(key) for key in service["recipientKeys"]]
        status, body = http("POST", service["serviceEndpoint"], pack(json.dumps(outbound).encode(), recipients, self.key))
        if status == 202 or not body:
            return None
        content, _, sender = unpack(body, {self.key.b58: self.key})
        return json.loads(content), sender

    def poll(self, service):
        return self.send(message(False, "trust_ping/1.0/ping", {"response_requested": False}), service)

    def accept(self, url):
        """Reads the invitation at url (?oob= or ?c_i=), makes the connection or answers
        connectionless; (first protocol message, the service to answer to)."""
        query = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)
        invitation = json.loads(b64decode((query.get("oob") or query["c_i"])[0]))
        self.decorator = invitation["~ledger"]
        if "c_i" in query:
            service = {"recipientKeys": invitation["recipientKeys"], "serviceEndpoint": invitation["serviceEndpoint"]}
            request = message(False, "connections/1.0/request", {"label": "Python holder", "connection": {
                "DID": self.key.did, "DIDDoc": connections.did_doc(self.key, QUEUE)}})
            response, _ = self.send(request, service) or self.poll(service)
            theirs = connections.verify_field(response["connection~sig"], invitation["recipientKeys"][0])
            return self.first_after_handshake(theirs["DIDDoc"]["service"][0])
        service = invitation["services"][0]
        if "requests~attach" in invitation:
            first = invitation["requests~attach"][0]["data"]["json"]
            return first, first["~service"]
        document = json.dumps(connections.did_doc(self.key, QUEUE)).encode()
        request = message(False, "didexchange/1.0/request", {
            "label": "Python holder", "did": self.key.did,
            "did_doc~attach": {"@id": "doc", "mime-type": "application/json", "data": sign_attachment(document, self.key)}},
            pthid=invitation["@id"])
        request["~thread"]["thid"] = request["@id"]
        answer = self.send(request, service) or self.poll(service)
        response, _ = answer
        content, signer = verify_attachment(response["did_doc~attach"]["data"])
        if verkey_from_reference(signer) != verkey_from_reference(service["recipientKeys"][0]):
            raise HolderError("the DIDDoc is not signed by the invitation key")
        their_service = json.loads(content)["service"][0]
        self.send(message(False, "didexchange/1.0/complete", thid=request["@id"], pthid=invitation["@id"]), their_service)
        return self.first_after_handshake(their_service)

    def first_after_handshake(self, their_service):
        polled = self.poll(their_service)
        if polled is None:
            raise HolderError("nothing queued after the connection completed")
        return polled[0], their_service

    def resolve(self, kind, identifier):
        url = self.decorator[kind].replace("{id}", urllib.parse.quote(identifier, safe=""))
        return json.loads(http("GET", url)[1])

    def take_credential(self, offer, service, identity=None, alter_request=None):
        """Answers an offer (v1 or v2, either family), checks and processes the credential, acks
        it; the credential's name. identity ("entropy" or "prover_did") overrides the one the
        format wants, and alter_request changes the request's JSON, to see the agent refuse it.
        A refusal sends a problem report and raises."""
        protocol, version, _ = parse_type(offer["@type"])
        (family, anoncreds_offer), = format_attachments(offer, "offers~attach")
        anoncreds_format = family == FORMATS["anoncreds"]["offer"]
        cred_def = self.resolve("cred_def", anoncreds_offer["cred_def_id"])
        schema = self.resolve("schema", anoncreds_offer["schema_id"])
        identity = identity or ("entropy" if anoncreds_format else "prover_did")
        entropy, prover_did = (self.key.b58, None) if identity == "entropy" else (None, self.key.did)
        request, metadata = CredentialRequest.create(entropy, prover_did, cred_def, self.link_secret, "default", anoncreds_offer)
        request_json = request.to_dict() if alter_request is None else alter_request(request.to_dict())
        body = {"requests~attach": [{"@id": "0", "mime-type": "application/json",
                                     "data": {"json": request_json}}]}
        if version == "2.0":
            body["formats"] = [{"attach_id": "0", "format": FORMATS["anoncreds" if anoncreds_format else "indy"]["request"]}]
        answer = self.send(message(False, f"{protocol}/{version}/request-credential", body, thid=offer["@id"]), service)
        issued, _ = answer or self.poll(service)
        if parse_type(issued["@type"])[2] != "issue-credential":
            raise HolderError(f"the issuer answered {issued['@type']}: {issued.get('description')}")
        (_, credential), = format_attachments(issued, "credentials~attach")
        try:
            processed = self.check(credential, anoncreds_offer, metadata, cred_def)
        except Exception as error:
            self.send(message(False, f"{protocol}/{version}/problem-report", {"description": {
                "en": str(error), "code": "issuance-abandoned"}}, thid=thread_id(issued)), service)
            raise HolderError(f"credential refused: {error}") from error
        self.credentials.append((processed, anoncreds_offer["schema_id"], schema, anoncreds_offer["cred_def_id"], cred_def))
        self.send(message(False, f"{protocol}/{version}/ack", {"status": "OK"}, thid=thread_id(issued)), service)
        return processed.to_dict()["values"]["name"]["raw"]

    def check(self, credential, offer, metadata, cred_def):
        """The credential processed, if it names the offered definition and schema, each raw
        value encodes to its encoded one, and anoncreds-rs accepts its signature."""
        if (credential["cred_def_id"], credential["schema_id"]) != (offer["cred_def_id"], offer["schema_id"]):
            raise HolderError("the credential names another definition than the offer")
        raw = {name: value["raw"] for name, value in credential["values"].items()}
        encoded = encode_credential_attributes(raw)
        if any(encoded[name] != value["encoded"] for name, value in credential["values"].items()):
            raise HolderError("a raw value does not encode to its encoded value")
        return Credential.load(credential).process(metadata.to_dict(), self.link_secret, cred_def, None)

    def present(self, request_message, service, nonce=None, alter=None):
        """Proves from the first stored credential; the verifier's answer's message name.
        alter changes the presentation's JSON before it is sent (a forgery to see refused)."""
        protocol, version, _ = parse_type(request_message["@type"])
        (family, request), = format_attachments(request_message, "request_presentations~attach")
        if nonce is not None:  # a proof made for another request
            request = dict(request, nonce=nonce)
        credential, schema_id, schema, cred_def_id, cred_def = self.credentials[0]
        chosen = PresentCredentials()
        for referent in request["requested_attributes"]:
            chosen.add_attributes(credential, referent, reveal=True)
        for referent in request["requested_predicates"]:
            chosen.add_predicates(credential, referent)
        presentation = Presentation.create(PresentationRequest.load(request), chosen, None, self.link_secret,
                                           {schema_id: schema}, {cred_def_id: cred_def})
        presentation_json = presentation.to_dict() if alter is None else alter(presentation.to_dict())
        self.last_presentation = presentation_json
        body = {"presentations~attach": [{"@id": "0", "mime-type": "application/json", "data": {"json": presentation_json}}]}
        if version == "2.0":
            body["formats"] = [{"attach_id": "0", "format": "anoncreds/proof@v1.0" if family.startswith("anoncreds") else "hlindy/proof@v2.0"}]
        answer = self.send(message(False, f"{protocol}/{version}/presentation", body, thid=request_message["@id"]), service)
        reply, _ = answer or self.poll(service)
        return parse_type(reply["@type"])[2]
