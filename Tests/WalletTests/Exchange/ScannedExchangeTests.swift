import Foundation
import HTTP
import JSONModel
import QRExchange
import Sandbox
import Testing
import VellumTestSupport
@testable import Wallet

/// The scan-a-URL flows of seed 000 against the sandbox's Credible-style endpoints and VC-API
/// exchange, over real HTTP on loopback with real signatures: an offer is verified before it
/// is stored, a request is checked before anything is sent, and the sandbox's verifier
/// accepts what the wallet presents.
@Suite("CredentialWallet: scanned exchanges")
struct ScannedExchangeTests {
    /// A running sandbox and a fresh wallet for `body`.
    static func withSandbox(_ body: (SandboxIssuer, CredentialWallet, QRExchangeClient) async throws -> Void) async throws {
        let sandbox = try SandboxIssuer()
        _ = try await sandbox.start()
        let client = QRExchangeClient(httpClient: TemporaryWallet.loopbackHTTPClient())
        do {
            try await TemporaryWallet.withCredentialWallet { wallet, _ in try await body(sandbox, wallet, client) }
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    static func offer(at url: URL, client: QRExchangeClient) async throws -> QRCredentialOffer {
        guard case .credentialOffer(let offer) = try await client.message(at: url) else { throw UnexpectedMessage() }
        return offer
    }

    static func request(at url: URL, client: QRExchangeClient) async throws -> VerifiablePresentationRequest {
        guard case .presentationRequest(let request) = try await client.message(at: url) else { throw UnexpectedMessage() }
        return request
    }

    struct UnexpectedMessage: Error {}

    @Test("an offer's diploma is verified, bound to the holder DID and stored as ldp_vc")
    func acceptOffer() async throws {
        try await Self.withSandbox { sandbox, wallet, client in
            let (exchange, url) = try await sandbox.createExchange(.offer)
            let offer = try await Self.offer(at: url, client: client)
            let issuerDID = try await sandbox.exchangeIssuerDID()
            #expect(offer.issuer == issuerDID)
            let stored = try await wallet.acceptExchangeOffer(offer, at: url, client: client)
            #expect(stored.format == .ldpVC)
            #expect(stored.verificationResult.verified)
            let holder = try await wallet.holderDID()
            let completed = try await sandbox.exchange(id: exchange.id)
            #expect(completed.holder == holder.did)
            #expect(stored.holderKeyID == holder.keyID)
            let listed = try await wallet.listCredentials()
            #expect(listed.map(\.credentialType) == ["UniversityDegreeCredential"])
            #expect(listed.first?.issuer == issuerDID)
        }
    }

    @Test("an expired offer is refused before anything is posted")
    func expiredOffer() async throws {
        try await Self.withSandbox { sandbox, wallet, client in
            let (exchange, url) = try await sandbox.createExchange(.expiredOffer)
            let offer = try await Self.offer(at: url, client: client)
            await expectError(WalletError.self, matching: {
                if case .exchangeFailed(.offerExpired) = $0 { return true } else { return false }
            }) { _ = try await wallet.acceptExchangeOffer(offer, at: url, client: client) }
            let requests = try await sandbox.exchange(id: exchange.id).requestCount
            #expect(requests == 1)
            let listed = try await wallet.listCredentials()
            #expect(listed.isEmpty)
        }
    }

    @Test("DID authentication: the sandbox verifier accepts the holder's signed presentation")
    func didAuthentication() async throws {
        try await Self.withSandbox { sandbox, wallet, client in
            let (exchange, url) = try await sandbox.createExchange(.didAuthentication)
            let request = try await Self.request(at: url, client: client)
            #expect(request.asksForDIDAuthentication)
            let presentation = try await wallet.answerPresentationRequest(request, from: url, credentialIDs: [], client: client)
            guard case .linkedData(let json) = presentation else { Issue.record("not an LD presentation"); return }
            let holder = try await wallet.holderDID()
            #expect(json["holder"]?.stringValue == holder.did)
            let state = try await sandbox.exchange(id: exchange.id)
            #expect(state.state == .completed, "\(state.error ?? "")")
        }
    }

    @Test("query by example: the diploma is the candidate, and the presentation holding it is accepted")
    func queryByExample() async throws {
        try await Self.withSandbox { sandbox, wallet, client in
            let (_, offerURL) = try await sandbox.createExchange(.offer)
            let stored = try await wallet.acceptExchangeOffer(try await Self.offer(at: offerURL, client: client), at: offerURL, client: client)
            let (exchange, url) = try await sandbox.createExchange(.queryByExample)
            let request = try await Self.request(at: url, client: client)
            let candidates = try await wallet.exchangeCandidates(for: request)
            #expect(candidates.map { $0.credentials.map(\.id) } == [[stored.id]])
            try await wallet.answerPresentationRequest(request, from: url, credentialIDs: [stored.id], client: client)
            let state = try await sandbox.exchange(id: exchange.id)
            #expect(state.state == .completed, "\(state.error ?? "")")
        }
    }

    @Test("a presentation without the diploma is refused by the verifier: exchangeFailed with its 400")
    func queryByExampleWithoutCredential() async throws {
        try await Self.withSandbox { sandbox, wallet, client in
            let (exchange, url) = try await sandbox.createExchange(.queryByExample)
            let request = try await Self.request(at: url, client: client)
            let candidates = try await wallet.exchangeCandidates(for: request)
            #expect(candidates.map(\.credentials.isEmpty) == [true])
            await expectError(WalletError.self, matching: {
                if case .exchangeFailed(.serverError(status: 400, _)) = $0 { return true } else { return false }
            }) { try await wallet.answerPresentationRequest(request, from: url, credentialIDs: [], client: client) }
            let state = try await sandbox.exchange(id: exchange.id).state
            #expect(state == .failed)
        }
    }

    @Test("a request whose domain is not the host it came from is refused before anything is sent")
    func domainMismatch() async throws {
        try await Self.withSandbox { sandbox, wallet, client in
            let (exchange, url) = try await sandbox.createExchange(.didAuthentication)
            var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
            components.host = "localhost"
            let elsewhere = try #require(components.url)
            let request = try await Self.request(at: elsewhere, client: client)
            await expectError(WalletError.self, matching: {
                if case .exchangeFailed(.domainMismatch(expected: "localhost", found: "127.0.0.1")) = $0 { return true } else { return false }
            }) { try await wallet.answerPresentationRequest(request, from: elsewhere, credentialIDs: [], client: client) }
            let requests = try await sandbox.exchange(id: exchange.id).requestCount
            #expect(requests == 1)
        }
    }

    @Test("VC-API: start, authenticate, and the diploma delivered in the final presentation is stored")
    func vcAPIExchange() async throws {
        try await Self.withSandbox { sandbox, wallet, client in
            let (exchange, url) = try await sandbox.createExchange(.vcAPI)
            guard case .request(let request) = try await client.startExchange(at: url) else { Issue.record("no request"); return }
            let presentation = try await wallet.makeExchangePresentation(for: request, credentialIDs: [])
            guard case .linkedData(let json) = presentation else { Issue.record("not an LD presentation"); return }
            guard case .completed(let delivered?) = try await client.continueExchange(at: url, presentation: json) else {
                Issue.record("nothing delivered: \(try await sandbox.exchange(id: exchange.id).error ?? "")"); return
            }
            let stored = try await wallet.storeExchangeDelivery(delivered)
            #expect(stored.map(\.format) == [.ldpVC])
            #expect(stored.allSatisfy { $0.verificationResult.verified })
        }
    }
}

/// W3C credentials in the OpenID4VP flow: a DCQL `ldp_vc` query by expanded type and claim
/// path is answered with an LD-proof presentation bound to the request's nonce and client
/// identifier, carried in `vp_token` as a JSON object, and accepted by the sandbox verifier.
@Suite("CredentialWallet: W3C credentials over OpenID4VP")
struct LDPVCOpenID4VPTests {
    @Test("a diploma scanned from an offer answers a DCQL ldp_vc query; the verifier accepts it and saw the degree")
    func diplomaOverOpenID4VP() async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, wallet, client in
            try await wallet.addTrustedIssuerCertificates([Data(try await sandbox.verifierRootPEM().utf8)], purposes: [.verifier])
            let (_, offerURL) = try await sandbox.createExchange(.offer)
            let stored = try await wallet.acceptExchangeOffer(
                try await ScannedExchangeTests.offer(at: offerURL, client: client), at: offerURL, client: client)
            let outcome = try await Self.presentDiploma(.diploma, stored: stored.id, sandbox: sandbox, wallet: wallet)
            #expect(outcome.presentations.first?.claims["credentialSubject"]?["degree"]?["name"]?.stringValue == "Bachelor of Science and Arts")
        }
    }

    /// Answers the sandbox verifier's `query` for the diploma with the stored credential `id`
    /// (the one the wallet proposes) and returns the verifier's outcome, expected accepted.
    static func presentDiploma(
        _ query: SandboxPresentationQuery, stored id: String, sandbox: SandboxIssuer, wallet: CredentialWallet
    ) async throws -> PresentationOutcome {
        let request = try await sandbox.createPresentationRequest(query: query.dcqlQuery)
        let proposal = try await wallet.preparePresentation(requestURI: request.link)
        #expect(proposal.proposedSelection == ["diploma": [id]])
        let result = try await wallet.present(proposal)
        #expect(result.isAccepted, "\(result.summary)")
        let outcome = try #require(try await sandbox.presentationOutcome(transactionID: request.transactionID))
        #expect(outcome.status == .accepted)
        return outcome
    }

    /// Claims the sandbox's offer of `kind` over OpenID4VCI and returns the stored credential,
    /// expected stored without error, verified and bound to a holder key (not view-only).
    static func claim(_ kind: SandboxCredentialKind, from sandbox: SandboxIssuer, into wallet: CredentialWallet) async throws -> VerifiedCredential {
        let offer = try await sandbox.createOffer(for: [kind])
        let discovered = try await wallet.discoverCredentialOffer(offer.byReferenceLink)
        let results = try await wallet.retrieveCredentials(from: discovered, options: CredentialRetrievalOptions())
        #expect(results.map(\.format) == [kind.format])
        #expect(results.allSatisfy { $0.error == nil }, "\(results.compactMap(\.error))")
        let stored = try await wallet.credential(id: try #require(results.first?.credentialId))
        #expect(stored.verificationResult.verified, "\(stored.verificationResult.failures)")
        #expect(stored.holderKeyID != nil)
        #expect(!stored.isViewOnly)
        return stored
    }

    @Test("the sandbox's diploma over OpenID4VCI (ldp_vc, a JSON credential) is stored bound to its proof key, then presented over OpenID4VP")
    func diplomaOverOpenID4VCI() async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, wallet, _ in
            try await wallet.addTrustedIssuerCertificates([Data(try await sandbox.verifierRootPEM().utf8)], purposes: [.verifier])
            let stored = try await Self.claim(.diploma, from: sandbox, into: wallet)
            #expect(stored.format == .ldpVC)
            #expect(stored.credentialType == "UniversityDegreeCredential")

            let request = try await sandbox.createPresentationRequest(query: SandboxPresentationQuery.diploma.dcqlQuery)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            let result = try await wallet.present(proposal)
            #expect(result.isAccepted, "\(result.summary)")
        }
    }
}
