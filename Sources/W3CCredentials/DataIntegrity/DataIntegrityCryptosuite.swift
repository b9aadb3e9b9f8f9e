import CryptoKeys

/// The Data Integrity cryptosuites this library signs and verifies with.
///
/// The JCS suites hash the RFC 8785 canonical JSON of the proof configuration and of the
/// document, concatenated (configuration hash first), and sign those bytes: Ed25519 for
/// `eddsa-jcs-2022`; ECDSA for `ecdsa-jcs-2019`, where the curve chooses the hash (SHA-256
/// for P-256, SHA-384 for P-384) and the signature is IEEE P1363 `r || s`.
public enum DataIntegrityCryptosuite: String, Sendable, Hashable, CaseIterable {
    /// EdDSA (Ed25519) over JCS (VC Data Integrity EdDSA Cryptosuites v1.0 §3.3).
    case eddsaJCS2022 = "eddsa-jcs-2022"
    /// ECDSA (P-256, P-384) over JCS (VC Data Integrity ECDSA Cryptosuites v1.0 §3.3).
    case ecdsaJCS2019 = "ecdsa-jcs-2019"

    /// The signature algorithm for a key on `curve`, or `nil` when the suite does not use
    /// such keys.
    public func signatureAlgorithm(for curve: KeyCurve?) -> SignatureAlgorithm? {
        switch (self, curve) {
        case (.eddsaJCS2022, .ed25519?): return .edDSA
        case (.ecdsaJCS2019, .p256?): return .es256
        case (.ecdsaJCS2019, .p384?): return .es384
        default: return nil
        }
    }

    /// The hash of the proof configuration and the document for a key on `curve`.
    func hashAlgorithm(for curve: KeyCurve?) -> DigestAlgorithm {
        curve == .p384 ? .sha384 : .sha256
    }
}
