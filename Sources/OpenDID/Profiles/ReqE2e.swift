import Foundation

/// A server's end-to-end encryption offer: its ephemeral public key, a nonce that salts
/// the session key, and the cipher to use. See ``E2ESession`` for the key derivation.
public struct ReqE2e: Jsonable, ProofContainer, Sendable, Hashable {
    /// Multibase nonce; its decoded bytes follow the ECDH secret in the session-key hash.
    public var nonce: String
    public var curve: EllipticCurveType
    /// The server's public key, multibase-encoded compressed point.
    public var publicKey: String
    public var cipher: SymmetricCipherType
    public var padding: SymmetricPaddingType
    /// Signed with the server's key-agreement key when sent on its own.
    public var proof: Proof?

    public init(
        nonce: String, curve: EllipticCurveType, publicKey: String, cipher: SymmetricCipherType,
        padding: SymmetricPaddingType, proof: Proof? = nil
    ) {
        self.nonce = nonce
        self.curve = curve
        self.publicKey = publicKey
        self.cipher = cipher
        self.padding = padding
        self.proof = proof
    }
}

/// The wallet's answer to a ``ReqE2e``: its ephemeral public key and the IV, signed with
/// the holder's key-agreement key so the server knows who it shares the key with.
///
/// Not declared in the seed; it is the other half of every Open DID exchange that sends a
/// ``ReqE2e`` (`accE2e` in the issue and verify requests).
public struct AccE2e: Jsonable, ProofContainer, Sendable, Hashable {
    /// The wallet's ephemeral public key, multibase-encoded compressed point.
    public var publicKey: String
    /// The AES-CBC initialisation vector, multibase-encoded.
    public var iv: String
    public var proof: Proof?

    public init(publicKey: String, iv: String, proof: Proof? = nil) {
        self.publicKey = publicKey
        self.iv = iv
        self.proof = proof
    }
}
