import Foundation

/// The subset of MessagePack that anoncreds-rs' `proofValue` uses (rmp-serde's named encoding):
/// nil, booleans, integers, strings, byte strings, arrays and maps with string keys.
///
/// A W3C AnonCreds proof is a big structure of big numbers packed this way, so the reader is
/// bounded: nesting depth, and no container may claim more elements than bytes remain (each
/// element takes at least one), so a hostile length cannot make it allocate.
enum MessagePack: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case bytes([UInt8])
    case array([MessagePack])
    /// Members in the order read or to be written.
    case map([(String, MessagePack)])

    static func == (lhs: MessagePack, rhs: MessagePack) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.bytes(a), .bytes(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.map(a), .map(b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .bytes(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .map(let members): for (name, value) in members { hasher.combine(name); hasher.combine(value) }
        }
    }

    static let maximumDepth = 32

    /// Reads exactly one value from `bytes`.
    static func decode(_ bytes: [UInt8]) throws(AnonCredsError) -> MessagePack {
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        guard reader.offset == bytes.count else { throw Reader.malformed("bytes after the value") }
        return value
    }

    /// The value's bytes, each integer and length in its shortest form (as rmp-serde writes).
    var encoded: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        func length(_ count: Int, fix: UInt8?, fixLimit: Int, _ eight: UInt8?, _ sixteen: UInt8, _ thirtyTwo: UInt8) {
            if let fix, count < fixLimit {
                out.append(fix | UInt8(count))
            } else if let eight, count <= 0xFF {
                out += [eight, UInt8(count)]
            } else if count <= 0xFFFF {
                out += [sixteen, UInt8(count >> 8), UInt8(count & 0xFF)]
            } else {
                out.append(thirtyTwo)
                out += (0..<4).reversed().map { UInt8((count >> ($0 * 8)) & 0xFF) }
            }
        }
        switch self {
        case .null: out.append(0xC0)
        case .bool(let value): out.append(value ? 0xC3 : 0xC2)
        case .int(let value):
            if value >= 0 {
                if value < 0x80 { out.append(UInt8(value)) }
                else if value <= 0xFF { out += [0xCC, UInt8(value)] }
                else if value <= 0xFFFF { out += [0xCD] + Self.bigEndian(UInt64(value), count: 2) }
                else if value <= 0xFFFF_FFFF { out += [0xCE] + Self.bigEndian(UInt64(value), count: 4) }
                else { out += [0xCF] + Self.bigEndian(UInt64(value), count: 8) }
            } else {
                if value >= -32 { out.append(UInt8(bitPattern: Int8(value))) }
                else if value >= -128 { out += [0xD0, UInt8(bitPattern: Int8(value))] }
                else if value >= -32768 { out += [0xD1] + Self.bigEndian(UInt64(bitPattern: value), count: 2) }
                else if value >= -2_147_483_648 { out += [0xD2] + Self.bigEndian(UInt64(bitPattern: value), count: 4) }
                else { out += [0xD3] + Self.bigEndian(UInt64(bitPattern: value), count: 8) }
            }
        case .string(let text):
            let utf8 = Array(text.utf8)
            length(utf8.count, fix: 0xA0, fixLimit: 32, 0xD9, 0xDA, 0xDB)
            out += utf8
        case .bytes(let bytes):
            length(bytes.count, fix: nil, fixLimit: 0, 0xC4, 0xC5, 0xC6)
            out += bytes
        case .array(let elements):
            length(elements.count, fix: 0x90, fixLimit: 16, nil, 0xDC, 0xDD)
            for element in elements { element.write(to: &out) }
        case .map(let members):
            length(members.count, fix: 0x80, fixLimit: 16, nil, 0xDE, 0xDF)
            for (name, value) in members {
                MessagePack.string(name).write(to: &out)
                value.write(to: &out)
            }
        }
    }

    private static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> (UInt64($0) * 8)) & 0xFF) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        static func malformed(_ reason: String) -> AnonCredsError {
            .malformedObject(type: "W3C proof value", path: "", reason: "MessagePack: \(reason)")
        }

        mutating func take(_ count: Int) throws(AnonCredsError) -> ArraySlice<UInt8> {
            guard count >= 0, bytes.count - offset >= count else { throw Self.malformed("truncated") }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func unsigned(_ count: Int) throws(AnonCredsError) -> UInt64 {
            try take(count).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }

        /// A container's element count, refused when the remaining bytes cannot hold it.
        mutating func count(_ width: Int, perElement: Int) throws(AnonCredsError) -> Int {
            let count = Int(try unsigned(width))
            guard count <= (bytes.count - offset) / perElement else { throw Self.malformed("a length beyond the input") }
            return count
        }

        mutating func value(depth: Int) throws(AnonCredsError) -> MessagePack {
            guard depth < MessagePack.maximumDepth else { throw Self.malformed("nested too deeply") }
            let head = try take(1).first!
            switch head {
            case 0x00...0x7F: return .int(Int64(head))
            case 0xE0...0xFF: return .int(Int64(Int8(bitPattern: head)))
            case 0xC0: return .null
            case 0xC2: return .bool(false)
            case 0xC3: return .bool(true)
            case 0xCC: return .int(Int64(try unsigned(1)))
            case 0xCD: return .int(Int64(try unsigned(2)))
            case 0xCE: return .int(Int64(try unsigned(4)))
            case 0xCF:
                let value = try unsigned(8)
                guard value <= UInt64(Int64.max) else { throw Self.malformed("an integer beyond 64 bits") }
                return .int(Int64(value))
            case 0xD0: return .int(Int64(Int8(truncatingIfNeeded: try unsigned(1))))
            case 0xD1: return .int(Int64(Int16(truncatingIfNeeded: try unsigned(2))))
            case 0xD2: return .int(Int64(Int32(truncatingIfNeeded: try unsigned(4))))
            case 0xD3: return .int(Int64(bitPattern: try unsigned(8)))
            case 0xA0...0xBF: return try string(Int(head & 0x1F))
            case 0xD9: return try string(try count(1, perElement: 1))
            case 0xDA: return try string(try count(2, perElement: 1))
            case 0xDB: return try string(try count(4, perElement: 1))
            case 0xC4: return .bytes(Array(try take(try count(1, perElement: 1))))
            case 0xC5: return .bytes(Array(try take(try count(2, perElement: 1))))
            case 0xC6: return .bytes(Array(try take(try count(4, perElement: 1))))
            case 0x90...0x9F: return try array(Int(head & 0x0F), depth: depth)
            case 0xDC: return try array(try count(2, perElement: 1), depth: depth)
            case 0xDD: return try array(try count(4, perElement: 1), depth: depth)
            case 0x80...0x8F: return try map(Int(head & 0x0F), depth: depth)
            case 0xDE: return try map(try count(2, perElement: 2), depth: depth)
            case 0xDF: return try map(try count(4, perElement: 2), depth: depth)
            default: throw Self.malformed(String(format: "type 0x%02X is not used by anoncreds", head))
            }
        }

        mutating func string(_ count: Int) throws(AnonCredsError) -> MessagePack {
            guard let text = String(validating: try take(count), as: UTF8.self) else { throw Self.malformed("a string that is not UTF-8") }
            return .string(text)
        }

        mutating func array(_ count: Int, depth: Int) throws(AnonCredsError) -> MessagePack {
            var elements: [MessagePack] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
            return .array(elements)
        }

        mutating func map(_ count: Int, depth: Int) throws(AnonCredsError) -> MessagePack {
            var members: [(String, MessagePack)] = []
            var names = Set<String>()
            for _ in 0..<count {
                guard case .string(let name) = try value(depth: depth + 1) else { throw Self.malformed("a map key that is not a string") }
                guard names.insert(name).inserted else { throw Self.malformed("a repeated map key \(name)") }
                members.append((name, try value(depth: depth + 1)))
            }
            return .map(members)
        }
    }
}
