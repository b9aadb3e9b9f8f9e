import Foundation
import JSONModel

/// The `proofValue` of an `anoncreds-2023` DataIntegrityProof as anoncreds-rs 0.2 writes it: `u`
/// (multibase base64url, no padding) and the MessagePack of `[tag, value]`, where the tag says
/// what the value is — 1 the issuer's signature, 2 one credential's sub-proof in a presentation,
/// 3 the presentation's aggregated proof — and the value is the same structure as in the
/// legacy JSON, with each big number as its big-endian bytes instead of a decimal string.
///
/// The value is carried as the legacy JSON (big numbers as decimal strings), so the legacy
/// objects' readers — and their checks — read it too.
struct W3CProofValue: Sendable, Hashable {
    enum Kind: Int64, Sendable { case credentialSignature = 1, credentialPresentation = 2, presentation = 3 }

    var kind: Kind
    var value: JSONValue

    /// Members that are big numbers, and members that map names to big numbers.
    static let bigNumbers: Set<String> = ["m_2", "a", "e", "v", "se", "c", "a_prime", "m1", "m2", "mj", "alpha", "c_hash"]
    static let bigNumberMaps: Set<String> = ["revealed_attrs", "m", "u", "r", "t"]

    /// The longest `proofValue` read: a presentation's sub-proof for 125 attributes is far less.
    static let maximumLength = 1 << 20

    static func malformed(_ reason: String) -> AnonCredsError {
        .malformedObject(type: "W3C proof value", path: "proofValue", reason: reason)
    }

    init(kind: Kind, value: JSONValue) {
        self.kind = kind
        self.value = value
    }

    /// Reads a `proofValue`.
    init(text: String) throws(AnonCredsError) {
        guard text.utf8.count <= Self.maximumLength else { throw Self.malformed("longer than \(Self.maximumLength) bytes") }
        guard text.first == "u", let bytes = Self.base64URLDecoded(text.dropFirst()) else {
            throw Self.malformed("not multibase base64url (u…)")
        }
        guard case .array(let tagged) = try MessagePack.decode(bytes), tagged.count == 2,
              case .int(let tag) = tagged[0], let kind = Kind(rawValue: tag)
        else { throw Self.malformed("not a tagged proof value [1|2|3, value]") }
        self.init(kind: kind, value: try Self.json(tagged[1], key: nil))
    }

    /// The `proofValue` text.
    func text() throws(AnonCredsError) -> String {
        let packed = MessagePack.array([.int(kind.rawValue), try Self.pack(value, key: nil)]).encoded
        return "u" + Data(packed).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func base64URLDecoded(_ text: Substring) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "=") }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }

    /// MessagePack to the legacy JSON: big numbers (byte arrays under their members) become
    /// decimal strings.
    static func json(_ value: MessagePack, key: String?) throws(AnonCredsError) -> JSONValue {
        if let key, bigNumbers.contains(key) { return .string(try bigNumber(value, key: key)) }
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .number(JSONNumber(number))
        case .string(let text): return .string(text)
        case .bytes(let bytes): return .array(bytes.map { .number(JSONNumber(Int($0))) })
        case .array(let elements):
            var converted: [JSONValue] = []
            for element in elements { converted.append(try json(element, key: nil)) }
            return .array(converted)
        case .map(let members):
            var object = JSONObject()
            let numbers = key.map(bigNumberMaps.contains) ?? false
            for (name, member) in members {
                object[name] = numbers ? .string(try bigNumber(member, key: name)) : try json(member, key: name)
            }
            return .object(object)
        }
    }

    /// A big number as anoncreds-clsignatures packs it: its bytes, as a byte string or an array
    /// of integers 0…255.
    static func bigNumber(_ value: MessagePack, key: String) throws(AnonCredsError) -> String {
        let bytes: [UInt8]
        switch value {
        case .bytes(let raw): bytes = raw
        case .array(let elements):
            var collected: [UInt8] = []
            for element in elements {
                guard case .int(let byte) = element, (0...255).contains(byte) else { throw malformed("\(key) is not a big number's bytes") }
                collected.append(UInt8(byte))
            }
            bytes = collected
        default: throw malformed("\(key) is not a big number's bytes")
        }
        return BigInteger(bigEndianBytes: bytes).decimalString
    }

    /// The legacy JSON to MessagePack, big numbers as arrays of bytes (as rmp-serde writes a
    /// `Vec<u8>`).
    static func pack(_ value: JSONValue, key: String?) throws(AnonCredsError) -> MessagePack {
        if let key, bigNumbers.contains(key) { return try packedBigNumber(value, key: key) }
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number):
            guard let integer = number.int64Value else { throw malformed("\(key ?? "a value") is not an integer") }
            return .int(integer)
        case .string(let text): return .string(text)
        case .array(let elements):
            var packed: [MessagePack] = []
            for element in elements { packed.append(try pack(element, key: nil)) }
            return .array(packed)
        case .object(let object):
            let numbers = key.map(bigNumberMaps.contains) ?? false
            var members: [(String, MessagePack)] = []
            for (name, member) in object {
                members.append((name, numbers ? try packedBigNumber(member, key: name) : try pack(member, key: name)))
            }
            return .map(members)
        }
    }

    static func packedBigNumber(_ value: JSONValue, key: String) throws(AnonCredsError) -> MessagePack {
        guard let text = value.stringValue, let number = BigInteger(decimal: text) else {
            throw malformed("\(key) is not a decimal big number")
        }
        return .array(number.bigEndianBytes.map { .int(Int64($0)) })
    }
}
