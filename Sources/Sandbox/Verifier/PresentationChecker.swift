import CBOR
import CryptoKeys
import DCQL
import Foundation
import JOSE
import JSONModel
import MDoc
import Multiformats
import OpenID4VP
import SDJWT
import X509Trust

/// Checks an authorization response as a relying party must (OpenID4VP 1.0 §8.6): decrypt it
/// when it came as `direct_post.jwt`, match `state`, check that the `vp_token` answers the
/// query, then verify every presentation — the issuer's signature and chain, the holder
/// binding to this request's nonce and client identifier, and that it discloses what the
/// query asked for.
struct PresentationChecker: Sendable {
    /// Roots the verifier trusts for credential issuers (IACA, SD-JWT VC `x5c`).
    let issuerAnchors: TrustAnchorStore
    /// The checks of W3C presentations (`ldp_vc`), with the issuers they trust.
    let w3cPresentations: W3CPresentationCheck
    let clock: @Sendable () -> Date

    func check(form: [String: String], transaction: VerifierTransaction) async -> PresentationOutcome {
        let parameters: JSONObject
        switch responseParameters(form, transaction: transaction) {
        case let .success(value): parameters = value
        case let .failure(reason): return .rejected(reason.text)
        }
        guard parameters["state"]?.stringValue == transaction.state else { return .rejected("the state does not match the request") }
        if let error = parameters["error"]?.stringValue {
            return PresentationOutcome(
                status: .declined(error: error, description: parameters["error_description"]?.stringValue), presentations: [])
        }
        guard let token = Self.vpToken(parameters["vp_token"]) else { return .rejected("vp_token is missing or not an object of arrays") }
        do {
            try transaction.query.checkAnswer(presentationCounts: token.mapValues(\.count))
        } catch {
            return .rejected("the vp_token does not answer the query: \(error)")
        }
        var presented: [PresentationOutcome.Presented] = []
        for (queryID, presentations) in token.sorted(by: { $0.key < $1.key }) {
            guard let query = transaction.query.credentialQuery(id: queryID) else { return .rejected("unknown query \(queryID)") }
            for presentation in presentations {
                switch await verify(presentation, for: query, transaction: transaction) {
                case let .success(item): presented.append(item)
                case let .failure(reason): return .rejected("\(queryID): \(reason.text)")
                }
            }
        }
        return PresentationOutcome(status: .accepted, presentations: presented)
    }

    struct Failure: Error { let text: String }

    private func responseParameters(_ form: [String: String], transaction: VerifierTransaction) -> Result<JSONObject, Failure> {
        guard transaction.responseMode == .directPostJWT else {
            return .success(JSONObject(form.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
        }
        guard let jwe = form["response"] else { return .failure(Failure(text: "direct_post.jwt needs a response parameter")) }
        do {
            let decrypted = try JWE.decryptCompact(jwe, key: .privateKey(transaction.encryptionKey))
            guard decrypted.header.keyID == transaction.encryptionKeyID else {
                return .failure(Failure(text: "the response is not encrypted to the request's key"))
            }
            guard let object = try JSONValue(parsing: decrypted.plaintext).objectValue else {
                return .failure(Failure(text: "the decrypted response is not a JSON object"))
            }
            return .success(object)
        } catch {
            return .failure(Failure(text: "the response cannot be decrypted: \(error)"))
        }
    }

    /// `vp_token` as query id → presentations; it may arrive as JSON text (form) or JSON (JWT).
    /// `vp_token` as query id → presentations (strings, or JSON objects for `ldp_vc`); it may
    /// arrive as JSON text (form) or JSON (JWT).
    static func vpToken(_ value: JSONValue?) -> [String: [JSONValue]]? {
        var json = value
        if let text = value?.stringValue { json = try? JSONValue(parsing: text) }
        guard let object = json?.objectValue else { return nil }
        var token: [String: [JSONValue]] = [:]
        for (id, entry) in object {
            guard let array = entry.arrayValue, !array.isEmpty,
                  array.allSatisfy({ $0.stringValue != nil || $0.objectValue != nil })
            else { return nil }
            token[id] = array
        }
        return token
    }

    private func verify(
        _ presentation: JSONValue, for query: CredentialQuery, transaction: VerifierTransaction
    ) async -> Result<PresentationOutcome.Presented, Failure> {
        if query.format == CredentialFormatIdentifier.ldpVC {
            guard presentation.objectValue != nil else { return .failure(Failure(text: "an ldp_vc presentation must be a JSON object")) }
            return await verifyLDP(presentation, query: query, transaction: transaction)
        }
        guard let text = presentation.stringValue else { return .failure(Failure(text: "a \(query.format) presentation must be a string")) }
        switch query.format {
        case CredentialFormatIdentifier.sdJWTVC, CredentialFormatIdentifier.legacySDJWTVC:
            return await verifySDJWT(text, query: query, transaction: transaction)
        case CredentialFormatIdentifier.mdoc:
            return await verifyMdoc(text, query: query, transaction: transaction)
        case CredentialFormatIdentifier.jwtVCJSON:
            return await answer(
                w3cPresentations.verify(token: text, challenge: transaction.nonce, domain: transaction.clientID, requiredType: nil, now: clock()),
                query: query)
        default:
            return .failure(Failure(text: "the sandbox verifier does not check \(query.format)"))
        }
    }

    /// A W3C presentation with embedded proofs, bound to this request by its nonce (challenge)
    /// and client identifier (domain), holding a verified credential that answers the query.
    private func verifyLDP(
        _ presentation: JSONValue, query: CredentialQuery, transaction: VerifierTransaction
    ) async -> Result<PresentationOutcome.Presented, Failure> {
        await answer(
            w3cPresentations.verify(
                presentation, challenge: transaction.nonce, domain: transaction.clientID, requiredType: nil,
                requestedClaims: query.claims?.map(\.path) ?? [], now: clock()),
            query: query)
    }

    /// The first verified credential of a W3C presentation (an LD-proof VP or a VP-JWT) that
    /// answers the query, as the outcome shows it.
    private func answer(
        _ result: Result<W3CPresentationCheck.Verified, SandboxExchangeRefusal>, query: CredentialQuery
    ) async -> Result<PresentationOutcome.Presented, Failure> {
        let verified: W3CPresentationCheck.Verified
        switch result {
        case .success(let value): verified = value
        case .failure(let refusal): return .failure(Failure(text: refusal.reason))
        }
        for credential in verified.credentials {
            guard var claims = credential.json.objectValue else { continue }
            claims["proof"] = nil
            let types = credential.types + ((try? await credential.expandedTypes()) ?? [])
            let candidate = Disclosed(format: query.format, types: types, claims: .json(.object(claims)))
            guard DCQLMatcher().match(query, against: candidate) != nil else { continue }
            let type = credential.types.last { $0 != "VerifiableCredential" } ?? "VerifiableCredential"
            return .success(.init(queryID: query.id, format: query.format, type: type, claims: claims))
        }
        return .failure(Failure(text: "no verified credential of a trusted issuer answers the query"))
    }

    private func verifySDJWT(
        _ presentation: String, query: CredentialQuery, transaction: VerifierTransaction
    ) async -> Result<PresentationOutcome.Presented, Failure> {
        // A query that does not require holder binding accepts an SD-JWT without a KB-JWT
        // (OpenID4VP Appendix B.3); one that is presented is still checked in full, and a
        // credential with `cnf` still needs one.
        var keyBinding = KeyBindingPolicy.required(audience: transaction.clientID, nonce: transaction.nonce)
        if !query.requiresCryptographicHolderBinding { keyBinding.requirement = .optional }
        let verifier = SDJWTVCVerifier(sdJWT: SDJWTVerifier(keyBinding: keyBinding, clock: clock))
        let resolver = SDJWTVCIssuerKeyResolver(certificates: X5CIssuerKeyResolver(anchors: issuerAnchors, clock: clock))
        let verified: VerifiedSDJWTVC
        do {
            verified = try await verifier.verify(presentation, resolver: resolver)
        } catch {
            return .failure(Failure(text: "the SD-JWT VC does not verify: \(error)"))
        }
        let candidate = Disclosed(
            format: query.format, types: [verified.vct], claims: .json(.object(verified.claims)))
        guard DCQLMatcher().match(query, against: candidate) != nil else {
            return .failure(Failure(text: "the presentation does not disclose what the query asked for"))
        }
        return .success(.init(queryID: query.id, format: query.format, type: verified.vct, claims: verified.claims))
    }

    private func verifyMdoc(
        _ presentation: String, query: CredentialQuery, transaction: VerifierTransaction
    ) async -> Result<PresentationOutcome.Presented, Failure> {
        let response: DeviceResponse
        do {
            response = try DeviceResponse(decoding: Base64URL.decode(presentation))
        } catch {
            return .failure(Failure(text: "not a base64url DeviceResponse: \(error)"))
        }
        let thumbprint = transaction.responseMode == .directPostJWT ? try? transaction.encryptionJWK.thumbprint() : nil
        let transcript = SessionTranscript.openID4VP(
            clientID: transaction.clientID, nonce: transaction.nonce, jwkThumbprint: thumbprint,
            responseURI: transaction.responseURI.absoluteString)
        guard response.status == DeviceResponse.statusOK else {
            return .failure(Failure(text: "the DeviceResponse reports status \(response.status), not OK"))
        }
        let verifier = DeviceResponseVerifier(issuerValidator: IssuerSignedValidator(trustAnchors: issuerAnchors, clock: clock))
        let reports = await verifier.verify(response, sessionTranscript: transcript)
        guard reports.count == 1, let report = reports.first else {
            return .failure(Failure(text: "expected one document, got \(reports.count)"))
        }
        guard report.isValid, let document = report.verified else {
            return .failure(Failure(text: "the mdoc does not verify: \(report.firstFailure.map { "\($0)" } ?? "unknown")"))
        }
        let elements = document.issuerElements.mapValues { $0.mapValues(ElementValueJSON.value) }
        let candidate = Disclosed(format: query.format, types: [document.docType], claims: .mdoc(elements))
        guard DCQLMatcher().match(query, against: candidate) != nil else {
            return .failure(Failure(text: "the presentation does not disclose what the query asked for"))
        }
        let claims = JSONObject(elements.sorted { $0.key < $1.key }.map { namespace, values in
            (namespace, JSONValue.object(JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })))
        })
        return .success(.init(queryID: query.id, format: query.format, type: document.docType, claims: claims))
    }

    /// A received presentation, as the DCQL matcher sees it.
    struct Disclosed: PresentableCredential {
        let credentialID = "presented"
        let format: String
        let typeIdentifiers: [String]
        let claims: PresentableClaims
        var supportsCryptographicHolderBinding: Bool { true }

        init(format: String, types: [String], claims: PresentableClaims) {
            self.format = format
            self.typeIdentifiers = types
            self.claims = claims
        }
    }
}
