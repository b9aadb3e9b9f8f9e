"""The agent: invitations, DID exchange 1.0 as the inviter (RFC 0023), the connections and
exchanges it keeps, and one DIDComm message in, at most one out (RFC 0092's return route).

Every message for a holder is queued under the holder's verkey; an inbound POST that asks for
the return route is answered with the next one (200 with an envelope) or nothing (202)."""
import json
import threading

from . import protocols
from . import connections
from .crypto import EnvelopeError, Key, b58encode, b64url, flip_bit, pack, sign_attachment, unpack, verify_attachment
from .crypto import verkey_from_reference
from .ledger import Ledger
from .messages import MAX_MESSAGE, is_problem_report, message, new_id, parse_type, prefix, problem_report, thread_id

ENVELOPE = "application/didcomm-envelope-enc"
LEGACY_ENVELOPE = "application/ssi-agent-wire"


class Agent:
    def __init__(self):
        self.lock = threading.RLock()
        self.issuer_key = Key()
        self.ledger = Ledger(self.issuer_key.verkey)
        self.base_url = None
        self.keys = {}            # every key we may be written to, by base58 verkey
        self.invitations = {}     # invitation @id -> {"key", "exchange_id", "options"}
        self.connections = {}     # their verkey -> {"my_key", "their_did", "state", "invitation_id"}
        self.exchanges = {}       # exchange id (thread id) -> record
        self.queues = {}          # their verkey -> [(envelope, content type)]
        self.problem_reports = []  # every problem report received
        self.last_nonce = None

    # Invitations (RFC 0434).

    def create_invitation(self, options):
        with self.lock:
            key = Key()
            self.keys[key.b58] = key
            invitation_id = new_id()
            exchange = protocols.new_exchange(new_id(), invitation_id, options)
            self.exchanges[exchange["id"]] = exchange
            self.invitations[invitation_id] = {"key": key, "exchange_id": exchange["id"]}
            legacy = exchange["legacy_prefix"]
            invitation = message(legacy, "out-of-band/1.1/invitation", {
                "label": "Vellum interop agent",
                "services": [{"id": "#inline", "type": "did-communication", "recipientKeys": [key.did_key],
                              "routingKeys": [], "serviceEndpoint": self.endpoint}],
            }, message_id=invitation_id)
            if exchange["connectionless"]:
                first = self.first_message(exchange)
                first["~service"] = {"recipientKeys": [key.b58], "routingKeys": [], "serviceEndpoint": self.endpoint}
                invitation["requests~attach"] = [{"@id": "request-0", "mime-type": "application/json", "data": {"json": first}}]
                exchange["state"] = "offer-sent" if exchange["protocol"].startswith("issue") else "request-sent"
            elif exchange["handshake"] == "connections":  # RFC 0160's ?c_i= instead of out-of-band
                invitation = connections.invitation(legacy, invitation_id, key, self.endpoint, self.ledger.decorator(self.base_url))
            else:  # out-of-band, offering DID exchange or (as Credo may) Connections 1.0
                handshake = "connections/1.0" if exchange["handshake"] == "connections-oob" else "didexchange/1.0"
                invitation["handshake_protocols"] = [prefix(legacy) + handshake]
            invitation["~ledger"] = self.ledger.decorator(self.base_url)
            parameter = "c_i" if exchange["handshake"] == "connections" and not exchange["connectionless"] else "oob"
            url = f"{self.base_url}/?{parameter}={b64url(json.dumps(invitation).encode())}"
            result = {"invitation_url": url, "invitation": invitation, "invitation_id": invitation_id, "exchange_id": exchange["id"]}
            if exchange["connectionless"]:  # the older form: the message itself in ?d_m=
                result["message_url"] = f"{self.base_url}/?d_m={b64url(json.dumps(first).encode())}"
            return result

    @property
    def endpoint(self):
        return f"{self.base_url}/didcomm"

    def first_message(self, exchange):
        extra = {"ledger": self.ledger.decorator(self.base_url)}
        if exchange["protocol"].startswith("present"):
            if exchange["misbehave"] == "replay-nonce" and self.last_nonce:
                extra["nonce"] = self.last_nonce
            first = protocols.first_message(exchange, self.ledger, extra)
            self.last_nonce = exchange["proof_request"]["nonce"]
            return first
        return protocols.first_message(exchange, self.ledger, extra)

    # The handshakes, inviter side: DID exchange 1.0 and Connections 1.0.

    def did_exchange_request(self, received, recipient):
        """(their verkey, the response) for a request to one of our invitations' keys, or
        (None, a problem report)."""
        invitation_id = (received.get("~thread") or {}).get("pthid")
        invitation = self.invitations.get(invitation_id)
        legacy = self.exchanges[invitation["exchange_id"]]["legacy_prefix"] if invitation else False

        def refuse(explanation):
            return None, problem_report(legacy, "didexchange/1.0/problem_report", "request_not_accepted", explanation, received["@id"])

        if invitation is None or invitation["key"].b58 != recipient:
            return refuse("no invitation of ours is the request's pthid")
        try:
            content, signer = verify_attachment(received["did_doc~attach"]["data"])
            their_verkey = connections.first_service_verkey(json.loads(content))
        except (KeyError, IndexError, TypeError, ValueError) as error:
            return refuse(f"the request's DIDDoc is not signed or not readable: {error}")
        if signer != their_verkey:
            return refuse("the DIDDoc is not signed by its own key")
        my_key = self.new_connection(their_verkey, received.get("did"), invitation_id)
        attachment = {"@id": new_id(), "mime-type": "application/json",
                      "data": sign_attachment(json.dumps(connections.did_doc(my_key, self.endpoint)).encode(), invitation["key"])}
        response = message(legacy, "didexchange/1.0/response", {"did": my_key.did, "did_doc~attach": attachment},
                           thid=received["@id"], pthid=invitation_id)
        return their_verkey, response

    def new_connection(self, their_verkey, their_did, invitation_id):
        """Our key for a new connection, which waits for the invitee's complete (or, for
        Connections 1.0, any message) to become completed."""
        my_key = Key()
        self.keys[my_key.b58] = my_key
        self.connections[their_verkey] = {"my_key": my_key, "their_did": their_did, "state": "response-sent",
                                          "invitation_id": invitation_id, "their_verkey": their_verkey}
        return my_key

    def connections_request(self, received, recipient):
        """RFC 0160: the response, its connection~sig made by the invitation key."""
        invitation_id = next((id for id, entry in self.invitations.items() if entry["key"].b58 == recipient), None)
        if invitation_id is None:
            return
        invitation = self.invitations[invitation_id]
        exchange = self.exchanges[invitation["exchange_id"]]
        their_verkey = connections.first_service_verkey(received["connection"]["DIDDoc"])
        my_key = self.new_connection(their_verkey, received["connection"]["DID"], invitation_id)
        self.connections[their_verkey]["handshake"] = "connections"
        self.enqueue(their_verkey, connections.response(
            exchange["legacy_prefix"], received, invitation["key"], my_key, self.endpoint, exchange["misbehave"]))

    def connection_completed(self, connection):
        connection["state"] = "completed"
        exchange = self.exchanges[self.invitations[connection["invitation_id"]]["exchange_id"]]
        if exchange["state"] == "invitation-sent" and exchange["holder"] is None:
            exchange["holder"] = connection["their_verkey"]
            first = self.first_message(exchange)
            exchange["state"] = "offer-sent" if exchange["protocol"].startswith("issue") else "request-sent"
            self.enqueue(connection["their_verkey"], first, exchange)

    # Messages in and out.

    def enqueue(self, their_verkey, outbound, exchange=None, sender=None):
        if sender is None:
            sender = self.connections[their_verkey]["my_key"]
        envelope = pack(json.dumps(outbound).encode(), [verkey_from_reference(their_verkey)], sender)
        if exchange is not None and exchange["misbehave"] == "flip-bit" and not exchange.get("flipped"):
            exchange["flipped"] = True
            envelope = flip_bit(envelope)
        legacy = parse_type(outbound["@type"]) is not None and outbound["@type"].startswith("did:sov:")
        self.queues.setdefault(their_verkey, []).append((envelope, LEGACY_ENVELOPE if legacy else ENVELOPE))

    def receive(self, envelope):
        """One POSTed envelope: (status, body, content type)."""
        with self.lock:
            try:
                content, recipient, sender = unpack(envelope, self.keys)
                if len(content) > MAX_MESSAGE:
                    raise EnvelopeError("message too large")
                received = json.loads(content)
                parsed = parse_type(received.get("@type"))
                if parsed is None or not isinstance(received.get("@id"), str):
                    raise EnvelopeError("not a DIDComm v1 message")
            except (EnvelopeError, ValueError, AttributeError) as error:
                return 400, json.dumps({"error": str(error)}).encode(), "application/json"
            service = received.get("~service") or {}
            holder = sender or (service.get("recipientKeys") or [None])[0]
            try:
                holder = b58encode(verkey_from_reference(holder)) if holder is not None else None
            except (ValueError, TypeError) as error:
                return 400, json.dumps({"error": f"~service: {error}"}).encode(), "application/json"
            try:
                self.dispatch(received, parsed, recipient, holder)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
                # A message of a known type but the wrong shape: refused, never a dead handler.
                return 400, json.dumps({"error": f"{type(error).__name__}: {error}"}).encode(), "application/json"
            return_route = (received.get("~transport") or {}).get("return_route")
            queue = self.queues.get(holder, [])
            # The answer to complete is only ever 202: an invitee that made the connection
            # polls for what follows (Vellum's DIDExchangeInvitee drops that POST's answer).
            completing = parsed[0] == "didexchange" and parsed[2] == "complete"
            if return_route == "all" and queue and not completing:
                envelope, content_type = queue.pop(0)
                return 200, envelope, content_type
            return 202, b"", None

    def dispatch(self, received, parsed, recipient, holder):
        protocol, version, name = parsed
        if is_problem_report(parsed):
            report = {"thid": thread_id(received), "@type": received["@type"], "description": received.get("description"),
                      "from": holder}
            self.problem_reports.append(report)
            exchange = self.exchange_for(received, holder)
            if exchange is not None:
                exchange["problem_reports"].append(report)
                exchange["state"] = "abandoned"
            return
        if protocol == "didexchange" and name == "request":
            their_verkey, response = self.did_exchange_request(received, recipient)
            if their_verkey is None:
                self.queues.setdefault(holder, []).append(
                    (pack(json.dumps(response).encode(), [verkey_from_reference(holder)], self.keys[recipient]), ENVELOPE))
            else:
                self.enqueue(their_verkey, response, sender=self.invitations[received["~thread"]["pthid"]]["key"])
            return
        if protocol == "connections" and name == "request":
            self.connections_request(received, recipient)
            return
        connection = self.connections.get(holder)
        if connection is not None and connection.get("handshake") == "connections" and connection["state"] == "response-sent":
            self.connection_completed(connection)  # RFC 0160: the invitee's first message completes it
        if protocol == "didexchange" and name == "complete":
            if connection is not None and connection["state"] == "response-sent":
                self.connection_completed(connection)
            return
        if protocol == "trust_ping" and name == "ping":
            if received.get("response_requested", True) and connection is not None:
                self.enqueue(holder, message(False, "trust_ping/1.0/ping_response", thid=received["@id"]))
            return
        exchange = self.exchange_for(received, holder)
        if exchange is None:
            return
        handlers = {"request-credential": protocols.credential_request, "presentation": protocols.presentation}
        if name in handlers:
            answer = handlers[name](exchange, received, self.ledger)
        elif name == "ack" and protocol == "issue-credential":
            protocols.ack(exchange)
            return
        else:
            return
        sender = connection["my_key"] if connection else self.invitations[exchange["invitation_id"]]["key"]
        self.enqueue(holder, answer, exchange, sender=sender)

    def exchange_for(self, received, holder):
        """The exchange on the message's thread, if the holder is its party (a connectionless
        exchange is bound to the first holder that answers it)."""
        exchange = self.exchanges.get(thread_id(received))
        if exchange is None or holder is None:
            return None
        if exchange["holder"] is None and exchange["connectionless"]:
            exchange["holder"] = holder
        return exchange if exchange["holder"] == holder else None

    # Admin views.

    def exchange_views(self):
        with self.lock:
            hidden = ("offer", "proof_request", "flipped")
            return [{key: value for key, value in exchange.items() if key not in hidden} for exchange in self.exchanges.values()]

    def connection_views(self):
        with self.lock:
            return [{"their_verkey": key, "their_did": connection["their_did"], "my_did": connection["my_key"].did,
                     "state": connection["state"], "invitation_id": connection["invitation_id"]}
                    for key, connection in self.connections.items()]
