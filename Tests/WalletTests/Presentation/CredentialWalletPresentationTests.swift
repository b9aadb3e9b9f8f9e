import Foundation
import JSONModel
import Multiformats
import OpenID4VP
import Sandbox
import SandboxClaimSupport
import Testing
import X509
@testable import Wallet

/// The wallet answers OpenID4VP requests of the sandbox verifier from its stored credentials:
/// a PID (SD-JWT VC) and an mDL claimed from the sandbox issuer, presented with the holder
/// keys they are bound to, disclosing only what the DCQL query asks for, and logged.
@Suite("CredentialWallet: present stored credentials over OpenID4VP")
struct CredentialWalletPresentationTests {
    static let query: JSONValue = [
        "credentials": [
            ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["address", "locality"]]]],
            ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
             "claims": [["path": ["org.iso.18013.5.1", "age_over_18"]]]],
        ],
    ]

    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("vellum-present-\(UUID().uuidString)", isDirectory: true)

    /// A running sandbox and a wallet that trusts its issuer and verifier roots and holds
    /// `kinds` claimed from it (ids in the same order).
    func withSandbox(
        _ sandbox: SandboxIssuer? = nil, claiming kinds: [SandboxCredentialKind] = [.pid, .mDL], trustVerifier: Bool = true,
        cachesStatusLists: Bool = true, clock: @escaping @Sendable () -> Date = { Date() },
        _ body: (SandboxIssuer, CredentialWallet, [String]) async throws -> Void
    ) async throws {
        let issuer = try sandbox ?? SandboxIssuer()
        _ = try await issuer.start()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            // The real clock unless a test moves it: the sandbox issues credentials valid from now.
            let wallet = try await CredentialWallet.create(
                at: directory, passphrase: "correct horse battery staple",
                configuration: CredentialWalletConfiguration(
                keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), clock: clock,
                cachesStatusLists: cachesStatusLists, locales: ["en"]))
            try await wallet.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
            if trustVerifier {
                try await wallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])
            }
            let ids = try await SandboxClaim.claim(kinds, from: issuer, into: wallet)
            try await body(issuer, wallet, ids)
            try await wallet.close()
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    @Test("x509_san_dns over direct_post.jwt: the proposal shows the verifier and exactly the asked claims; the verifier gets only those")
    func presentsOnlyWhatIsAsked() async throws {
        try await withSandbox { issuer, wallet, ids in
            let request = try await issuer.createPresentationRequest(query: Self.query)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(proposal.verifier.clientID == "x509_san_dns:localhost")
            #expect(proposal.verifier.prefix == "x509_san_dns")
            #expect(proposal.verifier.isAuthenticated && proposal.verifier.validationErrors.isEmpty)
            #expect(proposal.verifier.trustRoot != nil)
            #expect(proposal.isSatisfiable)
            #expect(proposal.proposedSelection == ["pid": [ids[0]], "mdl": [ids[1]]])
            let pid = try #require(proposal.requests.first { $0.queryID == "pid" })
            #expect(pid.types == ["urn:eudi:pid:1"] && pid.isProposed)
            let pidCandidate = try #require(pid.candidates.first)
            #expect(pid.candidates.map(\.credentialID) == [ids[0]])
            #expect(pidCandidate.disclosedClaims.map(\.displayPath) == ["address.locality"])
            #expect(pidCandidate.disclosedClaims.first?.value == "Köln")
            #expect(pidCandidate.alwaysDisclosed.contains("vct") && !pidCandidate.alwaysDisclosed.contains("given_name"))
            #expect(pidCandidate.warnings.isEmpty, "\(pidCandidate.warnings)")
            let mdl = try #require(proposal.requests.first { $0.queryID == "mdl" }?.candidates.first)
            #expect(mdl.disclosedClaims.map(\.displayPath) == ["org.iso.18013.5.1/age_over_18"])
            #expect(mdl.disclosedClaims.first?.value == true && mdl.alwaysDisclosed.isEmpty)
            #expect(try await issuer.presentationOutcome(transactionID: request.transactionID) == nil, "nothing is sent before consent")

            let result = try await wallet.present(proposal)
            #expect(result.isAccepted && result.summary == "accepted")
            #expect(result.redirectURI != nil)
            #expect(result.presentedCredentials == ["pid": [ids[0]], "mdl": [ids[1]]])
            let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .accepted)
            let presentedPID = try #require(outcome.presentations.first { $0.queryID == "pid" })
            #expect(presentedPID.claims["address"]?["locality"] == "Köln")
            #expect(presentedPID.claims["address"]?["street_address"] == nil)
            #expect(presentedPID.claims["given_name"] == nil && presentedPID.claims["family_name"] == nil)
            #expect(presentedPID.claims["birthdate"] == nil)
            let presentedMDL = try #require(outcome.presentations.first { $0.queryID == "mdl" })
            #expect(presentedMDL.claims["org.iso.18013.5.1"] == ["age_over_18": true])

            let entry = try #require(try await wallet.activityLog().first)
            #expect(entry.kind == .presentation && entry.outcome == "accepted")
            #expect(entry.counterparty == "x509_san_dns:localhost")
            #expect(Set(entry.credentialIDs) == Set(ids))
            #expect(entry.disclosedClaims.sorted() == ["address.locality", "org.iso.18013.5.1/age_over_18"])
        }
    }

    @Test("every client_id prefix of the sandbox and both direct_post response modes are answered and accepted")
    func everyPrefixAndResponseMode() async throws {
        try await withSandbox { issuer, wallet, ids in
            let cases: [(VerifierAuthentication, ResponseMode)] = [
                (.x509SANDNS, .directPost), (.x509Hash, .directPostJWT), (.x509Hash, .directPost),
                (.decentralizedIdentifier, .directPostJWT), (.decentralizedIdentifier, .directPost), (.redirectURI, .directPost),
            ]
            for (authentication, mode) in cases {
                let request = try await issuer.createPresentationRequest(
                    query: Self.query, responseMode: mode, authentication: authentication)
                let proposal = try await wallet.preparePresentation(requestURI: request.link)
                #expect(proposal.verifier.prefix == authentication.rawValue)
                // An unsigned redirect_uri: request is answered, but its verifier is flagged.
                #expect(proposal.verifier.isAuthenticated == (authentication != .redirectURI), "\(authentication)")
                let result = try await wallet.present(proposal)
                #expect(result.isAccepted, "\(authentication) \(mode.rawValue): \(result.outcome)")
                let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
                #expect(outcome.status == .accepted, "\(authentication) \(mode.rawValue): \(outcome.status)")
                #expect(outcome.presentations.map(\.queryID).sorted() == ["mdl", "pid"])
                #expect(outcome.presentations.first { $0.queryID == "pid" }?.claims["given_name"] == nil)
            }
            let log = try await wallet.activityLog()
            #expect(log.count(where: { $0.kind == .presentation && $0.outcome == "accepted" }) == cases.count)
            #expect(log.filter { $0.kind == .presentation }.allSatisfy { Set($0.credentialIDs) == Set(ids) })
        }
    }

    @Test("a verifier that answers with an error is reported as rejected and logged so (here: a replayed response)")
    func rejectedByVerifier() async throws {
        try await withSandbox { issuer, wallet, _ in
            let request = try await issuer.createPresentationRequest(query: Self.query, responseMode: .directPost)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(try await wallet.present(proposal).isAccepted)
            let again = try await wallet.present(proposal)
            #expect(!again.isAccepted && again.redirectURI == nil)
            guard case let .rejected(error, _) = again.outcome else {
                Issue.record("expected a rejection, got \(again.outcome)")
                return
            }
            #expect(error == "invalid_request")
            #expect(try await wallet.activityLog().first?.outcome == "rejected: invalid_request")
        }
    }

    @Test("declining sends access_denied and no vp_token; the refusal is logged")
    func declineSendsAccessDenied() async throws {
        try await withSandbox { issuer, wallet, _ in
            let request = try await issuer.createPresentationRequest(query: Self.query, responseMode: .directPost)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            let result = try await wallet.decline(proposal)
            guard case .declined = result.outcome else {
                Issue.record("expected declined, got \(result.outcome)")
                return
            }
            #expect(!result.isAccepted && result.presentedCredentials.isEmpty)
            let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .declined(error: "access_denied", description: "the holder declined the request"))
            #expect(outcome.presentations.isEmpty)
            let entry = try #require(try await wallet.activityLog().first)
            #expect(entry.kind == .presentation && entry.outcome == "declined")
            #expect(entry.credentialIDs.isEmpty && entry.disclosedClaims.isEmpty)
        }
    }

    @Test("a request nothing in the wallet matches says so, and presenting it sends nothing")
    func nothingMatches() async throws {
        try await withSandbox(claiming: [.mDL]) { issuer, wallet, _ in
            let request = try await issuer.createPresentationRequest(query: Self.query)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(!proposal.isSatisfiable && proposal.proposedSelection == nil)
            #expect(proposal.requests.first { $0.queryID == "pid" }?.candidates.isEmpty == true)
            #expect(proposal.requests.first { $0.queryID == "mdl" }?.candidates.count == 1)
            await #expect(throws: WalletError.presentationFailed(.unsatisfiable)) { _ = try await wallet.present(proposal) }
            #expect(try await issuer.presentationOutcome(transactionID: request.transactionID) == nil)
            #expect(try await wallet.activityLog().first?.kind == .issuance)
        }
    }

    @Test("with two PIDs the user chooses one; a choice that does not answer the query is refused before anything is sent")
    func choosingACredential() async throws {
        try await withSandbox(claiming: [.pid, .pid, .mDL]) { issuer, wallet, ids in
            let request = try await issuer.createPresentationRequest(query: Self.query)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(proposal.requests.first { $0.queryID == "pid" }?.candidates.map(\.credentialID) == [ids[0], ids[1]])
            await #expect(throws: WalletError.self) {
                _ = try await wallet.present(proposal, choosing: ["pid": [ids[2]], "mdl": [ids[2]]])
            }
            await #expect(throws: WalletError.self) {
                _ = try await wallet.present(proposal, choosing: ["pid": [ids[0], ids[1]], "mdl": [ids[2]]])
            }
            await #expect(throws: WalletError.self) { _ = try await wallet.present(proposal, choosing: ["pid": [ids[1]]]) }
            #expect(try await issuer.presentationOutcome(transactionID: request.transactionID) == nil)

            let result = try await wallet.present(proposal, choosing: ["pid": [ids[1]], "mdl": [ids[2]]])
            #expect(result.isAccepted && result.presentedCredentials["pid"] == [ids[1]])
            #expect(try await wallet.activityLog().first?.credentialIDs.contains(ids[1]) == true)
        }
    }

    @Test("a revoked credential is not offered: the proposal lists it as unavailable with the reason")
    func revokedNotOffered() async throws {
        try await withSandbox(cachesStatusLists: false) { issuer, wallet, ids in
            for issued in await issuer.issuedCredentials() where issued.kind == .pid {
                try await issuer.revoke(credentialID: issued.id)
            }
            let request = try await issuer.createPresentationRequest(query: Self.query)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(!proposal.isSatisfiable)
            #expect(proposal.requests.first { $0.queryID == "pid" }?.candidates.isEmpty == true)
            let unavailable = try #require(proposal.unavailable.first)
            #expect(unavailable.credentialID == ids[0] && unavailable.reasons.map(\.kind) == [.statusRevoked])
        }
    }

    @Test("an expired credential is not offered: the proposal lists it as unavailable with the reason")
    func expiredNotOffered() async throws {
        // The wallet's clock is moved past the credential's end after the claim, so a slow
        // claim on a busy machine cannot outlast a short validity.
        let issuer = try SandboxIssuer(configuration: SandboxConfiguration(credentialValidity: 60))
        let clock = MovableClock()
        try await withSandbox(issuer, claiming: [.pid], clock: clock.now) { issuer, wallet, ids in
            clock.advance(by: 120)
            let request = try await issuer.createPresentationRequest(query: Self.query)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(!proposal.isSatisfiable)
            #expect(proposal.requests.allSatisfy { $0.candidates.isEmpty })
            let unavailable = try #require(proposal.unavailable.first)
            #expect(unavailable.credentialID == ids[0] && unavailable.reasons.map(\.kind).contains(.expired))
        }
    }

    @Test("trusted_authorities of type aki: the issuer chain's AuthorityKeyIdentifier matches, another one matches nothing")
    func trustedAuthorities() async throws {
        try await withSandbox { issuer, wallet, ids in
            let signer = try Certificate(derEncoded: Array(try #require(await issuer.certificates.issuerDER)))
            let aki = try #require(try signer.extensions.authorityKeyIdentifier?.keyIdentifier)
            func query(_ identifier: Data) -> JSONValue {
                ["credentials": [[
                    "id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]],
                    "trusted_authorities": [["type": "aki", "values": [.string(Base64URL.encode(identifier))]]],
                    "claims": [["path": ["given_name"]]],
                ]]]
            }
            let trusted = try await wallet.preparePresentation(
                requestURI: try await issuer.createPresentationRequest(query: query(Data(aki))).link)
            #expect(trusted.proposedSelection == ["pid": [ids[0]]])
            let other = try await wallet.preparePresentation(
                requestURI: try await issuer.createPresentationRequest(query: query(Data(repeating: 7, count: 20))).link)
            #expect(!other.isSatisfiable)
        }
    }

    @Test("only credentials of a requested format and type are read: the mDL is not decrypted for a PID-only request")
    func onlyRequestedTypesAreRead() async throws {
        try await withSandbox { issuer, wallet, ids in
            let before = try await wallet.listCredentials()
            let query: JSONValue = ["credentials": [[
                "id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["given_name"]]],
            ]]]
            let proposal = try await wallet.preparePresentation(
                requestURI: try await issuer.createPresentationRequest(query: query).link)
            #expect(proposal.requests.first?.candidates.first?.disclosedClaims.map(\.displayPath) == ["given_name"])
            // Reading a credential verifies it again and stamps its metadata; the mDL's stamp is untouched.
            let after = try await wallet.listCredentials()
            let checked = { (list: [CredentialSummary], id: String) in list.first { $0.id == id }?.lastCheckedAt }
            #expect(checked(after, ids[1]) == checked(before, ids[1]))
            #expect(try #require(checked(after, ids[0])) > (checked(before, ids[0]) ?? .distantPast))
        }
    }

    @Test("a verifier whose certificate chains to no root the wallet trusts is refused before anything is sent")
    func untrustedVerifierRefused() async throws {
        try await withSandbox(claiming: [.mDL], trustVerifier: false) { issuer, wallet, _ in
            let request = try await issuer.createPresentationRequest(query: Self.query)
            do {
                _ = try await wallet.preparePresentation(requestURI: request.link)
                Issue.record("an untrusted verifier must be refused")
            } catch let WalletError.presentationFailed(.request(error)) {
                #expect(error.oauthError == "invalid_client", "\(error)")
            }
            #expect(try await issuer.presentationOutcome(transactionID: request.transactionID) == nil)
        }
    }
}

/// A wallet clock a test can move forward: real time plus an offset.
final class MovableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    @Sendable func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return Date() + offset
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        offset += seconds
    }
}
