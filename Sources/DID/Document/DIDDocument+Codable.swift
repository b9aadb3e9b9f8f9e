import JSONModel

/// `Codable` through the JSON representation, so a document can sit inside any `Codable`
/// model (a wallet record, a DIDComm message) and still keep members this model does not know.
extension DIDDocument: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
