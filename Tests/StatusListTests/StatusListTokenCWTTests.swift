import CBOR
import COSE
import CryptoKeys
import Foundation
import StatusList
import Testing
import VellumTestSupport

/// Status list tokens in CWT form (draft §5.2): the draft's example verifies, the claims are
/// read by their integer keys, and each forgery is refused.
@Suite struct StatusListTokenCWTTests {
    static let uri = "https://example.com/statuslists/1"
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    let key: PrivateKey
    let signer: SoftwareSigner

    init() throws {
        key = PrivateKey(curve: .p256)
        signer = try SoftwareSigner(privateKey: key)
    }

    func verifier(key: PublicKey? = nil, now: Date = StatusListTokenCWTTests.now, policy: StatusListPolicy? = nil) -> StatusListTokenVerifier {
        var chosen = policy ?? StatusListPolicy()
        chosen.clock = { now }
        return StatusListTokenVerifier(keys: StatusListKeyLookup.fixed(key ?? self.key.publicKey), policy: chosen)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func theDraftsExampleVerifies() async throws {
        let vectors = try StatusListVectors.load()
        let seen = Locked<StatusListKeyRequest?>(nil)
        let publicKey = vectors.publicKey
        var policy = StatusListPolicy()
        policy.clock = { Self.now }
        let verifier = StatusListTokenVerifier(keys: StatusListKeyLookup { request in
            seen.value = request
            return publicKey
        }, policy: policy)
        let token = try await verifier.verify(cwt: vectors.statusListCWT, uri: Self.uri)
        #expect(token.subject == Self.uri)
        #expect(token.issuedAt == Date(timeIntervalSince1970: 1_686_920_170))
        #expect(token.expiresAt == Date(timeIntervalSince1970: 2_291_720_170))
        #expect(token.timeToLive == 43_200)
        #expect(token.statusList.bits == .one)
        #expect(token.statusList.bytes == Data([0xB9, 0xA3]))
        #expect(seen.value?.keyIDString == "12")
        #expect(seen.value?.format == .cwt)
        // The same file's raw bytes also verify through the format-dispatching entry point.
        let again = try await verifier.verify(StatusListVectors.exampleHex("examples/status_list_cwt.md"), format: .cwt, uri: Self.uri)
        #expect(again == token)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func theDraftsExampleIsRefusedUnderAnotherKeyOrSubject() async throws {
        let vectors = try StatusListVectors.load()
        await #expect(throws: StatusListError.invalidSignature) {
            try await verifier(key: PrivateKey(curve: .p256).publicKey).verify(cwt: vectors.statusListCWT, uri: Self.uri)
        }
        await #expect(throws: StatusListError.subjectMismatch(expected: "https://example.com/statuslists/2", actual: Self.uri)) {
            try await verifier(key: vectors.publicKey).verify(cwt: vectors.statusListCWT, uri: "https://example.com/statuslists/2")
        }
    }

    @Test func aSignedTokenRoundTrips() async throws {
        let original = StatusListToken(
            subject: Self.uri, issuer: "https://example.com", issuedAt: Self.now.addingTimeInterval(-10),
            expiresAt: Self.now.addingTimeInterval(3600), timeToLive: 300,
            statusList: try TokenStatusList(bits: .eight, statuses: [.valid, StatusType(rawValue: 200)]))
        let cwt = try await original.signedCWT(signer: signer, keyID: Data("k1".utf8))
        #expect(cwt.first == 0xD2, "tagged COSE_Sign1")
        let verified = try await verifier().verify(cwt: cwt, uri: Self.uri)
        #expect(verified == original)
        #expect(try verified.status(for: StatusListReference(index: 1, uri: Self.uri)) == StatusType(rawValue: 200))
    }

    // MARK: - Forgeries and misuse

    @Test func refusesTheCWTTagAndUntaggedOrMACedMessages() async throws {
        let message = try await sign(claims: validClaims())
        let wrapped = CBOR.tagged(61, message.cbor()).encoded()
        await #expect(throws: StatusListError.malformedToken("a status list token must not carry the CWT tag 61")) {
            try await verifier().verify(cwt: wrapped, uri: Self.uri)
        }
        await #expect(throws: StatusListError.malformedToken("not a tagged COSE_Sign1")) {
            try await verifier().verify(cwt: message.encoded(tagged: false), uri: Self.uri)
        }
        let mac = CBOR.tagged(17, [.byteString(Data([0xA1, 0x01, 0x05])), [:], .byteString(Data()), .byteString(Data(count: 32))])
        await #expect(throws: StatusListError.malformedToken("COSE_Mac0 status list tokens are not supported")) {
            try await verifier().verify(cwt: mac.encoded(), uri: Self.uri)
        }
        await #expect(throws: StatusListError.self) { try await verifier().verify(cwt: Data([0xD2, 0x84]), uri: Self.uri) }
        await #expect(throws: StatusListError.self) { try await verifier().verify(cwt: Data(), uri: Self.uri) }
    }

    @Test func refusesAWrongOrUnprotectedType() async throws {
        let wrong = try await sign(claims: validClaims(), type: .textString("application/cwt"))
        await #expect(throws: StatusListError.wrongType("\"application/cwt\"")) {
            try await verifier().verify(cwt: wrong.encoded(), uri: Self.uri)
        }
        var unprotected = COSEHeaders()
        unprotected[16] = "application/statuslist+cwt"
        let unprotectedType = try await sign(claims: validClaims(), type: nil, unprotected: unprotected)
        let error = await #expect(throws: StatusListError.self) {
            try await verifier().verify(cwt: unprotectedType.encoded(), uri: Self.uri)
        }
        guard case .wrongType? = error else {
            Issue.record("expected wrongType, got \(String(describing: error))")
            return
        }
        let numeric = try await sign(claims: validClaims(), type: .unsigned(61))
        await #expect(throws: StatusListError.wrongType("61")) { try await verifier().verify(cwt: numeric.encoded(), uri: Self.uri) }
    }

    @Test func refusesATamperedPayloadOrSignature() async throws {
        let message = try await sign(claims: validClaims())
        let allValid = try await sign(claims: validClaims(list: TokenStatusList(bits: .one, count: 8)))
        let swapped = try COSESign1(
            protected: message.protected, unprotected: message.unprotected, payload: allValid.payload,
            signature: message.signature)
        await #expect(throws: StatusListError.invalidSignature) { try await verifier().verify(cwt: swapped.encoded(), uri: Self.uri) }
        var signature = message.signature
        signature[0] ^= 0x80
        let flipped = try COSESign1(
            protected: message.protected, unprotected: message.unprotected, payload: message.payload, signature: signature)
        await #expect(throws: StatusListError.invalidSignature) { try await verifier().verify(cwt: flipped.encoded(), uri: Self.uri) }
    }

    @Test func refusesExpiredFutureAndMisdirectedTokens() async throws {
        let expired = try await sign(claims: validClaims(expiresAt: Self.now.addingTimeInterval(-61)))
        await #expect(throws: StatusListError.expired(expiresAt: Self.now.addingTimeInterval(-61), now: Self.now)) {
            try await verifier().verify(cwt: expired.encoded(), uri: Self.uri)
        }
        let future = try await sign(claims: validClaims(issuedAt: Self.now.addingTimeInterval(600)))
        let error = await #expect(throws: StatusListError.self) { try await verifier().verify(cwt: future.encoded(), uri: Self.uri) }
        guard case .notYetValid? = error else {
            Issue.record("expected notYetValid, got \(String(describing: error))")
            return
        }
        var claims = validClaims()
        claims[5] = CBOR(UInt64(Self.now.timeIntervalSince1970 + 600))
        let notBefore = try await sign(claims: claims)
        await #expect(throws: StatusListError.self) { try await verifier().verify(cwt: notBefore.encoded(), uri: Self.uri) }
        let other = try await sign(claims: validClaims(subject: "https://example.com/other"))
        await #expect(throws: StatusListError.subjectMismatch(expected: Self.uri, actual: "https://example.com/other")) {
            try await verifier().verify(cwt: other.encoded(), uri: Self.uri)
        }
    }

    @Test func refusesMissingOrMistypedClaims() async throws {
        let cases: [(String, (inout [UInt64: CBOR]) -> Void, StatusListError)] = [
            ("no status_list", { $0[65533] = nil }, .invalidClaims("status_list (65533) is missing")),
            ("no iat", { $0[6] = nil }, .invalidClaims("iat (6) is missing")),
            ("no sub", { $0[2] = nil }, .invalidClaims("sub (2) is missing")),
            ("sub bytes", { $0[2] = .byteString(Data("x".utf8)) }, .invalidClaims("sub (2) is not text")),
            ("iat text", { $0[6] = "2023" }, .invalidClaims("iat (6) is not a NumericDate")),
            ("iat tagged", { $0[6] = .tagged(1, 1_700_000_000) }, .invalidClaims("iat (6) is not a NumericDate")),
            ("zero ttl", { $0[65534] = 0 }, .invalidClaims("ttl (65534) is not a positive unsigned integer")),
            ("negative ttl", { $0[65534] = -1 }, .invalidClaims("ttl (65534) is not a positive unsigned integer")),
            ("iss number", { $0[1] = 1 }, .invalidClaims("iss (1) is not text")),
            ("JSON-style list", { $0[65533] = ["bits": 1, "lst": "eNrbuRgAAhcBXQ"] }, .invalidStatusList("lst is not a byte string")),
        ]
        for (name, edit, expected) in cases {
            var claims = validClaims()
            edit(&claims)
            let message = try await sign(claims: claims)
            await #expect(throws: expected, "\(name)") { try await verifier().verify(cwt: message.encoded(), uri: Self.uri) }
        }
        let notAMap = try await COSESign1.sign(payload: CBOR.array([1]).encoded(), protected: typeHeader(), signer: signer)
        await #expect(throws: StatusListError.invalidClaims("the claims are not a map")) {
            try await verifier().verify(cwt: notAMap.encoded(), uri: Self.uri)
        }
        let detached = try await COSESign1.sign(
            payload: claimsMap(validClaims()).encoded(), protected: typeHeader(), detached: true, signer: signer)
        await #expect(throws: StatusListError.malformedToken("the payload is detached")) {
            try await verifier().verify(cwt: detached.encoded(), uri: Self.uri)
        }
    }

    @Test func refusesDeeplyNestedClaims() async throws {
        var deep: CBOR = 0
        for _ in 0..<40 { deep = [deep] }
        var claims = validClaims()
        claims[99] = deep
        let message = try await sign(claims: claims)
        let error = await #expect(throws: StatusListError.self) { try await verifier().verify(cwt: message.encoded(), uri: Self.uri) }
        guard case .invalidClaims? = error else {
            Issue.record("expected invalidClaims, got \(String(describing: error))")
            return
        }
    }

    @Test func refusesAnAlgorithmThePolicyDoesNotAllow() async throws {
        let message = try await sign(claims: validClaims())
        var policy = StatusListPolicy()
        policy.allowedCOSEAlgorithms = [.edDSA]
        await #expect(throws: StatusListError.malformedToken("algorithm ES256 is not allowed")) {
            try await verifier(policy: policy).verify(cwt: message.encoded(), uri: Self.uri)
        }
    }

    // MARK: - Helpers

    func validClaims(
        subject: String = StatusListTokenCWTTests.uri, issuedAt: Date = StatusListTokenCWTTests.now.addingTimeInterval(-60),
        expiresAt: Date = StatusListTokenCWTTests.now.addingTimeInterval(3600),
        list: TokenStatusList? = nil
    ) -> [UInt64: CBOR] {
        let statusList = list ?? (try? TokenStatusList(bits: .one, statuses: [.invalid])) ?? TokenStatusList(bits: .one, bytes: Data([1]))
        return [
            2: .textString(subject),
            6: CBOR(UInt64(issuedAt.timeIntervalSince1970)),
            4: CBOR(UInt64(expiresAt.timeIntervalSince1970)),
            65534: 600,
            65533: (try? statusList.cbor()) ?? .null,
        ]
    }

    func claimsMap(_ claims: [UInt64: CBOR]) -> CBOR {
        .map(claims.sorted { $0.key < $1.key }.map { (key: CBOR($0.key), value: $0.value) })
    }

    func typeHeader(_ type: CBOR? = "application/statuslist+cwt") -> COSEHeaders {
        var headers = COSEHeaders()
        if let type { headers[16] = type }
        return headers
    }

    func sign(
        claims: [UInt64: CBOR], type: CBOR? = "application/statuslist+cwt", unprotected: COSEHeaders = COSEHeaders()
    ) async throws -> COSESign1 {
        try await COSESign1.sign(
            payload: claimsMap(claims).encoded(), protected: typeHeader(type), unprotected: unprotected, signer: signer)
    }
}
