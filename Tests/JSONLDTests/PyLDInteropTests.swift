import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import JSONLD

/// Vellum and pyld (the Python JSON-LD processor) agree on real credentials, both ways: each
/// one's expansion of the same document is the same JSON-LD, each one's RDF is the same dataset
/// (up to blank node labels), and each turns the other's expanded form into that dataset.
@Suite(
    "JSON-LD interop with pyld",
    .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage),
    .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct PyLDInteropTests {
    /// Credentials and presentations from the shared vectors: VCDM 2.0 (Data Integrity test
    /// vectors, with and without proofs) and VCDM 1.1 (Credible's signed VC and VP).
    static let documents = [
        "vc-data-integrity/w3c+vc-di-eddsa/TestVectors/unsigned.json",
        "vc-data-integrity/w3c+vc-di-eddsa/TestVectors/employmentAuth.json",
        "vc-data-integrity/w3c+vc-di-eddsa/TestVectors/eddsa-rdfc-2022/signedDataInt.json",
        "vc-data-integrity/w3c+vc-di-eddsa/TestVectors/Ed25519Signature2020/signedEdSig.json",
        "vc-data-integrity/w3c+vc-di-ecdsa/TestVectors/ecdsa-rdfc-2019-p256/signedECDSAP256.json",
        "vc-data-integrity/w3c+vc-di-ecdsa/TestVectors/ecdsa-sd-2023/employ/derivedUnsignedReveal.json",
        "credible/03-credential-response-signed-vc.json",
        "credible/05-presentation-signed-vp.json",
    ]

    static func peer(_ op: String, _ document: JSONValue) async throws -> JSONValue {
        var contexts = JSONObject()
        for url in BundledContexts.urls { contexts[url] = BundledContexts.documents[url] }
        let request: JSONValue = ["op": .string(op), "document": document, "contexts": .object(contexts)]
        let output = try await PythonPeer.run("jsonld_peer.py", input: request.serialized())
        return try JSONValue(parsing: output)
    }

    @Test("expansion and toRdf agree with pyld, and each reads the other's expanded form", arguments: documents)
    func agrees(_ path: String) async throws {
        let document = try JSONValue(parsing: Vectors.data(path))
        let expanded = try await JSONLDAPI.expand(document)
        let theirExpanded = try #require(try await Self.peer("expand", document)["expanded"])
        #expect(ExpandedEquality.equal(expanded, theirExpanded), "expanded forms differ for \(path)")

        let dataset = try await JSONLDAPI.toRDF(document)
        let theirNQuads = try #require(try await Self.peer("toRdf", document)["nquads"]?.stringValue)
        let theirs = try NQuadsFixture.parse(theirNQuads)
        #expect(dataset.count > 0)
        #expect(DatasetIsomorphism.isomorphic(dataset, theirs), "datasets differ for \(path)")

        let fromTheirExpanded = try await JSONLDAPI.toRDF(theirExpanded)
        #expect(DatasetIsomorphism.isomorphic(fromTheirExpanded, theirs))
        let theirsFromOurs = try NQuadsFixture.parse(try #require(try await Self.peer("toRdf", expanded)["nquads"]?.stringValue))
        #expect(DatasetIsomorphism.isomorphic(theirsFromOurs, dataset))
    }
}
