import Foundation

/// A value a test shares with the route handlers of its loopback server: the port or base URL,
/// known only once the server is bound, or a page the test publishes while the server runs.
/// Each request reads it under the lock.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in place under the lock (an append from several threads).
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&stored) }
    }
}
