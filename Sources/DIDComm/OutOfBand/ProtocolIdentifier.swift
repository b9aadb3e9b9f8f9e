/// A protocol and version as an out-of-band invitation's `handshake_protocols` names it
/// (`https://didcomm.org/didexchange/1.0`; the legacy `did:sov:…;spec/` prefix read as the new one).
public struct ProtocolIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The document URI, ending in `/`.
    public let documentURI: String
    /// The protocol name.
    public let protocolName: String
    /// The major version.
    public let major: Int
    /// The minor version.
    public let minor: Int

    /// An identifier from its parts.
    public init(documentURI: String = MessageType.didcommOrg, protocolName: String, major: Int, minor: Int) {
        self.documentURI = documentURI == MessageType.legacySov ? MessageType.didcommOrg : documentURI
        self.protocolName = protocolName
        self.major = major
        self.minor = minor
    }

    /// Reads `<doc-uri><protocol>/<major.minor>`.
    public init(_ text: String) throws(DIDCommError) {
        // A protocol URI is a message type URI without the message name.
        let type = try MessageType(text + "/_")
        self.init(documentURI: type.documentURI, protocolName: type.protocolName, major: type.major, minor: type.minor)
    }

    /// The URI as Vellum writes it.
    public var uri: String { "\(documentURI)\(protocolName)/\(major).\(minor)" }

    public var description: String { uri }

    /// The type of message `name` of this protocol.
    public func messageType(_ name: String) -> MessageType {
        MessageType(documentURI: documentURI, protocolName: protocolName, major: major, minor: minor, name: name)
    }

    /// Whether `type` belongs to this protocol and major version.
    public func contains(_ type: MessageType) -> Bool {
        type.documentURI == documentURI && type.protocolName == protocolName && type.major == major
    }

    /// DID exchange 1.0 (RFC 0023).
    public static let didExchange = ProtocolIdentifier(protocolName: "didexchange", major: 1, minor: 0)
    /// Connections 1.0 (RFC 0160), the handshake older invitations (`c_i`) imply.
    public static let connections = ProtocolIdentifier(protocolName: "connections", major: 1, minor: 0)
    /// Out-of-band 1.1 (RFC 0434).
    public static let outOfBand = ProtocolIdentifier(protocolName: "out-of-band", major: 1, minor: 1)
}
