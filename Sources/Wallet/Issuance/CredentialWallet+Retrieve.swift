import CryptoKeys
import Foundation
import JOSE
import JSONModel
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
        return DiscoveredCredentialOffer(discovery: discovery, profile: profile)
    }

    /// Claims every credential of a discovered offer: authorizes (the pre-authorized code with
    /// its transaction code, or the authorization code flow with PKCE, PAR when offered, and
    /// the browser step in `options`), requests each configuration bound to fresh holder keys
    /// (DPoP, nonce, key proofs, batch, deferred issuance and encryption as the issuer
    /// supports or requires), then validates and stores each one as
    /// ``addCredentials(_:)`` does, and tells the issuer's notification endpoint the outcome.
    ///
    /// With `autoTrustMobileCredentialIaca`, the IACA certificates at the issuer's
    /// `mdoc_iacas_uri` (on the issuer's own host) are trusted for issuers, but only those
    /// that anchor a credential stored here stay trusted; without it, a credential must chain
    /// to a certificate the wallet already trusts, or it is refused as
    /// ``RetrieveCredentialError/certificateNotFound(_:)``.
    ///
    /// - Returns: one result per offered configuration, in the offer's order. A credential
    ///   that fails leaves nothing stored and its holder keys are destroyed.
    /// - Throws: when no credential could be asked for at all (authorization failed).
    public func retrieveCredentials(
        credentialOffer: DiscoveredCredentialOffer, clientId: String? = nil, redirectUri: URL? = nil,
        autoTrustMobileCredentialIaca: Bool = false, options: CredentialRetrievalOptions = CredentialRetrievalOptions()
    ) async throws(RetrieveCredentialError) -> [RetrieveCredentialResult] {
        var provisional: Set<String> = []
        if autoTrustMobileCredentialIaca, let uri = credentialOffer.mdocIacasUri,
            credentialOffer.credentials.contains(where: { $0.docType != nil })
        {
            options.progress?(.fetchingIssuerCertificates(uri))
            let list = try await IssuerCertificateList.fetch(
                uri, issuer: credentialOffer.issuer, httpClient: httpClient, transport: .default)
            provisional = try await trustProvisionally(list.certificates)
        }
        let authorized: AuthorizedIssuance
        do {
            authorized = try await authorize(credentialOffer, clientID: clientId, redirectURI: redirectUri, options: options)
        } catch {
            await withdrawTrust(in: provisional, keeping: [])
            throw error
        }
        let retrieval = CredentialRetrieval(
            authorized: authorized, clientID: credentialOffer.grant == .authorizationCode ? clientId : nil,
            profile: credentialOffer.profile, options: options)
        var results: [RetrieveCredentialResult] = []
        var anchors: Set<String> = []
        for offered in credentialOffer.credentials {
            let (result, stored) = await retrieve(offered, with: retrieval)
            results.append(result)
            anchors.formUnion(stored.compactMap(\.issuerInfo.trustedCertificateFingerprint))
        }
        await withdrawTrust(in: provisional, keeping: anchors)
        return results
    }

    // MARK: Authorization

    /// Gets the access token for the offer's grant.
    func authorize(
        _ offer: DiscoveredCredentialOffer, clientID: String?, redirectURI: URL?, options: CredentialRetrievalOptions
    ) async throws(RetrieveCredentialError) -> AuthorizedIssuance {
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

    /// Trusts `certificates` for issuers; returns the fingerprints that were not trusted before.
    func trustProvisionally(_ certificates: [Data]) async throws(RetrieveCredentialError) -> Set<String> {
        var added: Set<String> = []
        for der in certificates {
            do {
                let (certificate, inserted) = try await store.addTrustedCertificate(der: der, purposes: [.issuer])
                if inserted { added.insert(certificate.fingerprint) }
            } catch {
                await withdrawTrust(in: added, keeping: [])
                throw .certificateNotFound("an entry of the issuer's IACA list is not a usable certificate: \(error)")
            }
        }
        if !added.isEmpty { forgetStatusLists() }
        return added
    }

    /// Removes the provisionally trusted certificates that anchor none of `anchors`.
    func withdrawTrust(in provisional: Set<String>, keeping anchors: Set<String>) async {
        let unused = provisional.subtracting(anchors)
        guard !unused.isEmpty else { return }
        for fingerprint in unused { _ = try? await store.removeTrustedCertificate(fingerprint: fingerprint) }
        forgetStatusLists()
    }

    // MARK: Errors

    /// The MATTR kind for a protocol failure: unreachable issuer → connectivity, else a failed
    /// retrieval.
    static func retrievalError(_ error: OpenID4VCIError) -> RetrieveCredentialError {
        error.isConnectivityFailure ? .connectivityError(error.description) : .failedToRetrieveCredential(error.description)
    }

    /// The MATTR kind for a validation failure: a sound credential from an issuer the wallet
    /// has no certificate for → not found; anything else → not added.
    static func retrievalError(_ rejection: CredentialRejection) -> RetrieveCredentialError {
        let kinds = Set(rejection.failures.map(\.kind))
        if kinds.contains(.untrustedIssuer), kinds.isDisjoint(with: [.invalidSignature, .holderKeyMismatch, .malformedCredential]) {
            return .certificateNotFound(rejection.description)
        }
        return .credentialNotAdded(rejection)
    }
}
