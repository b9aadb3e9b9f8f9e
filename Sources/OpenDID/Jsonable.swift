import Foundation
import JSONModel

/// A model that converts to and from JSON the way Open DID's SDKs and servers write it.
///
/// Reading parses with ``JSONModel/JSONParser`` first (size and depth limits, duplicate
/// member names rejected) and then decodes; every failure is an ``OpenDIDError`` naming the
/// path of the offending member. Writing produces compact JSON with member names sorted by
/// code point and `/` unescaped: the same bytes Open DID signs, so `toJsonData()` of a
/// signed object is what a server hashes.
public protocol Jsonable: Codable {
    /// Decodes from JSON bytes. Throws ``OpenDIDError``.
    init(from jsonData: Data) throws
    /// Decodes from a JSON string. Throws ``OpenDIDError``.
    init(from jsonString: String) throws
    /// Encodes to JSON bytes: sorted compact, or sorted and indented when `isPretty`.
    func toJsonData(isPretty: Bool) throws -> Data
    /// Encodes to a JSON string: sorted compact, or sorted and indented when `isPretty`.
    func toJson(isPretty: Bool) throws -> String
}

extension Jsonable {
    public init(from jsonData: Data) throws {
        self = try OpenDIDCoding.decode(Self.self, from: jsonData)
    }

    public init(from jsonString: String) throws {
        self = try OpenDIDCoding.decode(Self.self, from: Data(jsonString.utf8))
    }

    public func toJsonData(isPretty: Bool = false) throws -> Data {
        try OpenDIDCoding.jsonValue(of: self).serialized(isPretty ? .prettySortedKeys(indent: 2) : .sortedKeys)
    }

    public func toJson(isPretty: Bool = false) throws -> String {
        String(decoding: try toJsonData(isPretty: isPretty), as: UTF8.self)
    }
}

/// The one place Open DID models meet `JSONEncoder`/`JSONDecoder`.
enum OpenDIDCoding {
    /// Open DID documents are small; these bounds keep hostile input cheap to refuse.
    static let limits = JSONParser.Limits(
        maximumSize: 4 * 1024 * 1024, maximumDepth: 64, maximumStringLength: 4 * 1024 * 1024,
        maximumMembers: 100_000
    )

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(OpenDIDError) -> T {
        do {
            _ = try JSONParser(limits: limits, duplicateMembers: .reject).parse(data)
        } catch {
            throw .malformedJSON(error.description)
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw .from(decoding: error)
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(OpenDIDError) -> T {
        try decode(type, from: value.serialized(.compact))
    }

    static func jsonValue(of value: some Encodable) throws(OpenDIDError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(value)
        } catch let error as OpenDIDError {
            throw error
        } catch let EncodingError.invalidValue(_, context) {
            if let underlying = context.underlyingError as? OpenDIDError { throw underlying }
            throw .encodingFailed(context.debugDescription)
        } catch {
            throw .encodingFailed("\(error)")
        }
    }
}
