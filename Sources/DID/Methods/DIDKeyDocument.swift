import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// Builds the DID document of a did:key (the spec's "Document Creation Algorithm").
enum DIDKeyDocument {
    static let multikeyContext = "https://w3id.org/security/multikey/v1"
    static let jsonWebKey2020Context = "https://w3id.org/security/suites/jws-2020/v1"

    static let signingRelationships: [VerificationRelationship] = [
        .authentication, .assertionMethod, .capabilityInvocation, .capabilityDelegation,
    ]

    static let bls12381Context = "https://w3id.org/security/suites/bls12381-2020/v1"

    static func make(for did: DIDIdentifier, options: DIDKeyOptions) throws(DIDResolutionError) -> DIDDocument {
        switch try DIDKey.material(of: did) {
        case .key(let key): return try make(for: did, key: key, options: options)
        case .bls12381(let key): return make(for: did, bls12381: key, format: options.publicKeyFormat)
        }
    }

    /// A BLS12-381 did:key: one signing method per group, so a G1G2 key becomes a G1 and a G2
    /// method, each with its own Multikey value as fragment. BLS keys are never key agreement keys.
    static func make(
        for did: DIDIdentifier, bls12381 key: BLS12381PublicKey, format: DIDKeyOptions.PublicKeyFormat
    ) -> DIDDocument {
        var document = DIDDocument(id: did)
        var contexts = [DIDDocument.coreContext]
        for component in key.components {
            let id = "\(did)#\(key.group == .g1g2 ? component.multikey : did.methodSpecificID)"
            let method: VerificationMethod
            switch format {
            case .multikey:
                method = VerificationMethod(id: id, type: "Multikey", controller: did, publicKeyMultibase: component.multikey)
                contexts.append(multikeyContext)
            case .legacy:
                method = VerificationMethod(
                    id: id, type: component.suiteType, controller: did, publicKeyBase58: Base58BTC.encode(component.bytes))
                contexts.append(bls12381Context)
            case .jsonWebKey2020:
                method = VerificationMethod(id: id, type: "JsonWebKey2020", controller: did, publicKeyJwk: component.jwk)
                contexts.append(jsonWebKey2020Context)
            }
            document.verificationMethod.append(method)
            for relationship in signingRelationships { document[relationship].append(.reference(id)) }
        }
        document.context = unique(contexts).map(JSONValue.string)
        return document
    }

    /// The document of a key CryptoKeys can use.
    static func make(for did: DIDIdentifier, key: PublicKey, options: DIDKeyOptions) throws(DIDResolutionError) -> DIDDocument {
        let keyID = DIDKey.verificationMethod(of: did)
        let reference = VerificationMethodReference.reference(keyID)
        let primary = method(for: key, id: keyID, controller: did, format: options.publicKeyFormat)
        var methods = [primary.method]
        var contexts = [DIDDocument.coreContext, primary.context]
        var document = DIDDocument(id: did)

        switch key.curve {
        case .x25519:
            document.keyAgreement = [reference]
        case .ed25519:
            for relationship in signingRelationships { document[relationship] = [reference] }
            if options.enableEncryptionKeyDerivation {
                guard let raw = Ed25519ToX25519.convert(key.rawRepresentation),
                    let derived = try? PublicKey(rawRepresentation: raw, curve: .x25519)
                else { throw .invalidPublicKey("Ed25519 key has no X25519 equivalent") }
                let derivedID = "\(did)#\(Multikey.encode(derived))"
                let agreement = method(for: derived, id: derivedID, controller: did, format: options.publicKeyFormat)
                methods.append(agreement.method)
                contexts.append(agreement.context)
                document.keyAgreement = [.reference(derivedID)]
            }
        case .p256, .p384, .p521, .secp256k1, nil:
            for relationship in signingRelationships { document[relationship] = [reference] }
            if options.publicKeyFormat != .multikey || options.enableEncryptionKeyDerivation {
                // The 2022 vectors list ECDSA and RSA keys under keyAgreement too (ECDH or
                // RSA key transport with the same key); Multikey documents do not by default.
                document.keyAgreement = [reference]
            }
        }
        document.context = unique(contexts).map(JSONValue.string)
        document.verificationMethod = methods
        return document
    }

    /// The contexts in first-seen order, each once.
    static func unique(_ contexts: [String]) -> [String] {
        var unique: [String] = []
        for context in contexts where !unique.contains(context) { unique.append(context) }
        return unique
    }

    /// A verification method in the requested format, and the context its type needs.
    static func method(
        for key: PublicKey, id: String, controller: DIDIdentifier, format: DIDKeyOptions.PublicKeyFormat
    ) -> (method: VerificationMethod, context: String) {
        switch (format, key.curve) {
        case (.multikey, _):
            return (
                VerificationMethod(id: id, type: "Multikey", controller: controller, publicKeyMultibase: Multikey.encode(key)),
                multikeyContext
            )
        case (.legacy, .ed25519):
            return (
                VerificationMethod(
                    id: id, type: "Ed25519VerificationKey2018", controller: controller,
                    publicKeyBase58: Base58BTC.encode(key.rawRepresentation)),
                "https://w3id.org/security/suites/ed25519-2018/v1"
            )
        case (.legacy, .x25519):
            return (
                VerificationMethod(
                    id: id, type: "X25519KeyAgreementKey2019", controller: controller,
                    publicKeyBase58: Base58BTC.encode(key.rawRepresentation)),
                "https://w3id.org/security/suites/x25519-2019/v1"
            )
        case (.legacy, .secp256k1):
            return (
                VerificationMethod(
                    id: id, type: "EcdsaSecp256k1VerificationKey2019", controller: controller,
                    publicKeyBase58: Base58BTC.encode(key.sec1CompressedRepresentation ?? Data())),
                "https://w3id.org/security/suites/secp256k1-2019/v1"
            )
        case (.legacy, _), (.jsonWebKey2020, _):
            return (
                VerificationMethod(id: id, type: "JsonWebKey2020", controller: controller, publicKeyJwk: publicJWK(key)),
                jsonWebKey2020Context
            )
        }
    }

    /// The public JWK members: `kty`, `crv`, `x` (and `y` for EC); `kty`, `n`, `e` for RSA.
    static func publicJWK(_ key: PublicKey) -> JSONObject {
        var jwk = JSONObject()
        jwk["kty"] = .string(key.keyType.rawValue)
        if let rsa = key.rsaComponents {
            jwk["n"] = .string(Base64URL.encode(rsa.modulus))
            jwk["e"] = .string(Base64URL.encode(rsa.exponent))
            return jwk
        }
        jwk["crv"] = key.curve.map { .string($0.rawValue) }
        if let coordinates = key.coordinates {
            jwk["x"] = .string(Base64URL.encode(coordinates.x))
            jwk["y"] = .string(Base64URL.encode(coordinates.y))
        } else {
            jwk["x"] = .string(Base64URL.encode(key.rawRepresentation))
        }
        return jwk
    }
}
