import CryptoKeys
import Foundation
import Multiformats

/// A PKCE pair (RFC 7636) with the `S256` method: the verifier stays with the wallet, the
/// challenge goes in the authorization request, and the token request proves the same wallet
/// started the flow — an intercepted code is useless without the verifier.
public struct ProofKeyForCodeExchange: Sendable, Hashable, Codable {
    /// The only method used: the challenge is base64url(SHA-256(verifier)).
    public static let method = "S256"

    /// `code_verifier`: 43–128 characters from the unreserved set.
    public let verifier: String

    /// A fresh verifier of 64 characters from 48 CSPRNG bytes (384 bits, RFC 7636 §7.1
    /// recommends at least 256).
    public init() {
        var random = SystemRandomNumberGenerator()
        verifier = Base64URL.encode(Data((0..<48).map { _ in UInt8.random(in: .min ... .max, using: &random) }))
    }

    /// A pair for a given verifier (for example one restored from storage); throws when it
    /// breaks RFC 7636 §4.1 (length 43–128, characters `A–Z a–z 0–9 - . _ ~`).
    public init(verifier: String) throws(OpenID4VCIError) {
        guard (43...128).contains(verifier.utf8.count),
              verifier.utf8.allSatisfy({ Self.unreserved.contains($0) })
        else { throw .unsupportedGrant("a PKCE code_verifier must be 43-128 unreserved characters") }
        self.verifier = verifier
    }

    /// Decodes a stored pair, checking the verifier as ``init(verifier:)`` does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(verifier: container.decode(String.self, forKey: .verifier))
    }

    /// `code_challenge`: base64url(SHA-256(ASCII(verifier))) without padding.
    public var challenge: String {
        Base64URL.encode(DigestAlgorithm.sha256.hash(Data(verifier.utf8)))
    }

    private static let unreserved: Set<UInt8> = Set(
        Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~")])
}
