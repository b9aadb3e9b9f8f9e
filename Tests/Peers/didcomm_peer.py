"""DIDComm v1 envelopes (Aries RFC 0019) with ACA-Py 1.7's own Askar code, for Vellum's interop tests.

Run with ACA-Py's Python 3.13 virtualenv (it has acapy_agent and aries_askar).

  pack   --to VK[,VK...] [--from-seed HEX]   stdin: message bytes   stdout: envelope JSON
  unpack --seed HEX [--seed HEX ...]         stdin: envelope JSON   stdout: {"message", "recipient", "sender"}
  verkey --seed HEX                          stdout: the base58 verkey of an Ed25519 seed
  classes                                    stdin: JSON array of messages   stdout: JSON array, each
                                             deserialized by ACA-Py's own class for its @type and
                                             serialized again (a refusal exits 1)
  timings --seed HEX --from-seed HEX --rounds N   stdin: message   stdout: {"pack", "unpack"} mean ms,
                                             authcrypt for the one recipient

pack and unpack are acapy_agent.askar.didcomm.v1's pack_message / unpack_message (the code ACA-Py
runs for every message); unpack's keys live in an in-memory Askar store as in a real agent.
Failures exit 1 with the error on stderr.
"""
import argparse
import asyncio
import json
import sys
import time

from aries_askar import Key, KeyAlg, Store

from acapy_agent.askar.didcomm.v1 import pack_message, unpack_message
from acapy_agent.wallet.util import bytes_to_b58


def key_from_seed(seed_hex):
    return Key.from_secret_bytes(KeyAlg.ED25519, bytes.fromhex(seed_hex))


def verkey(key):
    return bytes_to_b58(key.get_public_bytes())


async def unpack(seeds, envelope):
    store = await Store.provision("sqlite://:memory:", "none", None, recreate=True)
    try:
        async with store.session() as session:
            for seed in seeds:
                key = key_from_seed(seed)
                await session.insert_key(verkey(key), key)
            message, recipient, sender = await unpack_message(session, envelope)
    finally:
        await store.close()
    if isinstance(message, bytes):
        message = message.decode("utf-8")
    return {"message": message, "recipient": recipient, "sender": sender}


async def timings(seed, from_seed, rounds, message):
    recipient, sender = key_from_seed(seed), key_from_seed(from_seed)
    to = [verkey(recipient)]
    store = await Store.provision("sqlite://:memory:", "none", None, recreate=True)
    try:
        async with store.session() as session:
            await session.insert_key(to[0], recipient)
            envelope = pack_message(to, sender, message)
            await unpack_message(session, envelope)
            start = time.perf_counter()
            for _ in range(rounds):
                envelope = pack_message(to, sender, message)
            pack = (time.perf_counter() - start) / rounds
            start = time.perf_counter()
            for _ in range(rounds):
                await unpack_message(session, envelope)
            unpack = (time.perf_counter() - start) / rounds
    finally:
        await store.close()
    return {"pack": pack * 1000, "unpack": unpack * 1000}


# ACA-Py's message class for each @type Vellum sends (DIDComm v1 holder side).
CLASSES = {
    "https://didcomm.org/didexchange/1.0/request": "acapy_agent.protocols.didexchange.v1_0.messages.request.DIDXRequest",
    "https://didcomm.org/didexchange/1.0/complete": "acapy_agent.protocols.didexchange.v1_0.messages.complete.DIDXComplete",
    "https://didcomm.org/didexchange/1.0/problem_report": "acapy_agent.protocols.didexchange.v1_0.messages.problem_report.DIDXProblemReport",
    "https://didcomm.org/trust_ping/1.0/ping": "acapy_agent.protocols.trustping.v1_0.messages.ping.Ping",
    "https://didcomm.org/notification/1.0/ack": "acapy_agent.protocols.notification.v1_0.messages.ack.V10Ack",
    "https://didcomm.org/report-problem/1.0/problem-report": "acapy_agent.protocols.problem_report.v1_0.message.ProblemReport",
    "https://didcomm.org/routing/1.0/forward": "acapy_agent.protocols.routing.v1_0.messages.forward.Forward",
    # issue-credential 2.0 and present-proof 2.0, holder side (ACA-Py 1.7 has no 1.0 classes).
    "https://didcomm.org/issue-credential/2.0/propose-credential": "acapy_agent.protocols.issue_credential.v2_0.messages.cred_proposal.V20CredProposal",
    "https://didcomm.org/present-proof/2.0/propose-presentation": "acapy_agent.protocols.present_proof.v2_0.messages.pres_proposal.V20PresProposal",
    "https://didcomm.org/issue-credential/2.0/request-credential": "acapy_agent.protocols.issue_credential.v2_0.messages.cred_request.V20CredRequest",
    "https://didcomm.org/issue-credential/2.0/ack": "acapy_agent.protocols.issue_credential.v2_0.messages.cred_ack.V20CredAck",
    "https://didcomm.org/issue-credential/2.0/problem-report": "acapy_agent.protocols.issue_credential.v2_0.messages.cred_problem_report.V20CredProblemReport",
    "https://didcomm.org/present-proof/2.0/presentation": "acapy_agent.protocols.present_proof.v2_0.messages.pres.V20Pres",
    "https://didcomm.org/present-proof/2.0/problem-report": "acapy_agent.protocols.present_proof.v2_0.messages.pres_problem_report.V20PresProblemReport",
    # The issuer's and verifier's side (the sandbox's Aries agent).
    "https://didcomm.org/issue-credential/2.0/offer-credential": "acapy_agent.protocols.issue_credential.v2_0.messages.cred_offer.V20CredOffer",
    "https://didcomm.org/issue-credential/2.0/issue-credential": "acapy_agent.protocols.issue_credential.v2_0.messages.cred_issue.V20CredIssue",
    "https://didcomm.org/present-proof/2.0/request-presentation": "acapy_agent.protocols.present_proof.v2_0.messages.pres_request.V20PresRequest",
    "https://didcomm.org/present-proof/2.0/ack": "acapy_agent.protocols.present_proof.v2_0.messages.pres_ack.V20PresAck",
}


def deserialize_all(messages):
    import importlib

    results = []
    for message in messages:
        module, _, name = CLASSES[message["@type"]].rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        results.append(cls.deserialize(message).serialize())
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["pack", "unpack", "verkey", "timings", "classes"])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--to")
    parser.add_argument("--from-seed")
    parser.add_argument("--seed", action="append", default=[])
    args = parser.parse_args()
    try:
        if args.command == "verkey":
            print(verkey(key_from_seed(args.seed[0])))
        elif args.command == "pack":
            sender = key_from_seed(args.from_seed) if args.from_seed else None
            envelope = pack_message(args.to.split(","), sender, sys.stdin.buffer.read())
            sys.stdout.buffer.write(envelope)
        elif args.command == "classes":
            print(json.dumps(deserialize_all(json.loads(sys.stdin.buffer.read()))))
        elif args.command == "timings":
            result = asyncio.run(timings(args.seed[0], args.from_seed, args.rounds, sys.stdin.buffer.read()))
            print(json.dumps(result))
        else:
            result = asyncio.run(unpack(args.seed, sys.stdin.buffer.read()))
            print(json.dumps(result))
    except Exception as error:  # the test reads the refusal from stderr
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
