"""The Aries agent (aries_peer) against a holder in Python on anoncreds-rs + PyNaCl, so the
agent is proven correct independently of Vellum's holder. Starts the agent in-process on
127.0.0.1, then: issue-credential 1.0 over DID exchange (legacy prefix), 2.0 with the hlindy
formats over DID exchange, 2.0 with the anoncreds formats connectionless, and present-proof
2.0 and 1.0 of `name` and `age >= 18`. Then the refusals, connectionless: the agent's of a v1
request with entropy and of an anoncreds-format request with prover_did, the holder's of each
tampered credential the agent can issue, and the agent's of a proof made for another nonce.
Prints {"exchanges", "names", "answers", "refusals", "refusal_exchanges"} with the agent's
view of every exchange; exits 1 with the error on stderr."""
import json
import sys
import threading
import urllib.request

from aries_peer.agent import Agent
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
    for options in ({"protocol": "issue-v1", "legacy_prefix": True}, {"protocol": "issue-v2", "format": "indy"},
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
                                    ("other-cred-def", {"protocol": "issue-v2", "format": "anoncreds", "misbehave": "other-cred-def"}, None)):
        try:
            holder.take_credential(*holder.accept(invite(connectionless=True, **options)), identity=identity)
            refusals[name] = "accepted"
        except HolderError as error:
            refusals[name] = str(error)
    refusals["other nonce"] = holder.present(*holder.accept(invite(protocol="present-v2", format="anoncreds")), nonce="1234567890")
    print(json.dumps({"exchanges": exchanges, "names": names, "answers": answers, "refusals": refusals,
                      "refusal_exchanges": admin(agent, "exchanges")[len(exchanges):]}))


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
