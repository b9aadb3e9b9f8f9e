"""An Aries issuer and verifier on anoncreds-rs + PyNaCl (the aries_peer package), for Vellum's
interop tests (issue #28): serves on 127.0.0.1:PORT (argv[1], 0 for any), prints
{"port": N, "endpoint": URL} once it listens, and serves until killed. The routes and the
admin API are in aries_peer/server.py."""
import json
import sys

from aries_peer.agent import Agent
from aries_peer.server import serve


def main():
    agent = Agent()
    server = serve(agent, int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(json.dumps({"port": server.server_address[1], "endpoint": agent.endpoint}), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
