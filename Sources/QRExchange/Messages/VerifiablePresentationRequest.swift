import JSONModel

/// A Verifiable Presentation Request (W3C CCG VP Request): what a verifier asks a holder to
/// present, and the `challenge` and `domain` the presentation's proof must carry.
///
/// Credible's scanned URLs answer it with `"type": "VerifiablePresentationRequest"`; the
/// specification's own form and a VC-API exchange carry no `type`. Both read the same.
public struct VerifiablePresentationRequest: Sendable, Equatable {
    /// The message as received.
    public let json: JSONObject
    /// The queries, in order; each must be answered.
    public let queries: [PresentationQuery]
    /// The value the proof binds the presentation to, so it cannot be replayed.
    public let challenge: String?
    /// The verifier's domain the proof must name.
    public let domain: String?

    /// Reads a request; a `query` may be one object or an array of them.
    public init(json: JSONObject) throws(QRExchangeError) {
        let entries: [JSONValue]
        switch json["query"] {
        case .object?: entries = [json["query"]!]
        case .array(let items)?: entries = items
        default: throw .malformedMessage("a VerifiablePresentationRequest needs a query")
        }
        guard !entries.isEmpty, entries.count <= Self.maximumQueries else {
            throw .malformedMessage("a VerifiablePresentationRequest needs 1 to \(Self.maximumQueries) queries")
        }
        var queries: [PresentationQuery] = []
        for entry in entries {
            guard let object = entry.objectValue else { throw .malformedMessage("a query is not an object") }
            queries.append(try PresentationQuery(json: object))
        }
        for member in ["challenge", "domain"] where json[member] != nil && json[member]?.stringValue == nil {
            throw .malformedMessage("\(member) is not a string")
        }
        self.json = json
        self.queries = queries
        challenge = json["challenge"]?.stringValue
        domain = json["domain"]?.stringValue
    }

    /// The most queries one request may hold.
    public static let maximumQueries = 16

    /// The credential queries, from every `QueryByExample`.
    public var credentialQueries: [QueryByExample.CredentialQuery] {
        queries.flatMap { query -> [QueryByExample.CredentialQuery] in
            if case .queryByExample(let byExample) = query { return byExample.credentialQueries }
            return []
        }
    }

    /// Whether the request asks the holder to prove control of its DID.
    public var asksForDIDAuthentication: Bool {
        queries.contains { if case .didAuthentication = $0 { return true } else { return false } }
    }
}

/// One query of a ``VerifiablePresentationRequest``.
public enum PresentationQuery: Sendable, Equatable {
    /// Credentials like an example (`QueryByExample`).
    case queryByExample(QueryByExample)
    /// A proof of control of the holder's DID (`DIDAuthentication`; `DIDAuth` in the 2021
    /// drafts and Credible), with the DID methods and cryptosuites the verifier accepts.
    case didAuthentication(acceptedMethods: [String], acceptedCryptosuites: [String])

    /// Reads one query by its `type`; another type is ``QRExchangeError/unsupportedQuery(_:)``.
    public init(json: JSONObject) throws(QRExchangeError) {
        let type = json["type"]?.stringValue ?? ""
        switch type {
        case "QueryByExample":
            self = .queryByExample(try QueryByExample(json: json))
        case "DIDAuthentication", "DIDAuth":
            let methods = (json["acceptedMethods"]?.arrayValue ?? []).compactMap { $0["method"]?.stringValue }
            let suites = (json["acceptedCryptosuites"]?.arrayValue ?? []).compactMap { $0["cryptosuite"]?.stringValue }
            self = .didAuthentication(acceptedMethods: methods, acceptedCryptosuites: suites)
        default:
            throw .unsupportedQuery(type)
        }
    }
}

/// A `QueryByExample`: credentials whose `type` and `@context` include the example's, from
/// one of the trusted issuers when it names some.
public struct QueryByExample: Sendable, Equatable {
    /// The credential queries (`credentialQuery` is one object or an array).
    public let credentialQueries: [CredentialQuery]

    /// One `credentialQuery`.
    public struct CredentialQuery: Sendable, Equatable {
        /// The types every matching credential has (`example.type`).
        public let types: [String]
        /// The contexts every matching credential uses (`example.@context`, strings only).
        public let contexts: [String]
        /// The issuers accepted (`trustedIssuer[].issuer`); empty for any issuer.
        public let trustedIssuers: [String]
        /// Why the verifier asks, to show the holder.
        public let reason: String?
        /// Whether the verifier needs it (`required`, default true).
        public let isRequired: Bool
    }

    /// Reads a `QueryByExample` query.
    public init(json: JSONObject) throws(QRExchangeError) {
        let entries: [JSONValue]
        switch json["credentialQuery"] {
        case .object?: entries = [json["credentialQuery"]!]
        case .array(let items)?: entries = items
        default: throw .malformedMessage("a QueryByExample needs a credentialQuery")
        }
        guard !entries.isEmpty, entries.count <= VerifiablePresentationRequest.maximumQueries else {
            throw .malformedMessage("a QueryByExample needs 1 to \(VerifiablePresentationRequest.maximumQueries) credential queries")
        }
        var queries: [CredentialQuery] = []
        for entry in entries {
            guard let example = entry["example"]?.objectValue else { throw .malformedMessage("a credentialQuery needs an example") }
            let trusted = (entry["trustedIssuer"].map { $0.arrayValue ?? [$0] } ?? []).compactMap { JSONLDTerms.identifier($0["issuer"]) }
            queries.append(CredentialQuery(
                types: JSONLDTerms.strings(example["type"]), contexts: JSONLDTerms.strings(example["@context"]),
                trustedIssuers: trusted, reason: entry["reason"]?.stringValue,
                isRequired: entry["required"]?.boolValue ?? true))
        }
        credentialQueries = queries
    }
}
