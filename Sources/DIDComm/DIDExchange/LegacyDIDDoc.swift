import JSONModel

/// The legacy DID document Aries agents exchange in DID exchange 1.0's `did_doc~attach` (and
/// Connections 1.0): `id` `did:sov:<unqualified DID>`, Ed25519 `publicKey` entries with
/// `publicKeyBase58`, and `IndyAgent` / `did-communication` services with `recipientKeys`,
/// `routingKeys` and `serviceEndpoint`.
///
/// Not a W3C DID document (the `DID` module's): the members are the pre-W3C names, keys in
/// services are verkeys or references to `publicKey` entries, and it is trusted only as far as
/// the signature on the attachment that carries it.
public struct LegacyDIDDoc: Sendable, Hashable {
    /// `id`, `did:sov:` and the unqualified DID.
    public var id: String
    /// The Ed25519 `publicKey` entries, by their `id`.
    public var publicKeys: [String: Verkey]
    /// The DIDComm services, in `priority` order as written.
    public var services: [DIDCommService]

    /// At most this many keys or services are read.
    static let maximumEntries = 16

    /// The document of an unqualified DID with one key and, when it has an endpoint, one service.
    ///
    /// A holder with no endpoint of its own gives `didcomm:transport/queue`, the marker agents
    /// use for "answer on my connection" (RFC 0092's return route).
    public init(did: String, verkey: Verkey, serviceEndpoint: String = "didcomm:transport/queue", routingKeys: [Verkey] = []) {
        id = "did:sov:\(did)"
        publicKeys = ["\(id)#1": verkey]
        services = [DIDCommService(id: "\(id);indy", recipientKeys: [verkey], routingKeys: routingKeys, serviceEndpoint: serviceEndpoint)]
    }

    /// Reads a legacy DIDDoc's JSON.
    public init(_ value: JSONValue) throws(DIDCommError) {
        guard let object = value.objectValue else { throw .malformedMessage(reason: "DIDDoc is not an object") }
        id = try MessageField.string(object, "id", in: "DIDDoc")
        let keys = object["publicKey"]?.arrayValue ?? []
        let entries = object["service"]?.arrayValue ?? []
        guard keys.count <= Self.maximumEntries, entries.count <= Self.maximumEntries else {
            throw .malformedMessage(reason: "DIDDoc has more than \(Self.maximumEntries) keys or services")
        }
        var publicKeys: [String: Verkey] = [:]
        for key in keys {
            guard let entry = key.objectValue else { throw .malformedMessage(reason: "DIDDoc publicKey entry is not an object") }
            let keyID = try MessageField.string(entry, "id", in: "DIDDoc publicKey")
            publicKeys[keyID] = try Verkey(base58: try MessageField.string(entry, "publicKeyBase58", in: "DIDDoc publicKey"))
        }
        self.publicKeys = publicKeys
        var services: [DIDCommService] = []
        for entry in entries {
            guard var object = entry.objectValue else { throw .malformedMessage(reason: "DIDDoc service is not an object") }
            // Keys in a service may be references to the document's publicKey entries.
            for member in ["recipientKeys", "routingKeys"] {
                let names = try MessageField.stringArray(object, member, in: "DIDDoc service") ?? []
                let resolved = names.map { name in publicKeys[name].map { JSONValue.string($0.base58) } ?? .string(name) }
                object.updateValue(.array(resolved), forName: member)
            }
            services.append(try DIDCommService(.object(object)))
        }
        self.services = services
    }

    /// The document's unqualified DID (`id` without `did:sov:`).
    public var unqualifiedDID: String { id.hasPrefix("did:sov:") ? String(id.dropFirst("did:sov:".count)) : id }

    /// The document as JSON.
    public var jsonValue: JSONValue {
        let keys = publicKeys.sorted { $0.key < $1.key }
        return [
            "@context": "https://w3id.org/did/v1",
            "id": .string(id),
            "publicKey": .array(keys.map { keyID, verkey in
                ["id": .string(keyID), "type": "Ed25519VerificationKey2018", "controller": .string(id), "publicKeyBase58": .string(verkey.base58)]
            }),
            "authentication": .array(keys.map { keyID, _ in ["type": "Ed25519SignatureAuthentication2018", "publicKey": .string(keyID)] }),
            "service": .array(services.enumerated().map { index, service in
                var object = service.jsonValue.objectValue ?? [:]
                object.updateValue("IndyAgent", forName: "type")
                object.updateValue(.number(JSONNumber(index)), forName: "priority")
                return .object(object)
            }),
        ]
    }
}
