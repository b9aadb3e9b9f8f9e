import Crypto
import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport
import X509

/// `vellum verify` on compact SD-JWT VCs, run as a user would run it.
@Suite(
    "vellum verify (SD-JWT VC)",
    .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct VerifySDJWTCommandTests: CLIScratchSuite {
    let folder: URL
    let issuerKey = PrivateKey(curve: .p256)
    let holderKey = PrivateKey(curve: .p256)

    init() throws {
        folder = try Self.makeFolder("vellum-sdjwt")
    }

    func issuerKeyFile() throws -> String {
        try write("issuer.jwk", String(decoding: JWK(publicKey: issuerKey.publicKey).jsonData(), as: UTF8.self))
    }

    /// A credential valid now, `given_name` disclosable, bound to the holder key.
    func credential(type: String = "dc+sd-jwt", exp: TimeInterval = 86_400, signer key: PrivateKey? = nil) async throws -> SDJWTObject {
        let now = Date().timeIntervalSince1970
        let claims: JSONObject = [
            "iss": "https://issuer.example.com", "vct": "https://credentials.example.com/pid",
            "iat": .number(JSONNumber(Int64(now - 60))), "exp": .number(JSONNumber(Int64(now + exp))),
            "given_name": "Erika", "family_name": "Mustermann",
        ]
        return try await SDJWTBuilder(
            claims: claims, disclosing: [ClaimPath(json: JSONValue(parsing: #"["given_name"]"#))],
            header: JOSEHeader(algorithm: "ES256", type: type), holderKey: JWK(publicKey: holderKey.publicKey)
        ).issue(signer: SoftwareSigner(privateKey: key ?? issuerKey))
    }

    @Test func credentialVerifiesWithTheIssuerKeyAndPrintsItsClaims() async throws {
        let file = try write("vc.txt", try await credential().serialized + "\n")
        let result = try await VellumBinary.run(["verify", file, "--issuer-key", try issuerKeyFile()])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("SD-JWT VC"))
        #expect(result.standardOutput.contains("vct: https://credentials.example.com/pid"))
        #expect(result.standardOutput.contains("issuer: https://issuer.example.com"))
        #expect(result.standardOutput.contains(#""given_name": "Erika""#))
        #expect(result.standardOutput.contains("key binding: not presented"))
        #expect(result.standardOutput.contains("status: none"))
        #expect(result.standardOutput.hasSuffix("VALID\n"))
    }

    @Test func presentationWithKeyBindingAsJSON() async throws {
        let request = KeyBindingRequest(audience: "https://verifier.example.org", nonce: "n-42")
        let presentation = try await ProcessedSDJWT(unverified: credential())
            .presentation(disclosing: [], keyBinding: request, signer: SoftwareSigner(privateKey: holderKey))
        let file = try write("vp.txt", presentation.serialized)
        let jwk = String(decoding: JWK(publicKey: issuerKey.publicKey).jsonData(), as: UTF8.self)
        let result = try await VellumBinary.run(["verify", file, "--issuer-key", jwk, "--json"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let report = try JSONValue(parsing: Data(result.standardOutput.utf8))
        #expect(report["valid"] == .bool(true) && report["format"] == .string("sd-jwt-vc"))
        #expect(report["keyBinding"] == .string("verified"))
        #expect(report["vct"] == .string("https://credentials.example.com/pid"))
        #expect(report["status"] == .null)
        #expect(report["claims"]?["given_name"] == nil && report["claims"]?["family_name"] == .string("Mustermann"))
    }

    @Test func forgedExpiredOrMistypedCredentialsExitOne() async throws {
        let keyFile = try issuerKeyFile()
        let cases: [(SDJWTObject, String)] = [
            (try await credential(signer: PrivateKey(curve: .p256)), "Issuer-signed JWT"),
            (try await credential(exp: -3_600), "exp"),
        ]
        for (index, (sdJWT, reason)) in cases.enumerated() {
            let file = try write("bad\(index).txt", sdJWT.serialized)
            let result = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile])
            #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains("✗") && result.standardOutput.contains(reason), "\(result.standardOutput)")
            #expect(result.standardOutput.hasSuffix("INVALID\n"))
        }
        // Another typ is not an SD-JWT VC: it is verified as a plain SD-JWT, without vct.
        let plain = try write("plain.txt", try await credential(type: "example+sd-jwt").serialized)
        let result = try await VellumBinary.run(["verify", plain, "--issuer-key", keyFile])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("SD-JWT\n") && !result.standardOutput.contains("vct:"))
    }

    @Test func untrustedIssuerWithoutKeyExitsOne() async throws {
        // No --issuer-key, no x5c, and an issuer whose metadata cannot be fetched here.
        let file = try write("vc.txt", try await credential().serialized)
        let result = try await VellumBinary.run(["verify", file, "--json"])
        #expect(result.status == 1)
        let report = try JSONValue(parsing: Data(result.standardOutput.utf8))
        #expect(report["valid"] == .bool(false))
        #expect(report["error"]?.stringValue?.contains("no issuer key") == true)
    }

    @Test func x5cChainVerifiesOnlyAgainstATrustedRoot() async throws {
        let rootKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let now = Date()
        let root = try TestPKI.root(key: rootKey, name: "CLI Test Root", notBefore: now - 86_400, notAfter: now + 86_400)
        let leaf = try TestPKI.leaf(
            subject: "CLI Test Issuer", publicKey: leafKey.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: now - 86_400, notAfter: now + 86_400, subjectAlternativeNames: [.dnsName("issuer.example.com")])
        var header = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        header.certificateChain = [try TestPKI.derData(leaf)]
        let nowSeconds = Int64(now.timeIntervalSince1970)
        let claims: JSONObject = [
            "iss": "https://issuer.example.com", "vct": "https://credentials.example.com/pid",
            "iat": .number(JSONNumber(nowSeconds - 60)), "given_name": "Erika",
        ]
        let signer = try SoftwareSigner(privateKey: PrivateKey(rawRepresentation: leafKey.rawRepresentation, curve: .p256))
        let sdJWT = try await SDJWTBuilder(
            claims: claims, disclosing: [ClaimPath(json: JSONValue(parsing: #"["given_name"]"#))], header: header
        ).issue(signer: signer)
        let file = try write("x5c.txt", sdJWT.serialized)
        let rootPEM = try write("root.pem", try root.serializeAsPEM().pemString)
        let trusted = try await VellumBinary.run(["verify", file, "--trust", rootPEM])
        #expect(trusted.status == 0, "\(trusted.standardOutput)\(trusted.standardError)")
        #expect(trusted.standardOutput.contains("issuer: https://issuer.example.com"))
        let untrusted = try await VellumBinary.run(["verify", file])
        #expect(untrusted.status == 1)
        #expect(untrusted.standardOutput.contains("x5c"))
        let notPEM = try await VellumBinary.run(["verify", file, "--trust", file])
        #expect(notPEM.status == 2)
    }

    @Test func malformedSDJWTExitsTwo() async throws {
        let file = try write("bad.txt", "eyJhbGciOiJFUzI1NiJ9.e30~%%%~")
        let result = try await VellumBinary.run(["verify", file])
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func draftExampleVerifiesWithItsPublishedKey() async throws {
        let text = String(decoding: try Vectors.data("sd-jwt/draft-sd-jwt-vc-examples/03-pid/sd_jwt_issuance.txt"), as: UTF8.self)
        let file = try write("pid.txt", text.filter { !$0.isWhitespace })
        let key = #"{"kty":"EC","crv":"P-256","x":"b28d4MwZMjw8-00CG4xfnn9SLMVMM19SlqZpVb_uNtQ","y":"Xv5zWwuoaTgdS6hV43yI6gBwTnjukmFQQnJ_kCxzqk8"}"#
        let result = try await VellumBinary.run(["verify", file, "--issuer-key", key])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("vct: urn:example:eudi:pid:aendgard:1"))
    }
}
