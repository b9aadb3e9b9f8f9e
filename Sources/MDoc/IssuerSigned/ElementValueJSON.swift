import CBOR
import Foundation
import JSONModel
import Multiformats

/// The JSON form of mdoc element values, for matching DCQL `values` (OpenID4VP 1.0 §6.3 says
/// to convert as RFC 8949 §6.1 advises) and for showing claims next to SD-JWT VC ones.
///
/// Integers and floats become numbers (non-finite floats `null`), text stays text, byte
/// strings (a portrait) become base64url text, dates (tags 0, 1004) their text and epoch
/// dates (tag 1) numbers, other tags their content; maps become objects, with non-text keys
/// written as their diagnostic text; `undefined` and simple values become `null`.
public enum ElementValueJSON {
    /// The JSON form of `value`.
    public static func value(_ value: CBOR) -> JSONValue {
        switch value {
        case let .unsigned(number): return .number(JSONNumber(number))
        case let .negative(magnitude):
            // CBOR negative n encodes -1 - n.
            if magnitude < UInt64(Int64.max) { return .number(JSONNumber(-1 - Int64(magnitude))) }
            return JSONNumber(-1 - Double(magnitude)).map(JSONValue.number) ?? .null
        case let .byteString(bytes): return .string(Base64URL.encode(bytes))
        case let .textString(text): return .string(text)
        case let .array(elements): return .array(elements.map(Self.value))
        case let .map(entries):
            return .object(JSONObject(entries.map { entry in
                (entry.key.stringValue ?? "\(entry.key)", Self.value(entry.value))
            }))
        case let .tagged(_, inner): return Self.value(inner)
        case let .bool(flag): return .bool(flag)
        case .null, .undefined, .simple: return .null
        case let .half(number), let .float(number): return JSONNumber(Double(number)).map(JSONValue.number) ?? .null
        case let .double(number): return JSONNumber(number).map(JSONValue.number) ?? .null
        }
    }
}
