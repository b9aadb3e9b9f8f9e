import Foundation
import JSONModel
import Multiformats

/// What an invitation link carries: an out-of-band invitation (`?oob=`), a Connections 1.0
/// invitation (the legacy `?c_i=`), or a connectionless message with its `~service` (`?d_m=`).
public enum Invitation: Sendable, Hashable {
    /// `?oob=`: RFC 0434.
    case outOfBand(OutOfBandInvitation)
    /// `?c_i=`: RFC 0160's invitation, which implies the Connections 1.0 handshake.
    case connection(ConnectionInvitation)
    /// `?d_m=`: a message to answer without a connection, at its `~service`.
    case connectionless(DIDCommMessage, service: DIDCommService)

    /// The most characters of link read; default 64 KiB (attachments make links long, a QR
    /// code holds under 3 KB).
    public static let maximumLinkLength = 64 << 10

    /// Reads an invitation link (`https://…?oob=…`, `didcomm://…?c_i=…`, any scheme): the
    /// first of `oob`, `c_i`, `d_m` in its query, base64url or base64 (padded or not) of JSON.
    public init(link: String, limits: MessageLimits = .default) throws(DIDCommError) {
        guard link.utf8.count <= Self.maximumLinkLength else {
            throw .tooLarge(what: "invitation link", size: link.utf8.count, limit: Self.maximumLinkLength)
        }
        guard let items = URLComponents(string: link)?.queryItems else { throw .malformedInvitation(reason: "not a URL with a query") }
        func parameter(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if let oob = parameter("oob") {
            self = .outOfBand(try OutOfBandInvitation(try Self.message(oob, limits: limits)))
        } else if let ci = parameter("c_i") {
            self = .connection(try ConnectionInvitation(try Self.message(ci, limits: limits)))
        } else if let dm = parameter("d_m") {
            let message = try Self.message(dm, limits: limits)
            guard let service = try message.service else { throw .malformedInvitation(reason: "d_m message has no ~service") }
            self = .connectionless(message, service: service)
        } else {
            throw .malformedInvitation(reason: "the link has none of oob, c_i, d_m")
        }
    }

    private static func message(_ encoded: String, limits: MessageLimits) throws(DIDCommError) -> DIDCommMessage {
        let bytes: Data
        do { bytes = try Base64URL.decodeLenient(encoded) } catch { throw .malformedInvitation(reason: "the invitation is not base64") }
        do { return try DIDCommMessage(json: bytes, limits: limits) } catch .malformedMessage(let reason) {
            throw .malformedInvitation(reason: reason)
        }
    }
}

/// A Connections 1.0 invitation (Aries RFC 0160): a label, and either keys with an endpoint or
/// a public DID.
public struct ConnectionInvitation: Sendable, Hashable {
    /// The invitation message as received.
    public let message: DIDCommMessage
    /// `label`.
    public let label: String?
    /// The service: inline from `recipientKeys`, `routingKeys`, `serviceEndpoint`, or `did`.
    public let service: InvitationService

    /// Reads a Connections 1.0 invitation message.
    public init(_ message: DIDCommMessage) throws(DIDCommError) {
        guard ProtocolIdentifier.connections.contains(message.type), message.type.name == "invitation" else {
            throw .malformedInvitation(reason: "\(message.type) is not a connections 1.0 invitation")
        }
        self.message = message
        label = try MessageField.optionalString(message.object, "label", in: "invitation")
        if let did = try MessageField.optionalString(message.object, "did", in: "invitation") {
            service = try InvitationService(.string(did))
        } else {
            service = .inline(try DIDCommService(.object(message.object)))
        }
    }
}
