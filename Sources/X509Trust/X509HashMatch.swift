import Crypto
import Foundation
import Multiformats
import SwiftASN1
import X509

/// OpenID4VP `x509_hash:` client identifiers: the base64url (unpadded) SHA-256 of the leaf
/// certificate's DER encoding must equal the client identifier's value.
///
/// This pins one exact certificate, so it is usually used without any trust anchor (the
/// verifier's key is trusted because the request names it); it can still be combined with a
/// chain policy.
public struct X509HashMatch: TrustPolicy {
    /// The expected base64url SHA-256, as written after `x509_hash:`.
    public let expectedHash: String

    /// The hash rule touches no extension.
    public let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    /// A policy requiring the leaf's hash to be `expectedHash`.
    public init(expectedHash: String) {
        self.expectedHash = expectedHash
    }

    /// The `x509_hash` value of `certificate`: base64url(SHA-256(DER)).
    public static func hash(of certificate: Certificate) -> String {
        hash(ofDER: CertificateDecoding.derBytes(of: certificate))
    }

    /// The `x509_hash` value of a DER-encoded certificate.
    public static func hash(ofDER der: some DataProtocol) -> String {
        Base64URL.encode(SHA256.hash(data: Array(der)))
    }

    /// Whether `certificate` is the pinned one.
    public func matches(_ certificate: Certificate) -> Bool {
        Self.hash(of: certificate) == expectedHash
    }

    /// ``X509TrustError/hashMismatch(expected:actual:)`` unless the leaf's hash matches.
    public func failure(for chain: UnverifiedCertificateChain) -> X509TrustError? {
        let actual = Self.hash(of: chain.leaf)
        return actual == expectedHash ? nil : .hashMismatch(expected: expectedHash, actual: actual)
    }
}
