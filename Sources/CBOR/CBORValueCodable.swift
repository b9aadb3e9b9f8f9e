/// A type whose encoding is one CBOR value it reads and writes itself: `Codable` comes free,
/// through ``CBOREncoder``/``CBORDecoder`` (or any coder that can carry a ``CBOR`` value), with
/// the same checks as its own reader.
///
/// The one bridge between a type's CBOR reader/writer and Codable, so the mdoc and COSE
/// structures do not each repeat a `init(from:)`/`encode(to:)` pair.
public protocol CBORValueCodable: Codable {
    /// Reads the value, with the type's default limits.
    init(cborValue: CBOR) throws
    /// The value as CBOR.
    var cborValue: CBOR { get }
}

extension CBORValueCodable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        self = try Self(cborValue: try decoder.singleValueContainer().decode(CBOR.self))
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cborValue)
    }
}
