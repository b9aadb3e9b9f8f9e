import CryptoKeys
import Foundation
import JSONModel
import Multiformats

extension VerificationMethod {
    /// The public key this method carries, checked against its type.
    ///
    /// Reads `publicKeyJwk` (JsonWebKey2020, JsonWebKey, EcdsaSecp256k1VerificationKey2019 and
    /// any type that carries a JWK), `publicKeyMultibase` (Multikey, Ed25519VerificationKey2020,
    /// X25519KeyAgreementKey2020) and `publicKeyBase58` (Ed25519VerificationKey2018,
    /// X25519KeyAgreementKey2019, EcdsaSecp256k1VerificationKey2019). A type that names a curve
    /// must carry a key on that curve, so a document cannot pass a P-256 key off as Ed25519.
    ///
    /// BLS12-381 keys (`Bls12381G1Key2020`, `Bls12381G2Key2020`, a JWK with curve
    /// `BLS12381_G1`/`BLS12381_G2`, or a BLS Multikey) are checked and then refused with
    /// ``DIDError/unsupportedKeyType(_:)``: they can be resolved but not used for verification.
    public func publicKey() throws(DIDError) -> PublicKey {
        let materials = [publicKeyJwk != nil, publicKeyMultibase != nil, publicKeyBase58 != nil].filter { $0 }
        guard materials.count == 1 else {
            throw .invalidKeyMaterial(reason: materials.isEmpty ? "no public key" : "more than one public key encoding")
        }
        try rejectBLS12381()
        let expected = VerificationMethod.curve(impliedBy: type)
        let key: PublicKey
        if let jwkObject = publicKeyJwk {
            key = try VerificationMethod.publicKey(jwk: jwkObject)
        } else if let multibase = publicKeyMultibase {
            if type == "Ed25519VerificationKey2020" || type == "X25519KeyAgreementKey2020" || type == "Multikey" {
                key = try Multikey.decode(multibase)
            } else {
                throw .unsupportedVerificationMethod(type: type)
            }
        } else if let base58 = publicKeyBase58 {
            guard let curve = expected else { throw .unsupportedVerificationMethod(type: type) }
            let bytes: Data
            do {
                bytes = try Base58BTC.decode(base58)
            } catch {
                throw .invalidKeyMaterial(reason: error.description)
            }
            key = try Multikey.publicKey(raw: bytes, curve: curve)
        } else {
            throw .invalidKeyMaterial(reason: "no public key")
        }
        if let expected, key.curve != expected {
            throw .invalidKeyMaterial(reason: "\(type) carries a \(key.curve?.rawValue ?? "RSA") key")
        }
        return key
    }

    /// Checks a BLS12-381 key in a 2020 BLS suite method or a BLS JWK and throws
    /// ``DIDError/unsupportedKeyType(_:)`` for it (``DIDError/invalidKeyMaterial(reason:)`` if
    /// it is malformed); returns for every other method.
    func rejectBLS12381() throws(DIDError) {
        let bytes: Data
        let group: BLS12381PublicKey.Group
        if let suiteGroup = BLS12381PublicKey.group(impliedBy: type) {
            guard let base58 = publicKeyBase58 else { throw .invalidKeyMaterial(reason: "\(type) needs publicKeyBase58") }
            do {
                bytes = try Base58BTC.decode(base58)
            } catch {
                throw .invalidKeyMaterial(reason: error.description)
            }
            group = suiteGroup
        } else if let jwk = publicKeyJwk, let curve = jwk["crv"]?.stringValue, let jwkGroup = BLS12381PublicKey.group(impliedBy: curve) {
            guard jwk["d"] == nil else { throw .invalidKeyMaterial(reason: "private key in a DID document") }
            guard jwk["kty"]?.stringValue == "EC", let x = jwk["x"]?.stringValue, let decoded = try? Base64URL.decode(x) else {
                throw .invalidKeyMaterial(reason: "\(curve) JWK needs kty EC and a base64url x")
            }
            bytes = decoded
            group = jwkGroup
        } else {
            return
        }
        let key = try BLS12381PublicKey(group: group, bytes: bytes)
        throw .unsupportedKeyType(key.unusableForVerification)
    }

    /// The curve a legacy suite type fixes; `nil` for the generic types (Multikey, JWK).
    static func curve(impliedBy type: String) -> KeyCurve? {
        switch type {
        case "Ed25519VerificationKey2018", "Ed25519VerificationKey2020": return .ed25519
        case "X25519KeyAgreementKey2019", "X25519KeyAgreementKey2020": return .x25519
        case "EcdsaSecp256k1VerificationKey2019": return .secp256k1
        case "P256Key2021": return .p256
        default: return nil
        }
    }

    static func publicKey(jwk object: JSONObject) throws(DIDError) -> PublicKey {
        let data = JSONValue.object(object).serialized()
        do {
            let jwk = try JWK(jsonData: data)
            guard !jwk.isPrivate else { throw CryptoKeysError.invalidJWK(reason: "private key in a DID document") }
            return try jwk.publicKey()
        } catch {
            throw .invalidKeyMaterial(reason: "\(error)")
        }
    }
}
