"""DIDComm v1 envelopes (Aries RFC 0019) with ACA-Py 1.7's own Askar code, for Vellum's interop tests.

Run with ACA-Py's Python 3.13 virtualenv (it has acapy_agent and aries_askar).

  pack   --to VK[,VK...] [--from-seed HEX]   stdin: message bytes   stdout: envelope JSON
  unpack --seed HEX [--seed HEX ...]         stdin: envelope JSON   stdout: {"message", "recipient", "sender"}
  verkey --seed HEX                          stdout: the base58 verkey of an Ed25519 seed

pack and unpack are acapy_agent.askar.didcomm.v1's pack_message / unpack_message (the code ACA-Py
runs for every message); unpack's keys live in an in-memory Askar store as in a real agent.
Failures exit 1 with the error on stderr.
"""
import argparse
import asyncio
import json
import sys

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["pack", "unpack", "verkey"])
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
        else:
            result = asyncio.run(unpack(args.seed, sys.stdin.buffer.read()))
            print(json.dumps(result))
    except Exception as error:  # the test reads the refusal from stderr
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
