import CryptoKeys
import Foundation
import JSONLD
import JSONModel

extension ProofHashing {
    /// The RDFC hashing every JSON-LD proof shares — the RDFC Data Integrity suites and the
    /// older Linked Data signature suites alike: toRdf of the `document` and of the
    /// `proofConfiguration` through `toRDF`, each canonicalized with RDFC-1.0 (using
    /// `hashAlgorithm`) and hashed.
    static func rdfc(
        document: JSONObject, proofConfiguration: JSONObject, hashAlgorithm: DigestAlgorithm, toRDF: any JSONLDToRDF
    ) async throws(DataIntegrityError) -> ProofHashing {
        let canonicalizer = RDFCanonicalizer(hashAlgorithm: hashAlgorithm)
        func canonical(_ object: JSONObject) async throws(DataIntegrityError) -> Data {
            do {
                return Data(try canonicalizer.canonicalNQuads(try await toRDF.dataset(of: object)).utf8)
            } catch {
                throw .canonicalization("\(error)")
            }
        }
        return ProofHashing(
            canonicalDocument: try await canonical(document),
            canonicalProofConfiguration: try await canonical(proofConfiguration), hashAlgorithm: hashAlgorithm)
    }
}
