import DCQL
import Foundation
import HTTP
import JSONModel

extension OpenID4VPHolder {
    /// The largest answer accepted from a response endpoint.
    static let maximumResponseBytes = 64 * 1024

    /// The response for the presentations the user chose, checked against the query: known
    /// query ids, one presentation unless `multiple`, and every required credential set
    /// satisfied (OpenID4VP 1.0 §6.4.2, §8.1).
    public func createAuthorizationResponse(
        request: ResolvedAuthorizationRequest, selectedCredentials: [SelectedCredential]
    ) throws(OpenID4VPError) -> AuthorizationResponse {
        var token: [String: [JSONValue]] = [:]
        for selected in selectedCredentials {
            guard let query = request.dcqlQuery.credentialQuery(id: selected.credentialQueryID) else {
                throw .selectionDoesNotAnswerQuery("'\(selected.credentialQueryID)' is not a credential query of the request")
            }
            guard query.format == selected.format
                || Set([query.format, selected.format]) == [CredentialFormatIdentifier.sdJWTVC, CredentialFormatIdentifier.legacySDJWTVC]
            else {
                throw .selectionDoesNotAnswerQuery("'\(selected.credentialQueryID)' asks for \(query.format), not \(selected.format)")
            }
            token[selected.credentialQueryID, default: []].append(try Self.tokenValue(selected))
        }
        do {
            try request.dcqlQuery.checkAnswer(presentationCounts: token.mapValues(\.count))
        } catch {
            throw .selectionDoesNotAnswerQuery(error.description)
        }
        return AuthorizationResponse(content: .vpToken(token), state: request.request.state, selectedCredentials: selectedCredentials)
    }

    /// A presentation as the `vp_token` carries it: a W3C presentation with an embedded proof
    /// as the JSON object it is, every other format as its string.
    static func tokenValue(_ selected: SelectedCredential) throws(OpenID4VPError) -> JSONValue {
        guard selected.format == CredentialFormatIdentifier.ldpVC else { return .string(selected.presentation) }
        guard let object = try? JSONValue(parsing: Data(selected.presentation.utf8)), object.objectValue != nil else {
            throw .selectionDoesNotAnswerQuery("the \(selected.format) presentation for '\(selected.credentialQueryID)' is not a JSON object")
        }
        return object
    }

    /// An error response, for example `access_denied` when the user declines or no credential
    /// satisfies a required part of the query (§8.5).
    public func createErrorResponse(
        request: ResolvedAuthorizationRequest, error: String = "access_denied", description: String? = nil
    ) -> AuthorizationResponse {
        AuthorizationResponse(content: .error(code: error, description: description), state: request.request.state)
    }

    /// Delivers `response` by the request's response mode (or `responseMode`, when the wallet
    /// must use another mode the request allows).
    ///
    /// `direct_post` and `direct_post.jwt` POST the response to `response_uri` and read the
    /// verifier's JSON answer (its optional `redirect_uri`); redirect modes return the URI to
    /// open. The POST never follows an HTTP redirect, whatever the client's policy: a 307 or
    /// 308 would send the same credentials to a host nobody checked (§14.3.1). The redirect
    /// is an error instead.
    public func submitAuthorizationResponse(
        resolvedRequest: ResolvedAuthorizationRequest, response: AuthorizationResponse, responseMode: ResponseMode? = nil
    ) async throws(OpenID4VPError) -> SubmissionResult {
        let request = resolvedRequest.request
        let mode = responseMode ?? request.responseMode
        switch mode {
        case .dcAPI, .dcAPIJWT:
            guard request.channel.isDigitalCredentialsAPI else {
                throw .invalidRequest(parameter: "response_mode", reason: "\(mode.rawValue) needs a Digital Credentials API request")
            }
            switch response.content {
            case let .error(code, _):
                // Over the DC API an error is an object with `error` alone (Appendix A.4).
                return .digitalCredentialsAPI(data: ["error": .string(code)])
            case .vpToken:
                var data = response.parameters
                data["state"] = nil
                if mode == .dcAPIJWT {
                    data = ["response": .string(try ResponseEncryption(metadata: request.clientMetadata).encrypt(data))]
                }
                return .digitalCredentialsAPI(data: data)
            }
        case .directPost, .directPostJWT:
            guard let responseURI = request.responseURI else {
                throw .invalidRequest(parameter: "response_uri", reason: "is required for response_mode \(mode.rawValue)")
            }
            let form: [(String, String)]
            if mode == .directPostJWT {
                let encryption = try ResponseEncryption(metadata: request.clientMetadata)
                form = [("response", try encryption.encrypt(response.parameters))]
            } else {
                form = Self.formFields(response.parameters)
            }
            let answer: HTTPResponse
            do {
                answer = try await httpClient.postForm(
                    responseURI, form: form, headers: ["Accept": "application/json"], redirects: .never)
            } catch {
                throw .transport(error)
            }
            return try Self.submissionResult(answer)
        case .fragment, .query:
            guard let destination = request.redirectURI ?? URL(string: request.clientID.identifier),
                  var components = URLComponents(url: destination, resolvingAgainstBaseURL: false)
            else { throw .invalidRequest(parameter: "redirect_uri", reason: "is required for response_mode \(mode.rawValue)") }
            let encoded = FormURLEncoding.encode(Self.formFields(response.parameters))
            if mode == .fragment {
                components.percentEncodedFragment = encoded
            } else {
                components.percentEncodedQuery = [components.percentEncodedQuery, encoded].compactMap { $0 }.joined(separator: "&")
            }
            guard let uri = components.url else { throw .invalidRequest(parameter: "redirect_uri", reason: "cannot carry the response") }
            return .redirect(uri: uri)
        }
    }

    /// Response parameters as form fields: strings as they are, objects as JSON text.
    static func formFields(_ parameters: JSONObject) -> [(String, String)] {
        parameters.map { name, value in (name, value.stringValue ?? value.serializedString()) }
    }

    /// Reads the response endpoint's answer (§8.2): 200 with an optional `redirect_uri`, or an
    /// OAuth error object.
    static func submissionResult(_ answer: HTTPResponse) throws(OpenID4VPError) -> SubmissionResult {
        guard answer.body.count <= maximumResponseBytes else {
            throw .unexpectedResponse("the response endpoint's answer is larger than \(maximumResponseBytes) bytes")
        }
        let json = answer.body.isEmpty ? nil : try? JSONValue(parsing: answer.body)
        if answer.isSuccess {
            guard let redirect = json?["redirect_uri"] else { return .success(redirectURI: nil) }
            guard let text = redirect.stringValue, let url = URL(string: text), url.scheme != nil else {
                throw .unexpectedResponse("redirect_uri in the verifier's answer is not an absolute URI")
            }
            return .success(redirectURI: url)
        }
        if (300..<400).contains(answer.status) {
            throw .unexpectedResponse("the response endpoint answered with a redirect (HTTP \(answer.status))")
        }
        if let error = json?["error"]?.stringValue {
            return .error(error: error, description: json?["error_description"]?.stringValue)
        }
        throw .unexpectedResponse("HTTP \(answer.status) from the response endpoint")
    }
}
