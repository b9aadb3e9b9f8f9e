import JSONModel

/// An inline DIDComm service (an out-of-band invitation's `services` entry, the `~service`
/// decorator): where to send and for which keys to pack.
public struct DIDCommService: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `recipientKeys`: the keys to pack for (`did:key` or base58 verkeys as written).
    public var recipientKeys: [Verkey]
    /// `routingKeys`: the mediators' keys to wrap forward messages for, in order.
    public var routingKeys: [Verkey]
    /// `serviceEndpoint`.
    public var serviceEndpoint: String

    /// A service from its parts.
    public init(id: String? = nil, recipientKeys: [Verkey], routingKeys: [Verkey] = [], serviceEndpoint: String) {
        self.id = id
        self.recipientKeys = recipientKeys
        self.routingKeys = routingKeys
        self.serviceEndpoint = serviceEndpoint
    }

    /// At most this many recipient or routing keys are read.
    static let maximumKeys = 16

    /// Reads a service written as JSON (``jsonValue``, an invitation's `services` entry, a
    /// `~service` decorator), with the same checks and limits as in a message.
    public init(_ value: JSONValue) throws(DIDCommError) {
        guard let object = value.objectValue else { throw .malformedMessage(reason: "a service is not an object") }
        id = try MessageField.optionalString(object, "id", in: "service")
        serviceEndpoint = try MessageField.string(object, "serviceEndpoint", in: "service")
        let recipients = try MessageField.stringArray(object, "recipientKeys", in: "service") ?? []
        let routing = try MessageField.stringArray(object, "routingKeys", in: "service") ?? []
        guard !recipients.isEmpty else { throw .malformedMessage(reason: "service has no recipientKeys") }
        guard recipients.count <= Self.maximumKeys, routing.count <= Self.maximumKeys else {
            throw .malformedMessage(reason: "service names more than \(Self.maximumKeys) keys")
        }
        recipientKeys = try recipients.map { key throws(DIDCommError) in try Verkey(reference: key) }
        routingKeys = try routing.map { key throws(DIDCommError) in try Verkey(reference: key) }
    }

    /// The service as JSON (keys as base58 verkeys, as the `~service` decorator writes them).
    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let id { object.updateValue(.string(id), forName: "id") }
        object.updateValue(.array(recipientKeys.map { .string($0.base58) }), forName: "recipientKeys")
        object.updateValue(.array(routingKeys.map { .string($0.base58) }), forName: "routingKeys")
        object.updateValue(.string(serviceEndpoint), forName: "serviceEndpoint")
        return .object(object)
    }
}
