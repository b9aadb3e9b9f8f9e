import Crypto
import CryptoKeys
import Foundation
import JOSE
import JSONModel
import MDoc
import SDJWT
import Testing
import VellumTestSupport
import X509
import X509Trust

/// `vellum verify`: a chain that is not trusted is not followed by a signature check with its
/// leaf key (issue #23). A forged signature under an unknown root is reported for the chain;
/// under the trusted root the same file is reported for its signature.
@Suite(
    "vellum verify: an untrusted chain's key is not used",
    .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct VerifyUntrustedChainCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-untrusted")
    }

    static func root(_ name: String) throws -> (certificate: Certificate, key: P256.Signing.PrivateKey) {
        let key = P256.Signing.PrivateKey()
        let now = Date()
        return (try TestPKI.root(key: key, name: name, notBefore: now - TestPKI.day, notAfter: now + TestPKI.day), key)
    }

    @Test func anSDJWTVCSignedByAnotherKeyThanItsUntrustedLeafFailsForItsChain() async throws {
        let (root, rootKey) = try Self.root("CLI Chain Root")
        let (stranger, _) = try Self.root("CLI Stranger Root")
        let now = Date()
        let leaf = try TestPKI.leaf(
            subject: "CLI Chain Issuer", publicKey: P256.Signing.PrivateKey().publicKey, issuer: root, issuerKey: rootKey,
            notBefore: now - TestPKI.day, notAfter: now + TestPKI.day)
        var header = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        header.certificateChain = [Data(leaf.derBytes)]
        let claims: JSONObject = [
            "iss": "https://issuer.example.com", "vct": "https://credentials.example.com/pid",
            "iat": .number(JSONNumber(Int64(now.timeIntervalSince1970) - 60)),
        ]
        let forged = try await SDJWTBuilder(claims: claims, disclosing: [], header: header)
            .issue(signer: SoftwareSigner(privateKey: PrivateKey(curve: .p256)))
        let file = try write("forged.txt", Data(forged.serialized.utf8))
        let rootPEM = try write("root.pem", Data(try root.serializeAsPEM().pemString.utf8))
        let strangerPEM = try write("stranger.pem", Data(try stranger.serializeAsPEM().pemString.utf8))

        let untrusted = try await VellumBinary.run(["verify", file, "--trust", strangerPEM, "--json"])
        #expect(untrusted.status == 1, "\(untrusted.standardOutput)\(untrusted.standardError)")
        let untrustedError = try JSONValue(parsing: Data(untrusted.standardOutput.utf8))["error"]?.stringValue ?? ""
        #expect(untrustedError.contains("x5c chain is not trusted"), "\(untrustedError)")
        #expect(!untrustedError.contains("signature"), "\(untrustedError)")

        let trusted = try await VellumBinary.run(["verify", file, "--trust", rootPEM, "--json"])
        #expect(trusted.status == 1, "\(trusted.standardOutput)\(trusted.standardError)")
        let trustedError = try JSONValue(parsing: Data(trusted.standardOutput.utf8))["error"]?.stringValue ?? ""
        #expect(trustedError.contains("signature"), "\(trustedError)")
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func anMDocWithATamperedSignatureUnderAnUntrustedIACAFailsForItsChain() async throws {
        let vectors = "mdoc/iso18013-5-annexD/"
        let hex = String(decoding: try Vectors.data(vectors + "ISO_18013_5_ANNEX_D_DEVICE_RESPONSE.hex"), as: UTF8.self)
        var bytes = try #require(Data(testHex: hex.trimmingCharacters(in: .whitespacesAndNewlines)))
        let signature = try #require(try DeviceResponse(decoding: bytes).documents.first?.issuerSigned.issuerAuth.sign1.signature)
        let range = try #require(bytes.range(of: signature))
        bytes[range.lowerBound] ^= 0x01
        let file = try write("tampered.cbor", bytes)

        let untrusted = try await VellumBinary.run([
            "verify", file, "--trust", try Vectors.url(vectors + "READER_ROOT_CERT.pem").path, "--at", "2021-01-01",
            "--issuer-data-only",
        ])
        #expect(untrusted.status == 1, "\(untrusted.standardOutput)\(untrusted.standardError)")
        #expect(untrusted.standardOutput.contains(
            "- issuerAuth signature: not checked: the document signer does not chain to a trusted IACA"), "\(untrusted.standardOutput)")
        #expect(untrusted.standardOutput.contains("✗ certificate chain to IACA"))
        #expect(!untrusted.standardOutput.contains("✗ issuerAuth signature"))

        let trusted = try await VellumBinary.run([
            "verify", file, "--trust", try Vectors.url(vectors + "IACA_ROOT_CERT.pem").path, "--at", "2021-01-01",
            "--issuer-data-only",
        ])
        #expect(trusted.status == 1, "\(trusted.standardOutput)\(trusted.standardError)")
        #expect(trusted.standardOutput.contains("✗ issuerAuth signature"), "\(trusted.standardOutput)")
    }
}
