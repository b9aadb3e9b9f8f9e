import CryptoKeys
import Foundation
import JSONModel

extension Envelope {
    /// The forward message type (Aries RFC 0094), which asks a mediator to pass `msg` on to `to`.
    public static var forwardType: String { MessageType.forward.uri }

    /// Packs `message` for `recipients` and then, for each routing key in order, wraps the
    /// envelope so far in a forward message anoncrypted to that routing key — what a service
    /// with `routingKeys` requires (RFC 0094, as ACA-Py does it): the first forward's `to` is
    /// the first recipient key, each later one's the routing key before it.
    public static func pack(
        _ message: Data, for recipients: [Verkey], from sender: PrivateKey? = nil, routingKeys: [Verkey]
    ) throws(DIDCommError) -> Data {
        var envelope = try packValue(message, for: recipients, from: sender)
        guard var next = recipients.first else { throw .malformedEnvelope(reason: "an envelope needs a recipient") }
        for routingKey in routingKeys {
            let forward: JSONValue = [
                "@type": .string(forwardType), "@id": .string(UUID().uuidString.lowercased()),
                "to": .string(next.base58), "msg": envelope,
            ]
            envelope = try packValue(forward.serialized(), for: [routingKey], from: nil)
            next = routingKey
        }
        return envelope.serialized()
    }
}
