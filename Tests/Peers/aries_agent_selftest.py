"""The Aries agent (aries_peer) against a holder in Python on anoncreds-rs + PyNaCl, so the
agent is proven correct independently of Vellum's holder. Starts the agent in-process on
127.0.0.1, then: issue-credential 1.0 over DID exchange (legacy prefix), 2.0 with the hlindy
formats over Connections 1.0 (a ?c_i= invitation), 2.0 with the anoncreds formats connectionless, and present-proof
2.0 and 1.0 of `name` and `age >= 18`. Then the refusals, connectionless: the agent's of a v1
request with entropy and of an anoncreds-format request with prover_did, the holder's of each
tampered credential the agent can issue (and of a bad key correctness proof and a flipped bit
in an envelope), and the agent's of a proof made for another nonce;
and the status it answers malformed or forged envelopes with.
Prints {"exchanges", "names", "answers", "refusals", "refusal_exchanges", "malformed"} with the agent's
view of every exchange; exits 1 with the error on stderr."""
import json
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.client import HTTPConnection

from anoncreds import AnoncredsError

from aries_peer.agent import ENVELOPE, Agent
from aries_peer.crypto import EnvelopeError, Key, b64decode, flip_bit, pack, verkey_from_reference
from aries_peer.holder import Holder, HolderError, http
from aries_peer.server import serve


def main():
    agent = Agent()
    server = serve(agent)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def invite(**options):
        status, body = http("POST", f"{agent.base_url}/admin/invitations", json.dumps(options).encode(), "application/json")
        return json.loads(body)["invitation_url"]

    holder = Holder()
    names = []
    for options in ({"protocol": "issue-v1", "legacy_prefix": True}, {"protocol": "issue-v2", "format": "indy", "handshake": "connections"},
                    {"protocol": "issue-v2", "format": "anoncreds", "connectionless": True}):
        names.append(holder.take_credential(*holder.accept(invite(**options))))
    answers = [holder.present(*holder.accept(invite(protocol="present-v2", format="anoncreds"))),
               holder.present(*holder.accept(invite(protocol="present-v1", connectionless=True)))]
    exchanges = admin(agent, "exchanges")
    refusals = {}
    for name, options, identity in (("v1 entropy", {"protocol": "issue-v1"}, "entropy"),
                                    ("anoncreds prover_did", {"protocol": "issue-v2", "format": "anoncreds"}, "prover_did"),
                                    ("tampered-value", {"protocol": "issue-v2", "misbehave": "tampered-value"}, None),
                                    ("tampered-signature", {"protocol": "issue-v1", "misbehave": "tampered-signature"}, None),
                                    ("other-cred-def", {"protocol": "issue-v2", "format": "anoncreds", "misbehave": "other-cred-def"}, None),
                                    ("bad-key-proof", {"protocol": "issue-v2", "format": "anoncreds", "misbehave": "bad-key-proof"}, None),
                                    ("flip-bit", {"protocol": "issue-v1", "misbehave": "flip-bit", "connectionless": False}, None)):
        try:
            holder.take_credential(*holder.accept(invite(**{"connectionless": True, **options})), identity=identity)
            refusals[name] = "accepted"
        except (HolderError, EnvelopeError, AnoncredsError) as error:
            refusals[name] = f"{type(error).__name__}: {error}"
    refusals["other nonce"] = holder.present(*holder.accept(invite(protocol="present-v2", format="anoncreds")), nonce="1234567890")
    print(json.dumps({"exchanges": exchanges, "names": names, "answers": answers, "refusals": refusals,
                      "refusal_exchanges": admin(agent, "exchanges")[len(exchanges):],
                      "malformed": malformed(agent, invite(protocol="issue-v2"))}))


def malformed(agent, url):
    """The HTTP status the agent answers each malformed or forged POST with."""
    invitation = json.loads(b64decode(urllib.parse.parse_qs(urllib.parse.urlparse(url).query)["oob"][0]))
    agent_key = verkey_from_reference(invitation["services"][0]["recipientKeys"][0])
    ping = json.dumps({"@type": "https://didcomm.org/trust_ping/1.0/ping", "@id": "p"}).encode()
    bodies = {"not json": b"{", "not for us": pack(ping, [Key().verkey], Key()),
              "flipped bit": flip_bit(pack(ping, [agent_key], Key())),
              "not a message": pack(b"[1, 2]", [agent_key], Key()),
              "request without thread": pack(json.dumps({"@type": "https://didcomm.org/didexchange/1.0/request",
                                                         "@id": "r"}).encode(), [agent_key], Key()),
              }
    statuses = {}
    for name, body in [*bodies.items(), ("plain JSON", ping)]:
        try:
            statuses[name] = http("POST", agent.endpoint, body, "application/json" if name == "plain JSON" else ENVELOPE)[0]
        except urllib.error.HTTPError as error:
            statuses[name] = error.code
        except OSError as error:  # the server may close on a body it refuses to read
            statuses[name] = str(error)
    # A body announced larger than the limit is refused before it is read.
    connection = HTTPConnection("127.0.0.1", int(agent.base_url.rsplit(":", 1)[1]), timeout=10)
    connection.putrequest("POST", "/didcomm")
    connection.putheader("Content-Type", ENVELOPE)
    connection.putheader("Content-Length", str(2 << 20))
    connection.endheaders(b"{}")
    statuses["too large"] = connection.getresponse().status
    connection.close()
    return statuses


def admin(agent, view):
    with urllib.request.urlopen(f"{agent.base_url}/admin/{view}", timeout=10) as response:
        return json.loads(response.read())


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # the Swift test shows why
        import traceback
        traceback.print_exc()
        sys.exit(1)
