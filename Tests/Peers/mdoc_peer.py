"""pymdoccbor + pycose peer for the mdoc interop tests.

Reads one JSON request on stdin and writes one JSON answer on stdout.

Requests:
  {"op": "issue", "device_x": hex, "device_y": hex}
      -> {"iaca_pem": str, "device_response": hex}
     The peer makes its own IACA and Document Signer (Annex B shaped, P-256, cryptography),
     then issues a 13-element mDL with pymdoccbor bound to the given P-256 device key. The
     result is pymdoccbor's DeviceResponse-shaped output (issuerSigned only, no deviceSigned).
  {"op": "verify", "device_response": hex, "iaca_pem": str, "client_id": str, "nonce": str,
   "response_uri": str, "jwk_thumbprint": hex|null}
      -> {"issuer_valid": bool, "device_signature_valid": bool, "elements": {ns: [ids]}, "error": str|null}
     The peer checks issuerAuth, the chain and the digests with pymdoccbor, then builds the
     OpenID4VP SessionTranscript and DeviceAuthenticationBytes itself (cbor2) and checks the
     detached deviceSignature with pycose under the MSO's device key.
"""
import datetime
import hashlib
import json
import logging
import sys

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID, ObjectIdentifier
from pycose.keys import EC2Key
from pycose.keys.curves import P256
from pycose.messages import Sign1Message
from pymdoccbor.mdoc.issuer import MdocCborIssuer
from pymdoccbor.mdoc.verifier import MdocCbor

logging.disable(logging.CRITICAL)
NAME_SPACE = "org.iso.18013.5.1"
DOC_TYPE = "org.iso.18013.5.1.mDL"
MDL_DS_EKU = ObjectIdentifier("1.0.18013.5.1.2")


def make_pki():
    """An IACA (CA, pathLen 0, keyCertSign+cRLSign) and a DS it issued (digitalSignature, mdlDS EKU)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    iaca_key = ec.generate_private_key(ec.SECP256R1())
    ds_key = ec.generate_private_key(ec.SECP256R1())
    iaca_name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "UT"),
                           x509.NameAttribute(NameOID.COMMON_NAME, "Peer IACA")])
    ds_name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "UT"),
                         x509.NameAttribute(NameOID.COMMON_NAME, "Peer DS")])
    iaca = (x509.CertificateBuilder().subject_name(iaca_name).issuer_name(iaca_name)
            .public_key(iaca_key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=2)).not_valid_after(now + datetime.timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(iaca_key.public_key()), critical=False)
            .sign(iaca_key, hashes.SHA256()))
    ds = (x509.CertificateBuilder().subject_name(ds_name).issuer_name(iaca_name)
          .public_key(ds_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=365))
          .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
          .add_extension(x509.ExtendedKeyUsage([MDL_DS_EKU]), critical=True)
          .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(iaca_key.public_key()), critical=False)
          .sign(iaca_key, hashes.SHA256()))
    return iaca, ds, ds_key


def issue(request):
    iaca, ds, ds_key = make_pki()
    d = ds_key.private_numbers().private_value.to_bytes(32, "big")
    issuer = MdocCborIssuer(private_key={"KTY": "EC2", "CURVE": "P_256", "ALG": "ES256", "D": d, "KID": b"peer-ds"},
                            alg="ES256")
    today = datetime.date.today()
    data = {NAME_SPACE: {
        "family_name": "Mustermann", "given_name": "Erika", "birth_date": "1984-01-26",
        "issue_date": today.isoformat(), "expiry_date": (today + datetime.timedelta(days=1800)).isoformat(),
        "issuing_country": "UT", "issuing_authority": "Utopia DMV", "document_number": "D1234567",
        "portrait": b"\xff\xd8" + b"\xab" * 2046, "un_distinguishing_sign": "UTO",
        "driving_privileges": [{"vehicle_category_code": "B", "issue_date": "2010-05-01", "expiry_date": "2031-01-01"}],
        "age_over_18": True, "age_over_21": True,
    }}
    device_key = {1: 2, -1: 1, -2: bytes.fromhex(request["device_x"]), -3: bytes.fromhex(request["device_y"])}
    issuer.new(data=data, doctype=DOC_TYPE, devicekeyinfo=device_key,
               x509_chain=[ds.public_bytes(serialization.Encoding.DER)],
               validity={"issuance_date": today.isoformat(),
                         "expiry_date": (today + datetime.timedelta(days=365)).isoformat()})
    return {"iaca_pem": iaca.public_bytes(serialization.Encoding.PEM).decode(), "device_response": issuer.dump().hex()}


def verify(request):
    raw = bytes.fromhex(request["device_response"])
    iaca = x509.load_pem_x509_certificate(request["iaca_pem"].encode())
    parser = MdocCbor()
    parser.loads(raw)
    issuer_valid = parser.verify(trusted_root_certs=[iaca], verify_hashes=True)

    # DeviceAuthentication, built here from the request parameters alone.
    thumbprint = bytes.fromhex(request["jwk_thumbprint"]) if request.get("jwk_thumbprint") else None
    info = cbor2.dumps([request["client_id"], request["nonce"], thumbprint, request["response_uri"]])
    transcript = [None, None, ["OpenID4VPHandover", hashlib.sha256(info).digest()]]
    response = cbor2.loads(raw)
    document = response["documents"][0]
    device_signed = document["deviceSigned"]
    device_auth = cbor2.dumps(["DeviceAuthentication", transcript, document["docType"], device_signed["nameSpaces"]])
    payload = cbor2.dumps(cbor2.CBORTag(24, device_auth))

    issuer_auth = document["issuerSigned"]["issuerAuth"]
    mso = cbor2.loads(cbor2.loads(issuer_auth[2]).value)
    device_key = mso["deviceKeyInfo"]["deviceKey"]
    key = EC2Key(crv=P256, x=device_key[-2], y=device_key[-3])
    signature = device_signed["deviceAuth"]["deviceSignature"]
    message = Sign1Message.decode(cbor2.dumps(cbor2.CBORTag(18, signature)))
    message.payload = payload
    message.key = key
    device_valid = message.verify_signature()
    elements = {ns: sorted(cbor2.loads(item.value)["elementIdentifier"] for item in items)
                for ns, items in document["issuerSigned"]["nameSpaces"].items()}
    return {"issuer_valid": bool(issuer_valid), "device_signature_valid": bool(device_valid),
            "elements": elements, "error": None}


def main():
    request = json.load(sys.stdin)
    try:
        answer = {"issue": issue, "verify": verify}[request["op"]](request)
    except Exception as error:  # reported to the Swift test, which fails with the text
        answer = {"error": f"{type(error).__name__}: {error}"}
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
