/// A bounded map that forgets its least recently used entry first.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { values.count }

    /// The keys held, least recently used first.
    var keys: [Key] { order }

    subscript(key: Key) -> Value? {
        mutating get {
            guard let value = values[key] else { return nil }
            touch(key)
            return value
        }
        set {
            guard let newValue else {
                values[key] = nil
                order.removeAll { $0 == key }
                return
            }
            if values.updateValue(newValue, forKey: key) == nil, values.count > capacity {
                values[order.removeFirst()] = nil
            }
            touch(key)
        }
    }

    private mutating func touch(_ key: Key) {
        order.removeAll { $0 == key }
        order.append(key)
    }
}
