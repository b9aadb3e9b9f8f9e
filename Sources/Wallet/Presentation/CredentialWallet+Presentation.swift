import DCQL
import Foundation
import JSONModel
import OpenID4VP
import X509Trust

extension CredentialWallet {
    /// Verification findings that keep a credential out of a proposal: it is expired or not
    /// yet valid, revoked or suspended, forged or damaged, or bound to a key the wallet does
    /// not hold. A verifier would (and should) refuse it, and presenting it would disclose
    /// claims for nothing.
    public static let presentationBlockingFailures: Set<VerificationFailure.Kind> = [
        .expired, .notYetValid, .statusRevoked, .statusSuspended, .invalidSignature, .holderKeyMismatch,
        .malformedCredential, .unverifiableFormat,
    ]

    /// Reads an OpenID4VP request link (`openid4vp://`, `haip-vp://`, `eudi-openid4vp://`,
    /// `https`), authenticates its verifier, and matches its DCQL query against the stored
    /// credentials, for the user to consent to. Nothing is sent to the verifier.
    ///
    /// The verifier's `x509_san_dns:`/`x509_hash:` chain must end at a certificate this wallet
    /// trusts for ``TrustPurpose/verifier`` (added to those of `walletConfiguration`, whose
    /// clock is replaced by the wallet's so request expiry and credential validity agree). Only
    /// credentials of a requested format and type are decrypted, and each is verified again
    /// now (signature, validity, status list); see ``presentationBlockingFailures`` for the
    /// findings that leave one out (listed in ``PresentationProposal/unavailable``). The
    /// other findings are shown as ``PresentationProposal/Candidate/warnings``.
    ///
    /// - Throws: ``WalletError/Presentation/request(_:)`` when the request is malformed, its
    ///   signature or client identifier does not verify, or its verifier is not trusted. Such
    ///   a request is never answered.
    public func preparePresentation(
        requestURI: String, walletConfiguration: WalletConfiguration = WalletConfiguration()
    ) async throws(WalletError) -> PresentationProposal {
        var configuration = walletConfiguration
        let anchors: TrustAnchorStore = try await trustAnchors(for: .verifier)
        for certificate in anchors.certificates { _ = configuration.verifierTrustAnchors.add(certificate) }
        configuration.clock = self.configuration.clock
        let holder = OpenID4VPHolder(httpClient: httpClient)
        let resolved: ResolvedAuthorizationRequest
        do throws(OpenID4VPError) {
            let parsed = try await holder.parseAuthorizationRequest(requestURI: requestURI, walletConfiguration: configuration)
            resolved = try await holder.resolveAuthorizationRequest(parsed)
        } catch {
            throw .request(error)
        }
        return try await proposal(for: resolved)
    }

    /// Matches an already resolved request against the stored credentials (for apps that
    /// drive ``OpenID4VPHolder`` themselves, for example over the Digital Credentials API).
    public func proposal(for resolved: ResolvedAuthorizationRequest) async throws(WalletError) -> PresentationProposal {
        let query = resolved.dcqlQuery
        let summaries: [CredentialSummary] = try await store.credentialSummaries()
        var adapters: [StoredPresentableCredential] = []
        var shown: [String: VerifiedCredential] = [:]
        var unavailable: [PresentationProposal.Unavailable] = []
        for summary in summaries where Self.mayAnswer(query, plugIn: formats.plugIn(for: summary.format), type: summary.listing.credentialType) {
            let credential: VerifiedCredential = try await self.credential(id: summary.id)
            let blocking = credential.verificationResult.failures.filter { Self.presentationBlockingFailures.contains($0.kind) }
            guard blocking.isEmpty else {
                unavailable.append(.init(credentialID: credential.id, credentialType: credential.credentialType, reasons: blocking))
                continue
            }
            guard let adapter = await formats.plugIn(for: credential.format).presentable(credential) else {
                unavailable.append(.init(
                    credentialID: credential.id, credentialType: credential.credentialType,
                    reasons: [VerificationFailure(.malformedCredential, "the stored credential cannot be presented")]))
                continue
            }
            adapters.append(adapter)
            shown[credential.id] = credential
        }
        let match = DCQLMatcher().match(query, against: adapters)
        let proposedIDs = Set(match.proposedSelection()?.choices.keys.map { $0 } ?? [])
        let byID = Dictionary(adapters.map { ($0.credentialID, $0) }, uniquingKeysWith: { first, _ in first })
        let requests = match.queries.map { queryMatch in
            PresentationProposal.Request(
                queryID: queryMatch.query.id, format: queryMatch.query.format, types: Self.types(of: queryMatch.query.meta),
                isProposed: proposedIDs.contains(queryMatch.query.id),
                candidates: queryMatch.candidates.compactMap { candidate -> PresentationProposal.Candidate? in
                    guard let adapter = byID[candidate.credentialID], let credential = shown[candidate.credentialID],
                          let selection = candidate.options.first
                    else { return nil }
                    return Self.candidate(credential, adapter: adapter, selection: selection)
                })
        }
        return PresentationProposal(
            verifier: PresentationProposal.Verifier(resolved.verifierInfo), requests: requests, unavailable: unavailable,
            resolvedRequest: resolved, matchResult: match)
    }

    /// Declines the request: sends `access_denied` (no `vp_token`) and logs the refusal.
    ///
    /// - Throws: ``WalletError/Presentation/request(_:)`` when the response cannot be delivered.
    @discardableResult
    public func decline(
        _ proposal: PresentationProposal, description: String? = "the holder declined the request"
    ) async throws(WalletError) -> PresentationResult {
        let holder = OpenID4VPHolder(httpClient: httpClient)
        let response = holder.createErrorResponse(request: proposal.resolvedRequest, error: "access_denied", description: description)
        let submitted: SubmissionResult
        do throws(OpenID4VPError) {
            submitted = try await holder.submitAuthorizationResponse(resolvedRequest: proposal.resolvedRequest, response: response)
        } catch {
            try await log(proposal, credentialIDs: [], claims: [], outcome: "declined; not delivered: \(error)")
            throw .request(error)
        }
        let outcome: PresentationResult.Outcome = switch submitted {
        case let .success(uri): .declined(redirectURI: uri)
        case let .redirect(uri): .redirect(uri)
        case let .error(error, description): .rejected(error: error, description: description)
        case .digitalCredentialsAPI: .declined(redirectURI: nil)
        }
        let result = PresentationResult(
            outcome: outcome, verifier: proposal.verifier, disclosedClaims: [:], presentedCredentials: [:])
        try await log(proposal, credentialIDs: [], claims: [], outcome: "declined")
        return result
    }

    /// Writes a presentation or refusal to the activity log.
    func log(
        _ proposal: PresentationProposal, credentialIDs: [String], claims: [String], outcome: String
    ) async throws(WalletError) {
        do {
            try await recordPresentation(
                credentialIDs: credentialIDs, verifier: proposal.verifier.clientID, verifierName: proposal.verifier.displayName,
                disclosedClaims: claims, outcome: outcome)
        } catch {
            throw error
        }
    }

    /// Whether a stored credential of `plugIn`'s format and of `type` could answer a query of
    /// `query` (read from the metadata, so other credentials are never decrypted).
    static func mayAnswer(_ query: DCQLQuery, plugIn: any CredentialFormatPlugIn, type: String?) -> Bool {
        query.credentials.contains { credentialQuery in
            guard plugIn.protocolIdentifiers.contains(credentialQuery.format) else { return false }
            // W3C type_values name IRIs, which the stored type (a term) is not: the matcher
            // decides those on the expanded types.
            if case .w3c = credentialQuery.meta { return true }
            let types = Self.types(of: credentialQuery.meta)
            guard let type, !types.isEmpty else { return true }
            return types.contains(type)
        }
    }

    /// The `vct_values` or `doctype_value` of a query's `meta`.
    static func types(of meta: CredentialQueryMeta) -> [String] {
        switch meta {
        case let .sdJWTVC(values): values
        case let .mdoc(docType): [docType]
        case let .w3c(alternatives): alternatives.flatMap { $0 }
        case .other: []
        }
    }

    /// The consent-screen view of one candidate.
    static func candidate(
        _ credential: VerifiedCredential, adapter: StoredPresentableCredential, selection: ClaimSelection
    ) -> PresentationProposal.Candidate {
        let isMDoc = credential.format == .mdoc
        let warnings = credential.verificationResult.failures
        return PresentationProposal.Candidate(
            credentialID: credential.id, credentialType: credential.credentialType, displayName: credential.branding?.name,
            issuerName: credential.issuerInfo.displayName ?? credential.issuerInfo.commonName,
            disclosedClaims: selection.claims.map { PresentationProposal.Claim(path: $0.path, value: $0.value, isMDoc: isMDoc) },
            alwaysDisclosed: adapter.alwaysDisclosed.map { PresentationProposal.displayPath($0, isMDoc: isMDoc) },
            warnings: warnings)
    }
}
