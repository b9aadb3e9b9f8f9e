import Foundation
import HTTP
import JSONModel
import OpenID4VCI
import Sandbox
import Testing
@testable import Wallet

/// `discoverCredentialOffer` → `retrieveCredentials` (the MATTR holder flow) through Vellum's
/// own OpenID4VCI client, against the sandbox issuer over real loopback HTTP, into a real
/// encrypted wallet file.
@Suite("CredentialWallet: discover and retrieve from the sandbox issuer")
struct CredentialWalletRetrievalTests {
    static let clientID = "vellum-wallet-tests"
    static let redirectURI = URL(string: "http://127.0.0.1:9/callback")!

    /// Expects every result to be `credentialNotAdded` with a `kind` among its failures.
    static func expectEachNotAdded(
        _ results: [RetrieveCredentialResult], failing kind: VerificationFailure.Kind,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for result in results {
            guard case .credentialNotAdded(let rejection)? = result.error else {
                Issue.record("expected credentialNotAdded, got \(String(describing: result.error))", sourceLocation: sourceLocation)
                continue
            }
            #expect(rejection.failures.map(\.kind).contains(kind), sourceLocation: sourceLocation)
        }
    }

    /// A sandbox issuer, a wallet with the real clock, and the sandbox's root trusted unless
    /// `trustingRoot` is false.
    static func withSandbox(
        _ configuration: SandboxConfiguration = SandboxConfiguration(), trustingRoot: Bool = true, cachesStatusLists: Bool = true,
        _ body: (SandboxIssuer, CredentialWallet) async throws -> Void
    ) async throws {
        let issuer = try SandboxIssuer(configuration: configuration)
        _ = try await issuer.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-retrieve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let wallet = try await CredentialWallet.create(
                at: directory, passphrase: "retrieval tests",
                configuration: CredentialWalletConfiguration(
                keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), cachesStatusLists: cachesStatusLists, locales: ["en"]))
            if trustingRoot { try await wallet.addTrustedIssuerCertificates([Data(issuer.rootCertificatePEM.utf8)], purposes: [.issuer]) }
            try await body(issuer, wallet)
            try await wallet.close()
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    /// The browser step with an auto-approving server: follow the authorization URL once and
    /// hand back the redirect it answers with.
    static let autoApprovingBrowser: @Sendable (URL) async throws -> URL = { url in
        let http = URLSessionHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(120), redirects: .never))
        defer { http.invalidate() }
        let response = try await http.get(url)
        guard let location = response.headers["location"], let redirect = URL(string: location) else {
            throw NoRedirect(status: response.status)
        }
        return redirect
    }

    struct NoRedirect: Error { let status: Int }

    func expectStoredAndVerified(
        _ results: [RetrieveCredentialResult], in wallet: CredentialWallet, perConfiguration: Int = 1,
        types: [String] = ["urn:eudi:pid:1", "org.iso.18013.5.1.mDL"]
    ) async throws {
        #expect(results.map(\.docType) == types)
        for result in results {
            #expect(result.error == nil, "\(result.configurationID): \(String(describing: result.error))")
            #expect(result.credentialIDs.count == perConfiguration)
            for id in result.credentialIDs {
                let credential = try await wallet.getCredential(credentialId: id)
                #expect(credential.verificationResult.verified, "\(credential.verificationResult.failures)")
                #expect(credential.holderKeyID != nil)
            }
        }
    }

    @Test("pre-authorized code with tx_code: discover shows both offered credentials, retrieve stores both, verified")
    func preAuthorizedWithTransactionCode() async throws {
        try await Self.withSandbox { issuer, wallet in
            let offer = try await issuer.createOffer(grant: .preAuthorized(txCode: "493536"))
            let discovered = try await wallet.discoverCredentialOffer(offer.byReferenceLink)
            #expect(discovered.grant == .preAuthorizedCode)
            #expect(discovered.transactionCode?.length == 6)
            #expect(discovered.credentials.map(\.format) == ["dc+sd-jwt", "mso_mdoc"])
            #expect(discovered.credentials.last?.docType == "org.iso.18013.5.1.mDL")
            #expect(discovered.mdocIacasUri?.path == "/iacas")
            #expect(discovered.credentials.first?.claims.isEmpty == false)

            let steps = StepRecorder()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: discovered, options: CredentialRetrievalOptions(transactionCode: "493536", progress: steps.record))
            try await expectStoredAndVerified(results, in: wallet)
            #expect(steps.steps.contains(.requestingCredential(configurationID: "urn:eudi:pid:1")))
            let mdl = try await wallet.getCredential(credentialId: try #require(results.last?.credentialId))
            #expect(mdl.claims.value(at: ["org.iso.18013.5.1", "family_name"]) != nil)
            let events = await issuer.notifications().map(\.event)
            #expect(events == ["credential_accepted", "credential_accepted"])
            let log = try await wallet.activityLog()
            #expect(log.filter { $0.kind == .issuance }.count == 2)
        }
    }

    @Test("a wrong transaction code stops the claim before any credential is asked for")
    func wrongTransactionCode() async throws {
        try await Self.withSandbox { issuer, wallet in
            let offer = try await issuer.createOffer(grant: .preAuthorized(txCode: "493536"))
            let discovered = try await wallet.discoverCredentialOffer(offer.byValueLink)
            await #expect(throws: WalletError.self) {
                _ = try await wallet.retrieveCredentials(
                    credentialOffer: discovered, options: CredentialRetrievalOptions(transactionCode: "000000"))
            }
            #expect(try await wallet.listCredentials().isEmpty)
            #expect(await issuer.issuedCredentials().isEmpty)
        }
    }

    @Test("authorization code + PKCE + PAR + DPoP (with nonces)")
    func authorizationCodeFlow() async throws {
        try await Self.withSandbox(SandboxConfiguration(requiresDPoP: true, requiresDPoPNonce: true, requiresPAR: true)) { issuer, wallet in
            let offer = try await issuer.createOffer(grant: .authorizationCode)
            let discovered = try await wallet.discoverCredentialOffer(offer.byReferenceLink)
            #expect(discovered.grant == .authorizationCode)
            #expect(discovered.authorizeEndpoint != nil)
            let results = try await wallet.retrieveCredentials(
                credentialOffer: discovered, clientId: Self.clientID, redirectUri: Self.redirectURI,
                options: CredentialRetrievalOptions(authorize: Self.autoApprovingBrowser))
            try await expectStoredAndVerified(results, in: wallet)
        }
    }

    @Test("the authorization code flow without a browser step is refused before anything is sent")
    func authorizationCodeNeedsBrowser() async throws {
        try await Self.withSandbox(SandboxConfiguration(requiresDPoP: true, requiresDPoPNonce: true, requiresPAR: true)) { issuer, wallet in
            let offer = try await issuer.createOffer(grant: .authorizationCode)
            let discovered = try await wallet.discoverCredentialOffer(offer.byReferenceLink)
            await #expect(throws: WalletError.self) {
                _ = try await wallet.retrieveCredentials(credentialOffer: discovered, clientId: Self.clientID, redirectUri: Self.redirectURI)
            }
        }
    }

    @Test("batch issuance: three credentials per configuration, each bound to its own key")
    func batch() async throws {
        try await Self.withSandbox(SandboxConfiguration(batchSize: 3)) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let discovered = try await wallet.discoverCredentialOffer(offer.byValueLink)
            let results = try await wallet.retrieveCredentials(
                credentialOffer: discovered, options: CredentialRetrievalOptions(credentialsPerConfiguration: 3))
            try await expectStoredAndVerified(results, in: wallet, perConfiguration: 3)
            var keys = Set<String>()
            for id in results.flatMap(\.credentialIDs) { keys.insert(try #require(try await wallet.credential(id: id).holderKeyID)) }
            #expect(keys.count == 6)
            #expect(Set(await issuer.issuedCredentials().map(\.holderKeyThumbprint)).count == 6)
        }
    }

    @Test("a batch returned in another order than its proofs: each credential is stored with the key it binds")
    func batchOutOfOrder() async throws {
        try await Self.withSandbox(SandboxConfiguration(batchSize: 3, faults: [.reordersBatch])) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink),
                options: CredentialRetrievalOptions(credentialsPerConfiguration: 3))
            // Storing them proves the pairing: the wallet refuses a credential whose bound key
            // is not the one recorded for it.
            try await expectStoredAndVerified(results, in: wallet, perConfiguration: 3)
            var keys = Set<String>()
            for id in results.flatMap(\.credentialIDs) { keys.insert(try #require(try await wallet.credential(id: id).holderKeyID)) }
            #expect(keys.count == 6)
        }
    }

    @Test("deferred issuance: the wallet polls the deferred endpoint until the credentials come")
    func deferred() async throws {
        try await Self.withSandbox(SandboxConfiguration(deferredPolls: 1)) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let discovered = try await wallet.discoverCredentialOffer(offer.byValueLink)
            let steps = StepRecorder()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: discovered, options: CredentialRetrievalOptions(progress: steps.record, sleep: { _ in }))
            try await expectStoredAndVerified(results, in: wallet)
            #expect(steps.steps.contains(.awaitingDeferredCredential(configurationID: "org.iso.18013.5.1.mDL")))
        }
    }

    @Test("encrypted requests and responses when the issuer requires them")
    func encrypted() async throws {
        let configuration = SandboxConfiguration(requiresResponseEncryption: true, requiresRequestEncryption: true)
        try await Self.withSandbox(configuration) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink))
            try await expectStoredAndVerified(results, in: wallet)
        }
    }

    @Test("without the IACA and without auto-trust: certificateNotFound, nothing stored, the holder keys destroyed")
    func untrustedIssuerWithoutAutoTrust() async throws {
        try await Self.withSandbox(trustingRoot: false) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink))
            for result in results {
                guard case .certificateNotFound? = result.error else {
                    Issue.record("expected certificateNotFound, got \(String(describing: result.error))")
                    continue
                }
                #expect(result.credentialIDs.isEmpty)
            }
            #expect(try await wallet.listCredentials().isEmpty)
            #expect(try await wallet.store.keyIDs(secureArea: wallet.secureArea.name).isEmpty)
            #expect(await issuer.notifications().map(\.event) == ["credential_failure", "credential_failure"])
        }
    }

    @Test("auto-trust fetches the IACA list from mdoc_iacas_uri and keeps the IACA that anchors what was stored")
    func autoTrust() async throws {
        try await Self.withSandbox(trustingRoot: false) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink), autoTrustMobileCredentialIaca: true)
            try await expectStoredAndVerified(results, in: wallet)
            let trusted = try await wallet.trustedCertificates(purpose: .issuer)
            #expect(trusted.count == 1)
        }
    }

    @Test("auto-trust serves an offer of SD-JWT VCs alone too: the published root that anchors the PID is kept")
    func autoTrustForAnSDJWTVCOffer() async throws {
        try await Self.withSandbox(trustingRoot: false) { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid])
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink), autoTrustMobileCredentialIaca: true)
            try await expectStoredAndVerified(results, in: wallet, types: ["urn:eudi:pid:1"])
            #expect(try await wallet.trustedCertificates(purpose: .issuer).count == 1)
        }
    }

    @Test("auto-trust refuses an IACA list that a redirect serves from another host, and trusts and stores nothing")
    func autoTrustRefusesAListServedOffTheIssuersHost() async throws {
        try await Self.withSandbox(SandboxConfiguration(faults: [.redirectsIACAListOffHost]), trustingRoot: false) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let discovered = try await wallet.discoverCredentialOffer(offer.byValueLink)
            #expect(discovered.mdocIacasUri?.host == discovered.issuer.host, "the first URL is on the issuer's host")
            await #expect {
                _ = try await wallet.retrieveCredentials(credentialOffer: discovered, autoTrustMobileCredentialIaca: true)
            } throws: { error in
                guard case WalletError.retrievalFailed(.certificateNotFound(let reason)) = error else { return false }
                return reason.contains("off the issuer's host")
            }
            #expect(try await wallet.trustedCertificates().isEmpty)
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    @Test("auto-trust does not keep an IACA when nothing it anchors was stored (tampered credentials)")
    func autoTrustWithdrawnOnFailure() async throws {
        try await Self.withSandbox(SandboxConfiguration(faults: [.tampersCredential]), trustingRoot: false) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink), autoTrustMobileCredentialIaca: true)
            Self.expectEachNotAdded(results, failing: .invalidSignature)
            #expect(try await wallet.trustedCertificates().isEmpty)
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    @Test("a credential bound to another key than the one proven is not added")
    func otherKeyBound() async throws {
        try await Self.withSandbox(SandboxConfiguration(faults: [.bindsOtherKey])) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink))
            Self.expectEachNotAdded(results, failing: .holderKeyMismatch)
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    @Test("a credential of another type than the offered one (vct, docType) is not added")
    func otherTypeIssued() async throws {
        try await Self.withSandbox(SandboxConfiguration(faults: [.issuesOtherType])) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink))
            #expect(results.count == 2)
            Self.expectEachNotAdded(results, failing: .unexpectedType)
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    @Test("an oversized credential response fails that credential, not the wallet")
    func oversizedResponse() async throws {
        try await Self.withSandbox(SandboxConfiguration(faults: [.oversizedCredentialResponse])) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink))
            #expect(results.count == 2)
            #expect(results.allSatisfy { $0.error != nil && $0.credentialIDs.isEmpty })
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    @Test("an issuer that went away is a connectivity error")
    func issuerGone() async throws {
        try await Self.withSandbox { issuer, wallet in
            let offer = try await issuer.createOffer()
            let discovered = try await wallet.discoverCredentialOffer(offer.byValueLink)
            await issuer.stop()
            do throws(WalletError) {
                _ = try await wallet.retrieveCredentials(credentialOffer: discovered)
                Issue.record("retrieval from a stopped issuer succeeded")
            } catch {
                guard case .retrievalFailed(.connectivityError) = error else {
                    Issue.record("expected connectivityError, got \(error)")
                    return
                }
            }
        }
    }

    @Test("metadata naming another credential_issuer than the offer stops discovery")
    func foreignCredentialIssuer() async throws {
        try await Self.withSandbox(SandboxConfiguration(faults: [.wrongCredentialIssuerInMetadata])) { issuer, wallet in
            let offer = try await issuer.createOffer()
            do throws(OpenID4VCIError) {
                _ = try await wallet.discoverCredentialOffer(offer.byValueLink)
                Issue.record("discovery accepted metadata for another issuer")
            } catch {
                guard case .credentialIssuerMismatch = error else {
                    Issue.record("expected credentialIssuerMismatch, got \(error)")
                    return
                }
            }
        }
    }

    @Test("a redirect whose iss is not the authorization server is refused before the code is redeemed")
    func mixUpOnRedirect() async throws {
        try await Self.withSandbox(SandboxConfiguration(faults: [.wrongIssuerInAuthorizationResponse])) { issuer, wallet in
            let offer = try await issuer.createOffer(grant: .authorizationCode)
            let discovered = try await wallet.discoverCredentialOffer(offer.byReferenceLink)
            do throws(WalletError) {
                _ = try await wallet.retrieveCredentials(
                    credentialOffer: discovered, clientId: Self.clientID, redirectUri: Self.redirectURI,
                    options: CredentialRetrievalOptions(authorize: Self.autoApprovingBrowser))
                Issue.record("a mixed-up redirect was redeemed")
            } catch {
                guard case .retrievalFailed(.failedToRetrieveCredential(let reason)) = error else {
                    Issue.record("expected failedToRetrieveCredential, got \(error)")
                    return
                }
                #expect(reason.contains("iss") || reason.contains("issuer"))
            }
            #expect(await issuer.issuedCredentials().isEmpty)
        }
    }

    @Test("a server that always wants a new DPoP nonce ends the claim after one retry, not in a loop")
    func dpopNonceLoopIsBounded() async throws {
        try await Self.withSandbox(SandboxConfiguration(requiresDPoP: true, faults: [.alwaysDemandsDPoPNonce])) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let discovered = try await wallet.discoverCredentialOffer(offer.byValueLink)
            await #expect(throws: WalletError.self) {
                _ = try await wallet.retrieveCredentials(credentialOffer: discovered)
            }
            #expect(await issuer.issuedCredentials().isEmpty)
        }
    }

    @Test("revoke in the sandbox → statusRevoked; suspend → statusSuspended; status list down → statusUnknown")
    func revocation() async throws {
        // Without the status list cache, so each read sees the list as it is now (a cached
        // list is rightly believed until its `ttl`).
        try await Self.withSandbox(cachesStatusLists: false) { issuer, wallet in
            let offer = try await issuer.createOffer()
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(offer.byValueLink))
            try await expectStoredAndVerified(results, in: wallet)
            let issued = await issuer.issuedCredentials()
            let pid = try #require(issued.first { $0.kind == .pid })
            let mdl = try #require(issued.first { $0.kind == .mDL })
            try await issuer.revoke(credentialID: pid.id)
            try await issuer.suspend(credentialID: mdl.id)
            let pidShown = try await wallet.getCredential(credentialId: try #require(results[0].credentialId))
            #expect(pidShown.verificationResult.failures.map(\.kind) == [.statusRevoked])
            let mdlShown = try await wallet.getCredential(credentialId: try #require(results[1].credentialId))
            #expect(mdlShown.verificationResult.failures.map(\.kind) == [.statusSuspended])
            try await issuer.setFaults([.statusListUnavailable])
            let unknown = try await wallet.getCredential(credentialId: try #require(results[0].credentialId))
            #expect(unknown.verificationResult.failures.map(\.kind) == [.statusUnknown])
        }
    }
}

/// Collects progress steps from a `@Sendable` callback.
final class StepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [CredentialRetrievalStep] = []

    var steps: [CredentialRetrievalStep] { lock.withLock { recorded } }

    var record: @Sendable (CredentialRetrievalStep) -> Void {
        { [self] step in lock.withLock { recorded.append(step) } }
    }
}
