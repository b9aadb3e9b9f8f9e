import CryptoKeys

/// The Data Integrity cryptosuites this library signs and verifies with.
///
/// Each hashes the canonical proof configuration and the canonical document, concatenated
/// (configuration hash first), and signs those bytes. The JCS suites canonicalize with RFC 8785
/// JCS; the RDFC suites with JSON-LD toRdf (``JSONLDToRDF``) and RDFC-1.0. The EdDSA suites
/// sign with Ed25519 and SHA-256; the ECDSA suites with P-256 and SHA-256 or P-384 and SHA-384
/// (also RDFC-1.0's own hash for P-384), an IEEE P1363 `r || s` signature.
public enum DataIntegrityCryptosuite: String, Sendable, Hashable, CaseIterable {
    /// EdDSA (Ed25519) over JCS (VC Data Integrity EdDSA Cryptosuites v1.0 §3.3).
    case eddsaJCS2022 = "eddsa-jcs-2022"
    /// ECDSA (P-256, P-384) over JCS (VC Data Integrity ECDSA Cryptosuites v1.0 §3.3).
    case ecdsaJCS2019 = "ecdsa-jcs-2019"
    /// EdDSA (Ed25519) over RDFC-1.0 canonical N-Quads (§3.2).
    case eddsaRDFC2022 = "eddsa-rdfc-2022"
    /// ECDSA (P-256, P-384) over RDFC-1.0 canonical N-Quads (§3.2).
    case ecdsaRDFC2019 = "ecdsa-rdfc-2019"
    /// ECDSA selective disclosure (§3.4): verified as a derived proof
    /// (``ECDSASelectiveDisclosure``); base proofs are the holder's, never verified here.
    case ecdsaSD2023 = "ecdsa-sd-2023"

    /// Whether the suite canonicalizes with JSON-LD and RDFC-1.0 (else with JCS).
    public var usesRDFC: Bool { self == .eddsaRDFC2022 || self == .ecdsaRDFC2019 || self == .ecdsaSD2023 }

    /// The signature algorithm for a key on `curve`, or `nil` when the suite does not use
    /// such keys.
    public func signatureAlgorithm(for curve: KeyCurve?) -> SignatureAlgorithm? {
        switch (self, curve) {
        case (.eddsaJCS2022, .ed25519?), (.eddsaRDFC2022, .ed25519?): return .edDSA
        case (.ecdsaJCS2019, .p256?), (.ecdsaRDFC2019, .p256?), (.ecdsaSD2023, .p256?): return .es256
        case (.ecdsaJCS2019, .p384?), (.ecdsaRDFC2019, .p384?), (.ecdsaSD2023, .p384?): return .es384
        default: return nil
        }
    }

    /// The hash of the proof configuration and the document for a key on `curve`.
    func hashAlgorithm(for curve: KeyCurve?) -> DigestAlgorithm {
        curve == .p384 ? .sha384 : .sha256
    }
}
