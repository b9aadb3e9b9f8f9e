"""issue-credential 1.0 (RFC 0036) and 2.0 (RFC 0453), present-proof 1.0 (RFC 0037) and 2.0
(RFC 0454), the issuer's and verifier's sides: each function makes the message to send or
judges the one received, for an exchange record (a dict the admin API shows)."""
from .ledger import DEFAULT_VALUES, RequestRefused
from .messages import attach, format_attachments, message, prefix, problem_report

# The attachment formats of each v2 family: offer, request, credential; proof request, proof.
FORMATS = {
    "indy": {"offer": "hlindy/cred-abstract@v2.0", "request": "hlindy/cred-req@v2.0", "credential": "hlindy/cred@v2.0",
             "proof-request": "hlindy/proof-req@v2.0", "proof": "hlindy/proof@v2.0"},
    "anoncreds": {"offer": "anoncreds/credential-offer@v1.0", "request": "anoncreds/credential-request@v1.0",
                  "credential": "anoncreds/credential@v1.0", "proof-request": "anoncreds/proof-request@v1.0",
                  "proof": "anoncreds/proof@v1.0"},
}
PROTOCOLS = {"issue-v1": "issue-credential/1.0", "issue-v2": "issue-credential/2.0",
             "present-v1": "present-proof/1.0", "present-v2": "present-proof/2.0"}


def protocol_path(exchange):
    return PROTOCOLS[exchange["protocol"]]


def attachment(exchange, kind, member_id_v1, content):
    """(formats, attachments) for one attachment: v1 names no format, v2 names its family's."""
    if exchange["protocol"].endswith("v1"):
        return None, [attach(member_id_v1, content)]
    return [{"attach_id": "0", "format": FORMATS[exchange["format"]][kind]}], [attach("0", content)]


def preview_attribute(exchange, name, value):
    """A credential_preview attribute; RFC 0036's mime-type where the invitation gave one (the
    value is then the file, base64)."""
    attribute = {"name": name, "value": value}
    if name in exchange["mime_types"]:
        attribute["mime-type"] = exchange["mime_types"][name]
    return attribute


def first_message(exchange, ledger, extra):
    """The offer or the proof request that opens the exchange (its @id is the exchange's id)."""
    legacy, path = exchange["legacy_prefix"], protocol_path(exchange)
    if exchange["protocol"].startswith("issue"):
        offer = ledger.offer(exchange["misbehave"])
        exchange["offer"] = offer
        formats, attachments = attachment(exchange, "offer", "libindy-cred-offer-0", offer)
        body = {"comment": "Vellum interop degree",
                "credential_preview": {"@type": f"{prefix(legacy)}{path}/credential-preview",
                                       "attributes": [preview_attribute(exchange, name, value) for name, value in exchange["values"].items()]},
                "offers~attach": attachments}
        if exchange["attachments"]:  # RFC 0017's ~attach: files beside the credential, not signed
            body["~attach"] = [{"@id": f"attachment-{index}", "mime-type": item["mime-type"], "filename": item["filename"],
                                "data": {"base64": item["base64"]}} for index, item in enumerate(exchange["attachments"])]
        type_path = f"{path}/offer-credential"
    else:
        request = ledger.proof_request(extra.get("nonce"))
        exchange["proof_request"] = request
        formats, attachments = attachment(exchange, "proof-request", "libindy-request-presentation-0", request)
        body = {"comment": "Proof of age", "request_presentations~attach": attachments}
        type_path = f"{path}/request-presentation"
    if formats:
        body["formats"] = formats
    body["~ledger"] = extra["ledger"]
    return message(legacy, type_path, body, message_id=exchange["id"])


def refusal(exchange, code, explanation):
    exchange["state"] = "abandoned"
    exchange["refusal"] = explanation
    return problem_report(exchange["legacy_prefix"], f"{protocol_path(exchange)}/problem-report", code, explanation, exchange["id"])


def credential_request(exchange, received, ledger):
    """The credential answering a request-credential, or a problem report."""
    if exchange["state"] != "offer-sent":
        return refusal(exchange, "request-not-accepted", f"no request expected in state {exchange['state']}")
    member = "requests~attach"
    found = format_attachments(received, member)
    v1 = exchange["protocol"] == "issue-v1"
    expected_format = None if v1 else FORMATS[exchange["format"]]["request"]
    if len(found) != 1 or (not v1 and found[0][0] != expected_format):
        return refusal(exchange, "invalid-request", f"expected one {expected_format or 'libindy'} credential request")
    identity = "entropy" if exchange["format"] == "anoncreds" and not v1 else "prover_did"
    try:
        credential = ledger.issue(exchange["offer"], found[0][1], identity, exchange["values"], exchange["misbehave"])
    except RequestRefused as refused:
        return refusal(exchange, refused.args[0], refused.args[1])
    formats, attachments = attachment(exchange, "credential", "libindy-cred-0", credential)
    body = {"credentials~attach": attachments, "~please_ack": {"on": ["RECEIPT"]}}
    if formats:
        body["formats"] = formats
    exchange["state"] = "credential-issued"
    return message(exchange["legacy_prefix"], f"{protocol_path(exchange)}/issue-credential", body, thid=exchange["id"])


def presentation(exchange, received, ledger):
    """The ack for a presentation that verifies, else a problem report; the result is recorded."""
    if exchange["state"] != "request-sent":
        return refusal(exchange, "presentation-not-accepted", f"no presentation expected in state {exchange['state']}")
    found = format_attachments(received, "presentations~attach")
    v1 = exchange["protocol"] == "present-v1"
    expected_format = None if v1 else FORMATS[exchange["format"]]["proof"]
    if len(found) != 1 or (not v1 and found[0][0] != expected_format):
        return refusal(exchange, "invalid-presentation", f"expected one {expected_format or 'libindy'} proof")
    verified, detail = ledger.verify(found[0][1], exchange["proof_request"])
    exchange["verified"] = verified
    if not verified:
        return refusal(exchange, "verification-failed", str(detail))
    exchange["revealed_name"] = detail
    exchange["state"] = "verified"
    return message(exchange["legacy_prefix"], f"{protocol_path(exchange)}/ack", {"status": "OK"}, thid=exchange["id"])


def ack(exchange):
    """The holder's ack of the credential ends the issuance."""
    if exchange["state"] == "credential-issued":
        exchange["state"] = "done"


def new_exchange(exchange_id, invitation_id, options):
    protocol = options.get("protocol", "issue-v2")
    if protocol not in PROTOCOLS:
        raise ValueError(f"protocol must be one of {sorted(PROTOCOLS)}")
    family = options.get("format") or "indy"
    family = "indy" if family == "hlindy" else family
    if family not in FORMATS:
        raise ValueError("format must be indy (hlindy) or anoncreds")
    handshake = options.get("handshake") or "didexchange"
    if handshake not in ("didexchange", "connections", "connections-oob"):
        raise ValueError("handshake must be didexchange, connections or connections-oob")
    misbehave = options.get("misbehave")
    if misbehave not in (None, "bad-key-proof", "tampered-value", "tampered-signature", "other-cred-def", "replay-nonce", "flip-bit",
                         "conn-other-signer", "conn-tampered-sig-data", "conn-other-thread"):
        raise ValueError(f"unknown misbehave {misbehave}")
    return {"id": exchange_id, "invitation_id": invitation_id, "protocol": protocol,
            "format": "indy" if protocol.endswith("v1") else family,
            "connectionless": bool(options.get("connectionless")), "handshake": handshake, "misbehave": misbehave,
            "legacy_prefix": bool(options.get("legacy_prefix")), "values": {**DEFAULT_VALUES, **(options.get("values") or {})},
            "mime_types": dict(options.get("mime_types") or {}), "attachments": list(options.get("attachments") or []),
            "state": "invitation-sent", "problem_reports": [], "verified": None, "holder": None}
