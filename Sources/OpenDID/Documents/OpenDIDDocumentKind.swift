import Foundation
import JSONModel

/// The kinds of signed Open DID documents, told apart by their members.
public enum OpenDIDDocumentKind: String, Sendable, CaseIterable {
    case didDocument = "DID document"
    case verifiableCredential = "verifiable credential"
    case verifiablePresentation = "verifiable presentation"
    case issueProfile = "issue profile"
    case verifyProfile = "verify profile"
    case reqE2e = "ReqE2e"
    case accE2e = "AccE2e"

    /// The kind of `json`, or `nil` when it is none of them.
    public init?(detecting json: JSONValue) {
        guard case let .object(object) = json else { return nil }
        let has = { (names: [String]) in names.allSatisfy(object.contains) }
        if has(["verificationMethod", "versionId", "controller"]) {
            self = .didDocument
        } else if has(["verifiableCredential", "holder", "verifierNonce"]) {
            self = .verifiablePresentation
        } else if has(["credentialSubject", "issuer", "credentialSchema"]) {
            self = .verifiableCredential
        } else if has(["profile", "type"]), let type = object["type"]?.stringValue,
                  let profileType = ProfileType(rawValue: type) {
            self = profileType == .IssueProfile ? .issueProfile : .verifyProfile
        } else if has(["nonce", "curve", "publicKey", "cipher"]) {
            self = .reqE2e
        } else if has(["publicKey", "iv", "proof"]) {
            self = .accE2e
        } else {
            return nil
        }
    }
}
