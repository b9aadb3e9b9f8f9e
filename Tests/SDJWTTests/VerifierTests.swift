import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing

/// The verifier's policy knobs and the issuer-key resolver contract the SD-JWT VC layer
/// builds on.
@Suite("Verifier policy")
struct VerifierTests {
    @Test("the resolver sees the untrusted header and payload, and can refuse an issuer")
    func resolverContract() async throws {
        let signer = try SoftwareSigner(privateKey: Fixtures.issuerKey(), keyID: "key-1")
        let issued = try await SDJWTBuilder(
            claims: ["iss": "https://issuer.example", "sub": "x"], header: JOSEHeader(type: "dc+sd-jwt")
        ).issue(signer: signer)
        let publicKey = signer.publicKey
        let resolver = SDJWTIssuerKeyLookup { header, payload throws(SDJWTError) in
            guard payload["iss"] == "https://issuer.example" else { throw .issuerKeyNotFound("unknown issuer") }
            return header.keyID == "key-1" ? JWSVerificationKey(publicKey) : nil
        }
        let verified = try await Fixtures.holderVerifier().verify(issued, resolver: resolver)
        #expect(verified.header.keyID == "key-1")
        #expect(verified.algorithm == .es256)

        let stranger = try await SDJWTBuilder(claims: ["iss": "https://other.example"]).issue(signer: signer)
        await expectSDJWTError(.issuerKeyNotFound("unknown issuer")) {
            _ = try await Fixtures.holderVerifier().verify(stranger, resolver: resolver)
        }
    }

    @Test("the resolver is shown the processed claims, or the payload as signed when the Disclosures do not process")
    func resolverSeesClaims() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        // The resolver names what it was shown, through the error it stops verification with.
        let telling = SDJWTIssuerKeyLookup { _, payload throws(SDJWTError) in
            throw .issuerKeyNotFound(payload["_sd"] == nil && payload["given_name"] == "John" ? "processed" : "as signed")
        }
        await expectSDJWTError(.issuerKeyNotFound("processed")) {
            _ = try await Fixtures.holderVerifier().verify(issued, resolver: telling)
        }
        let stray = Disclosure(salt: "c2FsdC0x", claimName: "stray", value: "x")
        let unprocessable = try SDJWTObject(compact: issued.issuerSignedJWT + "~" + stray.encoded + "~")
        await expectSDJWTError(.issuerKeyNotFound("as signed")) {
            _ = try await Fixtures.holderVerifier().verify(unprocessable, resolver: telling)
        }
        // The Disclosure error comes only once the signature holds; a wrong key is reported first.
        await expectSDJWTError(.unreferencedDisclosure(digest: stray.digest(using: .sha256))) {
            _ = try await Fixtures.holderVerifier().verify(unprocessable, resolver: Fixtures.issuerResolver())
        }
        let stranger = SDJWTIssuerKeyLookup(publicKey: PrivateKey(curve: .p256).publicKey)
        await expectSDJWTError(.issuerJWT(.invalidSignature)) {
            _ = try await Fixtures.holderVerifier().verify(unprocessable, resolver: stranger)
        }
    }

    @Test("a general JSON serialization verifies when any signature's key is known")
    func generalSerializationKeys() async throws {
        let second = PrivateKey(curve: .p256)
        let payload = JSONValue.object(["iss": "https://issuer.example", "sub": "x"]).serialized()
        let json = try await JWS.signJSON(payload: payload, signers: [
            (JOSEHeader(keyID: "one"), nil, try Fixtures.issuerSigner()),
            (JOSEHeader(keyID: "two"), nil, try SoftwareSigner(privateKey: second)),
        ])
        let sdJWT = try SDJWTObject(json: json)
        #expect(sdJWT.serialization == .generalJSON)
        let onlySecond = SDJWTIssuerKeyLookup { header, _ in header.keyID == "two" ? JWSVerificationKey(second.publicKey) : nil }
        let verified = try await Fixtures.holderVerifier().verify(sdJWT, resolver: onlySecond)
        #expect(verified.header.keyID == "two")
    }

    @Test("explicit typing, expected issuer and required claims are the caller's to demand")
    func policies() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        var typed = Fixtures.holderVerifier()
        typed.issuerPolicy.requiredType = "dc+sd-jwt"
        await expectSDJWTError(.issuerJWT(.invalidHeader("typ is example+sd-jwt, expected dc+sd-jwt"))) {
            _ = try await typed.verify(issued, resolver: Fixtures.issuerResolver())
        }
        var issuer = Fixtures.holderVerifier()
        issuer.expectedIssuer = "https://someone.else"
        await expectSDJWTError(.claimValidation(.issuerMismatch(expected: "https://someone.else", actual: "https://issuer.example.com"))) {
            _ = try await issuer.verify(issued, resolver: Fixtures.issuerResolver())
        }
        var algorithms = Fixtures.holderVerifier()
        algorithms.issuerPolicy.allowedAlgorithms = [.edDSA]
        await expectSDJWTError(.issuerJWT(.algorithmNotAllowed("ES256"))) {
            _ = try await algorithms.verify(issued, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("the clock is injected and leeway applies to exp")
    func clockAndLeeway() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        _ = try await Fixtures.holderVerifier(at: 1_883_000_000 + 59).verify(issued, resolver: Fixtures.issuerResolver())
        var strict = Fixtures.holderVerifier(at: 1_883_000_000)
        strict.leeway = 0
        await expectSDJWTError(matching: { if case .claimValidation(.expired) = $0 { true } else { false } }) {
            _ = try await strict.verify(issued, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("a registered claim of the wrong type in the processed payload is refused")
    func wrongClaimType() async throws {
        let hidden = Disclosure(salt: "c2FsdA", claimName: "exp", value: "tomorrow")
        let forged = try await AttackTests.forge(["_sd": [.string(hidden.digest(using: .sha256))]], disclosures: [hidden])
        await expectSDJWTError(.invalidClaim("exp is not a NumericDate")) {
            _ = try await Fixtures.holderVerifier().verify(forged, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("verified claims list where each disclosed claim sits")
    func disclosedClaims() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        let verified = try await Fixtures.holderVerifier().verify(issued, resolver: Fixtures.issuerResolver())
        let paths = Set(verified.disclosedClaims.map(\.path))
        #expect(paths.contains([.key("given_name")]))
        #expect(paths.contains([.key("nationalities"), .index(1)]))
        #expect(!paths.contains([.key("sub")]))
        #expect(verified.disclosedClaims.count == 10)
        #expect(verified.claims["_sd"] == nil && verified.claims["_sd_alg"] == nil)
    }
}
