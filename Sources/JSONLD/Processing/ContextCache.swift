import Foundation
import JSONModel

/// Results of context processing, by the active context they were computed from, the local
/// context and the flags.
///
/// Processing the credentials v2 context alone defines some hundred terms and validates their
/// scoped contexts; a presentation applies the same type-scoped contexts at every node. Both
/// are the same computation each time, so it is done once. The cache is shared between
/// operations only when every document comes from a ``StaticDocumentLoader`` (whose documents
/// never change); with any other loader each operation has its own, since a remote context may
/// change between loads. The shared one is bounded and emptied when full.
final class ContextCache: @unchecked Sendable {
    struct Key: Hashable {
        var active: UInt64
        var local: JSONValue
        var baseURL: String?
        var flags: JSONLDProcessor.ContextFlags
        /// The static loader's identity (0 in an operation's own cache).
        var loader: UInt64
        /// The limits the result was computed under (a result allowed by looser limits must
        /// not be served to an operation with tighter ones).
        var limits: JSONLDLimits
    }

    private let lock = NSLock()
    private var entries: [Key: ActiveContext] = [:]
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    func context(for key: Key) -> ActiveContext? {
        lock.withLock { entries[key] }
    }

    func store(_ context: ActiveContext, for key: Key) {
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = context
        }
    }

    /// The cache shared by operations whose loader is a static one.
    static let shared = ContextCache(capacity: 512)

    private static let counter = Counter()

    /// A new context identity (1 and 2 are the two contexts made from a processing mode alone).
    static func nextIdentity() -> UInt64 { counter.next() }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 2
        func next() -> UInt64 { lock.withLock { value += 1; return value } }
    }
}
