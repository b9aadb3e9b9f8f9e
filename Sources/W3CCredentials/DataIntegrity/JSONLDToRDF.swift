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

/// ``JSONLDToRDF`` by this package's JSON-LD 1.1 processor (`JSONLDAPI.toRDF`): what the RDFC
/// suites use unless a caller plugs in another. Contexts come from the options' loader, the
/// offline bundled set by default, so verifying a credential never fetches one.
public struct JSONLDProcessorToRDF: JSONLDToRDF {
    /// The processor's options (loader, limits, processing mode).
    public var options: JSONLDOptions

    /// A processor with `options` (the bundled, offline contexts by default).
    public init(options: JSONLDOptions = JSONLDOptions()) {
        self.options = options
    }

    public func dataset(of document: JSONObject) async throws -> RDFDataset {
        try await JSONLDAPI.toRDF(.object(document), options: options)
    }
}
