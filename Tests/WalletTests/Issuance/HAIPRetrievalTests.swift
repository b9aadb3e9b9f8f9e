import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import OpenID4VCI
import Sandbox
import Testing
@testable import Wallet

/// A `haip-vci://` offer puts the whole claim under the HAIP profile: PAR, DPoP, ES256 and a
/// key attestation from the wallet's secure area in every key proof.
@Suite("CredentialWallet: a HAIP claim from the HAIP sandbox")
struct HAIPRetrievalTests {
    /// A software secure area whose keys a test "wallet provider" attests.
    struct AttestingSecureArea: SecureArea {
        let inner: SoftwareSecureArea
        let attester: SandboxKeyAttester

        var name: String { inner.name }
        var supportedCurves: Set<KeyCurve> { inner.supportedCurves }
        func createKey(curve: KeyCurve) async throws(WalletError) -> SecureAreaKey { try await inner.createKey(curve: curve) }
        func publicKey(keyID: String) async throws(WalletError) -> PublicKey { try await inner.publicKey(keyID: keyID) }
        func sign(_ message: Data, keyID: String, algorithm: SignatureAlgorithm) async throws(WalletError) -> Data {
            try await inner.sign(message, keyID: keyID, algorithm: algorithm)
        }
        func deleteKey(keyID: String) async throws(WalletError) { try await inner.deleteKey(keyID: keyID) }

        /// A `key-attestation+jwt` (OpenID4VCI 1.0 Appendix D) over the keys, with the nonce,
        /// from the sandbox's stand-in wallet provider.
        func keyAttestation(keyIDs: [String], nonce: String?) async throws(WalletError) -> Data? {
            var keys: [PublicKey] = []
            for id in keyIDs { keys.append(try await inner.publicKey(keyID: id)) }
            do {
                return Data(try await attester.attestation(for: keys, nonce: nonce).utf8)
            } catch {
                throw .invalidInput("attestation failed: \(error)")
            }
        }
    }

    @Test("haip-vci:// offer: authorization code with PAR, DPoP and attested ES256 keys; both formats stored")
    func haipClaim() async throws {
        let attester = try SandboxKeyAttester()
        let issuer = try SandboxIssuer(configuration: .haip(keyAttesters: [attester.publicKey]))
        _ = try await issuer.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-haip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let wallet = try await CredentialWallet.create(
                at: directory, passphrase: "haip",
                configuration: CredentialWalletConfiguration(
                keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), locales: ["en"],
                    secureArea: { store in AttestingSecureArea(inner: SoftwareSecureArea(store: store), attester: attester) }))
            try await wallet.addTrustedIssuerCertificates([Data(issuer.rootCertificatePEM.utf8)], purposes: [.issuer])
            let offer = try await issuer.createOffer(grant: .authorizationCode)
            let link = offer.byReferenceLink.replacingOccurrences(of: "openid-credential-offer://", with: "haip-vci://")
            let discovered = try await wallet.discoverCredentialOffer(link)
            #expect(discovered.profile == .haip)
            let results = try await wallet.retrieveCredentials(
                credentialOffer: discovered, clientId: CredentialWalletRetrievalTests.clientID,
                redirectUri: CredentialWalletRetrievalTests.redirectURI,
                options: CredentialRetrievalOptions(authorize: CredentialWalletRetrievalTests.autoApprovingBrowser))
            for result in results {
                #expect(result.error == nil, "\(result.configurationID): \(String(describing: result.error))")
            }
            #expect(results.allSatisfy { $0.succeeded })

            // The same offer scheme with the plain software area: no attestation, refused
            // before the credential request is sent.
            let plainDirectory = directory.appendingPathComponent("plain")
            let plain = try await CredentialWallet.create(
                at: plainDirectory, passphrase: "haip",
                configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient()))
            try await plain.addTrustedIssuerCertificates([Data(issuer.rootCertificatePEM.utf8)], purposes: [.issuer])
            let second = try await issuer.createOffer(grant: .authorizationCode)
            let unattested = try await plain.retrieveCredentials(
                credentialOffer: try await plain.discoverCredentialOffer(
                    second.byReferenceLink.replacingOccurrences(of: "openid-credential-offer://", with: "haip-vci://")),
                clientId: CredentialWalletRetrievalTests.clientID, redirectUri: CredentialWalletRetrievalTests.redirectURI,
                options: CredentialRetrievalOptions(authorize: CredentialWalletRetrievalTests.autoApprovingBrowser))
            #expect(unattested.allSatisfy { !$0.succeeded })
            #expect(await issuer.issuedCredentials().count == 2)
            try await plain.close()
            try await wallet.close()
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }
}
