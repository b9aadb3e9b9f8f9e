import CryptoKeys
import Foundation
import Multiformats

/// A hash for Disclosure digests and `sd_hash`, named as `_sd_alg` names it (the "Hash Name
/// String" of the IANA Named Information registry, RFC 9901 §4.1.1).
///
/// Only the SHA-2 family is offered: RFC 9901 requires `sha-256`, and the longer two are
/// what profiles ask for. A name outside this set is refused rather than ignored, because a
/// verifier that skipped digests it could not compute would accept any Disclosure.
public enum SDHashAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// SHA-256, the default when `_sd_alg` is absent.
    case sha256 = "sha-256"
    /// SHA-384.
    case sha384 = "sha-384"
    /// SHA-512.
    case sha512 = "sha-512"

    /// The CryptoKeys digest that computes this hash.
    public var digestAlgorithm: DigestAlgorithm {
        switch self {
        case .sha256: return .sha256
        case .sha384: return .sha384
        case .sha512: return .sha512
        }
    }

    /// The base64url digest of the US-ASCII bytes of `text` (RFC 9901 §4.2.3): how a
    /// Disclosure, a decoy's salt and the `sd_hash` input are hashed.
    public func digest(of text: String) -> String {
        digest(of: Substring(text))
    }

    /// ``digest(of:)-(String)`` of a slice of a longer text.
    func digest(of text: Substring) -> String {
        var encoded = ""
        digestAlgorithm.withDigest(ofUTF8: text) { encoded = Base64URL.encode($0) }
        return encoded
    }

    /// The base64url digest of raw bytes.
    public func digest(ofBytes bytes: Data) -> String {
        Base64URL.encode(digestAlgorithm.hash(bytes))
    }
}
