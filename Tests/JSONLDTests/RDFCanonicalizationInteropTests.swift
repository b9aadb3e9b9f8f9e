import CryptoKeys
import Foundation
import Testing
import VellumTestSupport
@testable import JSONLD

/// RDFC-1.0 against Oxigraph (pyoxigraph, Rust), both directions: datasets made here —
/// random ones and symmetric blank node structures that need Hash N-Degree Quads — are
/// canonicalized by both and compared byte for byte; datasets pyoxigraph writes are read and
/// canonicalized here and compared with its canonical form.
@Suite("RDFC-1.0 interop with pyoxigraph")
struct RDFCanonicalizationInteropTests {
    /// Canonical N-Quads from the peer `engine` (pyoxigraph or pyld) for each dataset.
    static func peer(_ datasets: [String], engine: String = "pyoxigraph", hash: String = "SHA256") async throws -> [String] {
        let request: [String: Any] = ["op": "canonicalize", "engine": engine, "hash": hash, "datasets": datasets]
        let reply = try await PythonPeer.runJSON("rdfc_peer.py", input: JSONSerialization.data(withJSONObject: request))
        let results = reply["canonical"] as? [Any] ?? []
        return results.map { $0 as? String ?? "\(engine) refused: \($0)" }
    }

    /// Compares Vellum's canonical form of each dataset with pyoxigraph's, byte for byte. Where
    /// they differ, pyld (the reference implementation's lineage) is asked: a dataset on which
    /// Vellum and pyld agree against pyoxigraph is counted and printed, not failed; any other
    /// difference is a failure. Returns how many agreed with pyoxigraph.
    @discardableResult
    static func compare(
        _ datasets: [(name: String, nQuads: String)], hash: DigestAlgorithm = .sha256, label: String
    ) async throws -> Int {
        let hashName = hash == .sha384 ? "SHA384" : "SHA256"
        let oxigraph = try await peer(datasets.map(\.nQuads), hash: hashName)
        var ours: [String] = []
        for dataset in datasets {
            ours.append(try RDFCanonicalizer(hashAlgorithm: hash).canonicalNQuads(try NQuadsParser().parse(dataset.nQuads)))
        }
        let differing = datasets.indices.filter { ours[$0] != oxigraph[$0] }
        var pyldSided: [String] = []
        if !differing.isEmpty {
            let pyld = hash == .sha256 ? try await peer(differing.map { datasets[$0].nQuads }, engine: "pyld") : []
            for (position, index) in differing.enumerated() {
                if position < pyld.count, pyld[position] == ours[index] {
                    pyldSided.append(datasets[index].name)
                } else {
                    Issue.record("""
                        \(label) (\(hashName)) differs on \(datasets[index].name):
                        \(datasets[index].nQuads)Vellum:
                        \(ours[index])pyoxigraph:
                        \(oxigraph[index])
                        """)
                }
            }
        }
        let agreed = datasets.count - differing.count
        print("rdfc interop (\(label), \(hashName)): \(agreed)/\(datasets.count) byte-equal to pyoxigraph"
            + (pyldSided.isEmpty ? "" : "; \(pyldSided.count) differ where pyld agrees with Vellum: \(pyldSided.joined(separator: ", "))"))
        return agreed
    }

    static func blank(_ label: String) -> RDFTerm { .blankNode(label) }
    static let p = RDFTerm.iri("urn:ex:p")
    static let q = RDFTerm.iri("urn:ex:q")

    /// A directed ring of `count` blank nodes, optionally in a graph.
    static func ring(_ count: Int, prefix: String, graph: RDFTerm? = nil) -> [RDFQuad] {
        (0..<count).map {
            RDFQuad(subject: blank("\(prefix)\($0)"), predicate: p, object: blank("\(prefix)\(($0 + 1) % count)"), graph: graph)
        }
    }

    /// The symmetric structures: rings, twin rings, rings in blank-node graphs, a complete
    /// bipartite graph, a cube, a ladder, a star of identical stars, lists and self-loops.
    static let symmetric: [(name: String, dataset: RDFDataset)] = {
        var cases: [(String, RDFDataset)] = []
        for size in [2, 3, 5, 8] { cases.append(("ring of \(size)", RDFDataset(ring(size, prefix: "r")))) }
        cases.append(("two rings of 4", RDFDataset(ring(4, prefix: "a") + ring(4, prefix: "b"))))
        cases.append(("rings of 3 and 6", RDFDataset(ring(3, prefix: "a") + ring(6, prefix: "b"))))
        cases.append(("a ring in each of two blank-node graphs",
            RDFDataset(ring(3, prefix: "a", graph: blank("g1")) + ring(3, prefix: "b", graph: blank("g2")))))
        var bipartite: [RDFQuad] = []
        for left in 0..<3 { for right in 0..<3 { bipartite.append(RDFQuad(subject: blank("l\(left)"), predicate: p, object: blank("r\(right)"))) } }
        cases.append(("K3,3", RDFDataset(bipartite)))
        var cube: [RDFQuad] = []
        for vertex in 0..<8 { for bit in [1, 2, 4] where vertex & bit == 0 {
            cube.append(RDFQuad(subject: blank("v\(vertex)"), predicate: p, object: blank("v\(vertex | bit)")))
        } }
        cases.append(("cube", RDFDataset(cube)))
        var ladder: [RDFQuad] = []
        for rung in 0..<4 {
            ladder.append(RDFQuad(subject: blank("x\(rung)"), predicate: q, object: blank("y\(rung)")))
            ladder.append(RDFQuad(subject: blank("x\(rung)"), predicate: p, object: blank("x\((rung + 1) % 4)")))
            ladder.append(RDFQuad(subject: blank("y\(rung)"), predicate: p, object: blank("y\((rung + 1) % 4)")))
        }
        cases.append(("circular ladder", RDFDataset(ladder)))
        var stars: [RDFQuad] = []
        for star in 0..<3 {
            stars.append(RDFQuad(subject: blank("hub"), predicate: p, object: blank("s\(star)")))
            for leaf in 0..<3 { stars.append(RDFQuad(subject: blank("s\(star)"), predicate: q, object: blank("s\(star)l\(leaf)"))) }
        }
        cases.append(("star of stars", RDFDataset(stars)))
        var lists: [RDFQuad] = []
        for list in 0..<2 {
            for item in 0..<3 {
                lists.append(RDFQuad(subject: blank("c\(list)_\(item)"), predicate: .iri(RDFVocabulary.rdfFirst), object: .literal(RDFLiteral("\(item)"))))
                lists.append(RDFQuad(subject: blank("c\(list)_\(item)"), predicate: .iri(RDFVocabulary.rdfRest),
                    object: item == 2 ? .iri(RDFVocabulary.rdfNil) : blank("c\(list)_\(item + 1)")))
            }
            lists.append(RDFQuad(subject: .iri("urn:ex:s"), predicate: p, object: blank("c\(list)_0")))
        }
        cases.append(("two equal lists", RDFDataset(lists)))
        cases.append(("self-loops and a blank graph naming itself", RDFDataset([
            RDFQuad(subject: blank("a"), predicate: p, object: blank("a")),
            RDFQuad(subject: blank("b"), predicate: p, object: blank("b"), graph: blank("b")),
            RDFQuad(subject: blank("c"), predicate: p, object: .literal(RDFLiteral("\u{0}\u{7F}\"\\\t é", language: "en")), graph: blank("a")),
        ])))
        return cases
    }()

    /// Random datasets from a fixed seed: few predicates and values, so blank nodes collide.
    static func randomDatasets(count: Int, seed: UInt64) -> [RDFDataset] {
        var generator = SeededGenerator(seed: seed)
        let values: [RDFTerm] = [
            .iri("urn:ex:a"), .iri("urn:ex:b"), .literal(RDFLiteral("x")), .literal(RDFLiteral("x", language: "en")),
            .literal(RDFLiteral("1", datatype: RDFVocabulary.xsdInteger)), .literal(RDFLiteral("line\nbreak\u{1}")),
        ]
        return (0..<count).map { _ in
            let nodes = (0..<Int.random(in: 1...9, using: &generator)).map { blank("n\($0)") }
            var dataset = RDFDataset()
            for _ in 0..<Int.random(in: 1...16, using: &generator) {
                let object = Bool.random(using: &generator) ? nodes.randomElement(using: &generator)! : values.randomElement(using: &generator)!
                let graph: RDFTerm? = [nil, nil, .iri("urn:ex:g"), nodes.randomElement(using: &generator)!].randomElement(using: &generator)!
                dataset.insert(RDFQuad(
                    subject: nodes.randomElement(using: &generator)!, predicate: [p, q].randomElement(using: &generator)!,
                    object: object, graph: graph))
            }
            return dataset
        }
    }

    @Test("symmetric structures canonicalize to the same bytes as Oxigraph's",
        .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func symmetricStructures() async throws {
        let datasets = Self.symmetric.map { ($0.name, $0.dataset.nQuads) }
        try await Self.compare(datasets, label: "symmetric structures")
        try await Self.compare(datasets, hash: .sha384, label: "symmetric structures")
    }

    @Test("200 random datasets canonicalize to the same bytes as Oxigraph's, SHA-256 and SHA-384",
        .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func randomDatasets() async throws {
        let datasets = Self.randomDatasets(count: 200, seed: 25).enumerated().map { ("random #\($0.offset)", $0.element.nQuads) }
        try await Self.compare(datasets, label: "Vellum's random datasets")
        try await Self.compare(datasets, hash: .sha384, label: "Vellum's random datasets")
    }

    @Test("datasets pyoxigraph writes read and canonicalize to its canonical form",
        .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func theirDatasets() async throws {
        let request: [String: Any] = ["op": "generate", "seed": 25, "count": 200]
        let reply = try await PythonPeer.runJSON("rdfc_peer.py", input: JSONSerialization.data(withJSONObject: request))
        let generated = reply["datasets"] as? [[String: String]] ?? []
        #expect(generated.count == 200)
        let datasets = generated.enumerated().map { ("pyoxigraph's #\($0.offset)", $0.element["input"] ?? "") }
        try await Self.compare(datasets, label: "pyoxigraph's random datasets")
    }

    @Test("the W3C suite's inputs canonicalize to the same bytes as Oxigraph's",
        .enabled(if: PythonPeer.isAvailable && Vectors.isAvailable, PythonPeer.skipMessage))
    func suiteInputs() async throws {
        let inputs = try Vectors.files(in: "rdf-canon/tests/rdfc10", suffix: "-in.nq")
            .filter { !$0.lastPathComponent.hasPrefix("test074") }
        let datasets = try inputs.map { ($0.lastPathComponent, String(decoding: try Data(contentsOf: $0), as: UTF8.self)) }
        try await Self.compare(datasets, label: "W3C suite inputs")
        try await Self.compare(datasets, hash: .sha384, label: "W3C suite inputs")
    }
}
