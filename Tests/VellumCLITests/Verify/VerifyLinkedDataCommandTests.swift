import CryptoKeys
import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import W3CCredentials

/// `vellum verify` on credentials and presentations with Linked Data signatures, through the
/// built binary: DIDKit's Ed25519Signature2018 credential and presentation from the Credible
/// vectors, an Ed25519Signature2020 presentation of Vellum's own with its challenge and domain,
/// and a changed claim (exit 1, the failing check named in `--json`).
@Suite("vellum verify: W3C Linked Data signatures", .enabled(if: VellumBinary.url != nil && Vectors.isAvailable, "skipped: the vellum binary or the vectors are missing"))
struct VerifyLinkedDataCommandTests {
    @Test("DIDKit's Ed25519Signature2018 credential verifies; with a changed claim it does not (exit 1, --json names the signature)")
    func credential() async throws {
        try await VerifyW3CCommandTests.withFolder { folder in
            let signed = try JSONValue(parsing: try Vectors.data("credible/03-credential-response-signed-vc.json"))
            let file = try VerifyW3CCommandTests.write(signed, in: folder, as: "vc.json")
            // The vector's credential expires in 2027; check it at a time inside its validity period.
            let good = try await VellumBinary.run(["verify", file, "--at", "2026-12-01T00:00:00Z"])
            #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
            #expect(good.standardOutput.contains("✓ credential proof: Ed25519Signature2018 by did:key:z6MkqbVJ"))

            var object = try #require(signed.objectValue)
            var subject = try #require(object["credentialSubject"]?.objectValue)
            subject.updateValue("mallory", forName: "alumniOf")
            object.updateValue(.object(subject), forName: "credentialSubject")
            let forged = try VerifyW3CCommandTests.write(.object(object), in: folder, as: "forged.json")
            let bad = try await VellumBinary.run(["verify", forged, "--at", "2026-12-01T00:00:00Z", "--json"])
            #expect(bad.status == 1, "\(bad.standardOutput)")
            let report = try JSONValue(parsing: Data(bad.standardOutput.utf8))
            #expect(report["format"] == "w3c" && report["valid"] == false)
            #expect(report["checks"]?.arrayValue?.last?["error"]?.stringValue?.contains("signature does not verify") == true)
        }
    }

    @Test("an Ed25519Signature2020 presentation verifies with its challenge and domain, each credential and proof reported; another challenge fails")
    func presentation() async throws {
        try await VerifyW3CCommandTests.withFolder { folder in
            let credential = try JSONValue(parsing: try Vectors.data("credible/03-credential-response-signed-vc.json"))
            let key = PrivateKey(curve: .ed25519)
            let did = try DIDKey.make(for: key.publicKey).description
            let unsigned: JSONValue = [
                "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiablePresentation"],
                "holder": .string(did), "verifiableCredential": [credential],
            ]
            let presentation = try await LinkedDataSigner.sign(
                unsigned,
                options: LinkedDataProofOptions(
                    suite: .ed25519Signature2020, verificationMethod: did + "#" + did.dropFirst("did:key:".count),
                    proofPurpose: "authentication", created: "2026-11-30T10:00:00+00:00", challenge: "n-0S6_WzA2Mj",
                    domain: "verifier.example"),
                signer: try SoftwareSigner(privateKey: key))
            let file = try VerifyW3CCommandTests.write(presentation, in: folder, as: "vp.json")
            let good = try await VellumBinary.run([
                "verify", file, "--nonce", "n-0S6_WzA2Mj", "--client-id", "verifier.example", "--at", "2026-12-01T00:00:00Z",
            ])
            #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
            #expect(good.standardOutput.contains("✓ verifiableCredential[0] proof: Ed25519Signature2018"))
            #expect(good.standardOutput.contains("✓ presentation proof: Ed25519Signature2020"))
            let replayed = try await VellumBinary.run(["verify", file, "--nonce", "another", "--at", "2026-12-01T00:00:00Z"])
            #expect(replayed.status == 1 && replayed.standardOutput.contains("challenge"), "\(replayed.standardOutput)")
        }
    }
}
