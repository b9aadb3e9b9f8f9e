import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import StatusList
import Testing
import VellumTestSupport

/// Status list tokens in JWT form (draft §5.1): the draft's example verifies, and each check
/// refuses the forgery it exists for.
@Suite struct StatusListTokenJWTTests {
    static let uri = "https://example.com/statuslists/1"
    /// 2023-11-14, between the draft example's `iat` (2023-06-16) and `exp` (2042).
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    let key: PrivateKey
    let signer: SoftwareSigner

    init() throws {
        key = PrivateKey(curve: .p256)
        signer = try SoftwareSigner(privateKey: key, keyID: "k1")
    }

    func verifier(key: PublicKey? = nil, now: Date = StatusListTokenJWTTests.now, policy: StatusListPolicy? = nil) -> StatusListTokenVerifier {
        var chosen = policy ?? StatusListPolicy()
        chosen.clock = { now }
        return StatusListTokenVerifier(keys: StatusListKeyLookup.fixed(key ?? self.key.publicKey), policy: chosen)
    }

    func token(
        subject: String = StatusListTokenJWTTests.uri, issuedAt: Date = StatusListTokenJWTTests.now.addingTimeInterval(-60),
        expiresAt: Date? = StatusListTokenJWTTests.now.addingTimeInterval(3600), ttl: TimeInterval? = 600
    ) throws -> StatusListToken {
        StatusListToken(
            subject: subject, issuer: "https://example.com", issuedAt: issuedAt, expiresAt: expiresAt, timeToLive: ttl,
            statusList: try TokenStatusList(bits: .two, statuses: [.valid, .invalid, .suspended, .applicationSpecific]))
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func theDraftsExampleVerifies() async throws {
        let vectors = try StatusListVectors.load()
        let token = try await verifier(key: vectors.publicKey).verify(jwt: vectors.statusListJWT, uri: Self.uri)
        #expect(token.subject == Self.uri)
        #expect(token.issuer == "https://example.com")
        #expect(token.issuedAt == Date(timeIntervalSince1970: 1_686_920_170))
        #expect(token.expiresAt == Date(timeIntervalSince1970: 2_291_720_170))
        #expect(token.timeToLive == 43_200)
        #expect(token.statusList.bytes == Data([0xB9, 0xA3]))
        let reference = try StatusListReference(index: 0, uri: Self.uri)
        #expect(try token.status(for: reference) == .invalid)
        #expect(try token.status(for: StatusListReference(index: 1, uri: Self.uri)) == .valid)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func theDraftsExampleIsRefusedUnderAnotherKey() async throws {
        let vectors = try StatusListVectors.load()
        await #expect(throws: StatusListError.invalidSignature) {
            try await verifier(key: PrivateKey(curve: .p256).publicKey).verify(jwt: vectors.statusListJWT, uri: Self.uri)
        }
    }

    @Test func aSignedTokenRoundTrips() async throws {
        let original = try token()
        let jwt = try await original.signedJWT(signer: signer)
        let header = try JSONValue(parsing: Base64URL.decode(String(jwt.split(separator: ".")[0])))
        #expect(header["typ"] == "statuslist+jwt")
        #expect(header["kid"] == "k1")
        let verified = try await verifier().verify(jwt: jwt, uri: Self.uri)
        #expect(verified.statusList == original.statusList)
        #expect(verified.timeToLive == 600)
        #expect(try verified.status(for: StatusListReference(index: 2, uri: Self.uri)) == .suspended)
    }

    @Test func theResolverSeesTheHeaderAndUnverifiedIssuer() async throws {
        let jwt = try await token().signedJWT(signer: signer)
        let publicKey = key.publicKey
        let seen = Locked<StatusListKeyRequest?>(nil)
        let lookup = StatusListKeyLookup { request in
            seen.value = request
            return request.keyIDString == "k1" ? publicKey : nil
        }
        var policy = StatusListPolicy()
        policy.clock = { Self.now }
        _ = try await StatusListTokenVerifier(keys: lookup, policy: policy).verify(jwt: jwt, uri: Self.uri)
        #expect(seen.value?.format == .jwt)
        #expect(seen.value?.uri == Self.uri)
        #expect(seen.value?.unverifiedIssuer == "https://example.com")
        #expect(seen.value?.joseHeader?.type == "statuslist+jwt")
    }

    // MARK: - Forgeries and misuse

    @Test func refusesAnExpiredToken() async throws {
        let jwt = try await token(expiresAt: Self.now.addingTimeInterval(-120)).signedJWT(signer: signer)
        let error = await #expect(throws: StatusListError.self) { try await verifier().verify(jwt: jwt, uri: Self.uri) }
        guard case .expired? = error else {
            Issue.record("expected expired, got \(String(describing: error))")
            return
        }
    }

    @Test func refusesATokenIssuedInTheFuture() async throws {
        let jwt = try await token(issuedAt: Self.now.addingTimeInterval(3600)).signedJWT(signer: signer)
        let error = await #expect(throws: StatusListError.self) { try await verifier().verify(jwt: jwt, uri: Self.uri) }
        guard case .notYetValid? = error else {
            Issue.record("expected notYetValid, got \(String(describing: error))")
            return
        }
    }

    @Test func refusesATokenForAnotherList() async throws {
        let jwt = try await token(subject: "https://example.com/statuslists/2").signedJWT(signer: signer)
        await #expect(throws: StatusListError.subjectMismatch(expected: Self.uri, actual: "https://example.com/statuslists/2")) {
            try await verifier().verify(jwt: jwt, uri: Self.uri)
        }
    }

    @Test func refusesAWrongType() async throws {
        for type in ["JWT", "dc+sd-jwt", "statuslist+cwt"] {
            let jwt = try await sign(header: JOSEHeader(type: type), claims: validClaims())
            await #expect(throws: StatusListError.wrongType(type)) { try await verifier().verify(jwt: jwt, uri: Self.uri) }
        }
        let untyped = try await JWS.signCompact(payload: validClaims().jsonData(), header: JOSEHeader(), signer: signer)
        await #expect(throws: StatusListError.wrongType(nil)) { try await verifier().verify(jwt: untyped, uri: Self.uri) }
        // The media-type spelling is the same type (RFC 7515 §4.1.9).
        let long = try await sign(header: JOSEHeader(type: "application/statuslist+jwt"), claims: validClaims())
        _ = try await verifier().verify(jwt: long, uri: Self.uri)
    }

    @Test func refusesATamperedToken() async throws {
        let jwt = try await token().signedJWT(signer: signer)
        let parts = jwt.split(separator: ".").map(String.init)
        // Replace the list with one where everything is VALID, keep the signature.
        var claims = try JSONValue(parsing: Base64URL.decode(parts[1])).objectValue!
        claims["status_list"] = try TokenStatusList(bits: .two, count: 4).jsonValue()
        let forged = parts[0] + "." + Base64URL.encode(JSONValue.object(claims).serialized(.compact)) + "." + parts[2]
        await #expect(throws: StatusListError.invalidSignature) { try await verifier().verify(jwt: forged, uri: Self.uri) }
        // A flipped signature bit.
        var signature = try Base64URL.decode(parts[2])
        signature[5] ^= 0x01
        let flipped = parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)
        await #expect(throws: StatusListError.invalidSignature) { try await verifier().verify(jwt: flipped, uri: Self.uri) }
    }

    @Test func refusesAlgNone() async throws {
        let header = Base64URL.encode(Data(#"{"alg":"none","typ":"statuslist+jwt"}"#.utf8))
        let jwt = header + "." + Base64URL.encode(try validClaims().jsonData()) + "."
        let error = await #expect(throws: StatusListError.self) { try await verifier().verify(jwt: jwt, uri: Self.uri) }
        #expect(error == .jose(.unsecuredAlgorithm) || error == .jose(.invalidBase64URL(part: "signature")))
    }

    @Test func refusesWhenNoKeyIsFound() async throws {
        let jwt = try await token().signedJWT(signer: signer)
        let none = StatusListTokenVerifier(keys: StatusListKeyLookup { _ in nil })
        await #expect(throws: StatusListError.keyNotFound) { try await none.verify(jwt: jwt, uri: Self.uri) }
        let failing = StatusListTokenVerifier(keys: StatusListKeyLookup { (_) async throws(StatusListError) -> PublicKey? in throw .keyResolutionFailed("offline") })
        await #expect(throws: StatusListError.keyResolutionFailed("offline")) { try await failing.verify(jwt: jwt, uri: Self.uri) }
    }

    @Test func refusesAKeyOnAnotherCurve() async throws {
        let jwt = try await token().signedJWT(signer: signer)
        let error = await #expect(throws: StatusListError.self) {
            try await verifier(key: PrivateKey(curve: .p384).publicKey).verify(jwt: jwt, uri: Self.uri)
        }
        guard case .jose(.keyMismatch)? = error else {
            Issue.record("expected keyMismatch, got \(String(describing: error))")
            return
        }
    }

    @Test func refusesMissingOrMistypedClaims() async throws {
        let cases: [(String, (inout JSONObject) -> Void, StatusListError)] = [
            ("no status_list", { $0["status_list"] = nil }, .invalidClaims("status_list is missing")),
            ("no iat", { $0["iat"] = nil }, .invalidClaims("iat is missing")),
            ("no sub", { $0["sub"] = nil }, .invalidClaims("sub is missing")),
            ("zero ttl", { $0["ttl"] = 0 }, .invalidClaims("ttl is not a positive number")),
            ("negative ttl", { $0["ttl"] = -5 }, .invalidClaims("ttl is not a positive number")),
            ("string ttl", { $0["ttl"] = "60" }, .invalidClaims("ttl is not a positive number")),
            ("sub not a string", { $0["sub"] = 5 }, .invalidClaims("sub is not a string")),
            ("bad list", { $0["status_list"] = ["bits": 3, "lst": "eNrbuRgAAhcBXQ"] }, .invalidBitWidth("bits is 3")),
        ]
        for (name, edit, expected) in cases {
            var claims = try validClaims().jsonObject
            edit(&claims)
            let jwt = try await sign(header: JOSEHeader(type: "statuslist+jwt"), object: claims)
            await #expect(throws: expected, "\(name)") { try await verifier().verify(jwt: jwt, uri: Self.uri) }
        }
    }

    @Test func appliesTheFreshnessAndExpirationPolicies() async throws {
        let jwt = try await token(issuedAt: Self.now.addingTimeInterval(-7200), expiresAt: nil).signedJWT(signer: signer)
        var strict = StatusListPolicy()
        strict.maximumAge = 3600
        await #expect(throws: StatusListError.tooOld(issuedAt: Self.now.addingTimeInterval(-7200), now: Self.now)) {
            try await verifier(policy: strict).verify(jwt: jwt, uri: Self.uri)
        }
        var needsExp = StatusListPolicy()
        needsExp.requiresExpiration = true
        await #expect(throws: StatusListError.invalidClaims("exp is missing")) {
            try await verifier(policy: needsExp).verify(jwt: jwt, uri: Self.uri)
        }
        var onlyEdDSA = StatusListPolicy()
        onlyEdDSA.allowedJWSAlgorithms = [.edDSA]
        await #expect(throws: StatusListError.jose(.algorithmNotAllowed("ES256"))) {
            try await verifier(policy: onlyEdDSA).verify(jwt: jwt, uri: Self.uri)
        }
    }

    @Test func refusesDeeplyNestedClaims() async throws {
        var claims = try validClaims().jsonObject
        var deep: JSONValue = 0
        for _ in 0..<40 { deep = [deep] }
        claims["extra"] = deep
        let jwt = try await sign(header: JOSEHeader(type: "statuslist+jwt"), object: claims)
        let error = await #expect(throws: StatusListError.self) { try await verifier().verify(jwt: jwt, uri: Self.uri) }
        guard case .jose(.invalidJSON)? = error else {
            Issue.record("expected jose(invalidJSON), got \(String(describing: error))")
            return
        }
    }

    @Test func refusesATokenOverTheSizeLimit() async throws {
        let jwt = try await token().signedJWT(signer: signer)
        var policy = StatusListPolicy()
        policy.limits = StatusListLimits(maximumTokenSize: 64)
        let error = await #expect(throws: StatusListError.self) { try await verifier(policy: policy).verify(jwt: jwt, uri: Self.uri) }
        guard case .limitExceeded? = error else {
            Issue.record("expected limitExceeded, got \(String(describing: error))")
            return
        }
        await #expect(throws: StatusListError.self) { try await verifier().verify(jwt: "a.b", uri: Self.uri) }
        await #expect(throws: StatusListError.self) { try await verifier().verify(Data([0xFF, 0xFE]), format: .jwt, uri: Self.uri) }
    }

    // MARK: - Helpers

    func validClaims() throws -> JWTClaims {
        var additional = JSONObject()
        additional["ttl"] = 600
        additional["status_list"] = try TokenStatusList(bits: .one, count: 8).jsonValue()
        return JWTClaims(
            subject: Self.uri, expiresAt: Self.now.addingTimeInterval(3600), issuedAt: Self.now.addingTimeInterval(-60),
            additionalClaims: additional)
    }

    func sign(header: JOSEHeader, claims: JWTClaims) async throws -> String {
        try await JWS.signCompact(payload: claims.jsonData(), header: header, signer: signer)
    }

    func sign(header: JOSEHeader, object: JSONObject) async throws -> String {
        try await JWS.signCompact(payload: JSONValue.object(object).serialized(.compact), header: header, signer: signer)
    }
}

/// A value shared with a `@Sendable` closure in a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
