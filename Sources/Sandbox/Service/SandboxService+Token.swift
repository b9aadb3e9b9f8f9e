import Crypto
import Foundation
import JSONModel
import Multiformats

/// The token endpoint (RFC 6749 §3.2, OpenID4VCI §6): pre-authorized codes with transaction
/// codes, authorization codes with PKCE, DPoP-bound tokens.
extension SandboxService {
    /// Wrong transaction codes tolerated before the pre-authorized code is burnt (§13.6).
    static let maximumTransactionCodeAttempts = 5
    static let preAuthorizedGrantType = "urn:ietf:params:oauth:grant-type:pre-authorized_code"

    /// `POST /token`.
    func token(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        guard request.mediaType == "application/x-www-form-urlencoded" else {
            return .error("invalid_request", "the token request must be application/x-www-form-urlencoded")
        }
        let form = request.formParameters
        if let repeated = form.repeatedNames.first { return .error("invalid_request", "\(repeated) is repeated") }
        let thumbprint: String?
        do {
            thumbprint = try checkDPoP(request, path: "/token", accessToken: nil)
        } catch {
            return tokenEndpointDPoPError(error)
        }
        if configuration.mustUseDPoP, thumbprint == nil {
            return tokenEndpointDPoPError(.invalid("this server requires a DPoP proof"))
        }
        switch form["grant_type"] {
        case .some(Self.preAuthorizedGrantType): return preAuthorizedToken(form, thumbprint: thumbprint)
        case "authorization_code"?: return authorizationCodeToken(form, thumbprint: thumbprint)
        case nil: return .error("invalid_request", "grant_type is missing")
        case let other?: return .error("unsupported_grant_type", "\(other) is not supported")
        }
    }

    private func preAuthorizedToken(_ form: FormParameters, thumbprint: String?) -> SandboxHTTPResponse {
        guard let code = form["pre-authorized_code"] else { return .error("invalid_request", "pre-authorized_code is missing") }
        guard let id = offers.values.first(where: { $0.preAuthorizedCode == code && !$0.redeemed })?.id, var offer = offers[id] else {
            return .error("invalid_grant", "unknown or used pre-authorized_code")
        }
        let sent = form["tx_code"]
        switch (offer.transactionCode, sent) {
        case (nil, nil): break
        case (nil, _?): return .error("invalid_request", "this offer has no tx_code")
        case (_?, nil): return .error("invalid_request", "tx_code is missing")
        case let (expected?, sent?):
            guard Self.constantTimeEquals(expected, sent) else {
                offer.failedTransactionCodeAttempts += 1
                if offer.failedTransactionCodeAttempts >= Self.maximumTransactionCodeAttempts { offer.redeemed = true }
                offers[id] = offer
                return .error("invalid_grant", "wrong tx_code")
            }
        }
        let kinds: [SandboxCredentialKind], usedDetails: Bool
        do {
            (kinds, usedDetails) = try Self.tokenKinds(
                granted: offer.kinds, usedDetails: false, form, notGranted: "a requested credential is not in the offer")
        } catch {
            return .error("invalid_authorization_details", error.reason)
        }
        offer.redeemed = true
        offers[id] = offer
        return issueAccessToken(kinds: kinds, usedDetails: usedDetails, thumbprint: thumbprint, clientID: form["client_id"])
    }

    private func authorizationCodeToken(_ form: FormParameters, thumbprint: String?) -> SandboxHTTPResponse {
        guard let code = form["code"], let redirectURI = form["redirect_uri"], let verifier = form["code_verifier"] else {
            return .error("invalid_request", "code, redirect_uri and code_verifier are required")
        }
        // A code is single use: it is gone after the first attempt, right or wrong.
        guard let record = authorizationCodes.removeValue(forKey: code), record.expiresAt > now else {
            return .error("invalid_grant", "unknown, used or expired code")
        }
        guard form["client_id"] == record.clientID else { return .error("invalid_grant", "the code was issued to another client") }
        guard redirectURI == record.redirectURI else { return .error("invalid_grant", "redirect_uri does not match") }
        guard Self.isValidVerifier(verifier), Self.constantTimeEquals(Self.codeChallenge(verifier), record.codeChallenge) else {
            return .error("invalid_grant", "code_verifier does not match the code_challenge")
        }
        if let bound = record.dpopThumbprint, bound != thumbprint {
            return .error("invalid_dpop_proof", "the DPoP key is not the one the authorization request was bound to")
        }
        let kinds: [SandboxCredentialKind], usedDetails: Bool
        do {
            (kinds, usedDetails) = try Self.tokenKinds(
                granted: record.kinds, usedDetails: record.usedAuthorizationDetails, form,
                notGranted: "a requested credential was not authorized")
        } catch {
            return .error("invalid_authorization_details", error.reason)
        }
        return issueAccessToken(kinds: kinds, usedDetails: usedDetails, thumbprint: thumbprint, clientID: record.clientID)
    }

    private func issueAccessToken(
        kinds: [SandboxCredentialKind], usedDetails: Bool, thumbprint: String?, clientID: String?
    ) -> SandboxHTTPResponse {
        let token = RandomToken.make()
        let returnsIdentifiers = usedDetails || configuration.alwaysReturnsCredentialIdentifiers
        var identifiers = [String: SandboxCredentialKind]()
        var details = [JSONValue]()
        if returnsIdentifiers {
            for kind in kinds {
                let identifier = "\(kind.rawValue)-\(RandomToken.make(6))"
                identifiers[identifier] = kind
                details.append(.object([
                    "type": "openid_credential",
                    "credential_configuration_id": .string(kind.configurationID),
                    "credential_identifiers": .array([.string(identifier)]),
                ]))
            }
        }
        accessGrants[token] = AccessGrant(
            kinds: kinds, credentialIdentifiers: identifiers, dpopThumbprint: thumbprint, clientID: clientID,
            expiresAt: now + configuration.accessTokenLifetime)
        var body: JSONObject = [
            "access_token": .string(token),
            "token_type": .string(thumbprint == nil ? "Bearer" : "DPoP"),
            "expires_in": .number(JSONNumber(Int(configuration.accessTokenLifetime))),
        ]
        if returnsIdentifiers { body["authorization_details"] = .array(details) }
        return .json(.object(body), headers: dpopNonceHeaders())
    }

    /// Reads `authorization_details` (RFC 9396): `openid_credential` entries naming known
    /// configurations; other types are refused, as this server knows no other.
    static func authorizationDetails(_ text: String) throws(AuthorizationDetailsError) -> [SandboxCredentialKind] {
        guard text.utf8.count <= 16 * 1024, let value = try? JSONValue(parsing: text), let entries = value.arrayValue,
              !entries.isEmpty, entries.count <= 16
        else {
            throw AuthorizationDetailsError(reason: "authorization_details is not a JSON array of objects")
        }
        var kinds = [SandboxCredentialKind]()
        for entry in entries {
            guard entry["type"]?.stringValue == "openid_credential" else {
                throw AuthorizationDetailsError(reason: "only type openid_credential is supported")
            }
            guard let id = entry["credential_configuration_id"]?.stringValue, let kind = SandboxCredentialKind(configurationID: id) else {
                throw AuthorizationDetailsError(reason: "unknown credential_configuration_id")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }

    /// Why `authorization_details` cannot be used: the `error_description` of an
    /// `invalid_authorization_details` error.
    struct AuthorizationDetailsError: Error {
        let reason: String
    }

    /// What an access token is for: the `granted` credentials, or those the token request's
    /// `authorization_details` narrows them to (then `usedDetails`, so the token response
    /// echoes them); asking for one that was not granted is refused with `notGranted`.
    private static func tokenKinds(
        granted: [SandboxCredentialKind], usedDetails: Bool, _ form: FormParameters, notGranted: String
    ) throws(AuthorizationDetailsError) -> ([SandboxCredentialKind], Bool) {
        guard let text = form["authorization_details"] else { return (granted, usedDetails) }
        let requested = try authorizationDetails(text)
        guard Set(requested).isSubset(of: Set(granted)) else { throw AuthorizationDetailsError(reason: notGranted) }
        return (requested, true)
    }

    /// The S256 code challenge of a verifier (RFC 7636 §4.2).
    static func codeChallenge(_ verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// 43 to 128 unreserved characters (RFC 7636 §4.1).
    static func isValidVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count)
            && verifier.unicodeScalars.allSatisfy { QueryEncoding.unreserved.contains($0) }
    }

    /// String comparison whose time does not depend on where the strings differ.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
