import Foundation
import HTTP
import JSONModel

/// The Aries issuer and verifier in Python (`Tests/Peers/aries_agent.py`, on anoncreds-rs and
/// PyNaCl, written from the RFCs and not from ACA-Py) on loopback for the length of a test:
/// each invitation it makes opens one exchange (an offer or a proof request), after DID
/// exchange or connectionless, optionally misbehaving; its admin API shows how each ended.
public struct AriesAgentPeer: Sendable {
    /// The running server.
    public let server: PythonServerPeer

    /// The protocol an invitation starts.
    public enum ExchangeProtocol: String, Sendable, CaseIterable {
        case issueV1 = "issue-v1", issueV2 = "issue-v2", presentV1 = "present-v1", presentV2 = "present-v2"
    }

    /// The attachment family of a 2.0 exchange: `hlindy/…@v2.0` or `anoncreds/…@v1.0`.
    public enum Family: String, Sendable, CaseIterable {
        case indy, anoncreds
    }

    /// How a connection is made: DID exchange 1.0 from an out-of-band invitation (`?oob=`),
    /// Connections 1.0 from the older `?c_i=` invitation, or Connections 1.0 offered by an
    /// out-of-band invitation's `handshake_protocols`.
    public enum Handshake: String, Sendable, CaseIterable {
        case didExchange = "didexchange", connections
        case connectionsOutOfBand = "connections-oob"
    }

    /// A way the agent departs from the protocol, for a holder's refusal to be tested.
    public enum Misbehaviour: String, Sendable, CaseIterable {
        /// The offer's key correctness proof has its challenge changed.
        case badKeyCorrectnessProof = "bad-key-proof"
        /// The credential's raw `name` differs from the value signed.
        case tamperedValue = "tampered-value"
        /// The credential's signature (`a`) is changed.
        case tamperedSignature = "tampered-signature"
        /// The credential names another credential definition than the offer.
        case otherCredentialDefinition = "other-cred-def"
        /// The proof request reuses the nonce of the agent's previous proof request.
        case replayedNonce = "replay-nonce"
        /// One bit of the exchange's first envelope's ciphertext is flipped.
        case flippedBit = "flip-bit"
        /// The Connections 1.0 response's `connection~sig` is made by another key than the
        /// invitation key (and names that key as its `signer`).
        case connectionSignedByAnotherKey = "conn-other-signer"
        /// The Connections 1.0 response's `sig_data` has the DIDDoc's endpoint changed after
        /// signing (the signature and signer kept).
        case connectionSigDataTampered = "conn-tampered-sig-data"
        /// The Connections 1.0 response, correctly signed, is on another thread than the request.
        case connectionResponseOffThread = "conn-other-thread"
    }

    /// What `POST /admin/invitations` answers.
    public struct Invitation: Sendable {
        /// The `?oob=` link (`?c_i=` for ``Handshake/connections``).
        public var url: String
        /// The exchange's id: the `@id` of its first message, the thread's id.
        public var exchangeID: String
        /// For a connectionless exchange, the older link form: the message itself in `?d_m=`.
        public var messageURL: String?
    }

    private static let client = NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30)))

    /// Runs `body` with a started agent, stopping it afterwards.
    public static func with<T>(_ body: (AriesAgentPeer) async throws -> T) async throws -> T {
        try await PythonServerPeer.with("aries_agent.py") { server in try await body(AriesAgentPeer(server: server)) }
    }

    /// Files an offer carries: attribute values over the defaults, the preview's `mime-type`
    /// for some (their values are then files, base64, and signed), and the offer's own `~attach`.
    public struct OfferFiles: Sendable {
        public var values: [String: String]
        public var mimeTypes: [String: String]
        public var attachments: [(filename: String, mimeType: String, data: Data)]

        public init(values: [String: String] = [:], mimeTypes: [String: String] = [:], attachments: [(filename: String, mimeType: String, data: Data)] = []) {
            self.values = values
            self.mimeTypes = mimeTypes
            self.attachments = attachments
        }
    }

    /// A new invitation.
    public func invite(
        _ exchangeProtocol: ExchangeProtocol, family: Family = .indy, connectionless: Bool = false,
        handshake: Handshake = .didExchange, legacyPrefix: Bool = false, misbehaviour: Misbehaviour? = nil,
        files: OfferFiles = OfferFiles()
    ) async throws -> Invitation {
        let options: JSONValue = [
            "protocol": .string(exchangeProtocol.rawValue), "format": .string(family.rawValue),
            "connectionless": .bool(connectionless), "handshake": .string(handshake.rawValue), "legacy_prefix": .bool(legacyPrefix),
            "misbehave": misbehaviour.map { JSONValue.string($0.rawValue) } ?? JSONValue.null,
            "values": .object(JSONObject(files.values.map { ($0.key, JSONValue.string($0.value)) })),
            "mime_types": .object(JSONObject(files.mimeTypes.map { ($0.key, JSONValue.string($0.value)) })),
            "attachments": .array(files.attachments.map { ["filename": .string($0.filename), "mime-type": .string($0.mimeType), "base64": .string($0.data.base64EncodedString())] }),
        ]
        let response = try await Self.client.postJSON(server.baseURL.appendingPathComponent("admin/invitations"), json: options.serialized())
        let answer = try JSONParser().parse(response.body)
        guard response.isSuccess, let url = answer["invitation_url"]?.stringValue, let id = answer["exchange_id"]?.stringValue else {
            throw PythonServerPeer.Failure(description: "the agent refused the invitation: \(String(decoding: response.body, as: UTF8.self))")
        }
        return Invitation(url: url, exchangeID: id, messageURL: answer["message_url"]?.stringValue)
    }

    /// `GET /admin/<view>`: `exchanges`, `connections` or `problem-reports`, as JSON.
    public func admin(_ view: String) async throws -> JSONValue {
        try JSONParser().parse(try await Self.client.get(server.baseURL.appendingPathComponent("admin/\(view)")).body)
    }

    /// The exchange `id` as the admin API shows it (`state`, `problem_reports`, `verified` …).
    public func exchange(_ id: String) async throws -> JSONValue? {
        try await admin("exchanges").arrayValue?.first { $0["id"]?.stringValue == id }
    }
}
