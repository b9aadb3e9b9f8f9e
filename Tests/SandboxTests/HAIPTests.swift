import CryptoKeys
import Foundation
import HTTP
import JSONModel
import OpenID4VCI
import Sandbox
import Testing

/// OpenID4VC HAIP 1.0 end to end: Vellum's OpenID4VCI client under ``IssuanceProfile/haip``
/// against the sandbox in its HAIP mode, and each side refusing a partner that breaks a rule.
@Suite("HAIP")
struct HAIPTests {
    static let clientID = "vellum-haip-wallet"
    static let redirectURI = "http://127.0.0.1:9/callback"

    static func dpopKey() throws -> DPoPProofBuilder {
        DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256)))
    }

    static func rule(_ body: () async throws -> Void) async -> IssuanceProfile.Rule? {
        do {
            try await body()
            return nil
        } catch let OpenID4VCIError.profileViolation(rule, _) {
            return rule
        } catch {
            Issue.record("not a profile violation: \(error)")
            return nil
        }
    }

    @Test("A haip-vci offer, PAR, PKCE, DPoP and attested ES256 keys give an x5c-signed PID and an mDL")
    func haipClientAgainstHAIPSandbox() async throws {
        let attester = PrivateKey(curve: .p256)
        let provider = try SandboxKeyAttester()
        try await withIssuer(.haip(keyAttesters: [attester.publicKey, provider.publicKey])) { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid, .mDL], grant: .authorizationCode)
            #expect(offer.byReferenceLink.hasPrefix("haip-vci://"))
            let profile = IssuanceProfile.suggested(forOfferLink: offer.byReferenceLink)
            #expect(profile == .haip)

            let http = URLSessionHTTPClient()
            defer { http.invalidate() }
            let credentialOffer = try await CredentialOfferResolver(httpClient: http).offer(from: offer.byReferenceLink)
            let dpop = try Self.dpopKey()
            let session = IssuanceSession(httpClient: http, dpop: dpop, clientID: Self.clientID, profile: profile)
            let discovery = try await session.discover(credentialOffer)
            let flow = try await session.beginAuthorization(discovery, redirectURI: try #require(URL(string: Self.redirectURI)))
            #expect(flow.pushed)
            let location = try #require(try await wallet.http.get(flow.authorizationURL).headers["Location"])
            let authorized = try await session.completeAuthorization(
                flow, redirect: try #require(URL(string: location)), discovery: discovery)
            #expect(authorized.accessToken.tokenType == .dpop)

            let metadata = authorized.issuerMetadata
            let endpoints = CredentialIssuerEndpoints(
                credential: metadata.credentialEndpoint, nonce: metadata.nonceEndpoint,
                deferredCredential: metadata.deferredCredentialEndpoint, notification: metadata.notificationEndpoint)
            for configuration in discovery.offeredConfigurations {
                let jwt = try #require(configuration.proofTypes["jwt"])
                #expect(jwt.keyAttestationsRequired != nil, "the HAIP sandbox announces key_attestations_required")
                let holder = PrivateKey(curve: .p256)
                // The PID's attestation is made in advance; the mDL's on request, with the c_nonce,
                // by the sandbox's stand-in wallet provider.
                let key = configuration.formatIdentifier == "mso_mdoc"
                    ? HolderKey(signer: try SoftwareSigner(privateKey: holder), keyAttestationProvider: provider)
                    : HolderKey(
                        signer: try SoftwareSigner(privateKey: holder),
                        keyAttestation: try await TestWallet.keyAttestation(for: [holder.publicKey], by: attester))
                let options = CredentialClientOptions(
                    credentialIssuer: metadata.credentialIssuer.absoluteString, clientID: Self.clientID,
                    proofRequirements: JWTProofRequirements(signingAlgorithms: jwt.signingAlgorithms, requiresKeyAttestation: true),
                    profile: profile)
                let client = CredentialClient(
                    httpClient: http, endpoints: endpoints, accessToken: authorized.accessToken, dpop: dpop, options: options)
                let outcome = try await client.requestCredential(
                    .forConfiguration(configuration.id, accessToken: authorized.accessToken), format: configuration.formatIdentifier,
                    holderKeys: [key])
                guard case let .issued(credentials) = outcome else { Issue.record("deferred"); return }
                #expect(credentials.count == 1, "\(configuration.id)")
            }
            #expect(await issuer.issuedCredentials().count == 2)
        }
    }

    @Test("A HAIP wallet refuses an issuer without PAR before pushing or redeeming anything")
    func haipClientRefusesAnIssuerWithoutPAR() async throws {
        try await withIssuer(SandboxConfiguration(requiresDPoP: true, supportsPAR: false)) { issuer, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/oauth-authorization-server"))
            #expect(metadata["pushed_authorization_request_endpoint"] == nil)
            let offer = try await issuer.createOffer(for: [.pid], grant: .authorizationCode)
            let http = URLSessionHTTPClient()
            defer { http.invalidate() }
            let credentialOffer = try await CredentialOfferResolver(httpClient: http).offer(from: offer.byValueLink)
            let haip = IssuanceSession(httpClient: http, dpop: try Self.dpopKey(), clientID: Self.clientID, profile: .haip)
            #expect(await Self.rule { _ = try await haip.discover(credentialOffer) } == .pushedAuthorization)
            let discovery = try await IssuanceSession(httpClient: http, dpop: try Self.dpopKey(), clientID: Self.clientID)
                .discover(credentialOffer)
            let redirect = try #require(URL(string: Self.redirectURI))
            #expect(await Self.rule { _ = try await haip.beginAuthorization(discovery, redirectURI: redirect) } == .pushedAuthorization)
        }
    }

    @Test("A HAIP wallet refuses an issuer without DPoP before sending the pre-authorized code")
    func haipClientRefusesAnIssuerWithoutDPoP() async throws {
        try await withIssuer(SandboxConfiguration(supportsDPoP: false)) { issuer, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/oauth-authorization-server"))
            #expect(metadata["dpop_signing_alg_values_supported"] == nil)
            let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
            let http = URLSessionHTTPClient()
            defer { http.invalidate() }
            let credentialOffer = try await CredentialOfferResolver(httpClient: http).offer(from: offer.byValueLink)
            let haip = IssuanceSession(httpClient: http, dpop: try Self.dpopKey(), clientID: Self.clientID, profile: .haip)
            #expect(await Self.rule { _ = try await haip.discover(credentialOffer) } == .dpop)
            let standard = IssuanceSession(httpClient: http, clientID: Self.clientID)
            let discovery = try await standard.discover(credentialOffer)
            #expect(await Self.rule { _ = try await haip.authorize(discovery) } == .dpop)
            // The code is single use: that the standard wallet can still redeem it proves the
            // HAIP wallet never sent it. Without DPoP at the issuer the token is a bearer token.
            let authorized = try await standard.authorize(discovery)
            #expect(authorized.accessToken.tokenType == .bearer)
        }
    }
}
