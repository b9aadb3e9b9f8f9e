import CBOR
import CryptoKeys
import DCQL
import Foundation
import HTTP
import Hummingbird
import JOSE
import JSONModel
import MDoc
import Multiformats
import OpenID4VP
import SDJWT
import Testing
import VellumTestSupport

@Suite("Responses: vp_token, direct_post and direct_post.jwt (§8)")
struct ResponseSubmissionTests {
    /// A verifier response endpoint at `/post`; its answer is the one a verifier gives
    /// after a good response: a `redirect_uri` with a response code.
    func verifier(_ body: (_ responseURI: String, _ inbox: FormInbox) async throws -> Void) async throws {
        let inbox = FormInbox()
        inbox.answer = (200, #"{"redirect_uri":"https://verifier.example/done#response_code=abc"}"#)
        let router = Router()
        inbox.route("post", in: router)
        try await LoopbackHTTPServer.run(router, label: "oid4vp-verifier") { port in
            try await body("http://127.0.0.1:\(port)/post", inbox)
        }
    }

    func resolve(_ parameters: [(String, String)]) async throws -> (OpenID4VPHolder, ResolvedAuthorizationRequest) {
        let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
        let parsed = try await holder.parseAuthorizationRequest(requestURI: requestLink(parameters), walletConfiguration: .testing())
        return (holder, try await holder.resolveAuthorizationRequest(parsed))
    }

    static func unsignedRequest(responseURI: String, query: String, mode: String = "direct_post", extra: [(String, String)] = []) -> [(String, String)] {
        [
            ("client_id", "redirect_uri:\(responseURI)"), ("response_type", "vp_token"), ("response_mode", mode),
            ("response_uri", responseURI), ("nonce", "n-0S6_WzA2Mj"), ("state", "st-1"), ("dcql_query", query),
        ] + extra
    }

    static let pidQuery = #"{"credentials":[{"id":"pid","format":"dc+sd-jwt","meta":{"vct_values":["urn:eudi:pid:1"]},"claims":[{"path":["given_name"]}]}]}"#
    static let mdlQuery = #"{"credentials":[{"id":"mdl","format":"mso_mdoc","meta":{"doctype_value":"org.iso.18013.5.1.mDL"},"claims":[{"path":["org.iso.18013.5.1","age_over_18"]}]}]}"#

    @Test func anSDJWTPresentationIsPostedAndVerifiesWithOnlyTheAskedClaims() async throws {
        let held = try await HeldCredentials()
        try await verifier { responseURI, inbox in
            let (holder, resolved) = try await resolve(Self.unsignedRequest(responseURI: responseURI, query: Self.pidQuery))
            let match = DCQLMatcher().match(resolved.dcqlQuery, against: held.presentable)
            let choice = try #require(match.proposedSelection()?.choices["pid"]?.first)
            #expect(choice.credentialID == "pid-1")
            let presentation = try await PresentationFactory(request: resolved.request).sdJWTPresentation(
                of: held.pid, disclosing: choice.selection.claims.map(\.path), forQuery: "pid", holderKey: try held.holderSigner)
            let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
                SelectedCredential(credentialQueryID: "pid", credentialID: "pid-1", presentation: presentation, format: "dc+sd-jwt"),
            ])
            let result = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response)
            #expect(result == .success(redirectURI: URL(string: "https://verifier.example/done#response_code=abc")))

            // The verifier's side: the vp_token keyed by query id, a KB-JWT for this audience
            // and nonce, and no claim beyond the one asked for.
            let form = try #require(inbox.received.first)
            #expect(form["state"] == "st-1")
            let token = try JSONValue(parsing: try #require(form["vp_token"]))
            let sent = try #require(token["pid"]?[0]?.stringValue)
            let verified = try SDJWTVerifier(keyBinding: .required(audience: "redirect_uri:\(responseURI)", nonce: "n-0S6_WzA2Mj"))
                .verify(SDJWTObject(parsing: sent), issuerKey: JWSVerificationKey(held.issuerKey.publicKey))
            #expect(verified.claims["given_name"] == "Erika")
            #expect(verified.claims["family_name"] == nil)
            #expect(verified.claims["birthdate"] == nil)
        }
    }

    @Test func anMdocPresentationIsEncryptedToTheVerifierAndBoundToItsKey() async throws {
        let held = try await HeldCredentials()
        let verifierKey = PrivateKey(curve: .p256)
        var jwk = JWK(publicKey: verifierKey.publicKey)
        jwk.kid = "verifier-enc-2"
        jwk.alg = "ECDH-ES"
        jwk.use = "enc"
        var signingOnly = JWK(publicKey: PrivateKey(curve: .p256).publicKey)
        signingOnly.kid = "verifier-sig"
        signingOnly.use = "sig"
        signingOnly.alg = "ECDH-ES"
        let metadata = JSONValue.object([
            "jwks": ["keys": [try JSONValue(parsing: signingOnly.jsonData()), try JSONValue(parsing: jwk.jsonData())]],
            "encrypted_response_enc_values_supported": ["A512GCM", "A256GCM"],
        ]).serializedString()
        try await verifier { responseURI, inbox in
            let (holder, resolved) = try await resolve(Self.unsignedRequest(
                responseURI: responseURI, query: Self.mdlQuery, mode: "direct_post.jwt", extra: [("client_metadata", metadata)]))
            let match = DCQLMatcher().match(resolved.dcqlQuery, against: held.presentable)
            let choice = try #require(match.proposedSelection()?.choices["mdl"]?.first)
            #expect(choice.selection.claims.map(\.value) == [true])
            let presentation = try await PresentationFactory(request: resolved.request).mdocPresentation(
                of: held.mdl, elements: [HeldCredentials.nameSpace: ["age_over_18"]], deviceKey: try held.holderSigner)
            let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
                SelectedCredential(credentialQueryID: "mdl", credentialID: "mdl-1", presentation: presentation, format: "mso_mdoc"),
            ])
            _ = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response)

            // The verifier decrypts with its key (the one with use=enc, kid copied, its
            // preferred supported enc), then checks the DeviceResponse against the OpenID4VP
            // handover that includes the thumbprint of that key.
            let form = try #require(inbox.received.first)
            #expect(form["vp_token"] == nil)
            let decrypted = try JWE.decryptCompact(try #require(form["response"]), key: .privateKey(verifierKey))
            #expect(decrypted.header.keyID == "verifier-enc-2")
            #expect(decrypted.header.encryption == "A256GCM")
            let payload = try JSONValue(parsing: decrypted.plaintext)
            #expect(payload["state"] == "st-1")
            let encoded = try #require(payload["vp_token"]?["mdl"]?[0]?.stringValue)
            let deviceResponse = try DeviceResponse(decoding: Base64URL.decode(encoded))
            let transcript = SessionTranscript.openID4VP(
                clientID: "redirect_uri:\(responseURI)", nonce: "n-0S6_WzA2Mj", jwkThumbprint: try jwk.thumbprint(), responseURI: responseURI)
            let reports = await DeviceResponseVerifier(issuerValidator: IssuerSignedValidator(trustAnchors: held.mdlAnchors, chainPolicies: []))
                .verify(deviceResponse, sessionTranscript: transcript)
            #expect(reports.first?.isValid == true, "\(String(describing: reports.first?.firstFailure))")
            #expect(deviceResponse.documents.first?.issuerSigned.nameSpaces[HeldCredentials.nameSpace]?.map(\.item.elementIdentifier) == ["age_over_18"])
            // Bound to this request: another nonce does not verify.
            let otherTranscript = SessionTranscript.openID4VP(
                clientID: "redirect_uri:\(responseURI)", nonce: "other", jwkThumbprint: try jwk.thumbprint(), responseURI: responseURI)
            let replayed = await DeviceResponseVerifier(issuerValidator: IssuerSignedValidator(trustAnchors: held.mdlAnchors, chainPolicies: []))
                .verify(deviceResponse, sessionTranscript: otherTranscript)
            #expect(replayed.first?.isValid == false)
        }
    }

    @Test func transactionDataIsHashedIntoTheKeyBinding() async throws {
        let held = try await HeldCredentials()
        let entry = Base64URL.encode(Data(#"{"type":"payment","credential_ids":["pid"],"amount":"42 EUR"}"#.utf8))
        let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
        let parsed = try await holder.parseAuthorizationRequest(
            requestURI: requestLink(Self.unsignedRequest(
                responseURI: "https://verifier.example/post", query: Self.pidQuery, extra: [("transaction_data", #"[""# + entry + #""]"#)])),
            walletConfiguration: .testing { $0.supportedTransactionDataTypes = ["payment"] })
        let resolved = try await holder.resolveAuthorizationRequest(parsed)
        let presentation = try await PresentationFactory(request: resolved.request).sdJWTPresentation(
            of: held.pid, disclosing: [try ClaimPath([.key("given_name")])], forQuery: "pid", holderKey: try held.holderSigner)
        #expect(try Self.verify(presentation, of: held, transactionData: [entry]).keyBinding != nil)
        let other = Base64URL.encode(Data(#"{"type":"payment","credential_ids":["pid"],"amount":"9000 EUR"}"#.utf8))
        #expect(throws: SDJWTError.self) { try Self.verify(presentation, of: held, transactionData: [other]) }
    }

    /// The verifier's check of a presentation for the unsigned test request: key binding to
    /// its audience and nonce, and to exactly `transactionData`.
    static func verify(_ presentation: String, of held: HeldCredentials, transactionData: [String]) throws -> VerifiedSDJWT {
        var policy = KeyBindingPolicy.required(audience: "redirect_uri:https://verifier.example/post", nonce: "n-0S6_WzA2Mj")
        policy.transactionData = transactionData
        return try SDJWTVerifier(keyBinding: policy)
            .verify(SDJWTObject(parsing: presentation), issuerKey: JWSVerificationKey(held.issuerKey.publicKey))
    }

    /// Appendix B.3.3.1: the KB-JWT's hash must be one the entry's
    /// `transaction_data_hashes_alg` names.
    @Test func theTransactionDataHashIsOneTheRequestAccepts() async throws {
        let held = try await HeldCredentials()
        let entry = Base64URL.encode(Data(
            #"{"type":"payment","credential_ids":["pid"],"transaction_data_hashes_alg":["sha-384","sha-256"]}"#.utf8))
        let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
        let configuration = WalletConfiguration.testing { $0.supportedTransactionDataTypes = ["payment"] }
        func parse(_ entries: [String], query: String = Self.pidQuery) async throws -> ParsedAuthorizationRequest {
            let list = "[" + entries.map { #"""# + $0 + #"""# }.joined(separator: ",") + "]"
            return try await holder.parseAuthorizationRequest(
                requestURI: requestLink(Self.unsignedRequest(
                    responseURI: "https://verifier.example/post", query: query, extra: [("transaction_data", list)])),
                walletConfiguration: configuration)
        }
        let resolved = try await holder.resolveAuthorizationRequest(try await parse([entry]))
        let presentation = try await PresentationFactory(request: resolved.request).sdJWTPresentation(
            of: held.pid, disclosing: [try ClaimPath([.key("given_name")])], forQuery: "pid", holderKey: try held.holderSigner)
        let verified = try Self.verify(presentation, of: held, transactionData: [entry])
        #expect(verified.keyBinding?.claims["transaction_data_hashes_alg"] == "sha-384")

        // No hash both entries accept, a hash the wallet cannot make, an mdoc query: refused.
        let sha512Only = Base64URL.encode(Data(
            #"{"type":"payment","credential_ids":["pid"],"transaction_data_hashes_alg":["sha-512"]}"#.utf8))
        let md5 = Base64URL.encode(Data(#"{"type":"payment","credential_ids":["pid"],"transaction_data_hashes_alg":["md5"]}"#.utf8))
        let forMdoc = Base64URL.encode(Data(#"{"type":"payment","credential_ids":["mdl"]}"#.utf8))
        for (entries, query) in [([entry, sha512Only], Self.pidQuery), ([md5], Self.pidQuery), ([forMdoc], Self.mdlQuery)] {
            await #expect {
                _ = try await parse(entries, query: query)
            } throws: { error in
                guard case .unsupportedTransactionData? = error as? OpenID4VPError else { return false }
                return (error as? OpenID4VPError)?.oauthError == "invalid_transaction_data"
            }
        }
    }

    /// Appendix B.3: only a query that does not require holder binding may be answered
    /// without a KB-JWT.
    @Test func aPresentationWithoutKeyBindingIsRefusedWhereBindingIsRequired() async throws {
        let held = try await HeldCredentials()
        let (_, resolved) = try await resolve(Self.unsignedRequest(responseURI: "https://verifier.example/post", query: Self.pidQuery))
        #expect(throws: OpenID4VPError.presentationFailed("credential query pid requires holder binding")) {
            _ = try PresentationFactory(request: resolved.request).sdJWTPresentationWithoutKeyBinding(
                of: held.pid, disclosing: [try ClaimPath([.key("given_name")])], forQuery: "pid")
        }
        let unboundQuery = Self.pidQuery.replacingOccurrences(of: #""format":"dc+sd-jwt","#, with: #""format":"dc+sd-jwt","require_cryptographic_holder_binding":false,"#)
        let (_, lenient) = try await resolve(Self.unsignedRequest(responseURI: "https://verifier.example/post", query: unboundQuery))
        let presentation = try PresentationFactory(request: lenient.request).sdJWTPresentationWithoutKeyBinding(
            of: held.pid, disclosing: [try ClaimPath([.key("given_name")])], forQuery: "pid")
        #expect(presentation.hasSuffix("~"))
    }

    @Test func aDeclinedRequestSendsAccessDeniedWithTheState() async throws {
        try await verifier { responseURI, inbox in
            let (holder, resolved) = try await resolve(Self.unsignedRequest(responseURI: responseURI, query: Self.pidQuery))
            let result = try await holder.submitAuthorizationResponse(
                resolvedRequest: resolved, response: holder.createErrorResponse(request: resolved, description: "the user declined"))
            #expect(result == .success(redirectURI: URL(string: "https://verifier.example/done#response_code=abc")))
            #expect(inbox.received.first == ["error": "access_denied", "error_description": "the user declined", "state": "st-1"])
        }
    }

    @Test func theVerifiersErrorAnswerIsReported() async throws {
        try await verifier { responseURI, inbox in
            inbox.answer = (400, #"{"error":"invalid_request","error_description":"nonce mismatch"}"#)
            let (holder, resolved) = try await resolve(Self.unsignedRequest(responseURI: responseURI, query: Self.pidQuery))
            let result = try await holder.submitAuthorizationResponse(
                resolvedRequest: resolved, response: holder.createErrorResponse(request: resolved))
            #expect(result == .error(error: "invalid_request", description: "nonce mismatch"))
        }
    }

    /// §5.9.3: a `redirect_uri:` Verifier may leave `response_uri` out of a `direct_post`
    /// request; the response goes to its client identifier.
    @Test func aRedirectURIClientWithoutResponseURIIsAnsweredAtItsIdentifier() async throws {
        try await verifier { responseURI, inbox in
            let parameters = Self.unsignedRequest(responseURI: responseURI, query: Self.pidQuery).filter { $0.0 != "response_uri" }
            let (holder, resolved) = try await resolve(parameters)
            #expect(resolved.request.responseURI == URL(string: responseURI))
            let result = try await holder.submitAuthorizationResponse(
                resolvedRequest: resolved, response: holder.createErrorResponse(request: resolved))
            #expect(result == .success(redirectURI: URL(string: "https://verifier.example/done#response_code=abc")))
            #expect(inbox.received.first?["error"] == "access_denied")
        }
    }

    /// §14.3.1: the response must not leak through a redirect. A 307 asks the client to POST
    /// the same body again to the new location, which would carry the vp_token to a host
    /// the wallet never checked; the wallet's client follows redirects for other requests.
    @Test func aRedirectFromTheResponseEndpointIsAnErrorAndNothingIsResent() async throws {
        let elsewhere = FormInbox()
        let router = Router()
        router.post("post") { _, _ -> Response in
            Response(status: .temporaryRedirect, headers: [.location: "/elsewhere"])
        }
        elsewhere.route("elsewhere", in: router)
        try await LoopbackHTTPServer.run(router, label: "oid4vp-redirecting-verifier") { port in
            let responseURI = "http://127.0.0.1:\(port)/post"
            let (holder, resolved) = try await resolve(Self.unsignedRequest(responseURI: responseURI, query: Self.pidQuery))
            let response = holder.createErrorResponse(request: resolved, description: "the user declined")
            await #expect {
                _ = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response)
            } throws: { error in
                guard case .unexpectedResponse(let reason)? = error as? OpenID4VPError else { return false }
                return reason.contains("redirect")
            }
            #expect(elsewhere.received.isEmpty)
        }
    }

    @Test func selectionsThatDoNotAnswerTheQueryAreRefused() async throws {
        let (holder, resolved) = try await resolve(Self.unsignedRequest(responseURI: "https://verifier.example/post", query: Self.pidQuery))
        #expect(throws: OpenID4VPError.self) {
            try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [])
        }
        #expect(throws: OpenID4VPError.self) {
            try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
                SelectedCredential(credentialQueryID: "pid", credentialID: "a", presentation: "x", format: "mso_mdoc"),
            ])
        }
        #expect(throws: OpenID4VPError.self) {
            try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
                SelectedCredential(credentialQueryID: "pid", credentialID: "a", presentation: "x", format: "dc+sd-jwt"),
                SelectedCredential(credentialQueryID: "pid", credentialID: "b", presentation: "y", format: "dc+sd-jwt"),
            ])
        }
    }

    @Test func redirectModesReturnTheURIToOpen() async throws {
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let parsed = try await holder.parseAuthorizationRequest(
            requestURI: requestLink([
                ("client_id", "redirect_uri:https://verifier.example/cb"), ("response_type", "vp_token"),
                ("redirect_uri", "https://verifier.example/cb"), ("nonce", "n-1"), ("state", "s-1"), ("dcql_query", Self.pidQuery),
            ]),
            walletConfiguration: .testing())
        let resolved = try await holder.resolveAuthorizationRequest(parsed)
        let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
            SelectedCredential(credentialQueryID: "pid", credentialID: "a", presentation: "eyJ.x.y~", format: "dc+sd-jwt"),
        ])
        guard case let .redirect(uri) = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response) else {
            Issue.record("a fragment-mode response is a redirect")
            return
        }
        #expect(uri.absoluteString.hasPrefix("https://verifier.example/cb#"))
        let fields = Dictionary(FormURLEncoding.decode(try #require(uri.fragment(percentEncoded: true))), uniquingKeysWith: { a, _ in a })
        #expect(fields["state"] == "s-1")
        #expect(try JSONValue(parsing: try #require(fields["vp_token"]))["pid"] == ["eyJ.x.y~"])
    }
}
