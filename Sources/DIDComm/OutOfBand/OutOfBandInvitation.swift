import JSONModel

/// An out-of-band invitation (Aries RFC 0434, 1.0 and 1.1): who invites, how to connect
/// (`handshake_protocols`), where to reach them (`services`) and, for a connectionless
/// exchange, the first messages (`requests~attach`).
public struct OutOfBandInvitation: Sendable, Hashable {
    /// The invitation message as received (its `@id` is the `pthid` of the exchange it starts).
    public let message: DIDCommMessage
    /// `label`: the inviter's name as it gives it (not verified).
    public let label: String?
    /// `goal_code`.
    public let goalCode: String?
    /// `handshake_protocols`, in the inviter's order of preference.
    public let handshakeProtocols: [ProtocolIdentifier]
    /// `services`, in the inviter's order of preference.
    public let services: [InvitationService]
    /// `requests~attach`: the messages to answer without a connection.
    public let requests: [Attachment]

    /// At most this many services or handshake protocols are read.
    static let maximumEntries = 16

    /// Reads an invitation message.
    public init(_ message: DIDCommMessage) throws(DIDCommError) {
        guard message.type.protocolName == "out-of-band", message.type.major == 1, message.type.name == "invitation" else {
            throw .malformedInvitation(reason: "\(message.type) is not an out-of-band 1.x invitation")
        }
        self.message = message
        label = try MessageField.optionalString(message.object, "label", in: "invitation")
        goalCode = try MessageField.optionalString(message.object, "goal_code", in: "invitation")
        let protocols = try MessageField.stringArray(message.object, "handshake_protocols", in: "invitation") ?? []
        handshakeProtocols = try protocols.map { text throws(DIDCommError) in try ProtocolIdentifier(text) }
        guard let entries = message["services"]?.arrayValue, !entries.isEmpty else {
            throw .malformedInvitation(reason: "invitation has no services")
        }
        guard entries.count <= Self.maximumEntries, protocols.count <= Self.maximumEntries else {
            throw .malformedInvitation(reason: "invitation names more than \(Self.maximumEntries) services or protocols")
        }
        services = try entries.map { entry throws(DIDCommError) in try InvitationService(entry) }
        requests = try message.attachments(named: "requests~attach")
        guard !handshakeProtocols.isEmpty || !requests.isEmpty else {
            throw .malformedInvitation(reason: "invitation has neither handshake_protocols nor requests~attach")
        }
    }

    /// The invitation's `@id`.
    public var id: String { message.id }

    /// The first inline service: the one a holder without DID resolution can use.
    public var inlineService: DIDCommService? {
        services.lazy.compactMap { if case .inline(let service) = $0 { service } else { nil } }.first
    }
}

/// An out-of-band `services` entry: a DIDComm service written out, or a DID to resolve.
public enum InvitationService: Sendable, Hashable {
    /// A service with its keys and endpoint.
    case inline(DIDCommService)
    /// A public DID whose document names the service.
    case did(String)

    init(_ value: JSONValue) throws(DIDCommError) {
        if let did = value.stringValue {
            guard did.hasPrefix("did:"), did.utf8.count <= 512 else { throw .malformedInvitation(reason: "service \(did.prefix(64)) is not a DID") }
            self = .did(did)
            return
        }
        self = .inline(try DIDCommService(value))
    }
}
