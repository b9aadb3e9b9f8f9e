import Foundation
import StatusList
import Testing

/// How long the cache keeps a token (draft §11.6 and §13.8): `ttl` from the fetch, never
/// past `exp`, clamped to the caller's bounds; bounded in size; failures not kept.
@Suite struct StatusListCacheTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    let clock = TestClock(StatusListCacheTests.start)

    func token(_ uri: String = "https://example.com/l/1", ttl: TimeInterval?, expiresIn: TimeInterval?, entries: Int = 8) throws -> StatusListToken {
        StatusListToken(
            subject: uri, issuedAt: Self.start, expiresAt: expiresIn.map { Self.start.addingTimeInterval($0) },
            timeToLive: ttl, statusList: try TokenStatusList(bits: .eight, count: entries))
    }

    @Test func freshnessFollowsTTLThenExpThenTheFallback() throws {
        let cache = StatusListCache(clock: clock.function, fallbackTTL: 120)
        let at = Self.start
        #expect(cache.freshUntil(try token(ttl: 300, expiresIn: 3600), fetchedAt: at) == at.addingTimeInterval(300))
        #expect(cache.freshUntil(try token(ttl: 300, expiresIn: 100), fetchedAt: at) == at.addingTimeInterval(100))
        #expect(cache.freshUntil(try token(ttl: nil, expiresIn: 900), fetchedAt: at) == at.addingTimeInterval(900))
        #expect(cache.freshUntil(try token(ttl: nil, expiresIn: nil), fetchedAt: at) == at.addingTimeInterval(120))
    }

    @Test func clampsTheIssuersValues() throws {
        let cache = StatusListCache(clock: clock.function, minimumTTL: 60, maximumTTL: 3600)
        let at = Self.start
        #expect(cache.freshUntil(try token(ttl: 1, expiresIn: nil), fetchedAt: at) == at.addingTimeInterval(60))
        #expect(cache.freshUntil(try token(ttl: 1_000_000, expiresIn: nil), fetchedAt: at) == at.addingTimeInterval(3600))
        // exp still wins over the minimum: an expired token is never served.
        #expect(cache.freshUntil(try token(ttl: 1, expiresIn: 30), fetchedAt: at) == at.addingTimeInterval(30))
    }

    @Test func servesAFreshTokenWithoutFetching() async throws {
        let cache = StatusListCache(clock: clock.function)
        let fetches = Locked(0)
        let original = try token(ttl: 60, expiresIn: nil)
        let fetch: @Sendable () async throws(StatusListError) -> StatusListToken = {
            fetches.value += 1
            return original
        }
        _ = try await cache.token(for: original.subject, fetch: fetch)
        clock.advance(by: 59)
        _ = try await cache.token(for: original.subject, fetch: fetch)
        #expect(fetches.value == 1)
        #expect(await cache.cachedToken(for: original.subject) == original)
        clock.advance(by: 1)
        #expect(await cache.cachedToken(for: original.subject) == nil)
        _ = try await cache.token(for: original.subject, fetch: fetch)
        #expect(fetches.value == 2)
        await cache.removeAll()
        #expect(await cache.count == 0)
    }

    @Test func doesNotKeepFailures() async throws {
        let cache = StatusListCache(clock: clock.function)
        let fetches = Locked(0)
        for _ in 0..<2 {
            await #expect(throws: StatusListError.httpStatus(500)) {
                try await cache.token(for: "https://example.com/l/1") { () async throws(StatusListError) -> StatusListToken in
                    fetches.value += 1
                    throw .httpStatus(500)
                }
            }
        }
        #expect(fetches.value == 2)
        #expect(await cache.count == 0)
    }

    @Test func evictsWhenFull() async throws {
        let cache = StatusListCache(clock: clock.function, maximumEntries: 2, maximumBytes: 1_000)
        for (index, ttl) in [(1, 300.0), (2, 100.0), (3, 200.0)] {
            let item = try token("https://example.com/l/\(index)", ttl: ttl, expiresIn: nil)
            _ = try await cache.token(for: item.subject) { () async throws(StatusListError) -> StatusListToken in item }
        }
        #expect(await cache.count == 2)
        // The entry that would go stale soonest (list 2) made room.
        #expect(await cache.cachedToken(for: "https://example.com/l/2") == nil)
        #expect(await cache.cachedToken(for: "https://example.com/l/1") != nil)
        // A list larger than the byte bound is returned but not kept.
        let big = try token("https://example.com/l/big", ttl: 300, expiresIn: nil, entries: 2_000)
        _ = try await cache.token(for: big.subject) { () async throws(StatusListError) -> StatusListToken in big }
        #expect(await cache.cachedToken(for: big.subject) == nil)
    }
}
