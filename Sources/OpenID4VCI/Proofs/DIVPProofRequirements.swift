import CryptoKeys
import W3CCredentials

/// What the issuer's metadata says about the `di_vp` proof type of one credential
/// configuration (`proof_types_supported.di_vp`, OpenID4VCI 1.0 §12.2.4, Appendix F.2): the
/// cryptosuites a key proof may be made with. The integrator copies it from the metadata, as
/// with ``JWTProofRequirements``, so a key no listed suite signs with is refused before
/// anything is sent.
public struct DIVPProofRequirements: Sendable, Hashable, Codable {
    /// `proof_signing_alg_values_supported`: Data Integrity cryptosuite names, in the issuer's
    /// order; empty means "not stated" and allows any suite this library signs presentations with.
    public var cryptosuites: [String]

    public init(cryptosuites: [String] = []) {
        self.cryptosuites = cryptosuites
    }

    /// The suites a key proof may use, in the issuer's order. `ecdsa-sd-2023` is left out: its
    /// base proof is an issuer's, meant to be derived from, not a holder's proof of possession.
    public var usableCryptosuites: [DataIntegrityCryptosuite] {
        let named = cryptosuites.isEmpty ? DataIntegrityCryptosuite.allCases : cryptosuites.compactMap(DataIntegrityCryptosuite.init(rawValue:))
        return named.filter { $0 != .ecdsaSD2023 }
    }

    /// The first usable suite that signs with a key on `curve`, or `nil`.
    public func cryptosuite(for curve: KeyCurve?) -> DataIntegrityCryptosuite? {
        usableCryptosuites.first { $0.signatureAlgorithm(for: curve) != nil }
    }

    /// The first of `curves` that some usable suite signs with: the curve for a new holder key.
    public func curve(among curves: [KeyCurve]) -> KeyCurve? {
        curves.first { cryptosuite(for: $0) != nil }
    }
}
