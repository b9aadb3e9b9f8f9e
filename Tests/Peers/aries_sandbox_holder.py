"""The Python Aries holder (aries_peer.holder, on anoncreds-rs + PyNaCl) against another agent's
invitations, one holder for all of them (so a proof can use a credential an earlier invitation
issued): accepts each invitation (DID exchange or connectionless), answers every offer and
proof request that follows, polling with trust pings until nothing is queued.

stdin: {"invitations": [{"url": "...?oob=...", "misbehave": null | "tampered-attribute" |
        "replayed-presentation" | "unknown-cred-def"}]}
stdout: {"results": [[event, ...] per invitation]}, each event
        {"message": "offer-credential", "outcome": "credential", "name": raw name} or
        {"message": "offer-credential", "outcome": "refused", "error": text} or
        {"message": "request-presentation", "answer": "ack" | "problem-report" | ...}
exits 1 with the error on stderr."""
import json
import sys

from aries_peer.holder import Holder, HolderError
from aries_peer.messages import parse_type


def tampered_attribute(presentation):
    presentation["requested_proof"]["revealed_attrs"]["name"]["raw"] = "Mallory Example"
    return presentation


def unknown_cred_def(request):
    request["cred_def_id"] = request["cred_def_id"].rsplit(":", 1)[0] + ":other"
    return request


def run(holder, url, misbehave, previous):
    events = []
    message, service = holder.accept(url)
    while message is not None:
        name = parse_type(message["@type"])[2]
        if name == "offer-credential":
            try:
                alter = unknown_cred_def if misbehave == "unknown-cred-def" else None
                events.append({"message": name, "outcome": "credential", "name": holder.take_credential(message, service, alter_request=alter)})
            except HolderError as error:
                events.append({"message": name, "outcome": "refused", "error": str(error)})
                break
        elif name == "request-presentation":
            alter = {"tampered-attribute": tampered_attribute,
                     "replayed-presentation": lambda presentation: previous.get("presentation", presentation)}.get(misbehave)
            events.append({"message": name, "answer": holder.present(message, service, alter=alter)})
            previous.setdefault("presentation", holder.last_presentation)
        else:
            events.append({"message": name, "answer": message.get("description")})
            break
        polled = holder.poll(service)
        message = polled[0] if polled else None
    return events


def main():
    plan = json.load(sys.stdin)
    holder = Holder()
    previous = {}
    results = [run(holder, entry["url"], entry.get("misbehave"), previous) for entry in plan["invitations"]]
    print(json.dumps({"results": results}))


if __name__ == "__main__":
    try:
        main()
    except Exception:  # the Swift test shows why
        import traceback
        traceback.print_exc()
        sys.exit(1)
