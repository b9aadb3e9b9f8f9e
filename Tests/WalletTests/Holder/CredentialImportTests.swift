import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Sandbox
import Testing
@testable import Wallet

/// `importCredential` and `exportCredential` through the format plug-ins (issue #23): a
/// credential from a file is verified in full before it is stored, is kept with its holder key
/// when given (or view-only), can be presented over OpenID4VP, and comes back byte-identical.
@Suite("CredentialWallet: import and export")
struct CredentialImportTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("vellum-import-\(UUID().uuidString)", isDirectory: true)

    /// A running sandbox and an empty wallet trusting its issuer (and verifier) roots.
    func withSandbox(trustIssuer: Bool = true, _ body: (SandboxIssuer, CredentialWallet) async throws -> Void) async throws {
        let issuer = try SandboxIssuer()
        _ = try await issuer.start()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let wallet = try await CredentialWallet.create(
                at: directory, passphrase: "correct horse battery staple",
                configuration: CredentialWalletConfiguration(
                    keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), locales: ["en"]))
            if trustIssuer {
                try await wallet.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
            }
            try await wallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])
            try await body(issuer, wallet)
            try await wallet.close()
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    static let query: JSONValue = [
        "credentials": [
            ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["address", "locality"]]]],
            ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
             "claims": [["path": ["org.iso.18013.5.1", "age_over_18"]]]],
        ],
    ]

    @Test("an SD-JWT VC and an mdoc imported with their keys: listed, verified, presented, exported byte-identical")
    func importPresentExport() async throws {
        try await withSandbox { issuer, wallet in
            let pidKey = PrivateKey(curve: .p256)
            let mdlKey = PrivateKey(curve: .p256)
            let pidText = try await issuer.issueCredential(.pid, boundTo: JWK(publicKey: pidKey.publicKey))
            let mdlBase64 = try await issuer.issueCredential(.mDL, boundTo: JWK(publicKey: mdlKey.publicKey))
            let mdlCBOR = try Base64URL.decodeLenient(mdlBase64)

            let pid = try await wallet.importCredential(Data(pidText.utf8), holderKey: pidKey)
            let mdl = try await wallet.importCredential(mdlCBOR, holderKey: mdlKey)
            #expect(pid.format == .sdJWTVC && mdl.format == .mdoc)
            #expect(pid.verificationResult.verified && mdl.verificationResult.verified)
            #expect(!pid.isViewOnly && !mdl.isViewOnly)
            #expect(try await wallet.listCredentials().map(\.id).sorted() == [pid.id, mdl.id].sorted())
            #expect(try await wallet.credential(id: pid.id).verificationResult.verified)

            let request = try await issuer.createPresentationRequest(query: Self.query)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(proposal.proposedSelection == ["pid": [pid.id], "mdl": [mdl.id]])
            let result = try await wallet.present(proposal)
            #expect(result.isAccepted, "\(result.summary)")
            let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .accepted)

            #expect(try await wallet.exportCredential(id: pid.id).data == Data(pidText.utf8))
            #expect(try await wallet.exportCredential(id: mdl.id).data == mdlCBOR)
            // The base64url text the issuer sent is recognised too, and kept as its CBOR.
            try await wallet.deleteCredential(id: mdl.id)
            let again = try await wallet.importCredential(Data(mdlBase64.utf8), holderKey: mdlKey)
            #expect(try await wallet.exportCredential(id: again.id).data == mdlCBOR)
        }
    }

    @Test("without its key a bound credential is stored view-only: it verifies, but is not offered where binding is asked")
    func viewOnly() async throws {
        try await withSandbox { issuer, wallet in
            let key = PrivateKey(curve: .p256)
            let text = try await issuer.issueCredential(.pid, boundTo: JWK(publicKey: key.publicKey))
            let stored = try await wallet.importCredential(Data(text.utf8))
            #expect(stored.isViewOnly && stored.holderKeyID == nil)
            #expect(stored.verificationResult.verified)
            let request = try await issuer.createPresentationRequest(query: ["credentials": [Self.query["credentials"]?[0] ?? .null]])
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(!proposal.isSatisfiable, "a view-only credential cannot answer a query asking for holder binding")
        }
    }

    @Test("refused, nothing stored: another key than the bound one, a tampered credential, an untrusted issuer, not a credential")
    func refusals() async throws {
        try await withSandbox(trustIssuer: false) { issuer, wallet in
            let key = PrivateKey(curve: .p256)
            let text = try await issuer.issueCredential(.pid, boundTo: JWK(publicKey: key.publicKey))
            await #expect {
                _ = try await wallet.importCredential(Data(text.utf8), holderKey: key)
            } throws: { error in
                (error as? WalletError)?.failures.contains { $0.kind == .untrustedIssuer } == true
            }
            try await wallet.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
            await #expect {
                _ = try await wallet.importCredential(Data(text.utf8), holderKey: PrivateKey(curve: .p256))
            } throws: { error in
                (error as? WalletError)?.failures.map(\.kind) == [.holderKeyMismatch]
            }
            // One byte of the issuer signature changed.
            var tampered = Array(text.utf8)
            let signatureEnd = try #require(tampered.firstIndex(of: UInt8(ascii: "~")))
            tampered[signatureEnd - 2] = tampered[signatureEnd - 2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            await #expect {
                _ = try await wallet.importCredential(Data(tampered), holderKey: key)
            } throws: { error in
                (error as? WalletError)?.failures.contains { $0.kind == .invalidSignature } == true
            }
            await #expect {
                _ = try await wallet.importCredential(Data("{\"hello\": \"world\"}".utf8))
            } throws: { error in
                if case .credentialRejected(.unsupportedFormat)? = error as? WalletError { return true }
                return false
            }
            #expect(try await wallet.listCredentials().isEmpty)
            #expect(try await wallet.store.keyIDs(secureArea: wallet.secureArea.name).isEmpty, "no key is left behind")
        }
    }
}
