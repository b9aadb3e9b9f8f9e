import CryptoKeys
import DCQL
import Foundation
import HTTP
import JSONModel
import MDoc
import OpenID4VP
import SDJWT

extension CredentialWallet {
    /// Presents the chosen credentials to the verifier of `proposal`, disclosing exactly the
    /// claims the proposal showed for them, and logs what was disclosed and the outcome.
    ///
    /// Each presentation is made with the holder key of its credential: an SD-JWT VC with
    /// only the Disclosures of the asked claims and a KB-JWT (`aud` = client id, `nonce`),
    /// an mdoc as a DeviceResponse with only the asked elements, device-signed over the
    /// OpenID4VP session transcript. The response goes by the request's response mode
    /// (`direct_post`, `direct_post.jwt` encrypted to the verifier's key, …).
    ///
    /// - Parameter chosen: credential ids per credential query id; `nil` takes
    ///   ``PresentationProposal/proposedSelection``. A selection that does not answer the
    ///   query is refused before anything is sent.
    /// - Returns: the verifier's answer; ``PresentationResult/isAccepted`` only for HTTP 2xx.
    public func present(
        _ proposal: PresentationProposal, choosing chosen: [String: [String]]? = nil
    ) async throws(WalletError) -> PresentationResult {
        let selection: DCQLSelection
        if let chosen {
            do {
                selection = try proposal.matchResult.selection(choosing: chosen)
            } catch {
                throw .invalidSelection(error.description)
            }
        } else {
            guard let proposed = proposal.matchResult.proposedSelection() else { throw .unsatisfiable }
            selection = proposed
        }
        let resolved = proposal.resolvedRequest
        let factory = PresentationFactory(request: resolved.request, clock: configuration.clock)
        var selected: [SelectedCredential] = []
        var disclosed: [String: [PresentationProposal.Claim]] = [:]
        var presented: [String: [String]] = [:]
        for (queryID, choices) in selection.choices.sorted(by: { $0.key < $1.key }) {
            guard let query = resolved.dcqlQuery.credentialQuery(id: queryID) else { throw .invalidSelection("no query \(queryID)") }
            for choice in choices {
                let (presentation, isMDoc) = try await makePresentation(choice, queryID: queryID, factory: factory)
                let claims = choice.selection.claims.map { PresentationProposal.Claim(path: $0.path, value: $0.value, isMDoc: isMDoc) }
                selected.append(SelectedCredential(
                    credentialQueryID: queryID, credentialID: choice.credentialID, presentation: presentation, format: query.format,
                    disclosedClaims: Dictionary(
                        claims.map { ($0.displayPath, $0.value.stringValue ?? $0.value.serializedString()) },
                        uniquingKeysWith: { first, _ in first })))
                disclosed[queryID, default: []] += claims
                presented[queryID, default: []].append(choice.credentialID)
            }
        }
        let holder = OpenID4VPHolder(httpClient: httpClient)
        let credentialIDs = selected.map(\.credentialID)
        let claimPaths = selection.choices.keys.sorted().flatMap { disclosed[$0]?.map(\.displayPath) ?? [] }
        let submitted: SubmissionResult
        do throws(OpenID4VPError) {
            let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: selected)
            submitted = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response)
        } catch {
            // The presentations may have reached the verifier even though no answer came back.
            try await log(proposal, credentialIDs: credentialIDs, claims: claimPaths, outcome: "failed: \(error)")
            logger.info("presentation failed", metadata: ["verifier": "\(proposal.verifier.clientID)"])
            throw .request(error)
        }
        let outcome: PresentationResult.Outcome = switch submitted {
        case let .success(uri): .accepted(redirectURI: uri)
        case let .error(error, description): .rejected(error: error, description: description)
        case let .redirect(uri): .redirect(uri)
        case .digitalCredentialsAPI: .accepted(redirectURI: nil)
        }
        let result = PresentationResult(
            outcome: outcome, verifier: proposal.verifier, disclosedClaims: disclosed, presentedCredentials: presented)
        try await log(proposal, credentialIDs: credentialIDs, claims: claimPaths, outcome: result.summary)
        logger.info("presentation sent", metadata: [
            "verifier": "\(proposal.verifier.clientID)", "authenticated": "\(proposal.verifier.isAuthenticated)",
            "credentials": .array(credentialIDs.map { .string($0) }), "claims": .array(claimPaths.map { .string($0) }),
            "outcome": "\(LoggingHTTPClient.caseName(of: outcome))",
        ])
        return result
    }

    /// One presentation of a chosen credential, signed with its holder key.
    private func makePresentation(
        _ choice: PresentationChoice, queryID: String, factory: PresentationFactory
    ) async throws(WalletError) -> (String, isMDoc: Bool) {
        let id = choice.credentialID
        let stored = try await store.credential(id: id)
        let signer: SecureAreaSigner?
        if let keyID = stored.holderKeyID {
            signer = try await holderKeySigner(keyID: keyID)
        } else if formats.plugIn(for: stored.format).presentsWithoutHolderKey {
            // Presentable without key binding only where the query allows it (checked below).
            signer = nil
        } else {
            throw .credentialUnusable(id: id, reason: "it is bound to no holder key of this wallet")
        }
        let plugIn = formats.plugIn(for: stored.format)
        let presentation = try await plugIn.presentation(
            id: id, payload: stored.payload, disclosing: choice.selection.claims.map(\.path), queryID: queryID,
            holderKey: signer, factory: factory)
        return (presentation, plugIn.claimPathsAreNameSpaced)
    }
}
