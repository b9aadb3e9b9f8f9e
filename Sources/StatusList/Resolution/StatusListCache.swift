import Foundation

/// Verified status list tokens kept for as long as their issuer allows, shared by every
/// check that names the same list.
///
/// A token stays fresh for its `ttl` from the time it was fetched (the draft's recommended
/// strategy), never past its `exp`; without `ttl` until `exp`; with neither for
/// ``fallbackTTL``. The issuer's values are clamped to ``minimumTTL``…``maximumTTL`` so a
/// tiny `ttl` cannot turn every check into a request (the draft's §11.6 advice) and a huge
/// one cannot pin a stale list. Concurrent requests for a list that is being fetched wait
/// for that one fetch. Failures are not cached.
///
/// The cache holds tokens that were verified under some key resolver and policy: share one
/// only between resolvers that trust the same keys.
public actor StatusListCache {
    /// The current time (injected so tests control expiry).
    public nonisolated let clock: @Sendable () -> Date
    /// The shortest time a token is kept, whatever its `ttl`; default 0.
    public nonisolated let minimumTTL: TimeInterval
    /// The longest time a token is kept, whatever its `ttl` or `exp`; default 1 day.
    public nonisolated let maximumTTL: TimeInterval
    /// How long a token with neither `ttl` nor `exp` is kept; default 5 minutes.
    public nonisolated let fallbackTTL: TimeInterval
    /// The most tokens kept; default 64.
    public nonisolated let maximumEntries: Int
    /// The most inflated list bytes kept, summed over tokens; default 64 MiB.
    public nonisolated let maximumBytes: Int

    private struct Entry {
        var token: StatusListToken
        var freshUntil: Date
        var size: Int { token.statusList.bytes.count }
    }

    private var entries: [String: Entry] = [:]
    private var inFlight: [String: Task<Result<StatusListToken, StatusListError>, Never>] = [:]
    private var storedBytes = 0

    /// A cache with the given clock and bounds.
    public init(
        clock: @escaping @Sendable () -> Date = { Date() },
        minimumTTL: TimeInterval = 0,
        maximumTTL: TimeInterval = 86_400,
        fallbackTTL: TimeInterval = 300,
        maximumEntries: Int = 64,
        maximumBytes: Int = 64 << 20
    ) {
        self.clock = clock
        self.minimumTTL = max(0, minimumTTL)
        self.maximumTTL = max(self.minimumTTL, maximumTTL)
        self.fallbackTTL = max(0, fallbackTTL)
        self.maximumEntries = max(0, maximumEntries)
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The fresh token for `uri`, or the result of `fetch` (which is then kept while fresh).
    public func token(
        for uri: String, fetch: @escaping @Sendable () async throws(StatusListError) -> StatusListToken
    ) async throws(StatusListError) -> StatusListToken {
        let now = clock()
        if let entry = entries[uri] {
            if now < entry.freshUntil { return entry.token }
            remove(uri: uri)
        }
        let task: Task<Result<StatusListToken, StatusListError>, Never>
        if let running = inFlight[uri] {
            task = running
        } else {
            task = Task {
                do throws(StatusListError) {
                    return .success(try await fetch())
                } catch {
                    return .failure(error)
                }
            }
            inFlight[uri] = task
        }
        let result = await task.value
        if inFlight[uri] == task {
            inFlight[uri] = nil
            if case .success(let token) = result { store(token, for: uri, fetchedAt: clock()) }
        }
        return try result.get()
    }

    /// The fresh token for `uri`, if one is cached.
    public func cachedToken(for uri: String) -> StatusListToken? {
        guard let entry = entries[uri], clock() < entry.freshUntil else { return nil }
        return entry.token
    }

    /// Until when a token fetched at `fetchedAt` stays fresh.
    public nonisolated func freshUntil(_ token: StatusListToken, fetchedAt: Date) -> Date {
        let requested = token.timeToLive ?? token.expiresAt.map { $0.timeIntervalSince(fetchedAt) } ?? fallbackTTL
        let duration = min(max(requested, minimumTTL), maximumTTL)
        let until = fetchedAt.addingTimeInterval(duration)
        guard let expiresAt = token.expiresAt else { return until }
        return min(until, expiresAt)
    }

    /// How many tokens are kept (fresh or not yet evicted).
    public var count: Int { entries.count }

    /// Forgets the token for `uri`.
    public func remove(uri: String) {
        if let entry = entries.removeValue(forKey: uri) { storedBytes -= entry.size }
    }

    /// Forgets every token.
    public func removeAll() {
        entries.removeAll()
        storedBytes = 0
    }

    private func store(_ token: StatusListToken, for uri: String, fetchedAt: Date) {
        let entry = Entry(token: token, freshUntil: freshUntil(token, fetchedAt: fetchedAt))
        guard entry.freshUntil > fetchedAt, entry.size <= maximumBytes, maximumEntries > 0 else { return }
        remove(uri: uri)
        // Drop stale entries, then the ones that go stale soonest, until the new one fits.
        for (key, old) in entries where old.freshUntil <= fetchedAt { remove(uri: key) }
        while entries.count >= maximumEntries || storedBytes + entry.size > maximumBytes,
            let soonest = entries.min(by: { $0.value.freshUntil < $1.value.freshUntil })?.key
        {
            remove(uri: soonest)
        }
        entries[uri] = entry
        storedBytes += entry.size
    }
}
