"""HTTP on 127.0.0.1: DIDComm at /didcomm, the `~ledger` objects, and the admin API.

  POST /didcomm                 an envelope (application/didcomm-envelope-enc or ssi-agent-wire,
                                else 415) -> 200 with the next queued envelope (return route "all")
                                or 202; 400 for an envelope that does not open or a malformed message
  GET  /ledger/schema/{id}      the schema, id percent-encoded; 404 for any other
  GET  /ledger/cred_def/{id}    the credential definition
  POST /admin/invitations       {"protocol": "issue-v1"|"issue-v2"|"present-v1"|"present-v2",
                                 "format": "indy"|"anoncreds", "connectionless": bool,
                                 "legacy_prefix": bool, "misbehave": null|"bad-key-proof"|
                                 "tampered-value"|"tampered-signature"|"other-cred-def"|
                                 "replay-nonce"|"flip-bit", "values": {name: raw}? (over the
                                 defaults), "mime_types": {name: mime}? (the preview's mime-type:
                                 the value is a file, base64), "attachments": [{"filename",
                                 "mime-type", "base64"}]? (the offer's ~attach)}
                                -> {"invitation_url", "invitation", "invitation_id", "exchange_id",
                                    "message_url" (connectionless: the message in ?d_m=)}
  GET  /admin/exchanges         every exchange: state, problem reports, verification result
  GET  /admin/connections       every connection and its state
  GET  /admin/problem-reports   every problem report received"""
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_BODY = 1 << 20
ENVELOPE_TYPES = ("application/didcomm-envelope-enc", "application/ssi-agent-wire")


def serve(agent, port=0):
    """A started server (call serve_forever) for agent on 127.0.0.1:port."""
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def answer(self, status, body=b"", content_type=None):
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def answer_json(self, status, value):
            self.answer(status, json.dumps(value).encode(), "application/json")

        def body(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                raise ValueError("body too large")
            return self.rfile.read(length)

        def do_GET(self):
            parts = self.path.split("?")[0].split("/")
            if len(parts) == 4 and parts[1] == "ledger":
                found = agent.ledger.lookup(parts[2], parts[3])
                return self.answer_json(200, found) if found is not None else self.answer_json(404, {"error": "unknown id"})
            views = {"/admin/exchanges": agent.exchange_views, "/admin/connections": agent.connection_views,
                     "/admin/problem-reports": lambda: list(agent.problem_reports)}
            if self.path in views:
                return self.answer_json(200, views[self.path]())
            self.answer_json(404, {"error": "not found"})

        def do_POST(self):
            try:
                body = self.body()
            except ValueError as error:
                self.close_connection = True
                return self.answer_json(413, {"error": str(error)})
            if self.path == "/didcomm":
                content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
                if content_type not in ENVELOPE_TYPES:
                    return self.answer_json(415, {"error": f"an envelope is one of {ENVELOPE_TYPES}"})
                return self.answer(*agent.receive(body))
            if self.path == "/admin/invitations":
                try:
                    return self.answer_json(200, agent.create_invitation(json.loads(body or b"{}")))
                except (ValueError, AttributeError) as error:
                    return self.answer_json(400, {"error": str(error)})
            self.answer_json(404, {"error": "not found"})

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    agent.base_url = f"http://127.0.0.1:{server.server_address[1]}"
    return server
