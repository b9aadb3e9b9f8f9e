import CryptoKeys
import Foundation
import JOSE
import HTTP
import JSONModel
import Logging
import OpenID4VCI

extension CredentialWallet {
    /// Resolves an offer link (`openid-credential-offer://`, `haip-vci://`, an https link; by
    /// value or by `credential_offer_uri`) and fetches what it points to: the issuer metadata,
    /// bound to the offer's exact `credential_issuer`, and the authorization server for the
    /// grant. Nothing is stored; show the result to the user and ask before claiming.
    ///
    /// - Parameter profile: the rules the whole claim follows; `nil` takes the one the link
    ///   asks for (``IssuanceProfile/haip`` for `haip-vci://`, else ``IssuanceProfile/standard``).
    ///   An issuer that cannot meet it is refused here, before anything secret is sent.
    public func discoverCredentialOffer(
        _ offer: String, preferring grant: IssuanceSession.Grant? = nil, profile: IssuanceProfile? = nil
    ) async throws(OpenID4VCIError) -> DiscoveredCredentialOffer {
        let profile = profile ?? .suggested(forOfferLink: offer)
        let resolved = try await CredentialOfferResolver(httpClient: httpClient).offer(from: offer)
        let discovery = try await IssuanceSession(httpClient: httpClient, profile: profile).discover(resolved, preferring: grant)
        let discovered = DiscoveredCredentialOffer(discovery: discovery, profile: profile)
        logger.info("credential offer discovered", metadata: [
            "issuer": "\(LoggingHTTPClient.loggable(discovered.issuer))",
            "configurations": .array(discovered.credentials.map { .string($0.configurationID) }),
            "grant": "\(LoggingHTTPClient.caseName(of: discovered.grant))",
        ])
        return discovered
    }

    /// Claims every credential of a discovered offer: authorizes (the pre-authorized code with
    /// its transaction code, or the authorization code flow with PKCE, PAR when offered, and
    /// the browser step in `options`), requests each configuration bound to fresh holder keys
    /// (DPoP, nonce, key proofs, batch, deferred issuance and encryption as the issuer
    /// supports or requires), then validates and stores each one as
    /// ``addCredentials(_:)`` does, and tells the issuer's notification endpoint the outcome.
    ///
    /// With `trustingPublishedIACAs`, the IACA certificates at the issuer's
    /// `mdoc_iacas_uri` (on the issuer's own host) are trusted for issuers, but only those
    /// that anchor a credential stored here stay trusted; without it, a credential must chain
    /// to a certificate the wallet already trusts, or it is refused as
    /// ``WalletError/Retrieval/certificateNotFound(_:)``.
    ///
    /// The whole call is one claim, kept together or not at all: the certificates trusted
    /// for it, the holder keys made for it and the credentials it stores are written as the
    /// claim's and committed in one transaction at the end (with the unused certificates and
    /// keys removed). Cancelled before then — the task, or the process by a signal the app
    /// turns into cancellation — it rolls everything back and throws
    /// ``WalletError/retrievalFailed(_:)`` with ``WalletError/Retrieval/interrupted(_:)``; a process killed outright leaves a pending
    /// claim that the next open of the wallet rolls back. The issuer hears
    /// `credential_accepted` only after the commit.
    ///
    /// - Returns: one result per offered configuration, in the offer's order. A credential
    ///   that fails leaves nothing stored and its holder keys are destroyed; the others are
    ///   kept.
    /// - Throws: when no credential could be asked for at all (authorization failed), or
    ///   ``WalletError/retrievalFailed(_:)`` with ``WalletError/Retrieval/interrupted(_:)`` when cancelled; nothing is stored then.
    public func retrieveCredentials(
        from credentialOffer: DiscoveredCredentialOffer, clientID clientId: String? = nil, redirectURI redirectUri: URL? = nil,
        trustingPublishedIACAs autoTrustMobileCredentialIaca: Bool = false,
        options: CredentialRetrievalOptions = CredentialRetrievalOptions()
    ) async throws(WalletError) -> [RetrieveCredentialResult] {
        guard !Task.isCancelled else { throw .retrievalFailed(.interrupted("cancelled before the claim began; nothing was stored")) }
        let claim: String
        do {
            claim = try await store.beginClaim()
        } catch {
            throw .retrievalFailed(.failedToRetrieveCredential("the wallet cannot record the claim: \(error)"))
        }
        let scope = WalletStore.ClaimScope(store: ObjectIdentifier(store), claimID: claim)
        let outcome = await WalletStore.$claimScope.withValue(scope) {
            await claimEach(
                credentialOffer, clientID: clientId, redirectURI: redirectUri,
                autoTrustIACA: autoTrustMobileCredentialIaca, options: options)
        }
        // The trust list changes at the end either way (kept, narrowed or rolled back).
        defer { forgetStatusLists() }
        guard case .success(let claimed) = outcome, !Task.isCancelled else {
            try? await store.rollBackClaim(claim)
            if case .failure(let error) = outcome, !Task.isCancelled { throw .retrievalFailed(error) }
            throw .retrievalFailed(.interrupted("the claim was cancelled and rolled back; nothing was stored"))
        }
        do throws(WalletError) {
            try await store.commitClaim(claim, keepingCertificates: claimed.anchors)
        } catch {
            try? await store.rollBackClaim(claim)
            throw .retrievalFailed(.failedToRetrieveCredential("the claim could not be committed, nothing was stored: \(error)"))
        }
        for accepted in claimed.accepted {
            await notify(accepted.issued, .credentialAccepted, retrieval: accepted.retrieval, options: accepted.options)
        }
        for result in claimed.results {
            logger.info("credential claim", metadata: [
                "configuration": "\(result.configurationID)", "format": "\(result.format)",
                "stored": .array(result.credentialIDs.map { .string($0) }),
                "refused": "\(result.error.map { LoggingHTTPClient.caseName(of: $0) } ?? "no")",
            ])
        }
        return claimed.results
    }

    /// What a claim obtained before it is committed: the results, the fingerprints of the
    /// IACAs its credentials chain to, and the acceptances to notify once committed.
    struct ClaimedCredentials: Sendable {
        var results: [RetrieveCredentialResult] = []
        var anchors: Set<String> = []
        var accepted: [AcceptedIssuance] = []
    }

    /// Credentials validated and written for a claim, for the `credential_accepted`
    /// notification sent after the commit.
    struct AcceptedIssuance: Sendable {
        let issued: [IssuedCredential]
        let retrieval: CredentialRetrieval
        let options: CredentialClientOptions
    }

    /// The claim's steps, run while its scope tags every record written: trusts the
    /// issuer's IACAs (when asked), authorizes, and retrieves each configuration.
    func claimEach(
        _ offer: DiscoveredCredentialOffer, clientID: String?, redirectURI: URL?, autoTrustIACA: Bool,
        options: CredentialRetrievalOptions
    ) async -> Result<ClaimedCredentials, WalletError.Retrieval> {
        do throws(WalletError.Retrieval) {
            // Fetched whatever the offer holds: an issuer's SD-JWT VCs may chain to the same
            // published root as its mdocs, and the root is kept only if it anchors one stored.
            if autoTrustIACA, let uri = offer.mdocIacasUri {
                options.progress?(.fetchingIssuerCertificates(uri))
                let list = try await IssuerCertificateList.fetch(
                    uri, issuer: offer.issuer, httpClient: httpClient, transport: .default)
                try await trustProvisionally(list.certificates)
            }
            let authorized = try await authorize(offer, clientID: clientID, redirectURI: redirectURI, options: options)
            let retrieval = CredentialRetrieval(
                authorized: authorized, clientID: offer.grant == .authorizationCode ? clientID : nil,
                profile: offer.profile, options: options)
            var claimed = ClaimedCredentials()
            for offered in offer.credentials {
                let (result, stored, accepted) = await retrieve(offered, with: retrieval)
                claimed.results.append(result)
                claimed.anchors.formUnion(stored.compactMap(\.issuerInfo.trustedCertificateFingerprint))
                if let accepted { claimed.accepted.append(accepted) }
            }
            return .success(claimed)
        } catch {
            return .failure(error)
        }
    }

    // MARK: Authorization

    /// Gets the access token for the offer's grant.
    func authorize(
        _ offer: DiscoveredCredentialOffer, clientID: String?, redirectURI: URL?, options: CredentialRetrievalOptions
    ) async throws(WalletError.Retrieval) -> AuthorizedIssuance {
        let server = offer.discovery.authorizationServerMetadata
        var dpop: DPoPProofBuilder?
        if options.usesDPoP || offer.profile.requiresDPoP, server.dpopSigningAlgorithms.contains("ES256") {
            do {
                dpop = DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256)), clock: configuration.clock)
            } catch {
                throw .failedToRetrieveCredential("could not make a DPoP key: \(error)")
            }
        }
        let session = IssuanceSession(httpClient: httpClient, dpop: dpop, clientID: clientID, profile: offer.profile)
        do throws(OpenID4VCIError) {
            switch offer.grant {
            case .preAuthorizedCode:
                options.progress?(.requestingAccessToken(server.tokenEndpoint))
                return try await session.authorize(offer.discovery, transactionCode: options.transactionCode)
            case .authorizationCode:
                guard clientID != nil, let redirectURI, let browse = options.authorize else {
                    throw .unsupportedGrant("the authorization code flow needs a client id, a redirect URI and a browser step")
                }
                let flow = try await session.beginAuthorization(offer.discovery, redirectURI: redirectURI)
                options.progress?(.awaitingAuthorization(flow.authorizationURL))
                let redirect: URL
                do {
                    redirect = try await browse(flow.authorizationURL)
                } catch {
                    throw .authorizationDenied(error: "not_completed", description: "the browser step ended: \(error)")
                }
                options.progress?(.requestingAccessToken(server.tokenEndpoint))
                return try await session.completeAuthorization(flow, redirect: redirect, discovery: offer.discovery)
            }
        } catch {
            throw Self.retrievalError(error)
        }
    }

    // MARK: Provisional IACA trust

    /// Trusts `certificates` for issuers, for the claim in progress: the ones not trusted
    /// before are the claim's, kept at its commit only if they anchor a credential it stores.
    func trustProvisionally(_ certificates: [Data]) async throws(WalletError.Retrieval) {
        for der in certificates {
            do {
                try await store.addTrustedCertificate(der: der, purposes: [.issuer])
            } catch {
                throw .certificateNotFound("an entry of the issuer's IACA list is not a usable certificate: \(error)")
            }
        }
        forgetStatusLists()
    }

    // MARK: Errors

    /// The MATTR kind for a protocol failure: unreachable issuer → connectivity, else a failed
    /// retrieval.
    static func retrievalError(_ error: OpenID4VCIError) -> WalletError.Retrieval {
        error.isConnectivityFailure ? .connectivityError(error.description) : .failedToRetrieveCredential(error.description)
    }

    /// The MATTR kind for a credential the wallet did not keep: a sound credential from an
    /// issuer the wallet has no certificate for → not found; any other rejection → not added;
    /// the wallet failing to keep it → a failed retrieval.
    static func retrievalError(_ error: WalletError) -> WalletError.Retrieval {
        guard case .credentialRejected(let rejection) = error else {
            return .failedToRetrieveCredential("the wallet could not keep the credential: \(error)")
        }
        let kinds = Set(rejection.failures.map(\.kind))
        if kinds.contains(.untrustedIssuer), kinds.isDisjoint(with: [.invalidSignature, .holderKeyMismatch, .malformedCredential]) {
            return .certificateNotFound(rejection.description)
        }
        return .credentialNotAdded(rejection)
    }
}
