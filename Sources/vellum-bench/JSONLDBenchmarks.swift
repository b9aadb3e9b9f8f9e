import Foundation
import JSONLD

/// RDFC-1.0 benchmarks: reading N-Quads and canonicalizing them, as Oxigraph (Rust, through
/// pyoxigraph) and pyld do the same in the same run. Two datasets: the quads of a
/// credential with a proof (what a Data Integrity verifier canonicalizes, blank nodes told
/// apart at the first degree) and symmetric rings that need Hash N-Degree Quads.
enum JSONLDBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "rdfc.credential", prepare: { try prepare(credentialNQuads) }, peer: "pyoxigraph.rdfc"),
        Benchmark(name: "rdfc.credential.vs-pyld", prepare: { try prepare(credentialNQuads) }, peer: "pyld.rdfc"),
        Benchmark(name: "rdfc.rings", prepare: { try prepare(ringsNQuads) }, peer: "pyoxigraph.rdfc"),
    ]

    private static func prepare(_ text: String) throws -> Benchmark.Operation {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("vellum-bench-\(ProcessInfo.processInfo.processIdentifier)-\(text.count).nq")
        try Data(text.utf8).write(to: file)
        let canonicalizer = RDFCanonicalizer()
        return Benchmark.Operation(
            run: { _ = try canonicalizer.canonicalNQuads(try NQuadsParser().parse(text)) },
            peerInput: [file.path])
    }

    /// A credential without `id`s (so its nodes are blank) with a subject, an address, a
    /// degree, a status entry, and its proof in a blank-node graph: the shape toRdf gives.
    static let credentialNQuads: String = {
        let cred = "https://www.w3.org/2018/credentials#"
        let schema = "https://schema.org/"
        let sec = "https://w3id.org/security#"
        let rdfType = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"
        let dateTime = "^^<http://www.w3.org/2001/XMLSchema#dateTime>"
        var lines = [
            "_:vc \(rdfType) <\(cred)VerifiableCredential> .",
            "_:vc \(rdfType) <https://example.org/UniversityDegreeCredential> .",
            "_:vc <\(cred)issuer> <did:key:z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2> .",
            "_:vc <\(cred)validFrom> \"2025-01-01T00:00:00Z\"\(dateTime) .",
            "_:vc <\(cred)validUntil> \"2030-01-01T00:00:00Z\"\(dateTime) .",
            "_:vc <\(cred)credentialSubject> _:subject .",
            "_:vc <\(cred)credentialStatus> _:status .",
            "_:vc <\(sec)proof> _:proofGraph .",
            "_:subject \(rdfType) <\(schema)Person> .",
            "_:subject <\(schema)givenName> \"Jane\" .",
            "_:subject <\(schema)familyName> \"Doe\" .",
            "_:subject <\(schema)birthDate> \"1990-01-01\"^^<http://www.w3.org/2001/XMLSchema#date> .",
            "_:subject <\(schema)address> _:address .",
            "_:subject <https://example.org/degree> _:degree .",
            "_:address <\(schema)streetAddress> \"1 Main Street\" .",
            "_:address <\(schema)addressLocality> \"Springfield\" .",
            "_:address <\(schema)postalCode> \"12345\" .",
            "_:address <\(schema)addressCountry> \"US\" .",
            "_:degree \(rdfType) <https://example.org/BachelorDegree> .",
            "_:degree <\(schema)name> \"Bachelor of Science and Arts\"@en .",
            "_:degree <\(schema)name> \"Licence en sciences et lettres\"@fr .",
            "_:status \(rdfType) <\(cred)BitstringStatusListEntry> .",
            "_:status <\(cred)statusPurpose> \"revocation\" .",
            "_:status <\(cred)statusListIndex> \"94567\" .",
            "_:status <\(cred)statusListCredential> <https://example.org/status/3> .",
        ]
        lines += [
            "_:proof \(rdfType) <\(sec)DataIntegrityProof> _:proofGraph .",
            "_:proof <\(sec)cryptosuite> \"eddsa-rdfc-2022\"^^<\(sec)cryptosuiteString> _:proofGraph .",
            "_:proof <http://purl.org/dc/terms/created> \"2025-01-01T00:00:00Z\"\(dateTime) _:proofGraph .",
            "_:proof <\(sec)proofPurpose> <\(sec)assertionMethod> _:proofGraph .",
            "_:proof <\(sec)verificationMethod> <did:key:z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2#z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2> _:proofGraph .",
            "_:proof <\(sec)proofValue> \"z2YwC8z3ap7yx1nZYCg4L3j3ApHsF8kgPdSb5xoS1VR7vPG3F561B52hYnQF9iseabecm3ijx4K1FBTQsCZahKZme\"^^<\(sec)multibase> _:proofGraph .",
        ]
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Two directed rings of six blank nodes each: every node looks alike at the first degree.
    static let ringsNQuads: String = {
        var lines: [String] = []
        for ring in ["a", "b"] {
            for index in 0..<6 { lines.append("_:\(ring)\(index) <urn:ex:next> _:\(ring)\((index + 1) % 6) .") }
        }
        return lines.joined(separator: "\n") + "\n"
    }()
}
