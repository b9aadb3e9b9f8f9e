import JSONLD
import JSONModel

/// JSON-LD deserialization to RDF (toRdf), the step the RDFC cryptosuites (`eddsa-rdfc-2022`,
/// `ecdsa-rdfc-2019`) run before canonicalizing: the document's dataset, its contexts loaded
/// however the implementation loads them (offline, from a bundled set, by default).
///
/// A protocol, so that the suites' hashing and signing stand apart from context processing:
/// the JSON-LD processor is plugged in by whoever configures the signer or verifier, and tests
/// of the suites can give the datasets the W3C vectors publish.
public protocol JSONLDToRDF: Sendable {
    /// The RDF dataset `document` describes.
    func dataset(of document: JSONObject) async throws -> RDFDataset
}
