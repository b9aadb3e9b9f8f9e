import Foundation
import JSONModel
import Multiformats

extension Base64URL {
    /// Decodes one part of a JOSE serialization strictly (RFC 7515 §2: no padding, no
    /// line breaks, no other alphabet), naming the part in the error.
    static func decodeSegment<Text: StringProtocol>(_ text: Text, part: String) throws(JOSEError) -> Data {
        do {
            return try decode(String(text))
        } catch {
            throw .invalidBase64URL(part: part)
        }
    }
}

extension JSONObject {
    /// Parses `bytes` as strict JSON (duplicate members rejected) that must be an object.
    static func parsing(_ bytes: Data, part: String, limits: JSONParser.Limits) throws(JOSEError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONParser(limits: limits, duplicateMembers: .reject).parse(bytes)
        } catch {
            throw .invalidJSON(part: part, error)
        }
        guard case .object(let object) = value else {
            throw .malformed("\(part) is not a JSON object")
        }
        return object
    }
}
