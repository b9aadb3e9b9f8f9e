import Foundation

/// The output of authenticated encryption with a detached tag, as JWE and COSE carry it
/// (ciphertext and tag are separate members on the wire).
public struct AuthenticatedCiphertext: Sendable, Hashable {
    /// The encrypted bytes, the same length as the plaintext (GCM) or padded (CBC).
    public var ciphertext: Data
    /// The authentication tag.
    public var tag: Data

    /// Pairs a ciphertext with its tag.
    public init(ciphertext: Data, tag: Data) {
        self.ciphertext = Data(ciphertext)
        self.tag = Data(tag)
    }
}
