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
}
