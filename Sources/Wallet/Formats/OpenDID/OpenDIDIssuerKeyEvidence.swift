import Foundation
import OpenDID

/// What the wallet finds when it looks for the key behind an Open DID credential's proof in
/// the DID documents the holder trusts: the evidence ``OpenDIDIssuerPolicy`` judges.
///
/// Finding is not accepting: this type only resolves the proof's `verificationMethod`
/// (`did:omn:…?versionId=N#key`) against the trusted versions of the DID it names, so a
/// caller can see exactly which document and key were found, and which newest version
/// might have deactivated the DID or dropped the key since.
public struct OpenDIDIssuerKeyEvidence: Sendable, Hashable {
    /// The credential's `issuer.id`.
    public let issuer: String
    /// The proof's `verificationMethod`, as written.
    public let verificationMethod: String
    /// The proof's purpose.
    public let proofPurpose: ProofPurpose
    /// The `verificationMethod` parsed, or `nil` when it is not `did[?versionId=N]#key`.
    public let reference: VerificationMethodReference?
    /// Every trusted version of the DID the proof names, oldest first.
    public let trustedVersions: [DIDDocument]
    /// The version the proof names (the newest trusted one when it pins none), when trusted.
    public let document: DIDDocument?
    /// The key the proof names, in ``document``.
    public let method: VerificationMethod?

    /// The newest trusted version of the DID the proof names.
    public var newestVersion: DIDDocument? { trustedVersions.last }

    /// Resolves the proof of `credential` against `trusted`.
    public init(credential: VerifiableCredential, trusted: [DIDDocument]) {
        issuer = credential.issuer.id
        verificationMethod = credential.proof.verificationMethod
        proofPurpose = credential.proof.proofPurpose
        let reference = try? VerificationMethodReference(credential.proof.verificationMethod)
        self.reference = reference
        trustedVersions = reference.map { trusted.versions(of: $0.did) } ?? []
        let document: DIDDocument?
        if let version = reference?.versionId {
            document = trustedVersions.first { $0.versionId == version }
        } else {
            document = trustedVersions.last
        }
        self.document = document
        method = reference.flatMap { document?.verificationMethod(named: $0.keyID) }
    }
}

extension Sequence<DIDDocument> {
    /// The documents of `did`, oldest version first.
    func versions(of did: String) -> [DIDDocument] {
        filter { $0.id == did }.sorted { (UInt64($0.versionId) ?? 0) < (UInt64($1.versionId) ?? 0) }
    }
}
