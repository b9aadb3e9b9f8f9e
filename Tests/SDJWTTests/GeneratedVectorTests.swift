import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport

/// The sd-jwt-python test cases and the SD-JWT / SD-JWT VC draft examples, with the outputs
/// `sd-jwt-generate` made from them (`../shared/vectors/sd-jwt/SOURCE.txt`): each issuance
/// verifies and reveals the user claims, each presentation verifies (with its KB-JWT, at the
/// KB-JWT's own `iat`) and yields `verified_contents.json`.
@Suite("sd-jwt-python test cases and draft examples")
struct GeneratedVectorTests {
    /// Every vector folder, e.g. `sd-jwt-python-testcases/key_binding`.
    static let folders: [String] = {
        guard Vectors.isAvailable else { return [] }
        return ["sd-jwt-python-testcases", "draft-sd-jwt-examples", "draft-sd-jwt-vc-examples"].flatMap { group in
            ((try? Vectors.files(in: "sd-jwt/\(group)")) ?? [])
                .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
                .map { "\(group)/\($0.lastPathComponent)" }
        }
    }()

    /// Claims the generators add around the user claims.
    static let generatorClaims: Set<String> = ["iss", "iat", "exp", "cnf"]

    @Test("there are 17 test cases, 15 draft examples and 3 SD-JWT VC examples",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func inventory() {
        #expect(Self.folders.filter { $0.hasPrefix("sd-jwt-python-testcases/") }.count == 17)
        #expect(Self.folders.filter { $0.hasPrefix("draft-sd-jwt-examples/") }.count == 15)
        #expect(Self.folders.filter { $0.hasPrefix("draft-sd-jwt-vc-examples/") }.count == 3)
    }

    @Test("the issuance verifies and reveals every user claim",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: folders)
    func issuance(folder: String) async throws {
        let sdJWT = try SDJWTObject(parsing: Self.serialization(folder, "sd_jwt_issuance"))
        let processed: ProcessedSDJWT
        if folder.hasSuffix("/header_mod") {
            // The header carries `"kid": 42`; RFC 7515 §4.1.4 makes kid a string, and JOSE
            // refuses the header. The Disclosures still process.
            await expectSDJWTError(matching: { if case .issuerJWT(.invalidHeader) = $0 { true } else { false } }) {
                _ = try await Fixtures.holderVerifier().verify(sdJWT, resolver: Fixtures.issuerResolver())
            }
            processed = try ProcessedSDJWT(unverified: sdJWT)
        } else {
            processed = try await Fixtures.holderVerifier().verify(sdJWT, resolver: Fixtures.issuerResolver()).processed
        }
        #expect(processed.issuerSignedPayload == (try Self.json(folder, "sd_jwt_payload.json")).objectValue)
        #expect(processed.disclosedClaims.count == sdJWT.disclosures.count)
        // 03-pid's user_claims.json is not valid JSON (a line-wrapped string); the
        // presentation test still covers that example.
        guard let user = try? Self.json(folder, "user_claims.json").objectValue else { return }
        for (name, value) in user {
            #expect(processed.claims[name] == value, "\(folder): \(name)")
        }
        for name in processed.claims.keys where user[name] == nil {
            #expect(Self.generatorClaims.contains(name), "\(folder): unexpected \(name)")
        }
    }

    @Test("the presentation verifies and yields verified_contents.json",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: folders)
    func presentation(folder: String) async throws {
        let sdJWT = try SDJWTObject(parsing: Self.serialization(folder, "sd_jwt_presentation"))
        let expected = try Self.json(folder, "verified_contents.json").objectValue
        var verifier = Fixtures.holderVerifier()
        if let kb = try? Self.json(folder, "kb_jwt_payload.json").objectValue {
            let iat = try #require(kb["iat"]?.doubleValue)
            verifier = Fixtures.verifier(
                at: iat, audience: try #require(kb["aud"]?.stringValue), nonce: try #require(kb["nonce"]?.stringValue))
            #expect(sdJWT.hasKeyBinding)
        }
        if folder.hasSuffix("/header_mod") {
            let processed = try ProcessedSDJWT(unverified: sdJWT)
            #expect(processed.claims == expected)
            return
        }
        let verified = try await verifier.verify(sdJWT, resolver: Fixtures.issuerResolver())
        #expect(verified.claims == expected, "\(folder)")
        #expect(verified.keyBinding != nil || !sdJWT.hasKeyBinding)
    }

    @Test("a re-serialized presentation is byte-identical",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: folders)
    func roundTrip(folder: String) throws {
        let text = try Self.serialization(folder, "sd_jwt_presentation")
        let sdJWT = try SDJWTObject(parsing: text)
        switch sdJWT.serialization {
        case .compact:
            #expect(sdJWT.serialized == text)
        case .flattenedJSON, .generalJSON:
            let reparsed = try SDJWTObject(parsing: sdJWT.serialized)
            #expect(reparsed.compactSerialization == sdJWT.compactSerialization)
            #expect(reparsed.serialization == sdJWT.serialization)
        }
    }

    // MARK: - Reading the vectors

    /// The compact text or the JSON serialization. The sd-jwt-python test cases store the
    /// JSON serialization as a JSON string holding the JSON text; the draft examples wrap
    /// lines, inside strings too, so their whitespace is removed (no value in them has a
    /// space).
    static func serialization(_ folder: String, _ name: String) throws -> String {
        let base = "sd-jwt/\(folder)/\(name)"
        if let data = try? Vectors.data(base + ".txt") {
            return String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
        }
        let data = try Vectors.data(base + ".json")
        if case .string(let text)? = try? JSONValue(parsing: data) { return text }
        return String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
    }

    static func json(_ folder: String, _ name: String) throws -> JSONValue {
        try JSONValue(parsing: Vectors.data("sd-jwt/\(folder)/\(name)"))
    }
}
