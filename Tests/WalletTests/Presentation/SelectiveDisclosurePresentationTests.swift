import CryptoKeys
import DID
import Foundation
import JOSE
import JSONModel
import Sandbox
import Testing
import VellumTestSupport
import W3CCredentials
@testable import Wallet

/// ecdsa-sd-2023 through OpenID4VCI and OpenID4VP against the sandbox, over real HTTP on
/// loopback: the employee credential's base proof is checked before it is stored (a tampered
/// one is refused and nothing kept), a DCQL query for two of its claims is answered with a
/// derived proof revealing those and the mandatory claims only, and the sandbox verifier
/// refuses a presentation that reveals more, a changed claim, another challenge or domain,
/// and the base proof itself.
@Suite("CredentialWallet: ecdsa-sd-2023 presented selectively over OpenID4VP")
struct SelectiveDisclosurePresentationTests {
    static let hidden = ["familyName", "department", "employeeNumber"]

    @Test("the employee credential is claimed with its base proof verified, and presented disclosing only the given name and job title")
    func claimAndPresentSelectively() async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, wallet, _ in
            try await wallet.addTrustedIssuerCertificates([Data(try await sandbox.verifierRootPEM().utf8)], purposes: [.verifier])
            let stored = try await LDPVCOpenID4VPTests.claim(.employeeSD, from: sandbox, into: wallet)
            #expect(stored.credentialType == "EmployeeCredential")

            let request = try await sandbox.createPresentationRequest(query: SandboxPresentationQuery.employeeSD.dcqlQuery)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            let candidate = try #require(proposal.requests.first?.candidates.first)
            #expect(candidate.disclosedClaims.map(\.displayPath) == ["credentialSubject.givenName", "credentialSubject.jobTitle"])
            #expect(candidate.alwaysDisclosed.contains("credentialSubject.id") && candidate.alwaysDisclosed.contains("issuer.id"))
            #expect(!candidate.alwaysDisclosed.contains { $0.hasPrefix("credentialSubject.") && $0 != "credentialSubject.id" })

            let result = try await wallet.present(proposal)
            #expect(result.isAccepted, "\(result.summary)")
            let outcome = try #require(try await sandbox.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .accepted)
            let subject = try #require(outcome.presentations.first?.claims["credentialSubject"]?.objectValue)
            #expect(Set(subject.keys) == ["id", "givenName", "jobTitle"])
            #expect(subject["jobTitle"] == "Research Engineer")
        }
    }

    @Test("in a scanned exchange, where nothing selects claims, the credential goes whole under a derived proof — never its base proof — and the verifier completes")
    func scannedExchangeDerivesWhole() async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, wallet, client in
            let stored = try await LDPVCOpenID4VPTests.claim(.employeeSD, from: sandbox, into: wallet)
            let (exchange, url) = try await sandbox.createExchange(.didAuthentication)
            let request = try await ScannedExchangeTests.request(at: url, client: client)
            guard case .linkedData(let json) = try await wallet.makeExchangePresentation(for: request, credentialIDs: [stored.id]) else {
                Issue.record("not an LD presentation")
                return
            }
            let shown = try #require(json["verifiableCredential"]?.arrayValue?.first?.objectValue)
            #expect(!ECDSASelectiveDisclosure.isBaseProofValue(try #require(shown["proof"]?["proofValue"]?.stringValue)))
            _ = try await EmbeddedProofVerifier().verify(.object(shown), policy: DataIntegrityProofPolicy())
            var original = try #require(try JSONValue(parsing: stored.payload).objectValue)
            var revealed = shown
            original["proof"] = nil
            revealed["proof"] = nil
            #expect(JSONValue.object(revealed).serialized() == JSONValue.object(original).serialized())

            try await wallet.answerPresentationRequest(request, from: url, credentialIDs: [stored.id], client: client)
            let state = try await sandbox.exchange(id: exchange.id)
            #expect(state.state == .completed, "\(state.error ?? "")")
        }
    }

    @Test("an employee credential changed after signing is refused at receipt (invalidSignature) and nothing is stored")
    func tamperedRefused() async throws {
        let sandbox = try SandboxIssuer(configuration: SandboxConfiguration(faults: [.tampersCredential]))
        _ = try await sandbox.start()
        do {
            try await Self.expectTamperedRefused(sandbox)
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    static func expectTamperedRefused(_ sandbox: SandboxIssuer) async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let offer = try await sandbox.createOffer(for: [.employeeSD])
            let results = try await wallet.retrieveCredentials(
                from: try await wallet.discoverCredentialOffer(offer.byReferenceLink), options: CredentialRetrievalOptions())
            #expect(results.count == 1)
            #expect(results.allSatisfy { $0.credentialIDs.isEmpty })
            CredentialWalletRetrievalTests.expectEachNotAdded(results, failing: .invalidSignature)
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    /// A presentation made by hand, as a dishonest or broken wallet might send it.
    struct Forgery: Sendable, CustomTestStringConvertible {
        enum Disclosure: Sendable { case requested, everything, requestedWithChangedClaim, baseProof }
        var name: String
        var disclosure: Disclosure = .requested
        var challenge: String?
        var domain: String?
        var refusal: String?
        var testDescription: String { name }
    }

    @Test("the verifier accepts the derived proof of the claims asked for and refuses every forgery", arguments: [
        Forgery(name: "honest"),
        Forgery(name: "discloses everything", disclosure: .everything, refusal: "which was not asked for"),
        Forgery(name: "a disclosed claim changed", disclosure: .requestedWithChangedClaim, refusal: "signature does not verify"),
        Forgery(name: "the base proof instead of a derived one", disclosure: .baseProof, refusal: "base proof"),
        Forgery(name: "another challenge", challenge: "not-the-request-nonce", refusal: "challenge"),
        Forgery(name: "another domain", domain: "x509_san_dns:verifier.example", refusal: "domain"),
    ])
    func forgeriesRefused(_ forgery: Forgery) async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, _, _ in
            let holder = PrivateKey(curve: .p256)
            let issued = try JSONValue(parsing: Data(try await sandbox.issueCredential(.employeeSD, boundTo: JWK(publicKey: holder.publicKey)).utf8))
            let credential: JSONValue
            switch forgery.disclosure {
            case .baseProof: credential = issued
            case .everything:
                credential = try await ECDSASelectiveDisclosure.derive(
                    issued, selectivePointers: ECDSASelectiveDisclosure.wholeDocumentPointers(of: issued)).document
            case .requested, .requestedWithChangedClaim:
                var derived = try #require(try await ECDSASelectiveDisclosure.derive(
                    issued, selectivePointers: ["/credentialSubject/givenName", "/credentialSubject/jobTitle"]).document.objectValue)
                if forgery.disclosure == .requestedWithChangedClaim {
                    var subject = try #require(derived["credentialSubject"]?.objectValue)
                    subject["jobTitle"] = "Chief Executive Officer"
                    derived["credentialSubject"] = .object(subject)
                }
                credential = .object(derived)
            }

            let did = try DIDKey.make(for: holder.publicKey)
            let outcome = try await JWTVCPresentationTests.answerByHand(.employeeSD, queryID: "employee", format: "ldp_vc", sandbox: sandbox) { request in
                let signed = try await ExchangePresentationBuilder.signLinkedData(
                    ExchangePresentationBuilder(holder: did.description, credentials: [credential]).unsignedPresentation(),
                    holder: did.description, verificationMethod: DIDKey.verificationMethod(of: did), signer: SoftwareSigner(privateKey: holder),
                    challenge: forgery.challenge ?? request.nonce, domain: forgery.domain ?? request.audience, now: Date())
                return JSONValue.object(signed).serializedString()
            }
            guard let refusal = forgery.refusal else {
                #expect(outcome.status == .accepted, "\(outcome.status)")
                return
            }
            guard case .rejected(let reason) = outcome.status else {
                Issue.record("\(forgery.name) was not rejected: \(outcome.status)")
                return
            }
            #expect(reason.contains(refusal), "\(reason)")
        }
    }
}
