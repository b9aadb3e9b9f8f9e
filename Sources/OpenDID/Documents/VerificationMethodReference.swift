import Foundation

/// A proof's `verificationMethod`: `did:omn:abc?versionId=1#pin` names key `pin` of
/// version 1 of the DID document of `did:omn:abc`. Without `versionId` it names the key in
/// the newest version at hand.
public struct VerificationMethodReference: Sendable, Hashable, CustomStringConvertible {
    /// The DID whose document holds the key.
    public let did: String
    /// The document version, when the reference pins one.
    public let versionId: String?
    /// The key's name in the document (`VerificationMethod.id`).
    public let keyID: String

    /// Parses `did[?versionId=N][&…]#keyID`. Other query parameters are ignored, as Open
    /// DID's resolvers do; a malformed version or a missing `#keyID` is refused.
    public init(_ text: String) throws(OpenDIDError) {
        guard text.utf8.count <= 2048, let hash = text.firstIndex(of: "#") else {
            throw .malformedVerificationMethod(text)
        }
        let keyID = String(text[text.index(after: hash)...])
        let beforeKey = text[..<hash]
        var did = String(beforeKey)
        var versionId: String?
        if let question = beforeKey.firstIndex(of: "?") {
            did = String(beforeKey[..<question])
            for parameter in beforeKey[beforeKey.index(after: question)...].split(separator: "&") {
                let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0] == "versionId" else { continue }
                guard DIDVersionId.isValid(String(parts[1])) else { throw .malformedVerificationMethod(text) }
                versionId = String(parts[1])
            }
        }
        guard did.hasPrefix("did:"), did.split(separator: ":", omittingEmptySubsequences: false).count >= 3,
              !keyID.isEmpty, !keyID.contains("#")
        else { throw .malformedVerificationMethod(text) }
        self.did = did
        self.versionId = versionId
        self.keyID = keyID
    }

    /// Makes a reference to `keyID` in version `versionId` of `did`'s document.
    public init(did: String, versionId: String?, keyID: String) {
        self.did = did
        self.versionId = versionId
        self.keyID = keyID
    }

    /// The reference as Open DID writes it.
    public var description: String {
        if let versionId { return "\(did)?versionId=\(versionId)#\(keyID)" }
        return "\(did)#\(keyID)"
    }
}
