import Foundation
import JSONModel
import MDoc
import Testing
import VellumTestSupport

/// `vellum verify` on ISO 18013-5 mdocs (the Annex D DeviceResponse), run as a user would.
@Suite(
    "vellum verify (mdoc)",
    .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"),
    .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct VerifyMDocCommandTests: CLIScratchSuite {
    let folder: URL
    let vectors = "mdoc/iso18013-5-annexD/"

    init() throws {
        folder = try Self.makeFolder("vellum-mdoc")
    }

    func vector(_ name: String) throws -> String { try Vectors.url(vectors + name).path }

    func responseBytes() throws -> Data {
        let hex = String(decoding: try Vectors.data(vectors + "ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), as: UTF8.self)
        return try #require(Data(testHex: hex.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Annex D's response with its session transcript and reader key: issuer data and device
    /// MAC both verify as of its date.
    @Test func annexDResponseIsValidAsOfItsDate() async throws {
        let result = try await VellumBinary.run([
            "verify", try vector("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"),
            "--trust", try vector("IACA_ROOT_CERT.pem"), "--at", "2021-01-01",
            "--session-transcript", try vector("ISO_18013_5_ANNEX_D_SESSION_TRANSCRIPT_BYTES.hex"),
            "--reader-key", try vector("ISO_18013_5_ANNEX_D_EPHEMERAL_READER_KEY_D.hex"),
        ])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("docType: org.iso.18013.5.1.mDL"))
        #expect(result.standardOutput.contains("✓ value digests: 6 element(s) match SHA-256 digests"))
        #expect(result.standardOutput.contains("org.iso.18013.5.1 family_name: Doe"))
        #expect(result.standardOutput.hasSuffix("\nVALID\n"))
    }

    /// A DeviceResponse is a presentation: without its session transcript nothing shows that
    /// the holder's device answered this reader, and a response copied from another session
    /// has the same issuer data. It is not valid, and the report says what to give.
    @Test func aResponseWhoseDeviceAuthenticationCannotBeCheckedIsNotValid() async throws {
        let arguments = [
            "verify", try vector("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), "--trust", try vector("IACA_ROOT_CERT.pem"),
            "--at", "2021-01-01",
        ]
        let message = "device authentication not checked — give --session-transcript or --client-id/--nonce/--response-uri"
        let result = try await VellumBinary.run(arguments)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("✓ value digests: 6 element(s) match SHA-256 digests"))
        #expect(result.standardOutput.contains("✗ device authentication: not checked (needs the session transcript)"))
        #expect(result.standardOutput.hasSuffix("INVALID: \(message)\n"))

        let json = try await VellumBinary.run(arguments + ["--json"])
        #expect(json.status == 1)
        let report = try JSONValue(parsing: Data(json.standardOutput.utf8))
        #expect(report["valid"] == .bool(false) && report["error"] == .string(message))
        #expect(report["deviceAuthentication"] == .string("not checked") && report["issuerDataOnly"] == .bool(false))
        // Its issuer data is fine: the document itself is valid, the response is not.
        #expect(report["documents"]?[0]?["valid"] == .bool(true))
    }

    /// `--issuer-data-only` verifies what the issuer signed and says that is all it did.
    @Test func issuerDataOnlyVerifiesTheIssuerDataAndSaysSo() async throws {
        let arguments = [
            "verify", try vector("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), "--trust", try vector("IACA_ROOT_CERT.pem"),
            "--at", "2021-01-01", "--issuer-data-only",
        ]
        let result = try await VellumBinary.run(arguments)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("- device authentication: not checked (--issuer-data-only)"))
        #expect(result.standardOutput.hasSuffix("\nVALID: issuer data only (device authentication not checked)\n"))

        let json = try await VellumBinary.run(arguments + ["--json"])
        #expect(json.status == 0, "\(json.standardOutput)\(json.standardError)")
        let report = try JSONValue(parsing: Data(json.standardOutput.utf8))
        #expect(report["valid"] == .bool(true) && report["error"] == nil)
        #expect(report["issuerDataOnly"] == .bool(true) && report["deviceAuthentication"] == .string("not checked"))

        // Issuer data that does not verify is still invalid.
        let expired = try await VellumBinary.run(Array(arguments.dropLast(3)) + ["--issuer-data-only"])
        #expect(expired.status == 1)
        #expect(expired.standardOutput.contains("INVALID: mdoc: document signer not trusted"))

        // Asking for device authentication and waiving it at once is a usage error.
        let both = try await VellumBinary.run(arguments + [
            "--session-transcript", try vector("ISO_18013_5_ANNEX_D_SESSION_TRANSCRIPT_BYTES.hex"),
        ])
        #expect(both.status == 2)
        #expect(both.standardError.contains("--issuer-data-only leaves device authentication out"))
    }

    /// An IssuerSigned is what an issuer delivers, with no device authentication: it is
    /// verified as before, with or without `--issuer-data-only`.
    @Test func anIssuerSignedIsUnaffected() async throws {
        let response = try DeviceResponse(decoding: try responseBytes())
        let file = try write("issuer-signed.cbor", try #require(response.documents.first).issuerSigned.encoded())
        let arguments = ["verify", file, "--trust", try vector("IACA_ROOT_CERT.pem"), "--at", "2021-01-01"]
        let result = try await VellumBinary.run(arguments)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("ISO 18013-5 mdoc (IssuerSigned)\n"))
        #expect(!result.standardOutput.contains("device authentication"))
        #expect(result.standardOutput.hasSuffix("\nVALID\n"))
        #expect(try await VellumBinary.run(arguments + ["--issuer-data-only"]).status == 0)
        let json = try JSONValue(parsing: Data(try await VellumBinary.run(arguments + ["--json"]).standardOutput.utf8))
        #expect(json["valid"] == .bool(true) && json["issuerDataOnly"] == nil)
    }

    @Test func todayTheDocumentSignerHasExpired() async throws {
        let result = try await VellumBinary.run([
            "verify", try vector("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), "--trust", try vector("IACA_ROOT_CERT.pem"),
        ])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("INVALID: mdoc: document signer not trusted: certificate 'C=US,CN=utopia ds' expired"))
    }

    @Test func binaryAndBase64URLAreRecognisedAndAnUntrustedIssuerFails() async throws {
        let bytes = try responseBytes()
        let binary = try write("response.cbor", bytes)
        let ok = try await VellumBinary.run([
            "verify", binary, "--trust", try vector("IACA_ROOT_CERT.pem"), "--at", "2021-01-01T00:00:00Z", "--json", "--issuer-data-only",
        ])
        #expect(ok.status == 0, "\(ok.standardOutput)\(ok.standardError)")
        #expect(ok.standardOutput.contains(#""valid" : true"#) || ok.standardOutput.contains(#""valid": true"#))

        let base64url = bytes.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let text = try write("response.txt", Data(base64url.utf8))
        let untrusted = try await VellumBinary.run([
            "verify", text, "--trust", try vector("READER_ROOT_CERT.pem"), "--at", "2021-01-01", "--issuer-data-only",
        ])
        #expect(untrusted.status == 1)
        #expect(untrusted.standardOutput.contains("✗ certificate chain to IACA"))
    }

    /// 18013-5: a DeviceResponse whose `status` is not 0 reports an error; its documents do
    /// not make it valid.
    @Test func aResponseReportingAnErrorStatusIsInvalid() async throws {
        var bytes = try responseBytes()
        // The Annex D response ends with "status": 0, its last byte; 12 is "CBOR validation error".
        #expect(bytes.last == 0x00)
        bytes[bytes.index(before: bytes.endIndex)] = 0x0C
        let result = try await VellumBinary.run([
            "verify", try write("status12.cbor", bytes), "--trust", try vector("IACA_ROOT_CERT.pem"), "--at", "2021-01-01",
            "--issuer-data-only",
        ])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("status 12, not OK"))
    }

    @Test func theDeviceMacIsCheckedWithTheSessionTranscriptAndReaderKey() async throws {
        let arguments = [
            "verify", try vector("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), "--trust", try vector("IACA_ROOT_CERT.pem"),
            "--at", "2021-01-01", "--session-transcript", try vector("ISO_18013_5_ANNEX_D_SESSION_TRANSCRIPT_BYTES.hex"),
        ]
        let result = try await VellumBinary.run(arguments + ["--reader-key", try vector("ISO_18013_5_ANNEX_D_EPHEMERAL_READER_KEY_D.hex")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("✓ device authentication: device mac verified"))
        let wrongKey = try await VellumBinary.run(arguments + ["--reader-key", try vector("ISO_18013_5_ANNEX_D_STATIC_DEVICE_KEY_D.hex")])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.standardOutput.contains("✗ device authentication: mdoc: device MAC does not verify"))
        let otherSession = try await VellumBinary.run([
            "verify", try vector("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), "--trust", try vector("IACA_ROOT_CERT.pem"),
            "--at", "2021-01-01", "--client-id", "x509_san_dns:example.com", "--nonce", "n", "--response-uri", "https://example.com/r",
            "--reader-key", try vector("ISO_18013_5_ANNEX_D_EPHEMERAL_READER_KEY_D.hex"),
        ])
        #expect(otherSession.status == 1)
        let incomplete = try await VellumBinary.run([
            "verify", try vector("ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), "--client-id", "x509_san_dns:example.com",
        ])
        #expect(incomplete.status == 2)
    }

    @Test func aBrokenMDocIsUnreadable() async throws {
        var bytes = try responseBytes()
        bytes[bytes.count / 2] ^= 0xFF
        let file = try write("broken.cbor", bytes.prefix(bytes.count - 10))
        let result = try await VellumBinary.run(["verify", file, "--at", "2021-01-01"])
        #expect(result.status == 2)
    }
}
