"""Keys, encodings and DIDComm v1 envelopes (Aries RFC 0019) on libsodium through PyNaCl.

An envelope's protected header names the recipients; each gets the content key in a crypto_box
from the sender's X25519 key (Authcrypt, with the sender's verkey in a sealed box beside it) or
in a sealed box (Anoncrypt). The payload is ChaCha20-Poly1305 IETF under that key, a 12-byte iv,
the protected header's base64url text as associated data."""
import base64
import json
import os

import nacl.bindings as sodium
from nacl.exceptions import CryptoError
from peer_base58 import b58decode, b58encode

ED25519_MULTICODEC = b"\xed\x01"
MAX_ENVELOPE = 1 << 20
MAX_RECIPIENTS = 16


class EnvelopeError(Exception):
    """An envelope that is malformed, not for us, or altered."""


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64decode(text):
    """base64url or standard base64, padded or not (agents write both)."""
    text = text.replace("+", "-").replace("/", "_").rstrip("=")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def did_key(verkey):
    return "did:key:z" + b58encode(ED25519_MULTICODEC + verkey)


def verkey_from_reference(reference):
    """A verkey from base58, a did:key (with or without fragment); raw 32 bytes."""
    if len(reference) > 256:
        raise ValueError("a key reference is at most 256 characters")
    if reference.startswith("did:key:z"):
        data = b58decode(reference[len("did:key:z"):].split("#")[0])
        if data[:2] != ED25519_MULTICODEC:
            raise ValueError("not an Ed25519 did:key")
        data = data[2:]
    else:
        data = b58decode(reference.split("#")[0])
    if len(data) != 32:
        raise ValueError("a verkey is 32 bytes")
    return data


class Key:
    """An Ed25519 key, named by its base58 verkey; its unqualified DID is the first 16 bytes."""

    def __init__(self, seed=None):
        self.verkey, self.secret = sodium.crypto_sign_seed_keypair(seed or os.urandom(32))
        self.x_public = sodium.crypto_sign_ed25519_pk_to_curve25519(self.verkey)
        self.x_secret = sodium.crypto_sign_ed25519_sk_to_curve25519(self.secret)

    @property
    def b58(self):
        return b58encode(self.verkey)

    @property
    def did(self):
        return b58encode(self.verkey[:16])

    @property
    def did_key(self):
        return did_key(self.verkey)

    def sign(self, data):
        return sodium.crypto_sign(data, self.secret)[:64]


def verify_signature(verkey, signature, data):
    try:
        sodium.crypto_sign_open(signature + data, verkey)
        return True
    except CryptoError:
        return False


def pack(message, recipients, sender=None):
    """The envelope (bytes of JSON) of message for the recipients' verkeys (raw bytes)."""
    content_key = os.urandom(32)
    entries = []
    for verkey in recipients:
        x_public = sodium.crypto_sign_ed25519_pk_to_curve25519(verkey)
        header = {"kid": b58encode(verkey)}
        if sender is None:
            encrypted_key = sodium.crypto_box_seal(content_key, x_public)
        else:
            nonce = os.urandom(24)
            encrypted_key = sodium.crypto_box(content_key, nonce, x_public, sender.x_secret)
            header["sender"] = b64url(sodium.crypto_box_seal(sender.b58.encode(), x_public))
            header["iv"] = b64url(nonce)
        entries.append({"encrypted_key": b64url(encrypted_key), "header": header})
    protected = b64url(json.dumps({
        "enc": "xchacha20poly1305_ietf", "typ": "JWM/1.0", "alg": "Anoncrypt" if sender is None else "Authcrypt",
        "recipients": entries}).encode())
    iv = os.urandom(12)
    sealed = sodium.crypto_aead_chacha20poly1305_ietf_encrypt(message, protected.encode(), iv, content_key)
    return json.dumps({"protected": protected, "iv": b64url(iv), "ciphertext": b64url(sealed[:-16]),
                       "tag": b64url(sealed[-16:])}).encode()


def flip_bit(envelope):
    """The envelope with one bit of its ciphertext flipped (a forgery the tag must catch)."""
    outer = json.loads(envelope)
    ciphertext = bytearray(b64decode(outer["ciphertext"]))
    ciphertext[0] ^= 0x01
    outer["ciphertext"] = b64url(bytes(ciphertext))
    return json.dumps(outer).encode()


def unpack(envelope, keys):
    """Opens an envelope with one of keys ({base58 verkey: Key}): (message bytes, recipient, sender
    base58 or None). Raises EnvelopeError."""
    if len(envelope) > MAX_ENVELOPE:
        raise EnvelopeError("envelope too large")
    try:
        outer = json.loads(envelope)
        protected_text = outer["protected"]
        header = json.loads(b64decode(protected_text))
        iv, ciphertext, tag = (b64decode(outer[name]) for name in ("iv", "ciphertext", "tag"))
        algorithm, recipients = header["alg"], header["recipients"]
    except (ValueError, KeyError, TypeError) as error:
        raise EnvelopeError(f"malformed envelope: {error}") from error
    if algorithm not in ("Authcrypt", "Anoncrypt") or not isinstance(recipients, list) or len(recipients) > MAX_RECIPIENTS:
        raise EnvelopeError("unsupported envelope")
    if len(iv) != 12 or len(tag) != 16:
        raise EnvelopeError("iv or tag of the wrong length")
    for entry in recipients:
        key = keys.get(entry.get("header", {}).get("kid")) if isinstance(entry, dict) else None
        if key is None:
            continue
        try:
            recipient_header = entry["header"]
            encrypted_key = b64decode(entry["encrypted_key"])
            sender = None
            if algorithm == "Authcrypt":
                sender = sodium.crypto_box_seal_open(b64decode(recipient_header["sender"]), key.x_public, key.x_secret).decode()
                sender_x = sodium.crypto_sign_ed25519_pk_to_curve25519(verkey_from_reference(sender))
                content_key = sodium.crypto_box_open(encrypted_key, b64decode(recipient_header["iv"]), sender_x, key.x_secret)
            else:
                content_key = sodium.crypto_box_seal_open(encrypted_key, key.x_public, key.x_secret)
            message = sodium.crypto_aead_chacha20poly1305_ietf_decrypt(ciphertext + tag, protected_text.encode(), iv, content_key)
        except (CryptoError, ValueError, KeyError, TypeError, UnicodeDecodeError) as error:
            raise EnvelopeError(f"envelope does not open: {type(error).__name__} {error}") from error
        return message, key.b58, sender
    raise EnvelopeError("none of our keys is a recipient")


def sign_attachment(content, key):
    """Attachment data: content in base64url, signed as a JWS by key (RFC 0017 data.jws)."""
    payload = b64url(content)
    protected = b64url(json.dumps({"alg": "EdDSA", "kid": key.did_key, "jwk": {
        "kty": "OKP", "crv": "Ed25519", "x": b64url(key.verkey), "kid": key.did_key}}).encode())
    signature = key.sign(f"{protected}.{payload}".encode())
    return {"base64": payload, "jws": {"header": {"kid": key.did_key}, "protected": protected, "signature": b64url(signature)}}


def verify_attachment(data):
    """The content of signed attachment data and the base58 verkey that signed it (the jwk's);
    raises ValueError when the signature does not verify."""
    jws = data["jws"]
    protected = json.loads(b64decode(jws["protected"]))
    if protected.get("alg") != "EdDSA":
        raise ValueError("the jws is not EdDSA")
    verkey = b64decode(protected["jwk"]["x"])
    payload = b64url(b64decode(data["base64"]))
    if not verify_signature(verkey, b64decode(jws["signature"]), f"{jws['protected']}.{payload}".encode()):
        raise ValueError("the attachment's signature does not verify")
    return b64decode(data["base64"]), b58encode(verkey)
