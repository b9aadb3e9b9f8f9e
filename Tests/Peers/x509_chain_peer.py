"""Test PKI peer for OpenID4VCI signed metadata: makes a P-256 root CA and a leaf it signs,
with the Python `cryptography` library, so the Swift tests can sign metadata with an `x5c`
chain that swift-certificates has to validate.

stdin: ignored. stdout: {"root": b64 DER, "leaf": b64 DER, "leaf_key": PKCS#8 PEM,
"other_root": b64 DER (an unrelated root that must not validate the leaf)}.
"""
import base64
import datetime
import json
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def root(common_name, key, now):
    return (
        x509.CertificateBuilder()
        .subject_name(name(common_name)).issuer_name(name(common_name))
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )


def main():
    now = datetime.datetime.now(datetime.timezone.utc)
    root_key, leaf_key, other_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(3))
    ca = root("Test Metadata Root", root_key, now)
    other = root("Unrelated Root", other_key, now)
    leaf = (
        x509.CertificateBuilder()
        .subject_name(name("issuer.example metadata signer")).issuer_name(ca.subject)
        .public_key(leaf_key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=90))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
        .sign(root_key, hashes.SHA256())
    )
    der = lambda cert: base64.b64encode(cert.public_bytes(serialization.Encoding.DER)).decode()
    pem = leaf_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
    json.dump({"root": der(ca), "leaf": der(leaf), "leaf_key": pem, "other_root": der(other)}, sys.stdout)


if __name__ == "__main__":
    main()
