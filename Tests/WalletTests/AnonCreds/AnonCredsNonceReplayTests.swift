import AnonCreds
import Foundation
import GRDB
import Testing
import VellumTestSupport
@testable import Wallet

/// Proof-request nonces answered are remembered per wallet (issue #28): a second request with
/// the same nonce — by text or only by value — gets no proof, refused before anything is
/// built; a request that got no proof does not use its nonce up; the record survives reopening
/// and shows no nonce in the file.
@Suite("CredentialWallet: replayed AnonCreds proof requests refused")
struct AnonCredsNonceReplayTests {
    typealias Issuing = AnonCredsWalletTests

    static func request(nonce: String) throws -> PresentationRequest {
        try PresentationRequest(jsonString: #"{"nonce":"\#(nonce)","name":"proof","version":"1.0","requested_attributes":{"name":{"name":"name"}},"requested_predicates":{"adult":{"name":"age","p_type":">=","p_value":18}}}"#)
    }

    static func isReplay(_ error: WalletError) -> Bool {
        if case .presentationFailed(.replayedNonce) = error { true } else { false }
    }

    @Test("a second presentation for an answered nonce is refused with replayedNonce; another nonce is answered")
    func replayRefused() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let adult = try await Issuing.issue(into: wallet)
            let selection = [adult.id: AnonCredsReferents(revealed: ["name"], predicates: ["adult"])]
            let nonce = Nonce.random().text
            let request = try Self.request(nonce: nonce)
            #expect(try await !wallet.hasAnswered(request))
            let proof = try await wallet.anonCredsPresentation(for: request, selection: selection)
            try AnonCredsVerifier.verify(
                proof, request: request, schemas: [Issuing.issuer.definition.schemaID: Issuing.schema],
                definitions: [Issuing.issuer.credentialDefinitionID: Issuing.issuer.definition])
            #expect(try await wallet.hasAnswered(request))
            await expectError(WalletError.self, matching: Self.isReplay) {
                _ = try await wallet.anonCredsPresentation(for: request, selection: selection)
            }
            // The same value written with a leading zero is the same nonce to the proof.
            await expectError(WalletError.self, matching: Self.isReplay) {
                _ = try await wallet.anonCredsPresentation(for: try Self.request(nonce: "0" + nonce), selection: selection)
            }
            _ = try await wallet.anonCredsPresentation(for: try Self.request(nonce: Nonce.random().text), selection: selection)
        }
    }

    @Test("a replayed request is refused before any credential is read: even a selection naming none")
    func refusedFirst() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let adult = try await Issuing.issue(into: wallet)
            let request = try Self.request(nonce: Nonce.random().text)
            _ = try await wallet.anonCredsPresentation(for: request, selection: [adult.id: AnonCredsReferents(revealed: ["name"], predicates: ["adult"])])
            await expectError(WalletError.self, matching: Self.isReplay) {
                _ = try await wallet.anonCredsPresentation(for: request, selection: ["no-such-credential": AnonCredsReferents(revealed: ["name"])])
            }
        }
    }

    @Test("a request that got no proof (an unmet predicate) leaves its nonce unused")
    func failedPresentationKeepsNonce() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let minor = try await Issuing.issue(into: wallet, values: ["name": "Bea", "age": "12"])
            let adult = try await Issuing.issue(into: wallet)
            let request = try Self.request(nonce: Nonce.random().text)
            await expectError(WalletError.self, matching: { !Self.isReplay($0) }) {
                _ = try await wallet.anonCredsPresentation(for: request, selection: [minor.id: AnonCredsReferents(revealed: ["name"], predicates: ["adult"])])
            }
            _ = try await wallet.anonCredsPresentation(for: request, selection: [adult.id: AnonCredsReferents(revealed: ["name"], predicates: ["adult"])])
        }
    }

    @Test("the answered nonces survive reopening, under keyed hashes: the file shows no nonce")
    func persistedAndSealed() async throws {
        let files = TemporaryWallet()
        defer { files.cleanUp() }
        let configuration = CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF)
        let nonce = Nonce.random().text
        let wallet = try await CredentialWallet.create(at: files.directory, passphrase: "correct horse battery staple", configuration: configuration)
        try await wallet.recordAnswered(try Self.request(nonce: nonce))
        await expectError(WalletError.self, matching: Self.isReplay) { try await wallet.recordAnswered(try Self.request(nonce: nonce)) }
        try await wallet.close()
        #expect(!(try files.allFileBytes()).contains(Data(nonce.utf8)))
        let reopened = try await CredentialWallet.open(at: files.directory, passphrase: "correct horse battery staple", configuration: configuration)
        #expect(try await reopened.hasAnswered(try Self.request(nonce: nonce)))
        await expectError(WalletError.self, matching: Self.isReplay) { try await reopened.refuseReplayedProofRequest(try Self.request(nonce: nonce)) }
        try await reopened.close()
    }
}
