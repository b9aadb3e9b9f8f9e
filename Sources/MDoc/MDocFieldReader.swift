import CBOR
import Foundation

/// Reads the fields of one CBOR map of an mdoc structure, turning every absent or mistyped
/// field into ``MDocError/invalidStructure(path:reason:)`` with the path where it happened.
struct MDocFieldReader {
    let value: CBOR
    let path: String

    init(_ value: CBOR, path: String) throws(MDocError) {
        guard case .map = value else {
            throw .invalidStructure(path: path, reason: "expected a map, found \(value.typeName)")
        }
        self.value = value
        self.path = path
    }

    func optional(_ key: String) -> CBOR? { value[key] }

    func required(_ key: String) throws(MDocError) -> CBOR {
        guard let field = value[key] else { throw .invalidStructure(path: path, reason: "\(key) is missing") }
        return field
    }

    func mismatch(_ key: String, _ expected: String, _ found: CBOR) -> MDocError {
        .invalidStructure(path: "\(path).\(key)", reason: "expected \(expected), found \(found.typeName)")
    }

    func text(_ key: String) throws(MDocError) -> String {
        let field = try required(key)
        guard let text = field.stringValue else { throw mismatch(key, "text", field) }
        return text
    }

    func optionalText(_ key: String) throws(MDocError) -> String? {
        guard let field = optional(key) else { return nil }
        guard let text = field.stringValue else { throw mismatch(key, "text", field) }
        return text
    }

    func bytes(_ key: String) throws(MDocError) -> Data {
        let field = try required(key)
        guard let bytes = field.bytesValue else { throw mismatch(key, "a byte string", field) }
        return bytes
    }

    func unsigned(_ key: String) throws(MDocError) -> UInt64 {
        let field = try required(key)
        guard let number = field.uint64Value else { throw mismatch(key, "an unsigned integer", field) }
        return number
    }

    func map(_ key: String) throws(MDocError) -> [(key: CBOR, value: CBOR)] {
        let field = try required(key)
        guard let entries = field.mapValue else { throw mismatch(key, "a map", field) }
        return entries
    }

    func array(_ key: String) throws(MDocError) -> [CBOR] {
        let field = try required(key)
        guard let elements = field.arrayValue else { throw mismatch(key, "an array", field) }
        return elements
    }

    func date(_ key: String) throws(MDocError) -> Date {
        let field = try required(key)
        guard case .tagged(0, _) = field, let date = field.dateValue else {
            throw mismatch(key, "a tdate (tag 0)", field)
        }
        return date
    }

    /// The embedded item of a `#6.24(bstr)` field: the exact bytes inside the byte string.
    func embeddedBytes(_ key: String) throws(MDocError) -> Data {
        let field = try required(key)
        guard let bytes = field.embeddedBytes else { throw mismatch(key, "#6.24(bstr)", field) }
        return bytes
    }
}

extension CBOR {
    /// Decodes untrusted mdoc bytes, mapping CBOR failures to ``MDocError``.
    static func decodeMDoc(_ data: some DataProtocol, limits: MDocLimits) throws(MDocError) -> CBOR {
        do throws(CBORError) {
            return try CBOR.decode(data, options: limits.decodingOptions)
        } catch {
            throw .malformedCBOR(error)
        }
    }

    /// The `Data` form of ``decodeMDoc(_:limits:)``: the CBOR decoder's concrete entry point,
    /// for the items embedded as byte strings that every document carries a dozen of.
    static func decodeMDoc(_ data: Data, limits: MDocLimits) throws(MDocError) -> CBOR {
        do throws(CBORError) {
            return try CBOR.decode(data, options: limits.decodingOptions)
        } catch {
            throw .malformedCBOR(error)
        }
    }

    /// The text keys of a map, in order, refusing any other key type.
    static func textKeyed(
        _ entries: [(key: CBOR, value: CBOR)], path: String
    ) throws(MDocError) -> [(key: String, value: CBOR)] {
        var result: [(key: String, value: CBOR)] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            guard let key = entry.key.stringValue else {
                throw .invalidStructure(path: path, reason: "map key is \(entry.key.typeName), expected text")
            }
            result.append((key, entry.value))
        }
        return result
    }
}
