import CryptoKeys
import DID
import Foundation
import Hummingbird
import JSONModel
import Multiformats
import NIOCore
import StatusList
import Testing
import VellumTestSupport
import W3CCredentials

/// `vellum verify` on W3C credentials and presentations secured as JWTs, through the built
/// binary: a VC-JWT and a forged one, a VP-JWT bound to a nonce and audience, and a `vc+jwt`
/// whose Bitstring Status List (served on loopback, signed with Data Integrity) revokes it.
@Suite("vellum verify: W3C JWT", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is missing"))
struct VerifyW3CJWTCommandTests {
    struct Party {
        let signer: SoftwareSigner
        let did: String
        var keyID: String { did + "#" + did.dropFirst("did:key:".count) }

        init() throws {
            let key = PrivateKey(curve: .p256)
            signer = try SoftwareSigner(privateKey: key)
            did = try DIDKey.make(for: key.publicKey).description
        }

        func sign(_ document: JSONValue, form: JOSECredentialForm = .vcJWT, audience: String? = nil, nonce: String? = nil) async throws -> String {
            try await JOSECredentialSigner.sign(document, form: form, keyID: keyID, signer: signer, audience: audience, nonce: nonce)
        }

        func credential(status: JSONValue? = nil) -> JSONValue {
            var object: JSONObject = [
                "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
                "issuer": .string(did), "validFrom": "2025-01-01T00:00:00Z", "credentialSubject": ["id": "did:example:subject", "name": "Alice"],
            ]
            if let status { object["credentialStatus"] = status }
            return .object(object)
        }
    }

    static func write(_ text: String, in folder: URL, as name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("a VC-JWT verifies with its proof and validity reported; a changed payload does not (exit 1)")
    func credential() async throws {
        try await VerifyW3CCommandTests.withFolder { folder in
            let issuer = try Party()
            var vc11 = try #require(issuer.credential().objectValue)
            vc11["@context"] = ["https://www.w3.org/2018/credentials/v1"]
            vc11["validFrom"] = nil
            vc11["issuanceDate"] = "2025-01-01T00:00:00Z"
            let token = try await issuer.sign(.object(vc11))
            let good = try await VellumBinary.run(["verify", try Self.write(token, in: folder, as: "vc.jwt")])
            #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
            #expect(good.standardOutput.contains("✓ credential proof: vc-jwt ES256 by \(issuer.keyID)"), "\(good.standardOutput)")
            #expect(good.standardOutput.contains("✓ credential: data model v1_1, issuer \(issuer.did)"))

            var parts = token.split(separator: ".").map(String.init)
            let forgedPayload = String(decoding: try Base64URL.decode(parts[1]), as: UTF8.self).replacingOccurrences(of: "Alice", with: "Mallory")
            parts[1] = Base64URL.encode(Data(forgedPayload.utf8))
            let forged = try Self.write(parts.joined(separator: "."), in: folder, as: "forged.jwt")
            let bad = try await VellumBinary.run(["verify", forged, "--json"])
            #expect(bad.status == 1, "\(bad.standardOutput)")
            let report = try JSONValue(parsing: Data(bad.standardOutput.utf8))
            #expect(report["format"] == "w3c" && report["valid"] == false)
            #expect(report["checks"]?[0]?["error"]?.stringValue?.contains("signature") == true, "\(report)")
        }
    }

    @Test("a VP-JWT verifies with its nonce and aud (--nonce, --client-id), and not with another nonce")
    func presentation() async throws {
        try await VerifyW3CCommandTests.withFolder { folder in
            let issuer = try Party()
            let holder = try Party()
            let credential = try await issuer.sign(issuer.credential(), form: .vcJOSE)
            let presentation: JSONValue = [
                "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiablePresentation"],
                "holder": .string(holder.did), "verifiableCredential": [EnvelopedCredential.json(token: credential)],
            ]
            let token = try await holder.sign(presentation, form: .vcJOSE, audience: "verifier.example", nonce: "n-0S6_WzA2Mj")
            let file = try Self.write(token, in: folder, as: "vp.jwt")
            let good = try await VellumBinary.run(["verify", file, "--nonce", "n-0S6_WzA2Mj", "--client-id", "verifier.example"])
            #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
            #expect(good.standardOutput.contains("W3C verifiable presentation"))
            #expect(good.standardOutput.contains("✓ verifiableCredential[0] proof: vc-jose ES256 by \(issuer.keyID)"), "\(good.standardOutput)")
            // A credential embedded as JSON is checked by its own proof: here it has none, so the
            // presentation does not verify.
            var withJSON = try #require(presentation.objectValue)
            withJSON["verifiableCredential"] = [issuer.credential()]
            let unproven = try await holder.sign(.object(withJSON), form: .vcJOSE, audience: "verifier.example", nonce: "n-0S6_WzA2Mj")
            let mixed = try await VellumBinary.run([
                "verify", try Self.write(unproven, in: folder, as: "mixed.jwt"), "--nonce", "n-0S6_WzA2Mj", "--client-id", "verifier.example",
            ])
            #expect(mixed.status == 1 && mixed.standardOutput.contains("✗ verifiableCredential(JSON)[0] credential proof"), "\(mixed.standardOutput)")
            let replayed = try await VellumBinary.run(["verify", file, "--nonce", "another", "--client-id", "verifier.example"])
            #expect(replayed.status == 1 && replayed.standardOutput.contains("nonce"), "\(replayed.standardOutput)")
        }
    }

    @Test("a vc+jwt whose status list (Data Integrity, on loopback) sets its revocation bit is reported revoked (exit 1)")
    func revoked() async throws {
        let issuer = try Party()
        var list = try BitstringStatusList()
        try list.setValue(1, at: 42)
        let listCredential: JSONValue = [
            "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential", "BitstringStatusListCredential"],
            "issuer": .string(issuer.did), "validFrom": "2025-01-01T00:00:00Z",
            "credentialSubject": ["type": "BitstringStatusList", "statusPurpose": "revocation", "encodedList": .string(try list.encodedList())],
        ]
        let signed = try await DataIntegritySigner.sign(
            listCredential,
            options: DataIntegrityProofOptions(cryptosuite: .ecdsaJCS2019, verificationMethod: issuer.keyID, proofPurpose: "assertionMethod"),
            signer: issuer.signer
        ).serialized(.compact)
        let router = Router()
        router.get("/status/1") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/vc"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: signed)))
        }
        try await LoopbackHTTPServer.run(router, label: "vellum-verify-w3c-status") { port in
            try await VerifyW3CCommandTests.withFolder { folder in
                func entry(_ index: Int) -> JSONValue {
                    [
                        "type": "BitstringStatusListEntry", "statusPurpose": "revocation", "statusListIndex": .string(String(index)),
                        "statusListCredential": .string("http://127.0.0.1:\(port)/status/1"),
                    ]
                }
                let revoked = try await issuer.sign(issuer.credential(status: entry(42)), form: .vcJOSE)
                let result = try await VellumBinary.run(["verify", try Self.write(revoked, in: folder, as: "revoked.jwt")])
                #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
                #expect(result.standardOutput.contains("✗ credential credentialStatus[0]: revocation: revoked"), "\(result.standardOutput)")
                let valid = try await issuer.sign(issuer.credential(status: entry(41)), form: .vcJOSE)
                let fine = try await VellumBinary.run(["verify", try Self.write(valid, in: folder, as: "valid.jwt")])
                #expect(fine.status == 0, "\(fine.standardOutput)\(fine.standardError)")
                #expect(fine.standardOutput.contains("✓ credential credentialStatus[0]: revocation: valid"))
            }
        }
    }
}
