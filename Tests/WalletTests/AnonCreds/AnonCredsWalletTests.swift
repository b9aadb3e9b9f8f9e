import AnonCreds
import Foundation
import Testing
import VellumTestSupport
@testable import Wallet

/// AnonCreds credentials in the wallet (issue #27): the link secret made once and sealed,
/// a credential requested, checked, stored through the format plug-in with its schema and
/// definition, listed and shown with its attributes, checked again on every read against the
/// link secret, and deleted; forgeries refused with nothing stored.
@Suite("CredentialWallet: AnonCreds credentials")
struct AnonCredsWalletTests {
    /// A small issuer (256-bit safe primes: seconds matter here, not strength).
    static let issuer: AnonCredsIssuer = {
        var generator = SystemRandomNumberGenerator()
        let schema = try! Schema(name: "degree", version: "1.0", attributeNames: ["name", "age"], issuerID: "did:example:university")
        return try! AnonCredsIssuer.create(
            schema: schema, schemaID: "did:example:university/schema/degree", credentialDefinitionID: "did:example:university/cred-def/degree",
            safePrimeBits: 256, using: &generator)
    }()

    static let schema = try! Schema(name: "degree", version: "1.0", attributeNames: ["name", "age"], issuerID: "did:example:university")

    /// Runs an issuance into `wallet`; the stored credential.
    static func issue(into wallet: CredentialWallet, values: [String: String] = ["name": "Alice", "age": "30"]) async throws -> VerifiedCredential {
        var generator = SystemRandomNumberGenerator()
        let offer = issuer.offer(using: &generator)
        let pending = try await wallet.requestAnonCredsCredential(offer: offer, definition: issuer.definition)
        let credential = try issuer.issue(values, for: pending.request, offer: offer, using: &generator)
        return try await wallet.storeAnonCredsCredential(
            credential, request: pending, offer: offer, schema: schema, definition: issuer.definition)
    }

    @Test("issued, stored, listed, shown with its attributes, verified again, deleted")
    func lifecycle() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let stored = try await Self.issue(into: wallet)
            #expect(stored.format == .anonCreds)
            #expect(stored.verificationResult.verified, "\(stored.verificationResult.failures)")
            #expect(!stored.isViewOnly)
            #expect(stored.credentialType == "degree")
            #expect(stored.claims.jsonObject?["name"]?.stringValue == "Alice")
            #expect(stored.claims.jsonObject?["age"]?.stringValue == "30")
            let listed = try await wallet.listCredentials()
            #expect(listed.map(\.format) == [.anonCreds])
            #expect(listed.first?.issuer == "did:example:university")
            let again = try await wallet.credential(id: stored.id)
            #expect(again.verificationResult.verified)
            try await wallet.deleteCredential(id: stored.id)
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    @Test("one link secret per wallet, made once and sealed: the file never holds it")
    func linkSecretSealed() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, files in
            let first = try await wallet.anonCredsHolder()
            let second = try await wallet.anonCredsHolder()
            #expect(first.linkSecret == second.linkSecret)
            #expect(!(try files.allFileBytes()).contains(Data(first.linkSecret.storedDecimal.utf8)))
        }
    }

    @Test("a credential signed for another holder's request is refused: invalidSignature, nothing stored")
    func credentialForAnotherHolder() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            var generator = SystemRandomNumberGenerator()
            let offer = Self.issuer.offer(using: &generator)
            let pending = try await wallet.requestAnonCredsCredential(offer: offer, definition: Self.issuer.definition)
            let stranger = AnonCredsHolder(linkSecret: .random())
            let strangersRequest = try stranger.request(for: offer, definition: Self.issuer.definition)
            let credential = try Self.issuer.issue(["name": "Mallory", "age": "30"], for: strangersRequest.request, offer: offer, using: &generator)
            await expectError(WalletError.self, matching: { $0.failures.contains { $0.kind == .invalidSignature } }) {
                try await wallet.storeAnonCredsCredential(
                    credential, request: pending, offer: offer, schema: Self.schema, definition: Self.issuer.definition)
            }
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }

    @Test("an offer whose key correctness proof does not hold gets no request")
    func badKeyCorrectnessProof() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            var generator = SystemRandomNumberGenerator()
            var offer = Self.issuer.offer(using: &generator)
            offer.keyCorrectnessProof.c = offer.keyCorrectnessProof.c + .one
            await expectError(WalletError.self, matching: { $0.failures.contains { $0.kind == .invalidSignature } }) {
                _ = try await wallet.requestAnonCredsCredential(offer: offer, definition: Self.issuer.definition)
            }
        }
    }

    @Test("the stored credentials that answer each referent are listed; a proof from them verifies, one for an unmet predicate is not made")
    func searchAndPresent() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let adult = try await Self.issue(into: wallet, values: ["name": "Alice", "age": "30"])
            let minor = try await Self.issue(into: wallet, values: ["name": "Bea", "age": "12"])
            let requestJSON = #"{"nonce":"\#(Nonce.random().text)","name":"proof","version":"1.0","requested_attributes":{"name":{"name":"name","restrictions":[{"cred_def_id":"did:example:university/cred-def/degree"}]}},"requested_predicates":{"adult":{"name":"age","p_type":">=","p_value":18}}}"#
            let request = try PresentationRequest(jsonString: requestJSON)
            let candidates = try await wallet.anonCredsCandidates(for: request)
            #expect(candidates.attributes["name"] == [adult.id, minor.id].sorted())
            #expect(candidates.predicates["adult"] == [adult.id])

            let proof = try await wallet.anonCredsPresentation(
                for: request, selection: [adult.id: AnonCredsReferents(revealed: ["name"], predicates: ["adult"])])
            try AnonCredsVerifier.verify(
                proof, request: request, schemas: [Self.issuer.definition.schemaID: Self.schema],
                definitions: [Self.issuer.credentialDefinitionID: Self.issuer.definition])
            await expectError(WalletError.self, matching: { if case .presentationFailed = $0 { true } else { false } }) {
                _ = try await wallet.anonCredsPresentation(
                    for: request, selection: [minor.id: AnonCredsReferents(revealed: ["name"], predicates: ["adult"])])
            }
        }
    }
}
