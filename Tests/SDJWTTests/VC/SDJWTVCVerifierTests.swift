import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import StatusList
import Testing
import VellumTestSupport

/// draft-ietf-oauth-sd-jwt-vc §3: the header type, the VC claims and key binding.
@Suite("SD-JWT VC verifier")
struct SDJWTVCVerifierTests {
    static let examples = ["01", "02", "03-pid"]

    static func json(_ example: String, _ file: String) throws -> JSONValue {
        try JSONValue(parsing: String(decoding: Vectors.data("sd-jwt/draft-sd-jwt-vc-examples/\(example)/\(file)"), as: UTF8.self))
    }

    static func text(_ example: String, _ file: String) throws -> String {
        let data = try Vectors.data("sd-jwt/draft-sd-jwt-vc-examples/\(example)/\(file)")
        return String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
    }

    @Test("every SD-JWT VC draft example verifies as issued, with its vct and issuer",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: examples)
    func draftIssuance(example: String) async throws {
        let verifier = VCFixtures.verifier(at: Fixtures.vectorTime, keyBinding: .forbidden)
        let verified = try await verifier.verify(Self.text(example, "sd_jwt_issuance.txt"), resolver: Fixtures.issuerResolver())
        let payload = try #require(Self.json(example, "sd_jwt_payload.json").objectValue)
        #expect(verified.vct == payload["vct"]?.stringValue)
        #expect(verified.issuer == payload["iss"]?.stringValue)
        #expect(!verified.isKeyBound)
        #expect(verified.status == nil)
    }

    @Test("every SD-JWT VC draft presentation verifies with its KB-JWT and yields verified_contents.json",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: examples)
    func draftPresentation(example: String) async throws {
        let expected = try Self.json(example, "verified_contents.json")
        var policy = KeyBindingPolicy.optional
        var time = Fixtures.vectorTime
        if let kb = try? Self.json(example, "kb_jwt_payload.json").objectValue {
            time = try #require(kb["iat"]?.doubleValue)
            policy = .required(audience: try #require(kb["aud"]?.stringValue), nonce: try #require(kb["nonce"]?.stringValue))
        }
        let verified = try await VCFixtures.verifier(at: time, keyBinding: policy)
            .verify(Self.text(example, "sd_jwt_presentation.txt"), resolver: Fixtures.issuerResolver())
        #expect(JSONValue.object(verified.claims) == expected)
        #expect(verified.isKeyBound == (policy.requirement == .required))
    }

    @Test("typ dc+sd-jwt and legacy vc+sd-jwt are accepted; another typ or none is refused")
    func headerType() async throws {
        let signer = try Fixtures.issuerSigner()
        let resolver = try Fixtures.issuerResolver()
        // RFC 7515 §4.1.9: case-insensitive, `application/` optional.
        for type in ["dc+sd-jwt", "vc+sd-jwt", "application/dc+sd-jwt", "DC+SD-JWT"] {
            let sdJWT = try await VCFixtures.issue(
                VCFixtures.claims(), header: JOSEHeader(algorithm: "ES256", type: type), signer: signer)
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: resolver)
        }
        let legacy = try await VCFixtures.issue(
            VCFixtures.claims(), header: JOSEHeader(algorithm: "ES256", type: "vc+sd-jwt"), signer: signer)
        var strict = VCFixtures.verifier()
        strict.acceptsLegacyType = false
        await expectVCError({ $0 == .wrongType("vc+sd-jwt") }) { _ = try await strict.verify(legacy, resolver: resolver) }
        for type: String? in ["sd+jwt", "JWT", nil] {
            let sdJWT = try await VCFixtures.issue(
                VCFixtures.claims(), header: JOSEHeader(algorithm: "ES256", type: type), signer: signer)
            await expectVCError({ $0 == .wrongType(type) }) {
                _ = try await VCFixtures.verifier().verify(sdJWT, resolver: resolver)
            }
        }
    }

    @Test("typ only in the unprotected header of a JSON serialization is refused")
    func unprotectedType() async throws {
        let signed = try await SDJWTBuilder(
            claims: VCFixtures.claims(), header: JOSEHeader(algorithm: "ES256")
        ).issue(signer: Fixtures.issuerSigner(), serialization: .flattenedJSON)
        guard case .object(var document) = try JSONValue(parsing: signed.serialized),
              case .object(var header)? = document["header"] else { throw FixtureError("no unprotected header") }
        header["typ"] = .string("dc+sd-jwt")
        document["header"] = .object(header)
        let moved = try SDJWTObject(parsing: JSONValue.object(document).serializedString(.compact))
        #expect(moved.jws.signatures.first?.header.type == "dc+sd-jwt")
        await expectVCError({ $0 == .wrongType(nil) }) {
            _ = try await VCFixtures.verifier().verify(moved, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("x5c only in the unprotected header of a JSON serialization is refused")
    func unprotectedCertificateChain() async throws {
        let signed = try await SDJWTBuilder(
            claims: VCFixtures.claims(), header: JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        ).issue(signer: Fixtures.issuerSigner(), serialization: .flattenedJSON)
        guard case .object(var document) = try JSONValue(parsing: signed.serialized) else { throw FixtureError("not JSON") }
        var header = document["header"]?.objectValue ?? JSONObject()
        header["x5c"] = .array([.string(Data([0x30, 0x00]).base64EncodedString())])
        document["header"] = .object(header)
        let moved = try SDJWTObject(parsing: JSONValue.object(document).serializedString(.compact))
        await expectVCError({ if case .sdJWT(.issuerJWT) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(moved, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("vct must be present and a string")
    func vct() async throws {
        let resolver = try Fixtures.issuerResolver()
        for vct: JSONValue? in [nil, .number(JSONNumber(Int64(7))), .array([.string("a")])] {
            let sdJWT = try await VCFixtures.issue(VCFixtures.claims(vct: vct), signer: Fixtures.issuerSigner())
            await expectVCError({ $0 == .missingVCT }) { _ = try await VCFixtures.verifier().verify(sdJWT, resolver: resolver) }
        }
    }

    @Test("vct, iss, exp, status and their sub-claims must not be selectively disclosed")
    func plainClaims() async throws {
        for name in ["vct", "iss", "exp"] {
            let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), signer: Fixtures.issuerSigner(), extraPaths: [name])
            await expectVCError({ $0 == .invalidClaim("\(name) must not be selectively disclosed") }) {
                _ = try await VCFixtures.verifier().verify(sdJWT, resolver: Fixtures.issuerResolver())
            }
        }
        // Their sub-claims too: a status whose status_list is a Disclosure is refused.
        var claims = VCFixtures.claims()
        claims["status"] = .object(["status_list": .object(["idx": 3, "uri": "https://issuer.example.com/statuslists/1"])])
        let sdJWT = try await SDJWTBuilder(
            claims: claims, disclosing: [try Fixtures.path(#"["status","status_list"]"#)],
            header: JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        ).issue(signer: Fixtures.issuerSigner())
        await expectVCError({ $0 == .invalidClaim("status must not be selectively disclosed") }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("an expired or not-yet-valid credential is refused with the injected clock")
    func validity() async throws {
        let resolver = try Fixtures.issuerResolver()
        let expired = try await VCFixtures.issue(VCFixtures.claims(exp: VCFixtures.now - 600), signer: Fixtures.issuerSigner())
        await expectVCError({ if case .sdJWT(.claimValidation) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(expired, resolver: resolver)
        }
        let future = try await VCFixtures.issue(VCFixtures.claims(nbf: VCFixtures.now + 600), signer: Fixtures.issuerSigner())
        await expectVCError({ if case .sdJWT(.claimValidation) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(future, resolver: resolver)
        }
        // The same credentials verify at a time inside their window.
        _ = try await VCFixtures.verifier(at: VCFixtures.now + 1_200).verify(future, resolver: resolver)
        _ = try await VCFixtures.verifier(at: VCFixtures.now - 1_200).verify(expired, resolver: resolver)
    }

    @Test("a credential with cnf needs a KB-JWT; with one from the holder it verifies")
    func keyBindingWhenBound() async throws {
        let resolver = try Fixtures.issuerResolver()
        let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), signer: Fixtures.issuerSigner(), bound: true)
        await expectVCError({ $0 == .sdJWT(.keyBinding(.missing)) }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: resolver)
        }
        let request = KeyBindingRequest(
            audience: "https://verifier.example.org", nonce: "n-1", issuedAt: Date(timeIntervalSince1970: VCFixtures.now))
        let presented = try await ProcessedSDJWT(unverified: sdJWT)
            .presentation(disclosing: [Fixtures.path(#"["given_name"]"#)], keyBinding: request, signer: Fixtures.holderSigner())
        let verified = try await VCFixtures.verifier(keyBinding: .required(audience: "https://verifier.example.org", nonce: "n-1"))
            .verify(presented, resolver: resolver)
        #expect(verified.isKeyBound)
        #expect(verified.claims["given_name"] == .string("Erika"))
        // An unbound credential needs none.
        let unbound = try await VCFixtures.issue(VCFixtures.claims(), signer: Fixtures.issuerSigner())
        _ = try await VCFixtures.verifier().verify(unbound, resolver: resolver)
    }

    @Test("a signature by another key is refused")
    func wrongIssuerKey() async throws {
        let sdJWT = try await VCFixtures.issue(VCFixtures.claims(), signer: Fixtures.holderSigner())
        await expectVCError({ if case .sdJWT(.issuerJWT) = $0 { true } else { false } }) {
            _ = try await VCFixtures.verifier().verify(sdJWT, resolver: Fixtures.issuerResolver())
        }
    }
}
