import Foundation
import JSONModel

/// What a new offer should grant.
public enum SandboxGrant: Sendable, Hashable {
    /// The pre-authorized code flow; with a `txCode`, the token request must send it.
    case preAuthorized(txCode: String?)
    /// The authorization code flow; the offer carries an `issuer_state`.
    case authorizationCode
}

/// A credential offer the sandbox made, in every form a wallet or a person can take it.
public struct SandboxOffer: Sendable, Hashable {
    /// The sandbox's id for the offer (the last path segment of ``offerURI``).
    public let id: String
    /// What the offer is for.
    public let kinds: [SandboxCredentialKind]
    /// The offer JSON (`credential_issuer`, `credential_configuration_ids`, `grants`).
    public let json: JSONValue
    /// `openid-credential-offer://?credential_offer=…` (`haip-vci://` for a HAIP issuer): the
    /// offer by value.
    public let byValueLink: String
    /// `openid-credential-offer://?credential_offer_uri=…` (`haip-vci://` for a HAIP issuer):
    /// the offer by reference.
    public let byReferenceLink: String
    /// Where the offer is served (`credential_offer_uri`).
    public let offerURI: URL
    /// An HTML page showing the offer as a QR code and a link.
    public let pageURL: URL
    /// The pre-authorized code, for the pre-authorized flow.
    public let preAuthorizedCode: String?
    /// The transaction code the wallet's user must type, when one is required.
    public let txCode: String?
    /// The `issuer_state`, for the authorization code flow.
    public let issuerState: String?
}

/// Making offers and serving them.
extension SandboxService {
    /// Makes an offer for `kinds` under `grant`.
    func createOffer(kinds: [SandboxCredentialKind], grant: SandboxGrant) throws(SandboxError) -> SandboxOffer {
        guard !kinds.isEmpty, Set(kinds).count == kinds.count else {
            throw .invalidRequest("an offer needs at least one credential, each once")
        }
        let id = RandomToken.make(12)
        var grants = JSONObject()
        var preAuthorizedCode: String?
        var txCode: String?
        var issuerState: String?
        switch grant {
        case let .preAuthorized(code):
            if let code {
                guard !code.isEmpty, code.count <= 32, code.allSatisfy(\.isASCII) else {
                    throw .invalidRequest("a tx_code is 1 to 32 ASCII characters")
                }
            }
            let preAuthorized = RandomToken.make()
            var object: JSONObject = ["pre-authorized_code": .string(preAuthorized)]
            if let code {
                let numeric = code.allSatisfy(\.isNumber)
                object["tx_code"] = .object([
                    "input_mode": .string(numeric ? "numeric" : "text"),
                    "length": .number(JSONNumber(code.count)),
                    "description": "Enter the code shown on the sandbox offer page",
                ])
            }
            grants["urn:ietf:params:oauth:grant-type:pre-authorized_code"] = .object(object)
            preAuthorizedCode = preAuthorized
            txCode = code
        case .authorizationCode:
            let state = RandomToken.make(16)
            grants["authorization_code"] = .object(["issuer_state": .string(state)])
            issuerState = state
        }
        let json: JSONValue = .object([
            "credential_issuer": .string(issuer),
            "credential_configuration_ids": .array(kinds.map { .string($0.configurationID) }),
            "grants": .object(grants),
        ])
        offers[id] = OfferRecord(
            id: id, kinds: kinds, preAuthorizedCode: preAuthorizedCode, transactionCode: txCode,
            issuerState: issuerState, json: json)
        let offerURI = url("/offers/\(id)")
        let byValue = configuration.offerScheme + "://?" + QueryEncoding.query([("credential_offer", json.serializedString())])
        let byReference = configuration.offerScheme + "://?" + QueryEncoding.query([("credential_offer_uri", offerURI)])
        guard let offerURL = URL(string: offerURI), let page = URL(string: url("/offers/\(id)/page")) else {
            throw .invalidRequest("the issuer URL \(issuer) does not make offer URLs")
        }
        return SandboxOffer(
            id: id, kinds: kinds, json: json, byValueLink: byValue, byReferenceLink: byReference, offerURI: offerURL,
            pageURL: page, preAuthorizedCode: preAuthorizedCode, txCode: txCode, issuerState: issuerState)
    }

    /// `GET /offers/<id>`: the offer by reference (OpenID4VCI §4.1.3), `application/json`.
    func offerByReference(id: String) -> SandboxHTTPResponse {
        guard let offer = offers[id] else { return .error("not_found", "no offer \(id)", status: 404) }
        return .json(offer.json)
    }

    /// `POST /admin/offers` `{"credentials": ["mDL"|"pid"|config id…], "grant": "pre-authorized"|"authorization_code",
    /// "tx_code": "1234"}`: makes an offer and returns its links.
    func adminCreateOffer(_ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        let body = request.jsonObject ?? [:]
        var kinds = [SandboxCredentialKind]()
        for name in body["credentials"]?.arrayValue?.compactMap(\.stringValue) ?? ["pid", "mDL"] {
            guard let kind = SandboxCredentialKind(rawValue: name) ?? SandboxCredentialKind(configurationID: name) else {
                return .error("invalid_request", "unknown credential \(name)")
            }
            kinds.append(kind)
        }
        let grant: SandboxGrant =
            body["grant"]?.stringValue == "authorization_code"
            ? .authorizationCode : .preAuthorized(txCode: body["tx_code"]?.stringValue)
        do {
            let offer = try createOffer(kinds: kinds, grant: grant)
            var object: JSONObject = [
                "id": .string(offer.id),
                "credential_offer": offer.json,
                "by_value": .string(offer.byValueLink),
                "by_reference": .string(offer.byReferenceLink),
                "credential_offer_uri": .string(offer.offerURI.absoluteString),
                "page": .string(offer.pageURL.absoluteString),
            ]
            if let code = offer.txCode { object["tx_code"] = .string(code) }
            return .json(.object(object), status: 201)
        } catch {
            return .error("invalid_request", error.description)
        }
    }
}
