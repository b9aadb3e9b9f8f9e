import Foundation
import JSONModel

/// An object anoncreds-rs exchanges as JSON (schema, credential definition, offer, request,
/// credential …), read and written member for member as anoncreds-rs 0.2 does.
///
/// Reading goes through JSONModel's strict parser first (size and depth limits, duplicate
/// members refused — two readers that pick different duplicates is how forged objects pass),
/// then the type's `Decodable` conformance; every failure is an ``AnonCredsError``.
public protocol AnonCredsObject: Codable, Sendable {
    /// The name used in error messages (`credential offer`).
    static var objectName: String { get }
}

extension AnonCredsObject {
    /// Reads the object from JSON bytes.
    public init(jsonData data: Data, limits: JSONParser.Limits = .default) throws(AnonCredsError) {
        do {
            _ = try JSONParser(limits: limits).parse(data)
        } catch {
            throw .malformedJSON(error.description)
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw AnonCredsError(decoding: error, type: Self.objectName)
        } catch let error as AnonCredsError {
            throw error
        } catch {
            throw .malformedObject(type: Self.objectName, path: "", reason: "\(error)")
        }
    }

    /// Reads the object from a JSON string.
    public init(jsonString: String) throws(AnonCredsError) {
        try self.init(jsonData: Data(jsonString.utf8))
    }

    /// The object's JSON (compact, members sorted so equal objects give equal bytes).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every member is a string, integer, array or object of those: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The object's JSON as text.
    public func jsonString() -> String { String(decoding: jsonData(), as: UTF8.self) }
}

extension AnonCredsError {
    /// The decoding failure as the object's path and reason.
    init(decoding error: DecodingError, type: String) {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .malformedObject(type: type, path: path(context.codingPath + [key]), reason: "missing")
        case .typeMismatch(let expected, let context):
            self = .malformedObject(type: type, path: path(context.codingPath), reason: "expected \(expected)")
        case .valueNotFound(let expected, let context):
            self = .malformedObject(type: type, path: path(context.codingPath), reason: "null where \(expected) is required")
        case .dataCorrupted(let context):
            self = .malformedObject(type: type, path: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self = .malformedObject(type: type, path: "", reason: "\(error)")
        }
    }
}

// Big numbers travel as decimal strings (anoncreds' human-readable serialization).
extension BigInteger: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = BigInteger(decimal: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a decimal integer")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(decimalString)
    }
}
