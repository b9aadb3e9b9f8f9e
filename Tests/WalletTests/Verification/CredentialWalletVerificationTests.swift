import Crypto
import CryptoKeys
import Foundation
import StatusList
import Testing
@testable import Wallet

/// `credential(id:)` verifies again on every call: status lists over loopback HTTP, the
/// trust list as it is now, the clock as it is now.
@Suite("CredentialWallet: verification re-computed on every read")
struct CredentialWalletVerificationTests {
    let issuer: HolderTestIssuer
    let fixture = HolderWalletFixture()

    init() throws { issuer = try HolderTestIssuer() }

    /// Stores one SD-JWT VC and one mdoc, both pointing at `index` of the provider's lists.
    func storeBoth(
        _ wallet: CredentialWallet, provider: StatusListProvider?, index: Int = 1
    ) async throws -> (sdJWT: String, mdoc: String) {
        let sdKey = try await wallet.createHolderKey()
        let mdocKey = try await wallet.createHolderKey()
        let sdStatus = try provider.map { try $0.reference("/jwt", index: index).statusClaimJSON }
        let mdocStatus = try provider.map { try $0.reference("/cwt", index: index) }
        let sd = try await wallet.addCredential(try ReceivedCredential(
            format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: sdKey.publicKey, status: sdStatus),
            holderKeyID: sdKey.id, issuer: HolderTestIssuer.display))
        let mdoc = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc,
            credential: HolderTestIssuer.base64url(try await issuer.mdoc(deviceKey: mdocKey.publicKey, status: mdocStatus)),
            holderKeyID: mdocKey.id, issuer: HolderTestIssuer.display))
        return (sd.id, mdoc.id)
    }

    func kinds(_ wallet: CredentialWallet, _ id: String) async throws -> [VerificationFailure.Kind] {
        try await wallet.credential(id: id).verificationResult.failures.map(\.kind)
    }

    @Test("revoke → statusRevoked, suspend → statusSuspended, reinstate → valid (SD-JWT VC JWT list and mdoc CWT list)")
    func statusFlips() async throws {
        defer { fixture.cleanUp() }
        try await StatusListProvider().run { provider in
            try await provider.publish([.valid, .valid, .valid], issuer: issuer, at: HolderTestIssuer.now)
            let wallet = try await fixture.create()
            try await wallet.addTrustedIssuerCertificates([try issuer.rootPEM])
            let ids = try await storeBoth(wallet, provider: provider)
            for id in [ids.sdJWT, ids.mdoc] {
                let shown = try await wallet.credential(id: id)
                #expect(shown.verificationResult.verified, "\(shown.verificationResult.failures)")
                #expect(shown.verificationResult.status == .valid)
            }

            try await provider.publish([.valid, .invalid, .valid], issuer: issuer, at: HolderTestIssuer.now)
            for id in [ids.sdJWT, ids.mdoc] {
                let shown = try await wallet.credential(id: id)
                #expect(shown.verificationResult.failures.map(\.kind) == [.statusRevoked])
                #expect(shown.verificationResult.status == .revoked)
            }
            #expect(try await wallet.listCredentials().map(\.lastStatus) == ["revoked", "revoked"])

            try await provider.publish([.valid, .suspended, .valid], issuer: issuer, at: HolderTestIssuer.now)
            for id in [ids.sdJWT, ids.mdoc] {
                #expect(try await kinds(wallet, id) == [.statusSuspended])
            }
            try await provider.publish([.valid, .valid, .valid], issuer: issuer, at: HolderTestIssuer.now)
            for id in [ids.sdJWT, ids.mdoc] {
                #expect(try await kinds(wallet, id).isEmpty)
            }
        }
    }

    /// Status list draft, key resolution: a list with its own certificate must come from the
    /// credential's issuer key or from the certificate authority that certified it. Another
    /// issuer the wallet also trusts must not speak for this one's credentials.
    @Test("an x5c status list: the issuer's key or its CA's certificate answer; another trusted issuer's does not")
    func statusListSignerBoundToTheIssuer() async throws {
        defer { fixture.cleanUp() }
        let other = try HolderTestIssuer()
        try await StatusListProvider().run { provider in
            try await provider.publish([.valid, .invalid], issuer: issuer, at: HolderTestIssuer.now)
            let wallet = try await fixture.create()
            try await wallet.addTrustedIssuerCertificates([issuer.rootDER, other.rootDER])
            let ids = try await storeBoth(wallet, provider: provider, index: 0)
            let revokedList: [StatusType] = [.invalid, .valid]

            // Signed with the credential's own key, under its certificate.
            try await provider.publishJWT(
                revokedList, signedBy: issuer.sdJWTSignerKey, chain: [Data(issuer.sdJWTSigner.derBytes)], at: HolderTestIssuer.now)
            let own = try await wallet.credential(id: ids.sdJWT).verificationResult
            #expect(own.failures.map(\.kind) == [.statusRevoked], "\(own.failures)")
            // Signed by a status list signer certified by the same authority.
            let statusKey = P256.Signing.PrivateKey()
            try await provider.publishJWT(
                revokedList, signedBy: statusKey, chain: [Data(try issuer.statusSignerCertificate(for: statusKey).derBytes)],
                at: HolderTestIssuer.now)
            let sameAuthority = try await wallet.credential(id: ids.sdJWT).verificationResult
            #expect(sameAuthority.failures.map(\.kind) == [.statusRevoked], "\(sameAuthority.failures)")
            // Signed by another issuer under another trusted root, saying "valid": not accepted.
            try await provider.publishJWT(
                [.valid, .valid], signedBy: other.sdJWTSignerKey, chain: [Data(other.sdJWTSigner.derBytes)], at: HolderTestIssuer.now)
            let shown = try await wallet.credential(id: ids.sdJWT)
            #expect(shown.verificationResult.failures.map(\.kind) == [.statusUnknown])
            guard case .unknown = shown.verificationResult.status else {
                Issue.record("another issuer's status list answered: \(shown.verificationResult.status)")
                return
            }
        }
    }

    @Test("a revoked credential is refused at issuance")
    func revokedAtIssuanceRefused() async throws {
        defer { fixture.cleanUp() }
        try await StatusListProvider().run { provider in
            try await provider.publish([.valid, .invalid], issuer: issuer, at: HolderTestIssuer.now)
            let wallet = try await fixture.create()
            try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
            let key = try await wallet.createHolderKey()
            let text = try await issuer.sdJWTVC(
                holderKey: key.publicKey, status: try provider.reference("/jwt", index: 1).statusClaimJSON)
            do throws(WalletError) {
                try await wallet.addCredential(try ReceivedCredential(format: .sdJWTVC, credential: text, holderKeyID: key.id))
                Issue.record("a revoked credential was stored")
            } catch {
                #expect(error.failures.map(\.kind) == [.statusRevoked])
            }
            #expect(try await wallet.store.credentialCount() == 0)
        }
    }

    @Test("status endpoint down → statusUnknown (accepted at issuance, reported on read)")
    func statusEndpointDown() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
        let key = try await wallet.createHolderKey()
        let down = try StatusListReference(index: 0, uri: "http://127.0.0.1:1/status")
        let stored = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc, credential: HolderTestIssuer.base64url(try await issuer.mdoc(deviceKey: key.publicKey, status: down)),
            holderKeyID: key.id))
        let shown = try await wallet.credential(id: stored.id)
        #expect(shown.verificationResult.failures.map(\.kind) == [.statusUnknown])
        guard case .unknown = shown.verificationResult.status else {
            Issue.record("status is \(shown.verificationResult.status)")
            return
        }
        let sdKey = try await wallet.createHolderKey()
        let sd = try await wallet.addCredential(try ReceivedCredential(
            format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: sdKey.publicKey, status: down.statusClaimJSON),
            holderKeyID: sdKey.id))
        #expect(try await kinds(wallet, sd.id) == [.statusUnknown])
    }

    @Test("a status list at a link-local or private address is never fetched: statusUnknown, naming the address")
    func statusListAtAForbiddenAddress() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
        for (uri, address) in [("https://169.254.169.254/status", "169.254.169.254"), ("https://10.0.0.1/status", "10.0.0.1")] {
            let key = try await wallet.createHolderKey()
            let reference = try StatusListReference(index: 0, uri: uri)
            let stored = try await wallet.addCredential(try ReceivedCredential(
                format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: key.publicKey, status: reference.statusClaimJSON),
                holderKeyID: key.id))
            let shown = try await wallet.credential(id: stored.id)
            #expect(shown.verificationResult.failures.map(\.kind) == [.statusUnknown])
            let message = shown.verificationResult.failures.first?.message ?? ""
            #expect(message.contains("refusing to connect to \(address)"), "\(message)")
        }
    }

    @Test("a status list signed by another key is not believed: statusUnknown")
    func foreignStatusListRefused() async throws {
        defer { fixture.cleanUp() }
        let other = try HolderTestIssuer()
        try await StatusListProvider().run { provider in
            try await provider.publish([.valid, .valid], issuer: other, at: HolderTestIssuer.now)
            let wallet = try await fixture.create()
            try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
            let ids = try await storeBoth(wallet, provider: provider)
            #expect(try await kinds(wallet, ids.sdJWT) == [.statusUnknown])
            #expect(try await kinds(wallet, ids.mdoc) == [.statusUnknown])
        }
    }

    @Test("the trusted root expires → trustedIssuerCertificateExpired; time passes further → expired too")
    func trustAnchorExpires() async throws {
        defer { fixture.cleanUp() }
        let shortLived = try HolderTestIssuer(rootValidUntil: HolderTestIssuer.now + 30 * HolderTestIssuer.day)
        let wallet = try await fixture.create()
        try await wallet.addTrustedIssuerCertificates([shortLived.rootDER])
        let sdKey = try await wallet.createHolderKey()
        let mdocKey = try await wallet.createHolderKey()
        let sd = try await wallet.addCredential(try ReceivedCredential(
            format: .sdJWTVC, credential: try await shortLived.sdJWTVC(holderKey: sdKey.publicKey), holderKeyID: sdKey.id))
        let mdoc = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc, credential: HolderTestIssuer.base64url(try await shortLived.mdoc(deviceKey: mdocKey.publicKey)),
            holderKeyID: mdocKey.id))
        #expect(try await kinds(wallet, sd.id).isEmpty)

        fixture.clock.advance(by: 31 * HolderTestIssuer.day)
        for id in [sd.id, mdoc.id] {
            let shown = try await wallet.credential(id: id)
            #expect(shown.verificationResult.failures.map(\.kind) == [.trustedIssuerCertificateExpired])
            #expect(shown.issuerInfo.trustedCertificateFingerprint == shortLived.rootFingerprint)
        }
        fixture.clock.advance(by: 400 * HolderTestIssuer.day)
        for id in [sd.id, mdoc.id] {
            #expect(Set(try await kinds(wallet, id)) == [.trustedIssuerCertificateExpired, .expired])
        }
        let listed = try await wallet.listCredentials()
        #expect(listed.map { $0.state(at: fixture.clock.now) } == ["expired", "expired"])
    }

    @Test("the trust anchor is removed → untrustedIssuer; added back → verified")
    func trustAnchorRemoved() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
        let ids = try await storeBoth(wallet, provider: nil)
        #expect(try await wallet.removeTrustedCertificate(fingerprint: issuer.rootFingerprint.uppercased()))
        for id in [ids.sdJWT, ids.mdoc] {
            let shown = try await wallet.credential(id: id)
            #expect(shown.verificationResult.failures.map(\.kind) == [.untrustedIssuer])
            #expect(shown.issuerInfo.trustedCertificate == nil)
            #expect(shown.issuerInfo.trustedCertificateFingerprint == issuer.rootFingerprint)
            #expect(shown.claims != .unavailable)
        }
        // Trusted for verifier chains only: still not an issuer root.
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER], purposes: [.verifier])
        #expect(try await kinds(wallet, ids.mdoc) == [.untrustedIssuer])
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER], purposes: [.issuer])
        for id in [ids.sdJWT, ids.mdoc] { #expect(try await kinds(wallet, id).isEmpty) }
    }

    @Test("status checks can be turned off: the status is reported as not checked")
    func statusChecksOff() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create(checksStatus: false)
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
        let key = try await wallet.createHolderKey()
        let down = try StatusListReference(index: 0, uri: "http://127.0.0.1:1/status")
        let stored = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc, credential: HolderTestIssuer.base64url(try await issuer.mdoc(deviceKey: key.publicKey, status: down)),
            holderKeyID: key.id))
        let result = try await wallet.credential(id: stored.id).verificationResult
        #expect(result.verified && result.status == .notChecked("status checks are off"))
    }

    @Test("a cached status list is reused until its ttl passes")
    func statusListCache() async throws {
        defer { fixture.cleanUp() }
        try await StatusListProvider().run { provider in
            try await provider.publish([.valid, .valid], issuer: issuer, at: HolderTestIssuer.now)
            let wallet = try await fixture.create(cachesStatusLists: true)
            try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
            let ids = try await storeBoth(wallet, provider: provider)
            #expect(try await kinds(wallet, ids.mdoc).isEmpty)
            try await provider.publish([.valid, .invalid], issuer: issuer, at: HolderTestIssuer.now)
            // Within the token's lifetime the cached list answers.
            #expect(try await kinds(wallet, ids.mdoc).isEmpty)
            fixture.clock.advance(by: 2 * 3600)
            try await provider.publish([.valid, .invalid], issuer: issuer, at: fixture.clock.now)
            #expect(try await kinds(wallet, ids.mdoc) == [.statusRevoked])
        }
    }
}
