import CryptoKeys
import Foundation
import Hummingbird
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport

/// `vellum verify` on SD-JWT VCs: `--at`, the JWS JSON serializations, and type metadata
/// (fetched from a loopback issuer host, or given with `--type-metadata`).
@Suite(
    "vellum verify (SD-JWT VC type metadata, --at, JSON serialization)",
    .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct VerifySDJWTTypeMetadataCommandTests: CLIScratchSuite {
    let folder: URL
    let issuerKey = PrivateKey(curve: .p256)
    /// 2026-02-01T00:00:00Z: inside the fixed-date credentials' validity.
    static let issuedAt: TimeInterval = 1_769_904_000

    init() throws {
        folder = try Self.makeFolder("vellum-typemeta")
    }

    func issuerKeyFile() throws -> String {
        try write("issuer.jwk", String(decoding: JWK(publicKey: issuerKey.publicKey).jsonData(), as: UTF8.self))
    }

    /// A credential of type `vct`, issued at `iat`, valid for a day, `given_name` disclosable.
    func credential(
        vct: String, iat: TimeInterval = Date().timeIntervalSince1970, plainGivenName: Bool = false,
        serialization: SDJWTObject.Serialization = .compact
    ) async throws -> SDJWTObject {
        let claims: JSONObject = [
            "iss": "https://issuer.example.com", "vct": .string(vct),
            "iat": .number(JSONNumber(Int64(iat))), "exp": .number(JSONNumber(Int64(iat + 86_400))),
            "given_name": "Erika", "family_name": "Mustermann",
        ]
        let paths = plainGivenName ? [] : [try ClaimPath(json: JSONValue(parsing: #"["given_name"]"#))]
        return try await SDJWTBuilder(
            claims: claims, disclosing: paths, header: JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        ).issue(signer: SoftwareSigner(privateKey: issuerKey), serialization: serialization)
    }

    /// A type metadata document for `vct`: an English and a German name, a label for
    /// `given_name` (`sd` as given) and one for `family_name`.
    static func metadata(vct: String, givenNameSD: String = "always") -> String {
        #"""
        {"vct":"\#(vct)",
         "display":[{"locale":"en-US","name":"Identity credential","description":"Who you are"},
                    {"locale":"de-DE","name":"Identitätsnachweis"}],
         "claims":[{"path":["given_name"],"sd":"\#(givenNameSD)",
                    "display":[{"locale":"en-US","label":"Given name"},{"locale":"de-DE","label":"Vorname"}]},
                   {"path":["family_name"],"display":[{"locale":"en-US","label":"Family name"}]}]}
        """#
    }

    /// Serves the metadata documents on 127.0.0.1 while `body` runs with the base URL.
    static func serveMetadata(_ body: (String) async throws -> Void) async throws {
        let router = Router()
        let base = Locked("")
        router.get("identity") { _, _ in metadata(vct: "\(base.value)/identity") }
        router.get("strict") { _, _ in metadata(vct: "\(base.value)/strict", givenNameSD: "never") }
        try await LoopbackHTTPServer.run(router, label: "vellum-type-metadata") { port in
            base.value = "http://127.0.0.1:\(port)"
            try await body(base.value)
        }
    }

    @Test func typeMetadataFetchedOverHTTPGivesTheDisplayNameAndLabels() async throws {
        let keyFile = try issuerKeyFile()
        try await Self.serveMetadata { base in
            let file = try write("vc.txt", try await credential(vct: "\(base)/identity").serialized)
            let english = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--locale", "en-US"])
            #expect(english.status == 0, "\(english.standardOutput)\(english.standardError)")
            #expect(english.standardOutput.contains("type: Identity credential [en-US]"), "\(english.standardOutput)")
            #expect(english.standardOutput.contains(#"Given name: "Erika""#))
            #expect(english.standardOutput.contains(#"Family name: "Mustermann""#))
            let german = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--locale", "de", "--json"])
            #expect(german.status == 0)
            let report = try JSONValue(parsing: Data(german.standardOutput.utf8))
            #expect(report["typeMetadata"]?["name"] == "Identitätsnachweis")
            #expect(report["typeMetadata"]?["claims"]?[0]?["label"] == "Vorname")
            #expect(report["typeMetadata"]?["claims"]?[0]?["path"] == ["given_name"])
            // The type forbids a selectively disclosable given_name: the credential is invalid.
            let strict = try write("strict.txt", try await credential(vct: "\(base)/strict").serialized)
            let refused = try await VellumBinary.run(["verify", strict, "--issuer-key", keyFile])
            #expect(refused.status == 1, "\(refused.standardOutput)")
            #expect(refused.standardOutput.contains(#"["given_name"] must not be selectively disclosable"#))
        }
    }

    @Test func typeMetadataFromAFileAndTheRequirementFlag() async throws {
        let keyFile = try issuerKeyFile()
        let vct = "urn:example:identity:1"
        let file = try write("vc.txt", try await credential(vct: vct).serialized)
        // Not fetchable: valid without metadata, unless metadata is required.
        let without = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile])
        #expect(without.status == 0, "\(without.standardOutput)\(without.standardError)")
        #expect(without.standardOutput.contains("type metadata: none"))
        let required = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--require-type-metadata"])
        #expect(required.status == 1)
        #expect(required.standardOutput.contains("type metadata unavailable"))
        let metadata = try write("type.json", Self.metadata(vct: vct))
        let with = try await VellumBinary.run([
            "verify", file, "--issuer-key", keyFile, "--type-metadata", metadata, "--require-type-metadata", "--locale", "en",
        ])
        #expect(with.status == 0, "\(with.standardOutput)\(with.standardError)")
        #expect(with.standardOutput.contains("type: Identity credential [en-US]"))
        // given_name issued in the clear breaks sd: always.
        let plain = try write("plain.txt", try await credential(vct: vct, plainGivenName: true).serialized)
        let refused = try await VellumBinary.run(["verify", plain, "--issuer-key", keyFile, "--type-metadata", metadata])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains(#"["given_name"] must be selectively disclosable"#))
        let broken = try write("broken.json", #"{"name":"no vct"}"#)
        #expect(try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--type-metadata", broken]).status == 2)
    }

    @Test func atVerifiesAsOfAnotherTime() async throws {
        let keyFile = try issuerKeyFile()
        // Issued on 2026-02-01 and valid for a day: long expired now, valid as of that day.
        let file = try write("old.txt", try await credential(vct: "urn:example:x", iat: Self.issuedAt).serialized)
        let now = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile])
        #expect(now.status == 1, "\(now.standardOutput)")
        #expect(now.standardOutput.contains("exp"))
        for at in ["2026-02-01T12:00:00Z", "2026-02-01T13:00:00.250+01:00", "2026-02-01T06:00:00Z"] {
            let then = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--at", at])
            #expect(then.status == 0, "\(at): \(then.standardOutput)\(then.standardError)")
        }
        // Before issuance the iat is in the future; after a day exp has passed.
        for at in ["2026-01-01", "2026-02-03T00:00:00Z"] {
            #expect(try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--at", at]).status == 1, "\(at)")
        }
        let bad = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--at", "yesterday"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("ISO 8601"))
    }

    @Test(arguments: [SDJWTObject.Serialization.flattenedJSON, .generalJSON])
    func jwsJSONSerializationIsDetected(serialization: SDJWTObject.Serialization) async throws {
        let keyFile = try issuerKeyFile()
        let sdJWT = try await credential(vct: "urn:example:x", serialization: serialization)
        // Pretty-printed on disk, as a person would save it.
        let pretty = try JSONValue(parsing: Data(sdJWT.serialized.utf8)).serializedString(.pretty)
        let file = try write("vc.json", pretty)
        let result = try await VellumBinary.run(["verify", file, "--issuer-key", keyFile, "--json"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let report = try JSONValue(parsing: Data(result.standardOutput.utf8))
        #expect(report["format"] == "sd-jwt-vc" && report["claims"]?["given_name"] == "Erika")
        // Another issuer's key does not verify it.
        let otherKey = try write("other.jwk", String(decoding: JWK(publicKey: PrivateKey(curve: .p256).publicKey).jsonData(), as: UTF8.self))
        let refused = try await VellumBinary.run(["verify", file, "--issuer-key", otherKey])
        #expect(refused.status == 1, "\(refused.standardOutput)\(refused.standardError)")
    }
}
