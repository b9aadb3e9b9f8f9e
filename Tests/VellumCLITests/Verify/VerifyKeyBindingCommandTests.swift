import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport

/// `vellum verify --nonce N --client-id C` on SD-JWT presentations: the KB-JWT must answer
/// that request (RFC 9901 §7.3 step 5, OpenID4VP 1.0 §8.6: `nonce` is the request's nonce,
/// `aud` its client identifier). A KB-JWT signed by the right holder for another request is a
/// replayed or forwarded presentation.
extension VerifySDJWTCommandTests {
    static let verifier = "x509_san_dns:verifier.example.org"

    /// A presentation of ``credential(type:exp:signer:)`` whose KB-JWT answers `nonce` and `audience`.
    func presentation(type: String = "dc+sd-jwt", audience: String = Self.verifier, nonce: String = "n-42") async throws -> String {
        let request = KeyBindingRequest(audience: audience, nonce: nonce)
        let presentation = try await ProcessedSDJWT(unverified: credential(type: type))
            .presentation(disclosing: [], keyBinding: request, signer: SoftwareSigner(privateKey: holderKey))
        return try write("vp-\(UUID().uuidString).txt", presentation.serialized)
    }

    @Test func aPresentationAnsweringTheRequestIsValidAndSaysWhatWasCompared() async throws {
        let result = try await VellumBinary.run([
            "verify", try await presentation(), "--issuer-key", try issuerKeyFile(), "--nonce", "n-42", "--client-id", Self.verifier,
        ])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("key binding: verified (aud \(Self.verifier) = --client-id, nonce n-42 = --nonce)"))
        #expect(result.standardOutput.hasSuffix("VALID\n"))
    }

    @Test func anotherNonceIsAReplayedPresentation() async throws {
        let result = try await VellumBinary.run([
            "verify", try await presentation(), "--issuer-key", try issuerKeyFile(), "--nonce", "attacker-nonce",
            "--client-id", Self.verifier,
        ])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("✗ key binding: the KB-JWT's nonce is not the --nonce attacker-nonce"))
        #expect(!result.standardOutput.contains("aud"))
        #expect(result.standardOutput.hasSuffix("INVALID\n"))
    }

    @Test func anotherAudienceIsAPresentationMadeForAnotherVerifier() async throws {
        let result = try await VellumBinary.run([
            "verify", try await presentation(), "--issuer-key", try issuerKeyFile(), "--nonce", "n-42",
            "--client-id", "x509_san_dns:evil.example",
        ])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains(
            "✗ key binding: the KB-JWT's aud is \(Self.verifier), not the --client-id x509_san_dns:evil.example"))
        #expect(!result.standardOutput.contains("nonce"))
        #expect(result.standardOutput.hasSuffix("INVALID\n"))
    }

    /// Each option given is compared on its own; the one left out is said to be unchecked.
    @Test func onlyTheValueGivenIsCompared() async throws {
        let file = try await presentation()
        let base = ["verify", file, "--issuer-key", try issuerKeyFile()]
        let nonceOnly = try await VellumBinary.run(base + ["--nonce", "n-42"])
        #expect(nonceOnly.status == 0, "\(nonceOnly.standardOutput)\(nonceOnly.standardError)")
        #expect(nonceOnly.standardOutput.contains("nonce n-42 = --nonce; not compared without --client-id)"))
        let wrongNonceOnly = try await VellumBinary.run(base + ["--nonce", "n-43"])
        #expect(wrongNonceOnly.status == 1)
        #expect(wrongNonceOnly.standardOutput.contains("the KB-JWT's nonce is not the --nonce n-43"))

        let audienceOnly = try await VellumBinary.run(base + ["--client-id", Self.verifier])
        #expect(audienceOnly.status == 0, "\(audienceOnly.standardOutput)\(audienceOnly.standardError)")
        #expect(audienceOnly.standardOutput.contains("aud \(Self.verifier) = --client-id, nonce n-42; not compared without --nonce)"))
        let wrongAudienceOnly = try await VellumBinary.run(base + ["--client-id", "https://verifier.example.org"])
        #expect(wrongAudienceOnly.status == 1)
        #expect(wrongAudienceOnly.standardOutput.contains("not the --client-id https://verifier.example.org"))

        let neither = try await VellumBinary.run(base)
        #expect(neither.status == 0)
        #expect(neither.standardOutput.contains("nonce n-42; not compared without --client-id and --nonce)"))
    }

    /// Asking whether a presentation answers a request is not answered by a credential that
    /// carries no KB-JWT: leaving it out must not skip the comparison.
    @Test func withoutAKBJWTNothingAnswersTheRequest() async throws {
        let file = try write("vc.txt", try await credential().serialized)
        let base = ["verify", file, "--issuer-key", try issuerKeyFile()]
        let both = try await VellumBinary.run(base + ["--nonce", "n-42", "--client-id", Self.verifier])
        #expect(both.status == 1, "\(both.standardOutput)\(both.standardError)")
        #expect(both.standardOutput.contains("✗ key binding: there is no KB-JWT, so nothing answers --nonce and --client-id"))
        let nonceOnly = try await VellumBinary.run(base + ["--nonce", "n-42"])
        #expect(nonceOnly.status == 1)
        #expect(nonceOnly.standardOutput.contains("there is no KB-JWT, so nothing answers --nonce"))
        // Without the options the stored credential is still valid.
        #expect(try await VellumBinary.run(base).status == 0)
    }

    @Test func theJSONReportNamesTheMatchedClaimsOrTheMismatch() async throws {
        let file = try await presentation()
        let base = ["verify", file, "--issuer-key", try issuerKeyFile(), "--json"]
        let answered = try await VellumBinary.run(base + ["--nonce", "n-42", "--client-id", Self.verifier])
        #expect(answered.status == 0, "\(answered.standardOutput)\(answered.standardError)")
        let report = try JSONValue(parsing: Data(answered.standardOutput.utf8))
        #expect(report["valid"] == .bool(true) && report["keyBinding"] == .string("verified"))
        #expect(report["keyBindingMatched"] == ["aud", "nonce"])
        #expect(report["keyBindingNonce"] == .string("n-42") && report["keyBindingAudience"] == .string(Self.verifier))

        let replayed = try await VellumBinary.run(base + ["--nonce", "old-nonce"])
        #expect(replayed.status == 1)
        let invalid = try JSONValue(parsing: Data(replayed.standardOutput.utf8))
        #expect(invalid["valid"] == .bool(false))
        #expect(invalid["error"]?.stringValue?.contains("the KB-JWT's nonce is not the --nonce old-nonce") == true)
    }

    /// A plain SD-JWT (not a VC) goes through the same policy.
    @Test func aPlainSDJWTPresentationIsHeldToTheRequestToo() async throws {
        let file = try await presentation(type: "example+sd-jwt")
        let base = ["verify", file, "--issuer-key", try issuerKeyFile()]
        let answered = try await VellumBinary.run(base + ["--nonce", "n-42", "--client-id", Self.verifier])
        #expect(answered.status == 0, "\(answered.standardOutput)\(answered.standardError)")
        #expect(answered.standardOutput.hasPrefix("SD-JWT\n"))
        let forwarded = try await VellumBinary.run(base + ["--nonce", "n-42", "--client-id", "x509_san_dns:evil.example"])
        #expect(forwarded.status == 1)
        #expect(forwarded.standardOutput.contains("the KB-JWT's aud is \(Self.verifier), not the --client-id x509_san_dns:evil.example"))
    }
}
