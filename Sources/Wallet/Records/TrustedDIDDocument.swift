import Foundation
import OpenDID

/// An Open DID DID document the holder trusts: the keys of an issuer whose credentials the
/// wallet accepts (and the holder's own document, whose authentication keys sign the
/// holder's presentations).
///
/// Trusting a DID document is to Open DID credentials what trusting a root certificate is to
/// mdocs and SD-JWT VCs: the decision is the holder's, made once, and a credential verifies
/// only when its proof resolves to a key of a document trusted this way. Open DID documents
/// are versioned, and a proof names the version it was made under
/// (`did:omn:…?versionId=2#assert`), so each version is kept on its own: identified by the
/// DID and the version, and the newest version trusted says whether the DID is deactivated
/// or has dropped a key.
public struct TrustedDIDDocument: Sendable, Hashable, Identifiable {
    /// The document, decoded.
    public let document: DIDDocument
    /// The JSON as it was added, byte for byte (what a later export or a peer would hash).
    public let json: Data
    /// When the holder added it.
    public let addedAt: Date

    /// The DID the document describes.
    public var did: String { document.id }
    /// The document's version.
    public var versionId: String { document.versionId }
    /// `did?versionId=N`: the DID and version a proof names.
    public var id: String { Self.identifier(did: did, versionId: versionId) }

    /// A trusted document read back from the store, or just added.
    init(document: DIDDocument, json: Data, addedAt: Date) {
        self.document = document
        self.json = json
        self.addedAt = addedAt
    }

    /// `did?versionId=N`.
    static func identifier(did: String, versionId: String) -> String { "\(did)?versionId=\(versionId)" }
}

/// The encrypted part of a trusted-DID-document row: the JSON as added, and the DID and
/// version it was filed under (checked against the JSON when the row is read back, so a row
/// moved to another id does not verify).
struct TrustedDIDDocumentBody: Codable {
    var did: String
    var versionId: String
    var json: Data
}
