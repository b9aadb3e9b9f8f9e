"""Interop peer for SD-JWT: the reference implementation (Python `sd-jwt` 0.10.4) issues,
presents and verifies for Vellum's tests, and reads the YAML test specifications.

stdin: one JSON object with "op" (compact serialization, sha-256, ES256 throughout):
  {"op":"spec","path":..} -> the specification.yml as JSON. A selectively disclosable
        object member is written with the name "!sd <name>", a selectively disclosable
        array element as {"!sd": value}; everything else as YAML read it.
  {"op":"issue","claims":{same "!sd" markup},"issuer_jwk":{private},"holder_jwk"?:{public},
   "decoys"?:bool} -> {"issuance":..}
  {"op":"present","issuance":..,"disclose":{holder_disclosed_claims form},
   "holder_jwk"?:{private},"nonce"?:..,"aud"?:..} -> {"presentation":..}
  {"op":"verify","token":..,"issuer_jwk":{public},"nonce"?:..,"aud"?:..}
        -> {"valid":true,"claims":{processed payload}} or {"valid":false,"error":..}
"""
import json
import sys

from jwcrypto import jwk
from sd_jwt.common import SDObj
from sd_jwt.holder import SDJWTHolder
from sd_jwt.issuer import SDJWTIssuer
from sd_jwt.utils.yaml_specification import _yaml_load_specification
from sd_jwt.verifier import SDJWTVerifier

SD_PREFIX = "!sd "


def key_text(key):
    """A member name as json.dumps writes a non-string key (None -> "null", 42 -> "42")."""
    return key if isinstance(key, str) else json.dumps(key)


def to_markup(value):
    """The parsed YAML (with SDObj wrappers) as plain JSON with the "!sd" markup."""
    if isinstance(value, dict):
        out = {}
        for key, member in value.items():
            name = SD_PREFIX + key_text(key.value) if isinstance(key, SDObj) else key_text(key)
            out[name] = to_markup(member)
        return out
    if isinstance(value, list):
        return [{"!sd": to_markup(e.value)} if isinstance(e, SDObj) else to_markup(e) for e in value]
    if isinstance(value, SDObj):
        return {"!sd": to_markup(value.value)}
    return value


def from_markup(value):
    """The "!sd" markup back into the SDObj wrappers the issuer takes."""
    if isinstance(value, dict):
        if len(value) == 1 and "!sd" in value:
            return SDObj(from_markup(value["!sd"]))
        out = {}
        for name, member in value.items():
            key = SDObj(name[len(SD_PREFIX):]) if name.startswith(SD_PREFIX) else name
            out[key] = from_markup(member)
        return out
    if isinstance(value, list):
        return [from_markup(e) for e in value]
    return value


def verify(token, issuer_jwk, nonce=None, aud=None):
    key = jwk.JWK(**issuer_jwk)
    verifier = SDJWTVerifier(token, lambda issuer, header: key, expected_aud=aud, expected_nonce=nonce)
    return verifier.get_verified_payload()


def present(issuance, disclose, holder_jwk=None, nonce=None, aud=None):
    holder = SDJWTHolder(issuance)
    key = jwk.JWK(**holder_jwk) if holder_jwk else None
    holder.create_presentation(disclose, nonce=nonce, aud=aud, holder_key=key)
    return holder.sd_jwt_presentation


def main():
    request = json.load(sys.stdin)
    op = request["op"]
    if op == "spec":
        with open(request["path"]) as handle:
            out = to_markup(_yaml_load_specification(handle))
    elif op == "issue":
        holder = jwk.JWK(**request["holder_jwk"]) if request.get("holder_jwk") else None
        issuer = SDJWTIssuer(
            from_markup(request["claims"]), jwk.JWK(**request["issuer_jwk"]), holder,
            add_decoy_claims=request.get("decoys", False))
        out = {"issuance": issuer.sd_jwt_issuance}
    elif op == "present":
        out = {"presentation": present(
            request["issuance"], request["disclose"], request.get("holder_jwk"),
            request.get("nonce"), request.get("aud"))}
    elif op == "verify":
        try:
            claims = verify(request["token"], request["issuer_jwk"], request.get("nonce"), request.get("aud"))
            out = {"valid": True, "claims": claims}
        except Exception as error:  # the verifier raises plain exceptions of many kinds
            out = {"valid": False, "error": f"{type(error).__name__}: {error}"}
    else:
        raise SystemExit(f"unknown op {op}")
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
