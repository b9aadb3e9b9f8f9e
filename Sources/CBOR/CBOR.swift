import Foundation

/// A CBOR data item (RFC 8949), as a plain value.
///
/// `CBOR` is the generic data model every other layer (COSE, mdoc, CWT) builds on. Maps keep
/// their entries in the order they were decoded, because CBOR maps are not required to be
/// sorted and a verifier sometimes needs to see what the issuer wrote. Negative integers use
/// the full 64-bit CBOR range (`-1 - n`), which `Int64` cannot hold.
///
/// Floats of different widths that hold the same value compare equal: the width is a
/// serialization detail, not part of the data model (RFC 8949 §2). Only `.tagged` is
/// `indirect`, so scalars are stored inline (no allocation per integer). When the exact bytes
/// matter (digests over embedded items), use ``CBOR/Raw`` instead of re-encoding.
public enum CBOR: Sendable {
    /// Major type 0: an unsigned integer `0...UInt64.max`.
    case unsigned(UInt64)
    /// Major type 1: the negative integer `-1 - n`, so `.negative(0)` is `-1`.
    case negative(UInt64)
    /// Major type 2: a byte string.
    case byteString(Data)
    /// Major type 3: a UTF-8 text string.
    case textString(String)
    /// Major type 4: an array.
    case array([CBOR])
    /// Major type 5: a map, as an ordered list of entries (duplicates are rejected on decode).
    case map([(key: CBOR, value: CBOR)])
    /// Major type 6: a tagged item.
    indirect case tagged(UInt64, CBOR)
    /// Major type 7: a simple value other than `false`, `true`, `null`, `undefined`.
    case simple(UInt8)
    /// `false` or `true`.
    case bool(Bool)
    /// `null`.
    case null
    /// `undefined`.
    case undefined
    /// A half-precision float, held as a `Float` (which represents every half exactly).
    case half(Float)
    /// A single-precision float.
    case float(Float)
    /// A double-precision float.
    case double(Double)
}

extension CBOR: Equatable {
    /// Data-model equality: floats compare by value (bit pattern after widening to `Double`,
    /// so `NaN == NaN` and `-0.0 != 0.0`), map entries compare in order.
    public static func == (lhs: CBOR, rhs: CBOR) -> Bool {
        // One operand at a time: switching over the pair `(lhs, rhs)` copies both values into
        // a tuple (a retain and release of every payload), and decoding compares each map key
        // with the keys before it.
        switch lhs {
        case .unsigned(let a):
            guard case .unsigned(let b) = rhs else { return false }
            return a == b
        case .negative(let a):
            guard case .negative(let b) = rhs else { return false }
            return a == b
        case .byteString(let a):
            guard case .byteString(let b) = rhs else { return false }
            return a == b
        case .textString(let a):
            guard case .textString(let b) = rhs else { return false }
            return a == b
        case .array(let a):
            guard case .array(let b) = rhs else { return false }
            return a == b
        case .map(let a):
            guard case .map(let b) = rhs, a.count == b.count else { return false }
            for (x, y) in zip(a, b) where x.key != y.key || x.value != y.value { return false }
            return true
        case .tagged(let t1, let v1):
            guard case .tagged(let t2, let v2) = rhs else { return false }
            return t1 == t2 && v1 == v2
        case .simple(let a):
            guard case .simple(let b) = rhs else { return false }
            return a == b
        case .bool(let a):
            guard case .bool(let b) = rhs else { return false }
            return a == b
        case .null:
            if case .null = rhs { return true }
            return false
        case .undefined:
            if case .undefined = rhs { return true }
            return false
        case .half, .float, .double:
            guard let a = lhs.floatBitPattern, let b = rhs.floatBitPattern else { return false }
            return a == b
        }
    }

    /// The value of a float case as the bit pattern of a `Double`, for equality and hashing.
    var floatBitPattern: UInt64? {
        switch self {
        case .half(let f), .float(let f): return Double(f).bitPattern
        case .double(let d): return d.bitPattern
        default: return nil
        }
    }
}

extension CBOR: Hashable {
    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .unsigned(let v): hasher.combine(0 as UInt8); hasher.combine(v)
        case .negative(let v): hasher.combine(1 as UInt8); hasher.combine(v)
        case .byteString(let v): hasher.combine(2 as UInt8); hasher.combine(v)
        case .textString(let v): hasher.combine(3 as UInt8); hasher.combine(v)
        case .array(let v): hasher.combine(4 as UInt8); hasher.combine(v)
        case .map(let entries):
            hasher.combine(5 as UInt8)
            hasher.combine(entries.count)
            for entry in entries { hasher.combine(entry.key); hasher.combine(entry.value) }
        case .tagged(let tag, let v): hasher.combine(6 as UInt8); hasher.combine(tag); hasher.combine(v)
        case .simple(let v): hasher.combine(7 as UInt8); hasher.combine(v)
        case .bool(let v): hasher.combine(8 as UInt8); hasher.combine(v)
        case .null: hasher.combine(9 as UInt8)
        case .undefined: hasher.combine(10 as UInt8)
        case .half, .float, .double:
            hasher.combine(11 as UInt8)
            hasher.combine(floatBitPattern ?? 0)
        }
    }
}
