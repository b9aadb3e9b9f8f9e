/// A value written in JSON as its DID syntax string (a DID or a DID URL).
///
/// Decoding parses the string with the same strict grammar as the initializer, so a document
/// cannot smuggle in an identifier the parser would refuse; the `DIDError` becomes the
/// decoding error's description.
protocol DIDSyntaxCodable: Codable, CustomStringConvertible {
    init(_ string: String) throws(DIDError)
}

extension DIDSyntaxCodable {
    /// Decodes the value from a JSON string, parsing it strictly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            try self.init(string)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the value as its DID syntax string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
