import Foundation
import JSONModel
import Multiformats

extension Base64URL {
    /// Decodes one part of a JOSE serialization strictly (RFC 7515 §2: no padding, no
    /// line breaks, no other alphabet), naming the part in the error.
    static func decodeSegment(_ text: String, part: String) throws(JOSEError) -> Data {
        try decodeSegment(Substring(text), part: part)
    }

    /// ``decodeSegment(_:part:)`` for a part still inside its token, decoded in place.
    static func decodeSegment(_ text: Substring, part: String) throws(JOSEError) -> Data {
        do {
            return try decode(text)
        } catch {
            throw .invalidBase64URL(part: part)
        }
    }
}

extension JSONObject {
    /// Decodes a base64url part and parses it as strict JSON that must be an object (a
    /// protected header), the bytes never leaving a temporary buffer.
    static func parsing(segment text: String, part: String, limits: JSONParser.Limits) throws(JOSEError) -> JSONObject {
        let parser = JSONParser(limits: limits, duplicateMembers: .reject)
        var parsed = Result<JSONValue, JSONError>.success(.null)
        do {
            try Base64URL.withDecoded(text) { bytes in parsed = Result { () throws(JSONError) in try parser.parse(bytes) } }
        } catch {
            throw .invalidBase64URL(part: part)
        }
        return try object(from: parsed, part: part)
    }

    /// Parses `bytes` as strict JSON (duplicate members rejected) that must be an object.
    static func parsing(_ bytes: Data, part: String, limits: JSONParser.Limits) throws(JOSEError) -> JSONObject {
        try object(from: Result { () throws(JSONError) in try JSONParser(limits: limits, duplicateMembers: .reject).parse(bytes) }, part: part)
    }

    private static func object(from parsed: Result<JSONValue, JSONError>, part: String) throws(JOSEError) -> JSONObject {
        let value: JSONValue
        do {
            value = try parsed.get()
        } catch {
            throw .invalidJSON(part: part, error)
        }
        guard case .object(let object) = value else {
            throw .malformed("\(part) is not a JSON object")
        }
        return object
    }
}
