import Foundation
import Sandbox
import Testing
import VellumTestSupport
@testable import Wallet

/// The wallet claiming from an issuer whose `ldp_vc` configuration takes only `di_vp` key
/// proofs (OpenID4VCI 1.0 Appendix F.2): it proves its new holder key with a Data Integrity
/// presentation by that key's did:key, and stores the diploma issued to it, bound to the key,
/// presentable over OpenID4VP — all over real HTTP on loopback.
@Suite("CredentialWallet: di_vp key proofs")
struct DIVPKeyProofClaimTests {
    @Test("an issuer taking only di_vp proofs issues the diploma to the wallet's did:key; it is stored bound and presented")
    func claimWithDIVP() async throws {
        var configuration = SandboxConfiguration()
        configuration.diplomaProofTypes = [.diVP]
        let sandbox = try SandboxIssuer(configuration: configuration)
        _ = try await sandbox.start()
        do {
            try await TemporaryWallet.withCredentialWallet { wallet, _ in
                try await wallet.addTrustedIssuerCertificates([Data(try await sandbox.verifierRootPEM().utf8)], purposes: [.verifier])
                _ = try await LDPVCOpenID4VPTests.claim(.diploma, from: sandbox, into: wallet)
                #expect(await sandbox.issuedCredentials().map(\.kind) == [.diploma])

                let request = try await sandbox.createPresentationRequest(query: SandboxPresentationQuery.diploma.dcqlQuery)
                let result = try await wallet.present(try await wallet.preparePresentation(requestURI: request.link))
                #expect(result.isAccepted, "\(result.summary)")
            }
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }
}
