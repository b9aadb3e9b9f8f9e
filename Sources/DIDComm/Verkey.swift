import CryptoKeys
import Foundation
import Multiformats

/// An Ed25519 public key as DIDComm v1 names it: 32 bytes, written in base58btc (a "verkey").
///
/// Envelopes, invitations and legacy DIDDocs all identify keys this way; out-of-band 1.1
/// invitations may also write them as `did:key`, which ``init(didKey:)`` reads.
public struct Verkey: Hashable, Sendable, CustomStringConvertible {
    /// The key as CryptoKeys' public key, for verifying Ed25519 signatures.
    public let publicKey: PublicKey

    /// A verkey from its 32 raw bytes.
    public init(rawRepresentation: Data) throws(DIDCommError) {
        guard rawRepresentation.count == 32 else {
            throw .invalidKey(reason: "an Ed25519 verkey is 32 bytes, not \(rawRepresentation.count)")
        }
        do { publicKey = try PublicKey(rawRepresentation: rawRepresentation, curve: .ed25519) } catch {
            throw .invalidKey(reason: "\(error)")
        }
    }

    /// The 32 key bytes.
    public var rawRepresentation: Data { publicKey.rawRepresentation }

    /// A verkey from its base58btc text (at most 64 characters are read).
    public init(base58 text: String) throws(DIDCommError) {
        guard text.utf8.count <= 64 else { throw .invalidKey(reason: "verkey text too long") }
        let bytes: Data
        do { bytes = try Base58BTC.decode(text) } catch { throw .invalidKey(reason: "verkey is not base58btc: \(error)") }
        try self.init(rawRepresentation: bytes)
    }

    /// A verkey from a `did:key` of an Ed25519 key (`did:key:z6Mk…`, a fragment ignored).
    public init(didKey: String) throws(DIDCommError) {
        guard didKey.utf8.count <= 256, didKey.hasPrefix("did:key:") else {
            throw .invalidKey(reason: "not a did:key: \(didKey.prefix(64))")
        }
        let identifier = didKey.dropFirst("did:key:".count).split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
        let key: PublicKey
        do {
            let bytes = try Multibase.decode(identifier, expecting: .base58btc)
            key = try PublicKey(multicodec: bytes)
        } catch {
            throw .invalidKey(reason: "did:key does not name a key: \(error)")
        }
        guard key.curve == .ed25519 else { throw .invalidKey(reason: "did:key is not an Ed25519 key") }
        try self.init(rawRepresentation: key.rawRepresentation)
    }

    /// A verkey from a key as an out-of-band or DID exchange message writes it: a `did:key`
    /// or a bare base58 verkey.
    public init(reference: String) throws(DIDCommError) {
        if reference.hasPrefix("did:key:") { try self.init(didKey: reference) } else { try self.init(base58: reference) }
    }

    /// The public key of an Ed25519 private key.
    public init(of privateKey: PrivateKey) throws(DIDCommError) {
        guard privateKey.curve == .ed25519 else { throw .invalidKey(reason: "DIDComm v1 keys are Ed25519") }
        try self.init(rawRepresentation: privateKey.publicKey.rawRepresentation)
    }

    /// The unqualified DID of this key as Indy and Aries agents derive it: base58 of the first
    /// 16 bytes (DID exchange 1.0 and Connections 1.0 DIDs, `did:sov:` in a legacy DIDDoc).
    public var unqualifiedDID: String { Base58BTC.encode(rawRepresentation.prefix(16)) }

    /// The base58btc text.
    public var base58: String { Base58BTC.encode(rawRepresentation) }

    /// The `did:key` of this key.
    public var didKey: String { "did:key:" + Multibase.encode(Multicodec.ed25519Pub.prefix + Array(rawRepresentation), as: .base58btc) }

    public var description: String { base58 }
}
