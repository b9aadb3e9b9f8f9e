import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing

@testable import JOSE

@Suite("JWT claims and validation (RFC 7519)")
struct JWTTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    let validator = JWTValidator(clock: { JWTTests.now }, leeway: 30)

    func claims(_ edit: (inout JWTClaims) -> Void = { _ in }) -> JWTClaims {
        var claims = JWTClaims(
            issuer: "https://issuer.example/tenant", subject: "alice", audience: ["https://verifier.example"],
            expiresAt: JWTTests.now + 600, notBefore: JWTTests.now - 10, issuedAt: JWTTests.now - 10,
            tokenID: "t-1", nonce: "n-0S6")
        edit(&claims)
        return claims
    }

    @Test("NumericDates are written as whole seconds, one audience as a string, '/' unescaped")
    func encoding() throws {
        var claims = claims()
        claims.expiresAt = Date(timeIntervalSince1970: 1_700_000_600.75)
        claims.additionalClaims = ["vct": "https://example.com/id", "n": 1.5]
        let text = String(decoding: claims.jsonData(), as: UTF8.self)
        #expect(text.contains("\"exp\":1700000600,"))
        #expect(text.contains("\"iat\":1699999990,"))
        #expect(text.contains("\"aud\":\"https://verifier.example\""))
        #expect(text.contains("\"iss\":\"https://issuer.example/tenant\""))
        #expect(!text.contains("\\/"))
        #expect(text.hasSuffix("\"vct\":\"https://example.com/id\",\"n\":1.5}"))
        claims.audience = ["a", "b"]
        #expect(String(decoding: claims.jsonData(), as: UTF8.self).contains("\"aud\":[\"a\",\"b\"]"))
    }

    @Test("claims parse from JSON, fractional NumericDates accepted, wrong types refused")
    func parsing() throws {
        let parsed = try JWTClaims(json: Data("{\"aud\":\"x\",\"exp\":1700000000.5,\"cnf\":{\"jkt\":\"abc\"},\"extra\":[1]}".utf8))
        #expect(parsed.audience == ["x"])
        #expect(parsed.expiresAt == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(parsed.confirmation?["jkt"] == "abc")
        #expect(parsed.additionalClaims["extra"] == [1])
        for bad in [
            "{\"exp\":\"1700000000\"}", "{\"aud\":1}", "{\"aud\":[\"a\",1]}", "{\"iss\":{}}", "{\"cnf\":\"x\"}",
            "{\"nbf\":true}", "[]", "{\"iss\":\"a\",\"iss\":\"b\"}", "{\"sub\":\"a\"} x",
        ] {
            #expect(throws: JOSEError.self) { try JWTClaims(json: Data(bad.utf8)) }
        }
    }

    @Test("a signed JWT verifies and validates; typ defaults to JWT")
    func roundTrip() async throws {
        let token = try await JWT.sign(claims(), signer: Fixtures.signer(Fixtures.ed25519))
        var expecting = validator
        expecting.expectedIssuer = "https://issuer.example/tenant"
        expecting.expectedAudience = "https://verifier.example"
        expecting.expectedNonce = "n-0S6"
        expecting.maximumAge = 60
        expecting.requiredClaims = ["exp", "iat"]
        let verified = try JWT.verify(token, key: JWSVerificationKey(Fixtures.ed25519.publicKey), validator: expecting)
        #expect(verified.header.type == "JWT")
        #expect(verified.claims == claims())
    }

    @Test("the cnf.jwk holder key is read back")
    func confirmationKey() throws {
        let jwk = try JSONValue(parsing: JWK(publicKey: Fixtures.p256.publicKey).jsonData())
        let claims = claims { $0.confirmation = ["jwk": jwk] }
        #expect(try claims.confirmationKey()?.publicKey() == Fixtures.p256.publicKey)
        let broken = self.claims { $0.confirmation = ["jwk": ["kty": "EC", "crv": "P-256", "x": "AA", "y": "AA"]] }
        #expect(throws: JOSEError.self) { try broken.confirmationKey() }
    }

    func failure(_ claims: JWTClaims, _ validator: JWTValidator) -> JWTValidationFailure? {
        do {
            try validator.validate(claims)
            return nil
        } catch {
            if case .claimValidation(let failure) = error { return failure }
            return nil
        }
    }

    @Test("each check fails with its own reason")
    func failures() {
        let now = JWTTests.now
        #expect(failure(claims { $0.expiresAt = now - 31 }, validator) == .expired(expiresAt: now - 31, now: now))
        #expect(failure(claims { $0.expiresAt = now - 29 }, validator) == nil)
        #expect(failure(claims { $0.notBefore = now + 31 }, validator) == .notYetValid(notBefore: now + 31, now: now))
        #expect(failure(claims { $0.notBefore = now + 29 }, validator) == nil)
        #expect(failure(claims { $0.issuedAt = now + 31 }, validator) == .issuedInFuture(issuedAt: now + 31, now: now))
        var aged = validator
        aged.maximumAge = 300
        #expect(failure(claims { $0.issuedAt = now - 400 }, aged) == .tooOld(issuedAt: now - 400, now: now))
        #expect(failure(claims { $0.issuedAt = nil }, aged) == .missingClaim("iat"))
        var issuer = validator
        issuer.expectedIssuer = "https://other.example"
        #expect(failure(claims(), issuer) == .issuerMismatch(expected: "https://other.example", actual: "https://issuer.example/tenant"))
        var audience = validator
        audience.expectedAudience = "https://other.example"
        #expect(failure(claims(), audience) == .audienceMismatch(expected: "https://other.example", actual: ["https://verifier.example"]))
        #expect(failure(claims { $0.audience = nil }, audience) == .audienceMismatch(expected: "https://other.example", actual: nil))
        #expect(failure(claims { $0.audience = ["a", "https://other.example"] }, audience) == nil)
        var nonce = validator
        nonce.expectedNonce = "n-1"
        #expect(failure(claims(), nonce) == .nonceMismatch)
        #expect(failure(claims { $0.nonce = nil }, nonce) == .missingClaim("nonce"))
        var subject = validator
        subject.expectedSubject = "bob"
        #expect(failure(claims(), subject) == .subjectMismatch(expected: "bob", actual: "alice"))
        var required = validator
        required.requiredClaims = ["exp", "status"]
        #expect(failure(claims(), required) == .missingClaim("status"))
        var strict = validator
        strict.leeway = 0
        #expect(failure(claims { $0.expiresAt = now }, strict) == .expired(expiresAt: now, now: now))
    }

    @Test("an expired token with a valid signature is refused by JWT.verify")
    func expiredToken() async throws {
        let token = try await JWT.sign(claims { $0.expiresAt = JWTTests.now - 3600 }, signer: Fixtures.signer(Fixtures.p256))
        #expect {
            try JWT.verify(token, key: JWSVerificationKey(Fixtures.p256.publicKey), validator: validator)
        } throws: { error in
            guard case .claimValidation(.expired)? = error as? JOSEError else { return false }
            return true
        }
    }
}
