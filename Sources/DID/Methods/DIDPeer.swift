import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// The did:peer method (DIF Peer DID Method spec), numalgo 0, 2 and 4: DIDs that carry their
/// own document, for pairwise relationships (DIDComm) where nothing is published.
///
/// - numalgo 0: `did:peer:0` + a Multikey, the same document as did:key.
/// - numalgo 2: `did:peer:2` + `.` elements, each a purpose code and a Multikey
///   (``DIDPeerPurpose``) or `S` and a base64url service with abbreviated names.
/// - numalgo 4: `did:peer:4` + a multihash of the encoded input document, then `:` and the
///   encoded document (long form); the short form is the hash alone and resolves only once
///   the long form has been seen.
public enum DIDPeer {
    /// The most elements a did:peer:2 may have.
    public static let maximumElements = 64

    /// The longest encoded part read, in characters: a did:peer:2 service (base64url) or a
    /// did:peer:4 input document (base58btc, about 6 KB of JSON). Base58 decoding is
    /// quadratic in the length, so this bound is also a bound on the work an attacker can cause.
    public static let maximumEncodedDocumentLength = 8 * 1024

    /// Creates a did:peer:2 from keys and services (service JSON with full names; the
    /// abbreviations are applied here). Service ids should be relative (`#didcomm`).
    public static func makeNumalgo2(
        keys: [(purpose: DIDPeerPurpose, key: PublicKey)], services: [JSONValue] = []
    ) throws(DIDError) -> DIDIdentifier {
        var id = "2"
        for (purpose, key) in keys {
            id += ".\(purpose.rawValue)\(Multikey.encode(key))"
        }
        for service in services {
            let compact = DIDPeerServiceAbbreviation.abbreviate(service).serializedString(.compact)
            id += ".S" + Base64URL.encode(Data(compact.utf8))
        }
        return try DIDIdentifier(method: "peer", methodSpecificID: id)
    }

    /// Creates a did:peer:4 (long form) from an input document: a DID document without `id`,
    /// with relative ids and references, and without controllers that are the DID itself.
    public static func makeNumalgo4(inputDocument: JSONObject) throws(DIDError) -> DIDIdentifier {
        guard !inputDocument.contains("id") else {
            throw .invalidDocument(reason: "a did:peer:4 input document must not have an id")
        }
        let json = JSONValue.object(inputDocument).serializedString(.compact)
        let encoded = Multibase.encode(Data(jsonCodecPrefix) + Data(json.utf8), as: .base58btc)
        return try DIDIdentifier(method: "peer", methodSpecificID: "4\(hash(ofEncodedDocument: encoded)):\(encoded)")
    }

    /// The short form of a did:peer:4 (long or short).
    public static func shortForm(of did: DIDIdentifier) throws(DIDResolutionError) -> DIDIdentifier {
        guard did.method == "peer", did.methodSpecificID.hasPrefix("4") else {
            throw .invalidDID(.invalidMethodSpecificID(did.methodSpecificID))
        }
        let hash = did.methodSpecificID.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        do {
            return try DIDIdentifier(method: "peer", methodSpecificID: String(hash))
        } catch {
            throw .invalidDID(error)
        }
    }

    /// The multicodec code `json`, which tags a did:peer:4 encoded document.
    static let jsonCodec: UInt64 = 0x0200
    /// `varint(0x0200)`.
    static let jsonCodecPrefix: [UInt8] = [0x80, 0x04]

    /// `z` + base58btc(multihash sha2-256 of the UTF-8 encoded document string).
    static func hash(ofEncodedDocument encoded: String) -> String {
        let digest = DigestAlgorithm.sha256.hash(Data(encoded.utf8))
        return Multibase.encode([0x12, 0x20] + digest, as: .base58btc)
    }
}
