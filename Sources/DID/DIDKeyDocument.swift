import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// Builds the DID document of a did:key (the spec's "Document Creation Algorithm").
enum DIDKeyDocument {
    static let multikeyContext = "https://w3id.org/security/multikey/v1"

    static func make(for did: DID, options: DIDKeyOptions) throws(DIDResolutionError) -> DIDDocument {
        let key = try DIDKey.publicKey(of: did)
        guard let curve = key.curve else { throw .unsupportedKeyType("RSA") }
        let fingerprint = did.methodSpecificID
        let keyID = "\(did)#\(fingerprint)"
        var contexts: [String] = [DIDDocument.coreContext]
        var methods: [VerificationMethod] = []

        let primary = try method(for: key, id: keyID, controller: did, format: options.publicKeyFormat)
        methods.append(primary.method)
        contexts.append(primary.context)

        var document = DIDDocument(id: did)
        let reference = VerificationMethodReference.reference(keyID)
        switch curve {
        case .x25519:
            document.keyAgreement = [reference]
        case .ed25519:
            for relationship in signingRelationships { document[relationship] = [reference] }
            if options.enableEncryptionKeyDerivation {
                guard let raw = Ed25519ToX25519.convert(key.rawRepresentation),
                    let derived = try? PublicKey(rawRepresentation: raw, curve: .x25519)
                else { throw .invalidPublicKey("Ed25519 key has no X25519 equivalent") }
                let derivedID: String
                do {
                    derivedID = "\(did)#\(try Multikey.encode(derived))"
                } catch {
                    throw .invalidPublicKey(error.description)
                }
                let agreement = try method(for: derived, id: derivedID, controller: did, format: options.publicKeyFormat)
                methods.append(agreement.method)
                contexts.append(agreement.context)
                document.keyAgreement = [.reference(derivedID)]
            }
        case .p256, .p384, .p521, .secp256k1:
            for relationship in signingRelationships { document[relationship] = [reference] }
            if options.publicKeyFormat == .legacy || options.enableEncryptionKeyDerivation {
                // The 2022 vectors list ECDSA keys under keyAgreement too (ECDH on the same key).
                document.keyAgreement = [reference]
            }
        }
        var uniqueContexts: [String] = []
        for context in contexts where !uniqueContexts.contains(context) { uniqueContexts.append(context) }
        document.context = uniqueContexts.map(JSONValue.string)
        document.verificationMethod = methods
        return document
    }

    static let signingRelationships: [VerificationRelationship] = [
        .authentication, .assertionMethod, .capabilityInvocation, .capabilityDelegation,
    ]

    /// A verification method in the requested format, and the context its type needs.
    static func method(
        for key: PublicKey, id: String, controller: DID, format: DIDKeyOptions.PublicKeyFormat
    ) throws(DIDResolutionError) -> (method: VerificationMethod, context: String) {
        guard let curve = key.curve else { throw .unsupportedKeyType("RSA") }
        switch format {
        case .multikey:
            let multibase: String
            do {
                multibase = try Multikey.encode(key)
            } catch {
                throw .invalidPublicKey(error.description)
            }
            return (
                VerificationMethod(id: id, type: "Multikey", controller: controller, publicKeyMultibase: multibase),
                multikeyContext
            )
        case .legacy:
            switch curve {
            case .ed25519:
                return (
                    VerificationMethod(
                        id: id, type: "Ed25519VerificationKey2018", controller: controller,
                        publicKeyBase58: Base58BTC.encode(key.rawRepresentation)),
                    "https://w3id.org/security/suites/ed25519-2018/v1"
                )
            case .x25519:
                return (
                    VerificationMethod(
                        id: id, type: "X25519KeyAgreementKey2019", controller: controller,
                        publicKeyBase58: Base58BTC.encode(key.rawRepresentation)),
                    "https://w3id.org/security/suites/x25519-2019/v1"
                )
            case .secp256k1:
                return (
                    VerificationMethod(
                        id: id, type: "EcdsaSecp256k1VerificationKey2019", controller: controller,
                        publicKeyBase58: Base58BTC.encode(key.sec1CompressedRepresentation ?? Data())),
                    "https://w3id.org/security/suites/secp256k1-2019/v1"
                )
            case .p256, .p384, .p521:
                return jsonWebKey2020(for: key, id: id, controller: controller)
            }
        case .jsonWebKey2020:
            return jsonWebKey2020(for: key, id: id, controller: controller)
        }
    }

    /// A `JsonWebKey2020` method with the key's public JWK (`kty`, `crv`, `x`, and `y` for EC).
    static func jsonWebKey2020(
        for key: PublicKey, id: String, controller: DID
    ) -> (method: VerificationMethod, context: String) {
        var jwk = JSONObject()
        jwk["kty"] = .string(key.keyType.rawValue)
        jwk["crv"] = key.curve.map { .string($0.rawValue) }
        if let coordinates = key.coordinates {
            jwk["x"] = .string(Base64URL.encode(coordinates.x))
            jwk["y"] = .string(Base64URL.encode(coordinates.y))
        } else {
            jwk["x"] = .string(Base64URL.encode(key.rawRepresentation))
        }
        return (
            VerificationMethod(id: id, type: "JsonWebKey2020", controller: controller, publicKeyJwk: jwk),
            "https://w3id.org/security/suites/jws-2020/v1"
        )
    }
}
