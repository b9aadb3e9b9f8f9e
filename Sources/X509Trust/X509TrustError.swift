import Foundation

/// Why a certificate or chain was not trusted, in terms a caller can act on.
///
/// Each case names one decision: a wallet can show "the issuer's certificate expired on …"
/// rather than "validation failed", and a protocol layer can tell a malformed `x5c` (reject the
/// request) from an unknown root (ask the user, or refuse).
public enum X509TrustError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The certificate at `index` (0 = leaf) could not be parsed as DER or PEM.
    case malformedCertificate(index: Int, reason: String)
    /// No certificate was given where a chain was expected.
    case emptyChain
    /// The input is larger than the limit (certificate bytes or chain length).
    case inputTooLarge(limit: Int)
    /// A certificate in the chain was used after its `notValidAfter`.
    case expired(subject: String, notValidAfter: Date)
    /// A certificate in the chain was used before its `notValidBefore`.
    case notYetValid(subject: String, notValidBefore: Date)
    /// No chain from the leaf reaches a trust anchor in the store.
    case untrustedRoot(issuer: String)
    /// A candidate issuer has the right name but its key did not sign the certificate.
    case signatureInvalid(subject: String)
    /// A certificate carries a critical extension no active policy understands (RFC 5280 §4.2).
    case unhandledCriticalExtension(subject: String, oid: String)
    /// The leaf has no `dNSName` SAN equal to the expected host (`x509_san_dns:`).
    case dnsNameMismatch(expected: String, found: [String])
    /// The base64url SHA-256 of the leaf DER differs from the expected value (`x509_hash:`).
    case hashMismatch(expected: String, actual: String)
    /// A profile or policy rule was broken; the text names the rule.
    case policyViolation(String)
    /// The leaf's public key is not one CryptoKeys can verify with (unsupported curve or
    /// algorithm, RSA under 2048 bits); the text says which.
    case unsupportedPublicKey(String)

    /// A message for a person reading a log, naming the certificate and the rule.
    public var description: String {
        switch self {
        case .malformedCertificate(let index, let reason):
            return "certificate \(index) is malformed: \(reason)"
        case .emptyChain:
            return "no certificate was given"
        case .inputTooLarge(let limit):
            return "input exceeds the limit of \(limit)"
        case .expired(let subject, let date):
            return "certificate '\(subject)' expired at \(date)"
        case .notYetValid(let subject, let date):
            return "certificate '\(subject)' is not valid before \(date)"
        case .untrustedRoot(let issuer):
            return "no trusted anchor for issuer '\(issuer)'"
        case .signatureInvalid(let subject):
            return "the signature on certificate '\(subject)' does not verify under its issuer's key"
        case .unhandledCriticalExtension(let subject, let oid):
            return "certificate '\(subject)' has an unhandled critical extension \(oid)"
        case .dnsNameMismatch(let expected, let found):
            return "leaf SAN dNSName \(found) does not contain '\(expected)'"
        case .hashMismatch(let expected, let actual):
            return "leaf certificate hash \(actual) does not equal \(expected)"
        case .policyViolation(let rule):
            return "policy violation: \(rule)"
        case .unsupportedPublicKey(let reason):
            return "unsupported public key: \(reason)"
        }
    }
}
