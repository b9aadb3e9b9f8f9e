import Foundation
import OpenID4VCI
import Testing
import VellumTestSupport
@testable import Wallet

/// The whole wallet claim against an issuer Vellum did not write: the Python OpenID4VCI
/// issuer (`Tests/Peers/oid4vci_issuer.py`, built on the `sd-jwt` and `pymdoccbor` peers).
@Suite("CredentialWallet: retrieve from the Python issuer", .enabled(if: PythonIssuer.isAvailable, PythonIssuer.skipMessage), .serialized)
struct PythonIssuerRetrievalTests {
    func withWallet(_ body: (CredentialWallet) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-peer-retrieve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let wallet = try await CredentialWallet.create(
            at: directory, passphrase: "peer retrieval",
            configuration: CredentialWalletConfiguration(
                keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), locales: ["en"]))
        try await body(wallet)
        try await wallet.close()
    }

    @Test("pre-authorized code + tx_code: the peer's SD-JWT VC and mDL are validated and stored")
    func claimsBothFormats() async throws {
        let issuer = try await offCooperativePool { try PythonIssuer.start(transactionCode: "493536") }
        defer { issuer.stop() }
        try await withWallet { wallet in
            try await wallet.addTrustedIssuerCertificates(issuer.rootPEMs.map { Data($0.utf8) }, purposes: [.issuer])
            let discovered = try await wallet.discoverCredentialOffer(issuer.offerByReference)
            #expect(discovered.credentials.map(\.configurationID) == [PythonIssuer.sdJWTConfigurationID, PythonIssuer.mdocConfigurationID])
            let results = try await wallet.retrieveCredentials(
                credentialOffer: discovered, options: CredentialRetrievalOptions(transactionCode: "493536"))
            #expect(results.map(\.docType) == [PythonIssuer.vct, "org.iso.18013.5.1.mDL"])
            for result in results {
                #expect(result.error == nil, "\(result.configurationID): \(String(describing: result.error))")
                let credential = try await wallet.getCredential(credentialId: try #require(result.credentialId))
                #expect(credential.verificationResult.verified, "\(credential.verificationResult.failures)")
            }
            let pid = try await wallet.getCredential(credentialId: try #require(results[0].credentialId))
            #expect(pid.claims.value(at: ["given_name"]) == "Erika")
            let mdl = try await wallet.getCredential(credentialId: try #require(results[1].credentialId))
            #expect(mdl.claims.value(at: ["org.iso.18013.5.1", "family_name"]) == "Mustermann")
        }
    }

    @Test("without the peer's roots the credentials are refused as certificateNotFound and nothing is stored")
    func untrustedPeer() async throws {
        let issuer = try await offCooperativePool { try PythonIssuer.start() }
        defer { issuer.stop() }
        try await withWallet { wallet in
            let results = try await wallet.retrieveCredentials(
                credentialOffer: try await wallet.discoverCredentialOffer(issuer.offerByValue))
            #expect(results.count == 2)
            for result in results {
                guard case .certificateNotFound? = result.error else {
                    Issue.record("expected certificateNotFound, got \(String(describing: result.error))")
                    continue
                }
            }
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }
}
