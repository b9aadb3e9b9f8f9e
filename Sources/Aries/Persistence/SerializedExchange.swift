import AnonCreds
import DIDComm
import Foundation
import JSONModel

/// An exchange the wallet keeps between messages as a versioned JSON string (the seed's
/// `serialize`/`deserialize`): `{"version": 1, …}`, every message kept as received and read
/// again, strictly, when the string is.
public protocol SerializedExchange: Codable, Sendable {}

extension SerializedExchange {
    /// The version this release writes and reads.
    public static var serializationVersion: Int { 1 }

    /// The exchange as a JSON string.
    public func serialized() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every member is a string, number, JSON value or AnonCreds object: encoding cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// Reads an exchange ``serialized()`` wrote (of version 1).
    public init(serialized: String) throws(AriesError) {
        let data = Data(serialized.utf8)
        do { _ = try MessageLimits.default.parserForSerialized.parse(data) } catch {
            throw .malformedState(reason: "not JSON within limits: \(error)")
        }
        do { self = try JSONDecoder().decode(Self.self, from: data) } catch let error as AriesError { throw error } catch {
            throw .malformedState(reason: "\(error)")
        }
    }
}

extension MessageLimits {
    /// A serialized exchange holds up to two messages and a credential: four times a message's limits.
    var parserForSerialized: JSONParser {
        JSONParser(limits: .init(maximumSize: maximumSize * 4, maximumDepth: maximumDepth + 8))
    }
}

/// The members both exchanges store, read with the checks a message gets on arrival.
enum StoredMessage {
    static func decode(_ value: JSONValue) throws -> DIDCommMessage {
        guard let object = value.objectValue else { throw AriesError.malformedState(reason: "a stored message is not an object") }
        do { return try DIDCommMessage(object: object) } catch { throw AriesError.malformedState(reason: error.description) }
    }

    static func checkVersion(_ version: Int) throws {
        guard version == 1 else { throw AriesError.malformedState(reason: "version \(version); this release reads version 1") }
    }
}

extension CredentialExchange: SerializedExchange {
    enum CodingKeys: String, CodingKey {
        case version, state, offer, thread, format, credential, problemReport = "problem_report", rejected
        case ackRequested = "ack_requested", requestMetadata = "request_metadata", requestDetail = "request_detail"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try StoredMessage.checkVersion(try container.decode(Int.self, forKey: .version))
        do { offer = try FormattedMessage(try StoredMessage.decode(try container.decode(JSONValue.self, forKey: .offer)), kind: .credentialOffer) } catch let error as AriesError {
            throw AriesError.malformedState(reason: "the stored offer: \(error)")
        }
        thread = try container.decode(ExchangeThread.self, forKey: .thread)
        state = try container.decode(State.self, forKey: .state)
        format = try container.decodeIfPresent(AttachmentFormat.self, forKey: .format)
        credential = try container.decodeIfPresent(IssuedCredential.self, forKey: .credential)
        problemReport = try container.decodeIfPresent(JSONValue.self, forKey: .problemReport).map(StoredMessage.decode)
        rejected = try container.decode(Bool.self, forKey: .rejected)
        ackRequested = try container.decode(Bool.self, forKey: .ackRequested)
        requestMetadata = try container.decodeIfPresent(CredentialRequestMetadata.self, forKey: .requestMetadata)
        requestDetail = try container.decodeIfPresent(JSONValue.self, forKey: .requestDetail)?.objectValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.serializationVersion, forKey: .version)
        try container.encode(JSONValue.object(offer.message.object), forKey: .offer)
        try container.encode(thread, forKey: .thread)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(format, forKey: .format)
        try container.encodeIfPresent(credential, forKey: .credential)
        try container.encodeIfPresent(problemReport.map { JSONValue.object($0.object) }, forKey: .problemReport)
        try container.encode(rejected, forKey: .rejected)
        try container.encode(ackRequested, forKey: .ackRequested)
        try container.encodeIfPresent(requestMetadata, forKey: .requestMetadata)
        try container.encodeIfPresent(requestDetail.map(JSONValue.object), forKey: .requestDetail)
    }
}

extension ProofExchange: SerializedExchange {
    enum CodingKeys: String, CodingKey {
        case version, state, request, thread, format, presentation, problemReport = "problem_report", rejected
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try StoredMessage.checkVersion(try container.decode(Int.self, forKey: .version))
        do { request = try FormattedMessage(try StoredMessage.decode(try container.decode(JSONValue.self, forKey: .request)), kind: .presentationRequest) } catch let error as AriesError {
            throw AriesError.malformedState(reason: "the stored request: \(error)")
        }
        thread = try container.decode(ExchangeThread.self, forKey: .thread)
        state = try container.decode(State.self, forKey: .state)
        format = try container.decodeIfPresent(AttachmentFormat.self, forKey: .format)
        presentation = try container.decodeIfPresent(JSONValue.self, forKey: .presentation)
        problemReport = try container.decodeIfPresent(JSONValue.self, forKey: .problemReport).map(StoredMessage.decode)
        rejected = try container.decode(Bool.self, forKey: .rejected)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.serializationVersion, forKey: .version)
        try container.encode(JSONValue.object(request.message.object), forKey: .request)
        try container.encode(thread, forKey: .thread)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(format, forKey: .format)
        try container.encodeIfPresent(presentation, forKey: .presentation)
        try container.encodeIfPresent(problemReport.map { JSONValue.object($0.object) }, forKey: .problemReport)
        try container.encode(rejected, forKey: .rejected)
    }
}
