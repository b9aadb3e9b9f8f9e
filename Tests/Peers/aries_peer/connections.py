"""The two handshakes' shared parts and Connections 1.0 (RFC 0160, the `?c_i=` invitations
older agents still make): legacy DIDDocs, and the `connection~sig` field signature
(`ed25519Sha512_single`: an 8-byte timestamp then the field's JSON, signed by the invitation key)."""
import json
import struct
import time

from .crypto import Key, b58encode, b64decode, b64url, verify_signature, verkey_from_reference
from .messages import message, new_id


def did_doc(key, endpoint):
    """The legacy DIDDoc of key's unqualified DID with one IndyAgent service."""
    did = f"did:sov:{key.did}"
    return {"@context": "https://w3id.org/did/v1", "id": did,
            "publicKey": [{"id": f"{did}#1", "type": "Ed25519VerificationKey2018", "controller": did, "publicKeyBase58": key.b58}],
            "authentication": [{"type": "Ed25519SignatureAuthentication2018", "publicKey": f"{did}#1"}],
            "service": [{"id": f"{did};indy", "type": "IndyAgent", "priority": 0, "recipientKeys": [key.b58],
                         "routingKeys": [], "serviceEndpoint": endpoint}]}


def first_service_verkey(document):
    """The base58 verkey a legacy DIDDoc's first service names (directly or by publicKey id)."""
    service = document["service"][0]
    keys = {entry["id"]: entry["publicKeyBase58"] for entry in document.get("publicKey", [])}
    reference = service["recipientKeys"][0]
    return b58encode(verkey_from_reference(keys.get(reference, reference)))


def invitation(legacy, invitation_id, key, endpoint, ledger):
    return message(legacy, "connections/1.0/invitation", {
        "label": "Vellum interop agent", "recipientKeys": [key.b58], "routingKeys": [], "serviceEndpoint": endpoint,
        "~ledger": ledger}, message_id=invitation_id)


def sign_field(value, key):
    data = struct.pack(">Q", int(time.time())) + json.dumps(value).encode()
    return {"@type": "https://didcomm.org/signature/1.0/ed25519Sha512_single", "signature": b64url(key.sign(data)),
            "sig_data": b64url(data), "signer": key.b58}


def verify_field(signed, signer):
    """The signed field's value, if signer (base58) made the signature."""
    data = b64decode(signed["sig_data"])
    if signed["signer"] != signer or not verify_signature(verkey_from_reference(signer), b64decode(signed["signature"]), data):
        raise ValueError("the field is not signed by the invitation key")
    return json.loads(data[8:])


def response(legacy, received, invitation_key, my_key, endpoint, misbehave=None):
    """The response to a connections request: our DID and DIDDoc, signed by the invitation key
    (or, to be refused, by another key, with its sig_data changed after signing, or on another
    thread)."""
    mine = {"DID": my_key.did, "DIDDoc": did_doc(my_key, endpoint)}
    signed = sign_field(mine, Key() if misbehave == "conn-other-signer" else invitation_key)
    if misbehave == "conn-tampered-sig-data":  # the endpoint redirected, the signature kept
        data = b64decode(signed["sig_data"])
        signed["sig_data"] = b64url(data[:8] + data[8:].replace(endpoint.encode(), b"http://127.0.0.1:9/didcomm"))
    thid = new_id() if misbehave == "conn-other-thread" else received["@id"]
    return message(legacy, "connections/1.0/response", {"connection~sig": signed}, thid=thid)
