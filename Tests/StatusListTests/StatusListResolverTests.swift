import CBOR
import CryptoKeys
import Foundation
import HTTP
import JSONModel
import StatusList
import Testing

/// The resolver end to end over real loopback HTTP: fetch, verify, read the index, cache by
/// `ttl` / `exp` with an injected clock, and `unknown` (with the reason) whenever no
/// statement can be made.
@Suite struct StatusListResolverTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    let key: PrivateKey
    let signer: SoftwareSigner
    let server = StatusListServer()
    let clock = TestClock(StatusListResolverTests.start)

    init() throws {
        key = PrivateKey(curve: .p256)
        signer = try SoftwareSigner(privateKey: key)
    }

    /// Statuses 0…4 at indices 0…4 of a 4-bit list.
    static let statuses: [StatusType] = [.valid, .invalid, .suspended, .applicationSpecific, StatusType(rawValue: 9)]

    func token(
        uri: String, statuses: [StatusType] = StatusListResolverTests.statuses, ttl: TimeInterval? = 300,
        expiresIn: TimeInterval? = 86_400
    ) throws -> StatusListToken {
        StatusListToken(
            subject: uri, issuedAt: clock.now.addingTimeInterval(-5), expiresAt: expiresIn.map { clock.now.addingTimeInterval($0) },
            timeToLive: ttl, statusList: try TokenStatusList(bits: .four, statuses: statuses))
    }

    func servePage(_ token: StatusListToken, at path: String, format: StatusListTokenFormat = .jwt, signer: SoftwareSigner? = nil) async throws {
        let signer = signer ?? self.signer
        let body: Data
        switch format {
        case .jwt: body = Data(try await token.signedJWT(signer: signer).utf8)
        case .cwt: body = try await token.signedCWT(signer: signer)
        }
        server.serve(.init(contentType: format.mediaType, body: body), at: path)
    }

    func resolver(formats: [StatusListTokenFormat] = [.jwt, .cwt], cache: StatusListCache? = nil) -> StatusListResolver {
        var policy = StatusListPolicy()
        policy.clock = clock.function
        policy.acceptedFormats = formats
        return StatusListResolver(
            httpClient: URLSessionHTTPClient(), keys: StatusListKeyLookup.fixed(key.publicKey), policy: policy, cache: cache)
    }

    @Test func readsEveryStatusFromAJWTList() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/1"
            try await servePage(token(uri: uri), at: "/statuslists/1")
            let resolver = resolver()
            let expected: [StatusResult] = [.valid, .invalid, .suspended, .other(3), .other(9)]
            for (index, result) in expected.enumerated() {
                #expect(await resolver.status(of: try StatusListReference(index: index, uri: uri)) == result)
            }
            #expect(try await resolver.statusType(of: StatusListReference(index: 4, uri: uri)) == StatusType(rawValue: 9))
            #expect(server.lastAccept == "application/statuslist+jwt, application/statuslist+cwt;q=0.9")
        }
    }

    /// The one-call form the credential layers use with a token's `status` claim.
    @Test func checksAStatusClaimDirectly() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/claims"
            try await servePage(token(uri: uri), at: "/statuslists/claims")
            let resolver = resolver()
            let json = try StatusListReference(index: 2, uri: uri).statusClaimJSON
            #expect(await resolver.status(ofStatusClaim: json) == .suspended)
            let cbor = try StatusListReference(index: 1, uri: uri).statusClaimCBOR
            #expect(await resolver.status(ofStatusClaim: cbor) == .invalid)
            #expect(await resolver.status(ofStatusClaim: nil as JSONValue?) == nil)
            #expect(await resolver.status(ofStatusClaim: ["identifier_list": [:]] as JSONValue) == nil)
            #expect(await resolver.status(ofStatusClaim: ["other": 1] as CBOR) == nil)
            #expect(await resolver.status(ofStatusClaim: ["status_list": ["idx": -1, "uri": .string(uri)]] as JSONValue)
                == .unknown(.invalidReference("idx -1 is negative")))
            #expect(await resolver.status(ofStatusClaim: "revoked" as JSONValue) == .unknown(.invalidReference("status is not an object")))
        }
    }

    @Test func readsACWTList() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/cwt"
            try await servePage(token(uri: uri), at: "/statuslists/cwt", format: .cwt)
            let resolver = resolver(formats: [.cwt])
            #expect(await resolver.status(of: try StatusListReference(index: 1, uri: uri)) == .invalid)
            #expect(server.lastAccept == "application/statuslist+cwt")
        }
    }

    @Test func answersUnknownWhenNoStatementCanBeMade() async throws {
        try await server.run { base in
            let resolver = resolver()
            func status(_ path: String, index: Int = 0) async throws -> StatusResult {
                await resolver.status(of: try StatusListReference(index: index, uri: base + path))
            }
            // Not found.
            #expect(try await status("/missing") == .unknown(.httpStatus(404)))
            // A media type that was not asked for.
            server.serve(.init(contentType: "application/json", body: Data("{}".utf8)), at: "/json")
            #expect(try await status("/json") == .unknown(.unexpectedContentType("application/json")))
            server.serve(.init(contentType: nil, body: Data("x.y.z".utf8)), at: "/untyped")
            #expect(try await status("/untyped") == .unknown(.unexpectedContentType(nil)))
            // A CWT served when only JWT is accepted.
            try await servePage(token(uri: base + "/cwt-only"), at: "/cwt-only", format: .cwt)
            let jwtOnly = self.resolver(formats: [.jwt])
            #expect(await jwtOnly.status(of: try StatusListReference(index: 0, uri: base + "/cwt-only"))
                == .unknown(.unexpectedContentType("application/statuslist+cwt")))
            // Signed by someone else.
            let forger = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
            try await servePage(token(uri: base + "/forged"), at: "/forged", signer: forger)
            #expect(try await status("/forged") == .unknown(.invalidSignature))
            // A token for another list.
            try await servePage(token(uri: base + "/other"), at: "/mirror")
            #expect(try await status("/mirror") == .unknown(.subjectMismatch(expected: base + "/mirror", actual: base + "/other")))
            // Expired.
            try await servePage(token(uri: base + "/old", expiresIn: -3600), at: "/old")
            guard case .unknown(.expired) = try await status("/old") else {
                Issue.record("an expired token must give unknown(expired)")
                return
            }
            // Outside the list.
            try await servePage(token(uri: base + "/short"), at: "/short")
            let short = try await status("/short", index: 10)
            #expect(short == .unknown(.indexOutOfRange(index: 10, count: 6)), "5 four-bit statuses fill 3 bytes: 6 slots")
            // Garbage with the right media type.
            server.serve(.init(contentType: "application/statuslist+jwt", body: Data("not a jwt".utf8)), at: "/garbage")
            guard case .unknown(.jose) = try await status("/garbage") else {
                Issue.record("garbage must give unknown(jose)")
                return
            }
        }
    }

    @Test func answersUnknownWhenTheFetchFails() async throws {
        // A port nothing listens on: the server that had it is gone.
        let gone = Locked<String?>(nil)
        try await server.run { base in gone.value = base }
        let base = try #require(gone.value)
        let result = await resolver().status(of: try StatusListReference(index: 0, uri: base + "/statuslists/1"))
        guard case .unknown(.fetchFailed) = result else {
            Issue.record("expected unknown(fetchFailed), got \(result)")
            return
        }
        // Schemes the HTTP client refuses are fetch failures too.
        let ftp = await resolver().status(of: try StatusListReference(index: 0, uri: "ftp://example.com/list"))
        #expect(ftp == .unknown(.fetchFailed(.unsupportedScheme("ftp://example.com/list"))))
    }

    /// The cache keeps the token for its `ttl` and fetches afresh once it has passed.
    @Test func cacheHonoursTTL() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/ttl"
            let path = "/statuslists/ttl"
            try await servePage(token(uri: uri, ttl: 300), at: path)
            let resolver = resolver(cache: StatusListCache(clock: clock.function))
            let reference = try StatusListReference(index: 0, uri: uri)
            #expect(await resolver.status(of: reference) == .valid)
            #expect(server.hitCount(path) == 1)

            // The issuer revokes index 0, but the cached copy is still fresh.
            try await servePage(token(uri: uri, statuses: [.invalid], ttl: 300), at: path)
            clock.advance(by: 299)
            #expect(await resolver.status(of: reference) == .valid)
            #expect(server.hitCount(path) == 1)

            clock.advance(by: 2)
            #expect(await resolver.status(of: reference) == .invalid)
            #expect(server.hitCount(path) == 2)
        }
    }

    /// Without `ttl` the token is kept until `exp`, never after it.
    @Test func cacheHonoursExpWithoutTTL() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/exp"
            let path = "/statuslists/exp"
            try await servePage(token(uri: uri, ttl: nil, expiresIn: 600), at: path)
            let resolver = resolver(cache: StatusListCache(clock: clock.function))
            let reference = try StatusListReference(index: 1, uri: uri)
            #expect(await resolver.status(of: reference) == .invalid)
            clock.advance(by: 590)
            #expect(await resolver.status(of: reference) == .invalid)
            #expect(server.hitCount(path) == 1)
            try await servePage(token(uri: uri, ttl: nil, expiresIn: 600), at: path)
            clock.advance(by: 20)
            #expect(await resolver.status(of: reference) == .invalid)
            #expect(server.hitCount(path) == 2)
        }
    }

    @Test func withoutACacheEveryCheckFetches() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/nocache"
            try await servePage(token(uri: uri), at: "/statuslists/nocache")
            let resolver = resolver(cache: nil)
            for _ in 0..<3 { _ = await resolver.status(of: try StatusListReference(index: 0, uri: uri)) }
            #expect(server.hitCount("/statuslists/nocache") == 3)
        }
    }

    @Test func concurrentChecksShareOneFetch() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/shared"
            try await servePage(token(uri: uri), at: "/statuslists/shared")
            let resolver = resolver(cache: StatusListCache(clock: clock.function))
            let results = try await withThrowingTaskGroup(of: StatusResult.self) { group in
                for index in 0..<10 {
                    let reference = try StatusListReference(index: index % 5, uri: uri)
                    group.addTask { await resolver.status(of: reference) }
                }
                return try await group.reduce(into: [StatusResult]()) { $0.append($1) }
            }
            #expect(results.count == 10)
            #expect(!results.contains { if case .unknown = $0 { return true } else { return false } })
            #expect(server.hitCount("/statuslists/shared") == 1)
        }
    }

    /// A failed fetch is not cached: the next check tries again.
    @Test func failuresAreNotCached() async throws {
        try await server.run { base in
            let uri = base + "/statuslists/later"
            let resolver = resolver(cache: StatusListCache(clock: clock.function))
            let reference = try StatusListReference(index: 1, uri: uri)
            #expect(await resolver.status(of: reference) == .unknown(.httpStatus(404)))
            try await servePage(token(uri: uri), at: "/statuslists/later")
            #expect(await resolver.status(of: reference) == .invalid)
            #expect(server.hitCount("/statuslists/later") == 2)
        }
    }
}
