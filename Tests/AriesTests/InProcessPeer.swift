import AnonCreds
@testable import Aries
import DIDComm
import Foundation
import JSONModel

/// The other side of the exchanges, in process: an AnonCreds issuer and verifier that speak
/// only in message JSON (every message crosses as bytes and is read again, as over the wire).
struct InProcessPeer: Sendable {
    /// A small issuer (256-bit safe primes: the tests time protocol work, not key strength)
    /// under Indy identifiers, which `prover_did` requests need.
    static let indy = makeIssuer(did: "Th7MpTaRZVRYnPiabds81Y", legacy: true)
    /// The same under URI identifiers, for the AnonCreds format (entropy requests).
    static let uri = makeIssuer(did: "did:example:faber", legacy: false)

    static let schemaAttributes = ["name", "age", "degree"]

    static func makeIssuer(did: String, legacy: Bool) -> (AnonCredsIssuer, Schema, String) {
        var generator = SystemRandomNumberGenerator()
        let schema = try! Schema(name: "degree", version: "1.0", attributeNames: schemaAttributes, issuerID: did)
        let schemaID = legacy ? "\(did):2:degree:1.0" : "\(did)/schema/degree"
        let definitionID = legacy ? "\(did):3:CL:12:tag" : "\(did)/cred-def/degree"
        let issuer = try! AnonCredsIssuer.create(
            schema: schema, schemaID: schemaID, credentialDefinitionID: definitionID, safePrimeBits: 256, using: &generator)
        return (issuer, schema, schemaID)
    }

    let issuer: AnonCredsIssuer
    let schema: Schema
    let schemaID: String

    init(_ parts: (AnonCredsIssuer, Schema, String)) {
        (issuer, schema, schemaID) = parts
    }

    var definitions: [String: CredentialDefinition] { [issuer.credentialDefinitionID: issuer.definition] }
    var schemas: [String: Schema] { [schemaID: schema] }

    /// The message as its bytes, read again.
    static func wire(_ message: DIDCommMessage) throws -> DIDCommMessage { try DIDCommMessage(json: message.json) }

    /// An offer of `values` in `version` and `format` (`~please_ack` asked), with its AnonCreds offer.
    func offer(
        _ version: AriesProtocolVersion, format: AttachmentFormat = .indyOffer, values: [String: String],
        legacyPrefix: Bool = false
    ) throws -> (DIDCommMessage, CredentialOffer) {
        var generator = SystemRandomNumberGenerator()
        let offer = issuer.offer(using: &generator)
        let content = try JSONParser().parse(offer.jsonData())
        let preview = CredentialPreview(attributes: values.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) })
        var message = FormattedMessage.make(
            .credentialOffer, version: version, attachments: [FormattedAttachment(format: format, content: content)],
            comment: "degree", preview: preview)
        if legacyPrefix {
            var object = message.object
            object["@type"] = .string(message.type.uri.replacingOccurrences(of: MessageType.didcommOrg, with: MessageType.legacySov))
            message = try DIDCommMessage(object: object)
        }
        return (try Self.wire(message), offer)
    }

    /// Reads the holder's request and issues `values` for it, on the request's thread.
    func issue(
        answering requestMessage: DIDCommMessage, offer: CredentialOffer, values: [String: String],
        alter: (inout Credential) -> Void = { _ in }
    ) throws -> (DIDCommMessage, CredentialRequest) {
        let read = try FormattedMessage(try Self.wire(requestMessage), kind: .credentialRequest)
        let attachment = try require(read.attachments.first)
        let request = try CredentialRequest(jsonData: try attachment.json().serialized())
        var generator = SystemRandomNumberGenerator()
        var credential = try issuer.issue(values, for: request, offer: offer, using: &generator)
        alter(&credential)
        let format: AttachmentFormat = attachment.format == .anonCredsRequest ? .anonCredsCredential : .indyCredential
        let message = FormattedMessage.make(
            .credentialIssue, version: read.version,
            attachments: [FormattedAttachment(format: format, content: try JSONParser().parse(credential.jsonData()))],
            thread: ThreadDecorator(threadID: read.message.threadID), body: ["~please_ack": ["on": ["OUTCOME"]]])
        return (try Self.wire(message), request)
    }

    /// A proof request for the name and `age >= 18` from this issuer's definition.
    func proofRequest(_ version: AriesProtocolVersion, format: AttachmentFormat = .indyProofRequest) throws -> (DIDCommMessage, PresentationRequest) {
        let restriction: JSONValue = [["cred_def_id": .string(issuer.credentialDefinitionID)]]
        let request = PresentationRequest(
            nonce: .random(), name: "proof of age", version: "1.0",
            requestedAttributes: ["name_ref": .init(name: "name", restrictions: restriction)],
            requestedPredicates: ["age_ref": .init(name: "age", predicateType: ">=", value: 18, restrictions: restriction)])
        let message = FormattedMessage.make(
            .presentationRequest, version: version,
            attachments: [FormattedAttachment(format: format, content: try JSONParser().parse(request.jsonData()))])
        return (try Self.wire(message), request)
    }

    /// Verifies the holder's presentation; the ack on its thread.
    func verify(_ presentationMessage: DIDCommMessage, request: PresentationRequest) throws -> (DIDCommMessage, Presentation) {
        let read = try FormattedMessage(try Self.wire(presentationMessage), kind: .presentation)
        let attachment = try require(read.attachments.first)
        let presentation = try Presentation(jsonData: try attachment.json().serialized())
        try AnonCredsVerifier.verify(presentation, request: request, schemas: schemas, definitions: definitions)
        let ack = DIDCommMessage(
            type: read.version.presentProof.messageType("ack"), body: ["status": "OK"],
            thread: ThreadDecorator(threadID: read.message.threadID))
        return (try Self.wire(ack), presentation)
    }
}

/// `#require` for test helpers that are not tests themselves.
func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw AriesError.malformedMessage(reason: "test: missing \(what)") }
    return value
}
