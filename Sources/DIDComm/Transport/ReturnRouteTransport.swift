import CryptoKeys
import Foundation
import HTTP
import JSONModel

/// DIDComm v1 over HTTP for a holder with no endpoint of its own (Aries RFC 0092): every
/// message goes out with `"~transport": {"return_route": "all"}`, so the agent may answer on
/// the same POST; each POST is answered with at most one message (200 with an envelope) or
/// nothing (202, or ACA-Py's empty 200), and ``poll(_:from:)`` asks for queued messages with a
/// trust ping that wants no response.
public struct ReturnRouteTransport: Sendable {
    /// A message received and opened.
    public struct Received: Sendable, Hashable {
        /// The message.
        public var message: DIDCommMessage
        /// The authenticated sender, for authcrypt.
        public var sender: Verkey?
        /// Our key it was packed for.
        public var recipient: Verkey
    }

    private let client: any HTTPClient
    private let keys: [PrivateKey]
    private let envelopeLimits: EnvelopeLimits
    private let messageLimits: MessageLimits

    /// A transport over `client` that opens answers with `keys` (every connection key the
    /// holder may be answered on).
    public init(
        client: any HTTPClient, keys: [PrivateKey], envelopeLimits: EnvelopeLimits = .default, messageLimits: MessageLimits = .default
    ) {
        self.client = client
        self.keys = keys
        self.envelopeLimits = envelopeLimits
        self.messageLimits = messageLimits
    }

    /// Packs `message` (authcrypt from `sender`, forwarded through the service's routing keys),
    /// POSTs it to the service endpoint with return route `all` (or `returnRoute`: with
    /// `none` the agent queues its answer for a later ``poll(_:from:)``), and opens the
    /// answer, if any.
    public func send(
        _ message: DIDCommMessage, to service: DIDCommService, from sender: PrivateKey, returnRoute: ReturnRoute = .all
    ) async throws(DIDCommError) -> Received? {
        guard let url = URL(string: service.serviceEndpoint), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw .protocolFailure(reason: "the service endpoint \(service.serviceEndpoint.prefix(128)) is not an HTTP URL")
        }
        let routed = message.setting(["return_route": .string(returnRoute.rawValue)], forName: "~transport")
        let envelope = try Envelope.pack(routed.json, for: service.recipientKeys, from: sender, routingKeys: service.routingKeys)
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(
                method: .post, url: url, headers: ["Content-Type": DIDCommMediaType.envelope], body: envelope))
        } catch {
            throw .protocolFailure(reason: "POST \(url.absoluteString): \(error)")
        }
        return try receive(response)
    }

    /// A trust ping (`response_requested: false`) to the service: the agent answers with one
    /// queued message for us, or nothing once its queue is empty.
    public func poll(_ service: DIDCommService, from sender: PrivateKey) async throws(DIDCommError) -> Received? {
        try await send(DIDCommMessage(type: .trustPing, body: ["response_requested": false]), to: service, from: sender)
    }

    private func receive(_ response: HTTPResponse) throws(DIDCommError) -> Received? {
        guard response.isSuccess else {
            throw .protocolFailure(reason: "the agent answered HTTP \(response.status)")
        }
        guard response.status != 202, !response.body.isEmpty else { return nil }
        if let type = response.headers["Content-Type"], !DIDCommMediaType.isEnvelope(type) {
            throw .protocolFailure(reason: "the agent answered \(type), not an envelope")
        }
        let opened = try Envelope.unpack(response.body, with: keys, limits: envelopeLimits)
        let message = try DIDCommMessage(json: opened.message, limits: messageLimits)
        return Received(message: message, sender: opened.sender, recipient: opened.recipient)
    }
}
