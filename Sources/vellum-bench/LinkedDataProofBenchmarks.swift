import CryptoKeys
import DID
import Foundation
import JSONLD
import JSONModel
import W3CCredentials

/// A verifier's work on a W3C presentation with Linked Data signatures, beside DIDKit (Rust,
/// timed in-process in Python, so its process start does not count): an Ed25519Signature2020
/// presentation with a challenge, holding one Ed25519Signature2020 credential — both proofs
/// verified, each through toRdf, RDFC-1.0 of the document and the proof options, and did:key
/// resolution. Then the parts on that credential alone: RDFC-1.0 of its N-Quads against
/// Oxigraph and pyld, and toRdf against pyld (with the same bundled contexts).
enum LinkedDataProofBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "ldp.ed25519-2020.vp1.verify", prepare: {
            let fixture = try await Fixture.make()
            let presentationPolicy = DataIntegrityProofPolicy.authentication(challenge: Fixture.challenge, domain: nil)
            let verifier = LinkedDataProofVerifier()
            return Benchmark.Operation(run: {
                _ = try await verifier.verify(fixture.presentation, policy: presentationPolicy)
                _ = try await verifier.verify(fixture.credential, policy: DataIntegrityProofPolicy())
            }, peerInput: [fixture.presentationFile.path])
        }, peer: "didkit.vp.verify"),
        Benchmark(name: "ldp.ed25519-2020.vc.rdfc", prepare: { try await rdfc() }, peer: "pyoxigraph.rdfc"),
        Benchmark(name: "ldp.ed25519-2020.vc.rdfc.vs-pyld", prepare: { try await rdfc() }, peer: "pyld.rdfc"),
        Benchmark(name: "ldp.ed25519-2020.vc.toRdf", prepare: {
            let fixture = try await Fixture.make()
            let credential = fixture.credential
            return Benchmark.Operation(run: { _ = try await JSONLDAPI.toRDF(credential) }, peerInput: [fixture.credentialFile.path])
        }, peer: "pyld.toRdf"),
    ]

    /// RDFC-1.0 of the credential's N-Quads (read, then canonicalized), as the peers do.
    private static func rdfc() async throws -> Benchmark.Operation {
        let fixture = try await Fixture.make()
        let text = fixture.credentialNQuads
        let canonicalizer = RDFCanonicalizer()
        return Benchmark.Operation(
            run: { _ = try canonicalizer.canonicalNQuads(try NQuadsParser().parse(text)) },
            peerInput: [fixture.credentialNQuadsFile.path])
    }

    /// The signed credential and presentation, and the files the peers read.
    struct Fixture: Sendable {
        static let challenge = "c-9bQ2x"
        let credential: JSONValue
        let presentation: JSONValue
        let credentialNQuads: String
        let credentialFile: URL
        let credentialNQuadsFile: URL
        /// `{"presentation", "challenge", "contexts"}` for DIDKit.
        let presentationFile: URL

        static func make() async throws -> Fixture {
            let issuer = PrivateKey(curve: .ed25519), holder = PrivateKey(curve: .ed25519)
            let issuerDID = try DIDKey.make(for: issuer.publicKey).description
            let holderDID = try DIDKey.make(for: holder.publicKey).description
            let unsigned: JSONValue = [
                "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
                "type": ["VerifiableCredential", "UniversityDegreeCredential"], "issuer": .string(issuerDID),
                "issuanceDate": "2025-01-01T00:00:00Z",
                "credentialSubject": [
                    "id": .string(holderDID), "degree": ["type": "BachelorDegree", "name": "Bachelor of Science and Arts"],
                ],
            ]
            let credential = try await LinkedDataSigner.sign(
                unsigned,
                options: LinkedDataProofOptions(suite: .ed25519Signature2020, verificationMethod: method(issuerDID)),
                signer: try SoftwareSigner(privateKey: issuer))
            let presentation = try await LinkedDataSigner.sign(
                [
                    "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiablePresentation"],
                    "holder": .string(holderDID), "verifiableCredential": [credential],
                ],
                options: LinkedDataProofOptions(
                    suite: .ed25519Signature2020, verificationMethod: method(holderDID), proofPurpose: "authentication",
                    challenge: challenge),
                signer: try SoftwareSigner(privateKey: holder))
            let nquads = try await JSONLDAPI.toRDF(credential).nQuads
            let folder = FileManager.default.temporaryDirectory
            let stem = "vellum-bench-\(ProcessInfo.processInfo.processIdentifier)-ldp"
            let credentialFile = folder.appendingPathComponent("\(stem)-vc.json")
            let nquadsFile = folder.appendingPathComponent("\(stem)-vc.nq")
            let presentationFile = folder.appendingPathComponent("\(stem)-vp.json")
            var contexts = JSONObject()
            for url in BundledContexts.urls { contexts[url] = BundledContexts.text(at: url).flatMap { try? JSONValue(parsing: $0) } }
            try JSONValue.object(["document": credential, "contexts": .object(contexts)]).serialized().write(to: credentialFile)
            try Data(nquads.utf8).write(to: nquadsFile)
            try JSONValue.object(["presentation": presentation, "challenge": .string(challenge)]).serialized().write(to: presentationFile)
            return Fixture(
                credential: credential, presentation: presentation, credentialNQuads: nquads, credentialFile: credentialFile,
                credentialNQuadsFile: nquadsFile, presentationFile: presentationFile)
        }

        static func method(_ did: String) -> String { did + "#" + did.dropFirst("did:key:".count) }
    }
}
