import Foundation
import JSONModel
import Multiformats

extension OutOfBandInvitation {
    /// A new out-of-band 1.1 invitation from an agent with an inline service: the handshake
    /// protocols it accepts (DID exchange 1.0 by default), and attached requests for a
    /// connectionless exchange. The service's recipient keys are written as `did:key`, as
    /// ACA-Py and Credo write them.
    public static func make(
        label: String, service: DIDCommService, handshakeProtocols: [ProtocolIdentifier] = [.didExchange],
        requests: [Attachment] = [], goalCode: String? = nil
    ) throws(DIDCommError) -> OutOfBandInvitation {
        var serviceObject = service.jsonValue.objectValue ?? [:]
        serviceObject.updateValue("did-communication", forName: "type")
        serviceObject.updateValue(.string(service.id ?? "#inline"), forName: "id")
        serviceObject.updateValue(.array(service.recipientKeys.map { .string($0.didKey) }), forName: "recipientKeys")
        serviceObject.updateValue(.array(service.routingKeys.map { .string($0.didKey) }), forName: "routingKeys")
        var body: JSONObject = ["label": .string(label), "services": [.object(serviceObject)]]
        if !handshakeProtocols.isEmpty { body.updateValue(.array(handshakeProtocols.map { .string($0.uri) }), forName: "handshake_protocols") }
        if !requests.isEmpty { body.updateValue(.array(requests.map(\.jsonValue)), forName: "requests~attach") }
        if let goalCode { body.updateValue(.string(goalCode), forName: "goal_code") }
        return try OutOfBandInvitation(DIDCommMessage(type: ProtocolIdentifier.outOfBand.messageType("invitation"), body: body))
    }

    /// The invitation as a link: `base` with `oob=` and the message's JSON, base64url unpadded
    /// (RFC 0434's URL form, which ``Invitation/init(link:limits:)`` reads back).
    public func link(base: String) -> String {
        let separator = base.contains("?") ? "&" : "?"
        return base + separator + "oob=" + Base64URL.encode(message.json)
    }
}
