/// An identifier issuer (RDFC-1.0 §4.5): numbers blank nodes in the order it first meets them,
/// under a prefix (`c14n` for the canonical issuer, `b` for the temporary ones of Hash N-Degree
/// Quads). A value type, so the permutation search copies one by assignment.
struct IdentifierIssuer {
    /// The prefix, as UTF-8.
    let prefix: [UInt8]
    /// The number issued to each blank node (by its index in the canonicalization), `-1` for
    /// none: an array the size of the dataset's blank nodes, which a copy duplicates in one
    /// `memcpy` where a dictionary would rehash.
    private var numbers: [Int]
    /// The blank nodes in the order they were issued numbers.
    private(set) var order: [Int] = []

    init(prefix: String, nodeCount: Int) {
        self.prefix = Array(prefix.utf8)
        numbers = [Int](repeating: -1, count: nodeCount)
    }

    /// The number already issued to `node`, if any.
    func number(of node: Int) -> Int? {
        let number = numbers[node]
        return number < 0 ? nil : number
    }

    /// The number of `node`, issuing the next one if it has none.
    @discardableResult
    mutating func issue(_ node: Int) -> Int {
        if numbers[node] >= 0 { return numbers[node] }
        let number = order.count
        numbers[node] = number
        order.append(node)
        return number
    }

    /// Appends `_:` and the identifier for `number` (prefix and decimal number) to `bytes`.
    func appendIdentifier(_ number: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "_"))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(contentsOf: prefix)
        bytes.append(contentsOf: String(number).utf8)
    }

    /// The identifier for `number` without `_:` (what the issued identifiers map holds).
    func identifier(_ number: Int) -> String {
        String(decoding: prefix, as: UTF8.self) + String(number)
    }
}
