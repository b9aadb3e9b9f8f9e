"""DIDComm v1 plaintext messages: @type with either prefix (RFC 0003 / 0348), threads
(RFC 0008), attachments (RFC 0017), problem reports (RFC 0035)."""
import json
import uuid

from .crypto import b64decode, b64url

NEW_PREFIX = "https://didcomm.org/"
LEGACY_PREFIX = "did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/"
MAX_MESSAGE = 1 << 20


def new_id():
    return str(uuid.uuid4())


def prefix(legacy):
    return LEGACY_PREFIX if legacy else NEW_PREFIX


def parse_type(text):
    """(protocol, version, name) of an @type written with either prefix; None for any other."""
    for known in (NEW_PREFIX, LEGACY_PREFIX):
        if isinstance(text, str) and text.startswith(known):
            parts = text[len(known):].split("/")
            if len(parts) == 3:
                return tuple(parts)
    return None


def message(legacy, type_path, body=None, thid=None, pthid=None, message_id=None):
    """A message of type <prefix><type_path> ("issue-credential/2.0/offer-credential")."""
    result = {"@type": prefix(legacy) + type_path, "@id": message_id or new_id()}
    result.update(body or {})
    if thid or pthid:
        result["~thread"] = {key: value for key, value in (("thid", thid), ("pthid", pthid)) if value}
    return result


def thread_id(received):
    return (received.get("~thread") or {}).get("thid") or received["@id"]


def attach(attach_id, content):
    """An attachment of JSON content, base64-encoded as agents carry AnonCreds objects."""
    return {"@id": attach_id, "mime-type": "application/json", "data": {"base64": b64url(json.dumps(content).encode())}}


def attached_json(attachment):
    data = attachment["data"]
    if "json" in data:
        return data["json"]
    return json.loads(b64decode(data["base64"]))


def format_attachments(received, member):
    """The attachments of member with the format each is named with in "formats" (v2), or
    None as the format (v1)."""
    formats = {entry["attach_id"]: entry["format"] for entry in received.get("formats", [])}
    return [(formats.get(attachment.get("@id")), attached_json(attachment)) for attachment in received.get(member, [])]


def problem_report(legacy, type_path, code, explanation, thid):
    """RFC 0035's report on the thread (type_path: the protocol's problem report type)."""
    return message(legacy, type_path, {"description": {"en": explanation, "code": code}}, thid=thid)


def is_problem_report(parsed):
    return parsed is not None and parsed[2] in ("problem-report", "problem_report")
