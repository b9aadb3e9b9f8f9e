import Foundation
import Testing

/// `vellum demo` is the newcomer's first run: it must finish on loopback, with every check
/// holding, and say who asked, what was disclosed and what the verifier concluded.
@Suite("vellum demo", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct DemoCommandTests {
    @Test("claims a PID and an mDL, presents only the asked claims, is accepted, scans a W3C offer and two requests, takes an Aries credential and proves age >= 18, and every check holds")
    func demoPasses() async throws {
        let result = try await VellumBinary.run(["demo"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let text = result.standardOutput
        #expect(text.contains("16 checks passed, 0 failed"))
        #expect(!text.contains("✗"))
        #expect(text.contains("urn:eudi:pid:1 validated and stored"))
        #expect(text.contains("org.iso.18013.5.1.mDL validated and stored"))
        #expect(text.contains("who asks: Vellum Sandbox Verifier (x509_san_dns:localhost)"))
        #expect(text.contains("would disclose for pid: address.locality = \"Köln\""))
        #expect(text.contains("the verifier's verdict: accepted"))
        #expect(text.contains("the wallet now reports: statusRevoked"))
        #expect(!text.contains("family_name"))
        #expect(text.contains("5. Scanning links"))
        #expect(text.contains("UniversityDegreeCredential (ldp_vc, eddsa-rdfc-2022) verified and stored"))
        #expect(text.contains("the verifier accepted the presentation of the diploma"))
        #expect(text.contains("the verifier accepted the derived proof and saw of the employee only givenName, jobTitle"))
        #expect(text.contains("6. Aries (DIDComm v1, AnonCreds)"))
        #expect(text.contains("the verifier saw: name = Alice Example"))
        #expect(!text.contains("age = 28"))
    }
}
