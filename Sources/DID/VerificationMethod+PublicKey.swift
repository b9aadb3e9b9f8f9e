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
    public func publicKey() throws(DIDError) -> PublicKey {
        let materials = [publicKeyJwk != nil, publicKeyMultibase != nil, publicKeyBase58 != nil].filter { $0 }
        guard materials.count == 1 else {
            throw .invalidKeyMaterial(reason: materials.isEmpty ? "no public key" : "more than one public key encoding")
        }
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
