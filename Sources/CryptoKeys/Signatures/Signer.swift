import Foundation

/// Something that can sign with a private key the caller may never see.
///
/// JOSE, COSE and the credential formats sign through this protocol so a Secure Enclave,
/// HSM or remote KMS key fits the same slot as a software key. `sign` is `async` because
/// those keys may prompt the user or go over the network.
///
/// Conformers return the JOSE form of the signature: raw fixed-width `r || s` for ECDSA
/// (convert a DER signature with ``ECDSASignature``), 64 bytes for Ed25519.
public protocol Signer: Sendable {
    /// The public half, for embedding in headers and for verifying what was signed.
    var publicKey: PublicKey { get }
    /// The algorithm `sign` uses.
    var algorithm: SignatureAlgorithm { get }
    /// An identifier for the key (a JWS `kid`, a DID URL), if the holder has one.
    var keyID: String? { get }
    /// Signs `message` (the whole message; the signer hashes it as `algorithm` requires).
    func sign(_ message: Data) async throws -> Data
}

/// A ``Signer`` backed by an in-memory ``PrivateKey``.
public struct SoftwareSigner: Signer {
    /// The key that signs.
    public let privateKey: PrivateKey
    /// The algorithm every signature is made with, checked against the key's curve at init.
    public let algorithm: SignatureAlgorithm
    /// The `kid` (or DID URL) to put in headers, if any.
    public let keyID: String?

    /// Makes a signer; throws ``CryptoKeysError/algorithmMismatch(algorithm:key:)`` when
    /// `algorithm` does not fit the key's curve. With no algorithm, the curve's default
    /// (ES256 for P-256, EdDSA for Ed25519 …) is used.
    public init(
        privateKey: PrivateKey, algorithm: SignatureAlgorithm? = nil, keyID: String? = nil
    ) throws(CryptoKeysError) {
        guard let chosen = algorithm ?? SignatureAlgorithm.defaultAlgorithm(for: privateKey.curve) else {
            throw .unsupported("signing with \(privateKey.curve.rawValue) keys")
        }
        guard chosen.curve == privateKey.curve else {
            throw .algorithmMismatch(algorithm: chosen.rawValue, key: privateKey.curve.rawValue)
        }
        self.privateKey = privateKey
        self.algorithm = chosen
        self.keyID = keyID
    }

    /// The public half, for verifiers and for headers such as `jwk`.
    public var publicKey: PublicKey { privateKey.publicKey }

    /// Signs in memory; never suspends, but is `async` to satisfy ``Signer``.
    public func sign(_ message: Data) async throws -> Data {
        try privateKey.sign(message, algorithm: algorithm)
    }
}
