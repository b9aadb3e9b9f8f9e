import CryptoKeys
import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import W3CCredentials

/// `vellum verify` on W3C credentials and presentations with Data Integrity proofs, through
/// the built binary: the W3C vector's eddsa-rdfc-2022 credential (toRdf and RDFC-1.0 by
/// Vellum's own processor), a changed claim, and a presentation bound to a challenge and domain.
@Suite("vellum verify: W3C Data Integrity", .enabled(if: VellumBinary.url != nil && Vectors.isAvailable, "skipped: the vellum binary or the vectors are missing"))
struct VerifyW3CCommandTests {
    static let vector = "vc-data-integrity/w3c+vc-di-eddsa/TestVectors/eddsa-rdfc-2022/signedDataInt.json"

    static func write(_ value: JSONValue, in folder: URL, as name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try value.serialized().write(to: url)
        return url.path
    }

    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-w3c-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    @Test("the W3C eddsa-rdfc-2022 credential verifies; with a changed claim it does not (exit 1); --json says which check failed")
    func credential() async throws {
        try await Self.withFolder { folder in
            let signed = try JSONValue(parsing: try Vectors.data(Self.vector))
            let good = try await VellumBinary.run(["verify", try Self.write(signed, in: folder, as: "vc.json")])
            #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
            #expect(good.standardOutput.contains("W3C verifiable credential") && good.standardOutput.contains("✓ credential proof: eddsa-rdfc-2022"))

            var object = try #require(signed.objectValue)
            var subject = try #require(object["credentialSubject"]?.objectValue)
            subject.updateValue("The School of Forgeries", forName: "alumniOf")
            object.updateValue(.object(subject), forName: "credentialSubject")
            let forged = try Self.write(.object(object), in: folder, as: "forged.json")
            let bad = try await VellumBinary.run(["verify", forged])
            #expect(bad.status == 1 && bad.standardOutput.contains("INVALID"), "\(bad.standardOutput)")
            let report = try JSONValue(parsing: Data(try await VellumBinary.run(["verify", forged, "--json"]).standardOutput.utf8))
            #expect(report["format"] == "w3c" && report["valid"] == false)
            #expect(report["checks"]?.arrayValue?.last?["error"]?.stringValue?.contains("signature") == true)
        }
    }

    @Test("a credential whose issuer is a DID is refused when another DID's key made its proof (exit 1, notControllersKey)")
    func proofByAnotherDID() async throws {
        try await Self.withFolder { folder in
            let issuerKey = PrivateKey(curve: .ed25519), otherKey = PrivateKey(curve: .ed25519)
            let issuer = try DIDKey.make(for: issuerKey.publicKey), other = try DIDKey.make(for: otherKey.publicKey)
            let unsigned: JSONValue = [
                "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
                "issuer": .string(issuer.description), "credentialSubject": ["name": "Alice"],
            ]
            func signed(by key: PrivateKey, _ did: DIDIdentifier) async throws -> JSONValue {
                let options = DataIntegrityProofOptions(cryptosuite: .eddsaJCS2022, verificationMethod: "\(did)#\(did.methodSpecificID)")
                return try await DataIntegritySigner.sign(unsigned, options: options, signer: SoftwareSigner(privateKey: key))
            }
            let honest = try await VellumBinary.run(["verify", try Self.write(try await signed(by: issuerKey, issuer), in: folder, as: "honest.json")])
            #expect(honest.status == 0, "\(honest.standardOutput)")
            let stranger = try await VellumBinary.run(["verify", try Self.write(try await signed(by: otherKey, other), in: folder, as: "stranger.json")])
            #expect(stranger.status == 1, "\(stranger.standardOutput)")
            #expect(stranger.standardOutput.contains("not a key of \(issuer)"))
        }
    }

    @Test("a presentation verifies with its challenge (--nonce) and domain (--client-id), and not with another challenge")
    func presentation() async throws {
        try await Self.withFolder { folder in
            let credential = try JSONValue(parsing: try Vectors.data(Self.vector))
            let key = PrivateKey(curve: .ed25519)
            let did = try DIDKey.make(for: key.publicKey).description
            let unsigned: JSONValue = [
                "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiablePresentation"],
                "holder": .string(did), "verifiableCredential": [credential],
            ]
            let presentation = try await DataIntegritySigner.sign(
                unsigned,
                options: DataIntegrityProofOptions(
                    cryptosuite: .eddsaJCS2022, verificationMethod: did + "#" + did.dropFirst("did:key:".count),
                    proofPurpose: "authentication", created: DataIntegrityProofOptions.timestamp(Date().addingTimeInterval(-60)),
                    challenge: "n-0S6_WzA2Mj", domain: "verifier.example"),
                signer: try SoftwareSigner(privateKey: key))
            let file = try Self.write(presentation, in: folder, as: "vp.json")
            let good = try await VellumBinary.run(["verify", file, "--nonce", "n-0S6_WzA2Mj", "--client-id", "verifier.example"])
            #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
            #expect(good.standardOutput.contains("✓ verifiableCredential[0] proof: eddsa-rdfc-2022"))
            #expect(good.standardOutput.contains("✓ presentation proof: eddsa-jcs-2022"))
            let replayed = try await VellumBinary.run(["verify", file, "--nonce", "another-challenge"])
            #expect(replayed.status == 1 && replayed.standardOutput.contains("INVALID"), "\(replayed.standardOutput)")
        }
    }
}
