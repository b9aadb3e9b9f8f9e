import JSONModel

/// A service (DID Core §5.4): a way to communicate with or about the DID subject, such as a
/// DIDComm endpoint or a linked domain.
public struct DIDService: Sendable, Hashable {
    /// The id, a DID URL as written (absolute or relative such as `#didcomm`).
    public var id: String
    /// The service types; DID Core allows one string or a set of strings.
    public var types: [String]
    /// The endpoint: a URI string, a map (DIDComm v2 puts `uri`, `accept` and `routingKeys`
    /// there) or an array of either.
    public var serviceEndpoint: JSONValue
    /// Members this model has no property for (DIDComm v1 puts `recipientKeys` here).
    public var additionalMembers: JSONObject

    /// Creates a service.
    public init(id: String, types: [String], serviceEndpoint: JSONValue, additionalMembers: JSONObject = JSONObject()) {
        self.id = id
        self.types = types
        self.serviceEndpoint = serviceEndpoint
        self.additionalMembers = additionalMembers
    }
}
