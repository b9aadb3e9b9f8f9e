import Foundation

/// A clock the test moves by hand, for expiry and cache freshness.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    /// Seconds since 1970 as a start.
    convenience init(_ seconds: TimeInterval) { self.init(Date(timeIntervalSince1970: seconds)) }

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) { lock.withLock { current.addTimeInterval(seconds) } }

    /// The clock as the `@Sendable () -> Date` the policies take.
    var function: @Sendable () -> Date { { [self] in now } }
}
