"""DIDComm v1 envelopes (Aries RFC 0019) with ACA-Py 1.7's own Askar code, for Vellum's interop tests.

Run with ACA-Py's Python 3.13 virtualenv (it has acapy_agent and aries_askar).

  pack   --to VK[,VK...] [--from-seed HEX]   stdin: message bytes   stdout: envelope JSON
  unpack --seed HEX [--seed HEX ...]         stdin: envelope JSON   stdout: {"message", "recipient", "sender"}
  verkey --seed HEX                          stdout: the base58 verkey of an Ed25519 seed
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["pack", "unpack", "verkey", "timings"])
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
