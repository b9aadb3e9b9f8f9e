extension VerifiedCredential {
    /// Who issued a credential and which of the wallet's trust anchors vouches for it.
    public struct Issuer: Sendable, Hashable {
        /// The common name of the issuer's signing certificate (the mdoc document signer, the
        /// SD-JWT VC `x5c` leaf): the name to show, as the certificate states it.
        public var commonName: String?
        /// The issuer identifier: the credential's `iss`, or the OpenID4VCI `credential_issuer`.
        public var identifier: String?
        /// The issuer's display name from its metadata.
        public var displayName: String?
        /// The subject of the signing certificate (RFC 4514).
        public var signerSubject: String?
        /// The trusted certificate the chain ended at, when it is (still) trusted.
        public var trustedCertificate: TrustedCertificate?
        /// The SHA-256 fingerprint of that certificate (kept from issuance even after it is
        /// removed, so an app can say which anchor went away).
        public var trustedCertificateFingerprint: String?
        /// The trusted DID document whose key an Open DID credential's proof was checked
        /// with: the trust anchor of a credential that has no certificate chain.
        public var trustedDIDDocument: TrustedDIDDocument?

        /// Whether a trust anchor the wallet holds now vouches for the issuer.
        public var isTrusted: Bool { trustedCertificate != nil || trustedDIDDocument != nil }
    }
}
