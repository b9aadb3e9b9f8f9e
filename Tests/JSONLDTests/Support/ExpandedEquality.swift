import JSONModel

/// Compares two expanded JSON-LD documents as the W3C test harness does: arrays are sets
/// (any order) except the array of an `@list`, which is ordered; everything else is JSON
/// equality.
enum ExpandedEquality {
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue, ordered: Bool = false) -> Bool {
        switch (lhs, rhs) {
        case let (.array(left), .array(right)):
            guard left.count == right.count else { return false }
            if ordered { return zip(left, right).allSatisfy { equal($0, $1) } }
            var unused = Array(right.indices)
            for item in left {
                guard let match = unused.firstIndex(where: { equal(item, right[$0]) }) else { return false }
                unused.remove(at: match)
            }
            return true
        case let (.object(left), .object(right)):
            guard left.count == right.count else { return false }
            for (name, value) in left {
                guard let other = right[name] else { return false }
                if name == "@value" || (name == "@list") {
                    guard equal(value, other, ordered: true) else { return false }
                } else if !equal(value, other) {
                    return false
                }
            }
            return true
        default:
            return lhs == rhs
        }
    }
}
