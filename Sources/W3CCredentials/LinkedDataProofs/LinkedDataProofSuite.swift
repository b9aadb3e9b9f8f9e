import CryptoKeys

/// The Linked Data signature suites that came before Data Integrity and that issuers such as
/// ACA-Py and DIDKit still produce. Each hashes like an RDFC Data Integrity suite (SHA-256 of
/// the RDFC-1.0 canonical proof options, then of the canonical document) and differs only in
/// the keys it signs with and where the signature goes: a detached JWS with `b64: false`
/// (`jws`), or base58btc multibase (`proofValue`, Ed25519Signature2020 alone).
public enum LinkedDataProofSuite: String, Sendable, Hashable, CaseIterable {
    /// Ed25519, a detached EdDSA JWS (W3C CCG Ed25519 Signature 2018).
    case ed25519Signature2018 = "Ed25519Signature2018"
    /// Ed25519, `proofValue` in base58btc multibase (W3C CCG Ed25519 Signature 2020).
    case ed25519Signature2020 = "Ed25519Signature2020"
    /// A detached JWS with the key's algorithm: EdDSA, ES256 (P-256), ES256K (secp256k1) or
    /// ES384 (P-384) (W3C CCG JSON Web Signature 2020).
    case jsonWebSignature2020 = "JsonWebSignature2020"
    /// secp256k1, a detached ES256K JWS.
    case ecdsaSecp256k1Signature2019 = "EcdsaSecp256k1Signature2019"
    /// P-256, a detached ES256 JWS (what DIDKit signs for this type).
    case ecdsaSecp256r1Signature2019 = "EcdsaSecp256r1Signature2019"

    /// Whether the signature is a detached JWS in `jws` (else base58btc in `proofValue`).
    public var usesJWS: Bool { self != .ed25519Signature2020 }

    /// The signature algorithm for a key on `curve`, or `nil` when the suite does not sign
    /// with such keys.
    public func signatureAlgorithm(for curve: KeyCurve?) -> SignatureAlgorithm? {
        switch (self, curve) {
        case (.ed25519Signature2018, .ed25519?), (.ed25519Signature2020, .ed25519?), (.jsonWebSignature2020, .ed25519?):
            return .edDSA
        case (.jsonWebSignature2020, .p256?), (.ecdsaSecp256r1Signature2019, .p256?): return .es256
        case (.jsonWebSignature2020, .p384?): return .es384
        case (.jsonWebSignature2020, .secp256k1?), (.ecdsaSecp256k1Signature2019, .secp256k1?): return .es256k
        default: return nil
        }
    }

    /// The context that defines the suite's type and proof terms, which the signer adds to a
    /// document whose contexts do not (all are bundled; the ECDSA suites use security v2, which
    /// defines both, and which verifiers that predate the dedicated secp256k1-2019 context read).
    var context: String {
        switch self {
        case .ed25519Signature2018: return "https://w3id.org/security/suites/ed25519-2018/v1"
        case .ed25519Signature2020: return "https://w3id.org/security/suites/ed25519-2020/v1"
        case .jsonWebSignature2020: return "https://w3id.org/security/suites/jws-2020/v1"
        case .ecdsaSecp256k1Signature2019, .ecdsaSecp256r1Signature2019: return "https://w3id.org/security/v2"
        }
    }

    /// The contexts any one of which defines the suite's terms, so that a document citing one
    /// gets no other: the dedicated secp256k1-2019 context protects the suite's type, and a
    /// second definition from security v2 would be a protected-term redefinition.
    var definingContexts: Set<String> {
        switch self {
        case .ecdsaSecp256k1Signature2019: return [context, "https://w3id.org/security/suites/secp256k1-2019/v1"]
        default: return [context]
        }
    }

    /// Whether the VC Data Model 1.1 context already defines the type (it scopes the 2018 and
    /// 2019 suites' terms itself).
    var isDefinedByCredentialsV1: Bool {
        self == .ed25519Signature2018 || self == .ecdsaSecp256k1Signature2019 || self == .ecdsaSecp256r1Signature2019
    }
}
