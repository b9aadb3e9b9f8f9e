import CryptoKeys
import DID
import Foundation
import JOSE
import JSONModel
import Multiformats
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// VC-JWT (VCDM 1.1 §6.3.1) and VC-JOSE-COSE (`vc+jwt`, `vp+jwt`): what an issuer signs
/// verifies, each registered claim stands for its member, and every forgery or policy refusal
/// is its own typed error.
@Suite("JOSE-secured credentials")
struct JOSECredentialTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let policy = JOSECredentialPolicy(now: now)

    /// A fresh key, its did:key and the method URL that is the `kid`.
    struct Party {
        let signer: SoftwareSigner
        let did: String
        let keyID: String

        init(curve: KeyCurve = .p256) throws {
            let key = PrivateKey(curve: curve)
            signer = try SoftwareSigner(privateKey: key)
            did = try DIDKey.make(for: key.publicKey).description
            keyID = did + "#" + did.dropFirst("did:key:".count)
        }

        func sign(
            _ document: JSONValue, form: JOSECredentialForm = .vcJWT, audience: String? = nil, nonce: String? = nil
        ) async throws -> String {
            try await JOSECredentialSigner.sign(document, form: form, keyID: keyID, signer: signer, audience: audience, nonce: nonce)
        }

        /// A VCDM 1.1 credential issued by this party.
        func credential1(expirationDate: String = "2030-01-01T00:00:00Z", subject: String = "did:example:subject") -> JSONValue {
            [
                "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
                "id": "urn:uuid:3978344f-8596-4c3a-a978-8fcaba3903c5",
                "type": ["VerifiableCredential", "UniversityDegreeCredential"],
                "issuer": .string(did),
                "issuanceDate": "2025-01-01T00:00:00Z",
                "expirationDate": .string(expirationDate),
                "credentialSubject": ["id": .string(subject), "degree": ["type": "BachelorDegree", "name": "Bachelor of Science"]],
            ]
        }

        /// A VCDM 2.0 credential issued by this party.
        func credential2(validUntil: String = "2030-01-01T00:00:00Z") -> JSONValue {
            [
                "@context": ["https://www.w3.org/ns/credentials/v2", "https://www.w3.org/ns/credentials/examples/v2"],
                "type": ["VerifiableCredential", "ExampleDegreeCredential"],
                "issuer": .string(did),
                "validFrom": "2025-01-01T00:00:00Z",
                "validUntil": .string(validUntil),
                "credentialSubject": ["id": "did:example:subject", "degree": ["name": "Bachelor of Science"]],
            ]
        }

        /// A presentation by this party of `credentials`.
        func presentation(_ credentials: [JSONValue], version2: Bool = false) -> JSONValue {
            [
                "@context": [version2 ? "https://www.w3.org/ns/credentials/v2" : "https://www.w3.org/2018/credentials/v1"],
                "type": ["VerifiablePresentation"],
                "holder": .string(did),
                "verifiableCredential": .array(credentials),
            ]
        }
    }

    static func verify(_ token: String, _ policy: JOSECredentialPolicy = policy) async throws(JOSECredentialError) -> VerifiedJOSECredential {
        try await JOSECredentialVerifier().verifyCredential(token, policy: policy)
    }

    /// A compact JWS of `payload` with `header`, signed by `party` (to forge what the signer
    /// API would not make).
    static func rawToken(_ payload: JSONObject, header: JOSEHeader, by party: Party) async throws -> String {
        try await JWS.signCompact(payload: JSONValue.object(payload).serialized(.compact), header: header, signer: party.signer)
    }

    @Test("a VCDM 1.1 VC-JWT verifies, its claims standing for issuer, subject, dates and id")
    func vcJWTRoundTrip() async throws {
        let issuer = try Party()
        let token = try await issuer.sign(issuer.credential1())
        let verified = try await Self.verify(token)
        #expect(verified.evidence.form == .vcJWT)
        #expect(verified.evidence.header.type == "JWT")
        #expect(verified.evidence.claims.issuer == issuer.did)
        #expect(verified.evidence.claims.subject == "did:example:subject")
        #expect(verified.evidence.claims.notBefore == XSDDateTime.parse("2025-01-01T00:00:00Z", requireTimeZone: true))
        #expect(verified.evidence.claims.tokenID == "urn:uuid:3978344f-8596-4c3a-a978-8fcaba3903c5")
        #expect(verified.credential.issuer == issuer.did)
        #expect(verified.evidence.verificationMethod.id.description == issuer.keyID)
    }

    @Test("a VC-JWT whose vc claim leaves issuer, dates, id and subject id to the JWT claims reads them from there")
    func claimsOnlyVCJWT() async throws {
        let issuer = try Party(curve: .ed25519)
        var vc = try #require(issuer.credential1().objectValue)
        for name in ["issuer", "issuanceDate", "expirationDate", "id"] { vc[name] = nil }
        vc["credentialSubject"] = ["degree": ["name": "Bachelor of Science"]]
        let claims = JWTClaims(
            issuer: issuer.did, subject: "did:example:alice", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
            notBefore: Date(timeIntervalSince1970: 1_700_000_000), tokenID: "urn:uuid:1", additionalClaims: ["vc": .object(vc)])
        let token = try await JWT.sign(claims, header: JOSEHeader(members: ["kid": .string(issuer.keyID)]), signer: issuer.signer)
        let credential = try await Self.verify(token).credential
        #expect(credential.issuer == issuer.did)
        #expect(credential.id == "urn:uuid:1")
        #expect(credential.issuanceDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(credential.expirationDate == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(credential.credentialSubjects.first?["id"] == "did:example:alice")
    }

    @Test("a VCDM 2.0 credential secured as vc+jwt (and the drafts' vc+ld+jwt) is its own payload")
    func vcJOSE() async throws {
        let issuer = try Party()
        let token = try await issuer.sign(issuer.credential2(), form: .vcJOSE)
        let verified = try await Self.verify(token)
        #expect(verified.evidence.form == .vcJOSE)
        #expect(verified.evidence.header.type == "vc+jwt")
        #expect(verified.credential.version == .v2_0)
        #expect(verified.credential.json == issuer.credential2())

        let draft = try await Self.rawToken(
            try #require(issuer.credential2().objectValue),
            header: JOSEHeader(members: ["kid": .string(issuer.keyID), "typ": "vc+ld+jwt"]), by: issuer)
        #expect(try await Self.verify(draft).evidence.form == .vcJOSE)
    }

    @Test("a VP-JWT answers a request with aud and nonce; its VC-JWTs verify each")
    func vpJWT() async throws {
        let issuer = try Party()
        let holder = try Party(curve: .ed25519)
        let credential = try await issuer.sign(issuer.credential1())
        let token = try await holder.sign(holder.presentation([.string(credential)]), audience: "https://verifier.example", nonce: "n-0S6_WzA2Mj")
        let verified = try await JOSECredentialVerifier().verifyPresentation(
            token, policy: .presentation(audience: "https://verifier.example", nonce: "n-0S6_WzA2Mj", now: Self.now))
        #expect(verified.presentation.holder == holder.did)
        #expect(verified.credentials.map(\.credential.issuer) == [issuer.did])
        #expect(verified.evidence.claims.audience == ["https://verifier.example"])

        let policy = JOSECredentialPolicy.presentation(audience: "https://verifier.example", nonce: "another", now: Self.now)
        await #expect(throws: JOSECredentialError.jose(.claimValidation(.nonceMismatch))) {
            _ = try await JOSECredentialVerifier().verifyPresentation(token, policy: policy)
        }
        let elsewhere = JOSECredentialPolicy.presentation(audience: "https://other.example", nonce: "n-0S6_WzA2Mj", now: Self.now)
        await expectError(JOSECredentialError.self, matching: {
            if case .jose(.claimValidation(.audienceMismatch)) = $0 { return true } else { return false }
        }) { _ = try await JOSECredentialVerifier().verifyPresentation(token, policy: elsewhere) }
    }

    @Test("a vp+jwt carries vc+jwt credentials enveloped in data: URLs")
    func envelopedPresentation() async throws {
        let issuer = try Party()
        let holder = try Party()
        let credential = try await issuer.sign(issuer.credential2(), form: .vcJOSE)
        let presentation = holder.presentation([EnvelopedCredential.json(token: credential)], version2: true)
        let token = try await holder.sign(presentation, form: .vcJOSE, audience: "x509_san_dns:verifier.example", nonce: "abc")
        let verified = try await JOSECredentialVerifier().verifyPresentation(
            token, policy: .presentation(audience: "x509_san_dns:verifier.example", nonce: "abc", now: Self.now))
        #expect(verified.evidence.header.type == "vp+jwt")
        #expect(verified.credentials.first?.credential.version == .v2_0)
    }

    @Test("an enveloped credential must be a data: URL of a JOSE credential media type, not base64")
    func envelopeRefusals() throws {
        #expect(try EnvelopedCredential.token(fromID: "data:application/vc+jwt,eyJ.e30.sig") == "eyJ.e30.sig")
        for id in ["https://example.com/vc", "data:application/vc+sd-jwt,abc", "data:application/vc+jwt;base64,abc", "data:application/vc+jwt,"] {
            #expect(throws: JOSECredentialError.self, "\(id)") { try EnvelopedCredential.token(fromID: id) }
        }
    }

    // MARK: - Refusals

    @Test("a changed payload does not verify")
    func tamperedPayload() async throws {
        let issuer = try Party()
        let token = try await issuer.sign(issuer.credential1())
        var parts = token.split(separator: ".").map(String.init)
        var payload = try #require(try JSONValue(parsing: Base64URL.decode(parts[1])).objectValue)
        var vc = try #require(payload["vc"]?.objectValue)
        vc["credentialSubject"] = ["id": "did:example:subject", "degree": ["type": "BachelorDegree", "name": "Doctor of Medicine"]]
        payload["vc"] = .object(vc)
        parts[1] = Base64URL.encode(JSONValue.object(payload).serialized(.compact))
        await #expect(throws: JOSECredentialError.jose(.invalidSignature)) { _ = try await Self.verify(parts.joined(separator: ".")) }
    }

    @Test("alg none is refused")
    func algNone() async throws {
        let issuer = try Party()
        let token = try await issuer.sign(issuer.credential1())
        let parts = token.split(separator: ".").map(String.init)
        let header = Base64URL.encode(JSONValue.object(["alg": "none", "kid": .string(issuer.keyID)]).serialized(.compact))
        await #expect(throws: JOSECredentialError.jose(.unsecuredAlgorithm)) { _ = try await Self.verify(header + "." + parts[1] + ".") }
    }

    @Test("a valid signature by another DID's key is not the issuer's")
    func keyOfAnotherDID() async throws {
        let issuer = try Party()
        let forger = try Party()
        // The forger signs the issuer's credential with its own key and says so in kid.
        let token = try await forger.sign(issuer.credential1())
        await #expect(throws: JOSECredentialError.signerNotIssuer(keyDID: forger.did, issuer: issuer.did)) { _ = try await Self.verify(token) }
        // The forger names the issuer's key but signs with its own.
        let lying = try await JOSECredentialSigner.sign(issuer.credential1(), form: .vcJWT, keyID: issuer.keyID, signer: forger.signer)
        await #expect(throws: JOSECredentialError.jose(.invalidSignature)) { _ = try await Self.verify(lying) }
    }

    @Test("an expired credential and one not valid yet are refused at the policy's time")
    func timeValidity() async throws {
        let issuer = try Party()
        let expired = try await issuer.sign(issuer.credential1(expirationDate: "2025-03-01T00:00:00Z"))
        await expectError(JOSECredentialError.self, matching: {
            if case .jose(.claimValidation(.expired)) = $0 { return true } else { return false }
        }) { _ = try await Self.verify(expired) }
        let early = JOSECredentialPolicy(now: Date(timeIntervalSince1970: 1_700_000_000))
        await expectError(JOSECredentialError.self, matching: {
            if case .jose(.claimValidation(.notYetValid)) = $0 { return true } else { return false }
        }) { _ = try await Self.verify(try await issuer.sign(issuer.credential1()), early) }
        let expired2 = try await issuer.sign(issuer.credential2(validUntil: "2025-03-01T00:00:00Z"), form: .vcJOSE)
        await #expect(throws: JOSECredentialError.credential(.expired(member: "validUntil"))) { _ = try await Self.verify(expired2) }
    }

    @Test("a vc claim that says another issuer, subject or id than the JWT's claims is refused")
    func claimConflicts() async throws {
        let issuer = try Party()
        let vc = try #require(issuer.credential1().objectValue)
        let header = JOSEHeader(members: ["kid": .string(issuer.keyID), "typ": "JWT"])
        let cases: [(JWTClaims, JOSECredentialError)] = [
            (JWTClaims(issuer: "did:example:someone-else", additionalClaims: ["vc": .object(vc)]), .claimConflict(claim: "iss", member: "issuer")),
            (JWTClaims(issuer: issuer.did, subject: "did:example:mallory", additionalClaims: ["vc": .object(vc)]), .claimConflict(claim: "sub", member: "credentialSubject.id")),
            (JWTClaims(issuer: issuer.did, tokenID: "urn:uuid:other", additionalClaims: ["vc": .object(vc)]), .claimConflict(claim: "jti", member: "id")),
            (JWTClaims(issuer: issuer.did, notBefore: Date(timeIntervalSince1970: 1_600_000_000), additionalClaims: ["vc": .object(vc)]), .claimConflict(claim: "nbf", member: "issuanceDate")),
        ]
        for (claims, error) in cases {
            let token = try await Self.rawToken(claims.jsonObject, header: header, by: issuer)
            await #expect(throws: error) { _ = try await Self.verify(token) }
        }
    }

    @Test("a presentation's credential that fails is reported with its position")
    func embeddedFailure() async throws {
        let issuer = try Party()
        let holder = try Party()
        let good = try await issuer.sign(issuer.credential1())
        let expired = try await issuer.sign(issuer.credential1(expirationDate: "2025-03-01T00:00:00Z"))
        let token = try await holder.sign(holder.presentation([.string(good), .string(expired)]))
        await expectError(JOSECredentialError.self, matching: {
            if case .embeddedCredential(index: 1, .jose(.claimValidation(.expired))) = $0 { return true } else { return false }
        }) { _ = try await JOSECredentialVerifier().verifyPresentation(token, policy: Self.policy) }
    }

    @Test("a JWS without a W3C document is not a credential; one without a kid names no key")
    func notACredential() async throws {
        let issuer = try Party()
        let plain = try await JWT.sign(JWTClaims(issuer: issuer.did), header: JOSEHeader(members: ["kid": .string(issuer.keyID)]), signer: issuer.signer)
        await expectError(JOSECredentialError.self, matching: {
            if case .notACredential = $0 { return true } else { return false }
        }) { _ = try await Self.verify(plain) }
        let noKid = try await Self.rawToken(
            try #require(issuer.credential2().objectValue), header: JOSEHeader(members: ["typ": "vc+jwt"]), by: issuer)
        await #expect(throws: JOSECredentialError.keyResolution("the header has no kid")) { _ = try await Self.verify(noKid) }
    }
}
