import CryptoKeys
import Foundation
import JSONModel

/// What a Data Integrity cryptosuite hashes and signs, every intermediate value kept (the W3C
/// test vectors publish each, and a test asserts them one by one): the canonical document and
/// the canonical proof configuration — RFC 8785 JSON for the JCS suites, canonical N-Quads for
/// the RDFC suites —, their hashes, and the bytes that are signed.
public struct ProofHashing: Sendable, Hashable {
    /// The canonical unsecured document (with the proof's `@context`).
    public let canonicalDocument: Data
    /// The canonical proof configuration (the proof options with `@context`).
    public let canonicalProofConfiguration: Data
    /// The hash of ``canonicalProofConfiguration``.
    public let proofConfigurationHash: Data
    /// The hash of ``canonicalDocument``.
    public let documentHash: Data

    /// What is signed: the proof configuration hash, then the document hash.
    public var hashData: Data { proofConfigurationHash + documentHash }

    /// Hashes canonical forms made elsewhere (canonical N-Quads, for the RDFC suites).
    public init(canonicalDocument: Data, canonicalProofConfiguration: Data, hashAlgorithm: DigestAlgorithm) {
        self.canonicalDocument = canonicalDocument
        self.canonicalProofConfiguration = canonicalProofConfiguration
        proofConfigurationHash = hashAlgorithm.hash(canonicalProofConfiguration)
        documentHash = hashAlgorithm.hash(canonicalDocument)
    }

    /// The JCS suites' hashing: RFC 8785 JCS of the unsecured `document` and of the
    /// `proofConfiguration`, hashed with `hashAlgorithm`.
    public init(
        jcsDocument document: JSONObject, proofConfiguration: JSONObject, hashAlgorithm: DigestAlgorithm
    ) throws(DataIntegrityError) {
        let canonicalDocument: Data
        let canonicalProofConfiguration: Data
        do {
            canonicalDocument = try JSONValue.object(document).canonicalized()
            canonicalProofConfiguration = try JSONValue.object(proofConfiguration).canonicalized()
        } catch {
            throw .canonicalization(error.description)
        }
        self.init(
            canonicalDocument: canonicalDocument, canonicalProofConfiguration: canonicalProofConfiguration,
            hashAlgorithm: hashAlgorithm)
    }
}
