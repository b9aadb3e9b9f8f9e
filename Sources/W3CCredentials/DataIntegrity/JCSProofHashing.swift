import CryptoKeys
import Foundation
import JSONModel

/// The hashing of the JCS cryptosuites, every intermediate value kept (the W3C test vectors
/// publish each, and a test asserts them one by one): the canonical document, the canonical
/// proof configuration, their hashes and the bytes that are signed.
public struct JCSProofHashing: Sendable, Hashable {
    /// RFC 8785 JCS of the unsecured document (with the proof's `@context`).
    public let canonicalDocument: Data
    /// RFC 8785 JCS of the proof configuration (the proof options with `@context`).
    public let canonicalProofConfiguration: Data
    /// The hash of ``canonicalProofConfiguration``.
    public let proofConfigurationHash: Data
    /// The hash of ``canonicalDocument``.
    public let documentHash: Data

    /// What is signed: the proof configuration hash, then the document hash.
    public var hashData: Data { proofConfigurationHash + documentHash }

    /// Canonicalizes and hashes an unsecured `document` and the `proofConfiguration` with
    /// `hashAlgorithm`.
    public init(
        document: JSONObject, proofConfiguration: JSONObject, hashAlgorithm: DigestAlgorithm
    ) throws(DataIntegrityError) {
        do {
            canonicalDocument = try JSONValue.object(document).canonicalized()
            canonicalProofConfiguration = try JSONValue.object(proofConfiguration).canonicalized()
        } catch {
            throw .canonicalization(error.description)
        }
        proofConfigurationHash = hashAlgorithm.hash(canonicalProofConfiguration)
        documentHash = hashAlgorithm.hash(canonicalDocument)
    }
}
