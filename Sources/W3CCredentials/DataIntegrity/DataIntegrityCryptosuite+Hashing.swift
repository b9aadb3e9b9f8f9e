import CryptoKeys
import Foundation
import JSONModel

extension DataIntegrityCryptosuite {
    /// The suite's hashing of an unsecured `document` and a `proofConfiguration` for a key on
    /// `curve`: JCS, or toRdf through `toRDF` and RDFC-1.0 (with the suite's hash, so SHA-384
    /// for P-384).
    func hashing(
        document: JSONObject, proofConfiguration: JSONObject, curve: KeyCurve?, toRDF: (any JSONLDToRDF)?
    ) async throws(DataIntegrityError) -> ProofHashing {
        let hash = hashAlgorithm(for: curve)
        guard usesRDFC else {
            return try ProofHashing(jcsDocument: document, proofConfiguration: proofConfiguration, hashAlgorithm: hash)
        }
        guard let toRDF else { throw .jsonLDProcessorMissing(rawValue) }
        return try await ProofHashing.rdfc(
            document: document, proofConfiguration: proofConfiguration, hashAlgorithm: hash, toRDF: toRDF)
    }
}
