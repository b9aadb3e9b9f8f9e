import Foundation

/// Literals make hand-written CBOR (test fixtures, COSE headers, mdoc structures) read like
/// diagnostic notation: `let header: CBOR = [1: -7, 4: .byteString(kid)]`.
extension CBOR: ExpressibleByIntegerLiteral {
    /// An integer literal: `.unsigned` when non-negative, `.negative` otherwise.
    public init(integerLiteral value: Int64) {
        self.init(value)
    }

    /// An integer: `.unsigned` when non-negative, `.negative(-1 - value)` otherwise.
    public init<I: BinaryInteger>(_ value: I) {
        if value >= 0 {
            self = .unsigned(UInt64(truncatingIfNeeded: value))
        } else {
            // -1 - value, computed without overflow for Int64.min.
            self = .negative(UInt64(truncatingIfNeeded: -1 - Int64(truncatingIfNeeded: value)))
        }
    }
}

extension CBOR: ExpressibleByStringLiteral {
    /// A text string.
    public init(stringLiteral value: String) { self = .textString(value) }
}

extension CBOR: ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension CBOR: ExpressibleByNilLiteral {
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension CBOR: ExpressibleByFloatLiteral {
    /// A double; serialized in the shortest width that keeps the value.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension CBOR: ExpressibleByArrayLiteral {
    /// An array.
    public init(arrayLiteral elements: CBOR...) { self = .array(elements) }
}

extension CBOR: ExpressibleByDictionaryLiteral {
    /// A map whose entries keep the literal's order.
    public init(dictionaryLiteral elements: (CBOR, CBOR)...) {
        self = .map(elements.map { (key: $0.0, value: $0.1) })
    }
}
