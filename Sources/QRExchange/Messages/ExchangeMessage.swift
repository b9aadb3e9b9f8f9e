import JSONModel

/// What a scanned URL answered, routed on its `type`.
public enum ExchangeMessage: Sendable, Equatable {
    /// A `CredentialOffer`.
    case credentialOffer(QRCredentialOffer)
    /// A `VerifiablePresentationRequest`.
    case presentationRequest(VerifiablePresentationRequest)

    /// The limits a message is parsed under: small, since an offer or a request is a few
    /// kilobytes.
    public static let parserLimits = JSONParser.Limits(maximumSize: 1 << 20, maximumDepth: 64, maximumStringLength: 256 << 10, maximumMembers: 4_096)

    /// Routes `data` on its `type`: `CredentialOffer`, `VerifiablePresentationRequest`, or a
    /// request in the specification's form (no `type`, a `query`). Anything else is
    /// ``QRExchangeError/unsupportedMessageType(_:)``; JSON that is not an object,
    /// ``QRExchangeError/malformedMessage(_:)``.
    public init(data: some Collection<UInt8>) throws(QRExchangeError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Array(data), limits: Self.parserLimits)
        } catch {
            throw .malformedMessage("not JSON: \(error)")
        }
        guard let object = value.objectValue else { throw .malformedMessage("not a JSON object") }
        try self.init(json: object)
    }

    /// Routes a parsed message on its `type`.
    public init(json: JSONObject) throws(QRExchangeError) {
        switch json["type"] {
        case .string("CredentialOffer")?:
            self = .credentialOffer(try QRCredentialOffer(json: json))
        case .string("VerifiablePresentationRequest")?:
            self = .presentationRequest(try VerifiablePresentationRequest(json: json))
        case nil where json["query"] != nil:
            self = .presentationRequest(try VerifiablePresentationRequest(json: json))
        case .string(let other)?:
            throw .unsupportedMessageType(other)
        default:
            throw .unsupportedMessageType(nil)
        }
    }
}
