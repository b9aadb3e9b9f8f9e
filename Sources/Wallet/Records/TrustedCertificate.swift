import Foundation

/// A certificate the holder trusts as a root for issuer chains (an mdoc IACA, an SD-JWT VC
/// `x5c` root) or verifier chains.
///
/// Identified by the SHA-256 of its DER, so adding the same certificate twice keeps one copy.
public struct TrustedCertificate: Sendable, Hashable, Identifiable {
    /// The DER encoding.
    public let derBytes: Data
    /// The SHA-256 of ``derBytes``, lowercase hex.
    public let fingerprint: String
    /// The subject's common name, if it has one.
    public let subjectCommonName: String?
    /// The subject as an RFC 4514 string.
    public let subject: String
    /// The end of the certificate's validity.
    public let notValidAfter: Date
    /// When the holder added it.
    public let addedAt: Date
    /// What the certificate is trusted for: issuer chains, verifier chains, or both.
    public let purposes: Set<TrustPurpose>

    /// The fingerprint.
    public var id: String { fingerprint }
}

/// The encrypted part of a trusted-certificate row.
struct TrustedCertificateBody: Codable {
    var der: Data
    var fingerprint: String
    var subjectCommonName: String?
    var subject: String
    var notValidAfter: Date
    /// Absent in rows written before purposes existed: those are trusted for both.
    var purposes: [TrustPurpose]?
}

/// What a trusted certificate may anchor.
///
/// A holder may trust a root for the credentials it receives (an mdoc IACA, the root of an
/// SD-JWT VC `x5c` chain) without trusting every relying party that root also certified, and
/// the other way round; the purpose keeps the two trust lists apart in one table.
public enum TrustPurpose: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Roots of issuer chains: IACAs, SD-JWT VC `x5c` roots.
    case issuer
    /// Roots of verifier chains: OpenID4VP `x509_san_dns` and `x509_hash` client ids.
    case verifier

    /// Both purposes, the default when a certificate is trusted.
    public static let all: Set<TrustPurpose> = [.issuer, .verifier]

    /// `issuer` or `verifier`.
    public var description: String { rawValue }
}
