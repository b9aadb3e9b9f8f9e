import Foundation

/// Raw-value enumerations that refuse unknown values with a typed error carrying the value.
///
/// Foundation's synthesized decoding reports an unknown raw value as an untyped
/// `dataCorrupted`; Open DID callers need ``OpenDIDError/unknownEnumValue(type:value:path:)``.
protocol StrictRawValueDecodable: RawRepresentable, Decodable where RawValue: Decodable {}

extension StrictRawValueDecodable {
    static func decodeStrictly(from decoder: any Decoder) throws -> Self {
        let raw = try decoder.singleValueContainer().decode(RawValue.self)
        guard let value = Self(rawValue: raw) else {
            throw OpenDIDError.unknownEnumValue(
                type: String(describing: Self.self), value: "\(raw)",
                path: OpenDIDError.path(decoder.codingPath))
        }
        return value
    }
}
