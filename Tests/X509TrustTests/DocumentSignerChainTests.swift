import Crypto
import CryptoKeys
import Foundation
import SwiftASN1
import Testing
import VellumTestSupport
import X509
import X509Trust

/// ISO 18013-5 issuer trust: a Document Signer chains to a trusted IACA, both meeting Annex B.
@Suite struct DocumentSignerChainTests {
    let iacaKey = P256.Signing.PrivateKey()
    let dsKey = P256.Signing.PrivateKey()
    let iaca: Certificate
    let ds: Certificate
    let anchors: TrustAnchorStore
    let validator: ChainValidator
    let inside = TestPKI.epoch + 30 * TestPKI.day

    init() throws {
        iaca = try TestPKI.iaca(key: iacaKey)
        ds = try TestPKI.documentSigner(publicKey: dsKey.publicKey, issuer: iaca, issuerKey: iacaKey)
        anchors = TrustAnchorStore([iaca])
        validator = ChainValidator(anchors: anchors, policies: [IACAProfilePolicy(), DocumentSignerProfilePolicy()])
    }

    @Test func validChainIsTrustedAndExposesTheLeafKey() async throws {
        let chain = try await validator.validate(derChain: [TestPKI.der(ds)], at: inside).get()
        #expect(chain.certificates == [ds, iaca])
        #expect(chain.leaf == ds)
        #expect(chain.anchor == iaca)
        let key = try chain.leafKey.publicKey
        #expect(key.curve == .p256)
        #expect(key.rawRepresentation == dsKey.publicKey.rawRepresentation)
        #expect(chain.leafKey.subjectPublicKeyInfoDER == Array(dsKey.publicKey.derRepresentation))
    }

    /// The leaf key verifies what the Document Signer signed, and only that: a signature by
    /// another key over the same bytes is refused.
    @Test func leafKeyVerifiesTheSignersSignatureAndRejectsAForgery() async throws {
        let chain = try await validator.validate(derChain: [TestPKI.der(ds)], at: inside).get()
        let key = try chain.leafKey.publicKey
        let message = Data("MobileSecurityObject".utf8)
        let genuine = try dsKey.signature(for: message).rawRepresentation
        #expect(try key.verify(genuine, for: message, algorithm: .es256))
        let forged = try P256.Signing.PrivateKey().signature(for: message).rawRepresentation
        #expect(try !key.verify(forged, for: message, algorithm: .es256))
    }

    @Test func x5chainThatAlsoCarriesTheIACAStillEndsAtTheAnchor() async throws {
        let chain = try await validator.validate(derChain: [TestPKI.der(ds), TestPKI.der(iaca)], at: inside).get()
        #expect(chain.certificates == [ds, iaca])
    }

    @Test func expiredLeafIsRejectedAsExpired() async {
        let later = TestPKI.epoch + 400 * TestPKI.day
        let result = await validator.validate(leaf: ds, at: later)
        #expect(result.failure == .expired(subject: ds.subject.description, notValidAfter: ds.notValidAfter))
    }

    @Test func leafBeforeItsValidityIsRejectedAsNotYetValid() async {
        let early = TestPKI.epoch - TestPKI.day
        let result = await validator.validate(leaf: ds, at: early)
        #expect(result.failure == .notYetValid(subject: ds.subject.description, notValidBefore: ds.notValidBefore))
    }

    @Test func leafSignedByAnImpostorWithTheIACAsNameIsRejected() async throws {
        let impostorKey = P256.Signing.PrivateKey()
        let impostor = try TestPKI.iaca(key: impostorKey)
        let forged = try TestPKI.documentSigner(publicKey: dsKey.publicKey, issuer: impostor, issuerKey: impostorKey)
        let result = await validator.validate(leaf: forged, at: inside)
        #expect(result.failure == .signatureInvalid(subject: forged.subject.description))
    }

    @Test func tamperedSignatureIsRejected() async throws {
        var der = try TestPKI.der(ds)
        der[der.count - 1] ^= 0x01  // last byte of the ECDSA signature's s value
        let result = await validator.validate(derChain: [der], at: inside)
        #expect(result.failure == .signatureInvalid(subject: ds.subject.description))
    }

    @Test func tamperedSubjectIsRejected() async throws {
        let der = try TestPKI.der(ds)
        // Rename "Test DS" to "Test DT" inside the signed TBSCertificate.
        let marker = Array("Test DS".utf8)
        let index = try #require(der.indices.first { Array(der[$0..<min($0 + marker.count, der.count)]) == marker })
        var tampered = der
        tampered[index + 6] = UInt8(ascii: "T")
        let result = await validator.validate(derChain: [tampered], at: inside)
        #expect(result.failure?.isSignatureInvalid == true)
    }

    @Test func missingMdlDSExtendedKeyUsageIsAPolicyViolation() async throws {
        let noEKU = try TestPKI.documentSigner(
            publicKey: dsKey.publicKey, issuer: iaca, issuerKey: iacaKey, withEKU: false)
        let result = await validator.validate(leaf: noEKU, at: inside)
        guard case .policyViolation(let rule) = result.failure else {
            Issue.record("expected a policy violation, got \(String(describing: result.failure))")
            return
        }
        #expect(rule.contains("1.0.18013.5.1.2"))
    }

    @Test func untrustedRootIsRejected() async throws {
        let other = TrustAnchorStore([try TestPKI.iaca(key: P256.Signing.PrivateKey(), name: "Other IACA")])
        let result = await ChainValidator(anchors: other, policies: [DocumentSignerProfilePolicy()]).validate(leaf: ds, at: inside)
        #expect(result.failure == .untrustedRoot(issuer: iaca.subject.description))
    }

    @Test func emptyStoreTrustsNothing() async {
        let result = await ChainValidator(anchors: TrustAnchorStore(), policies: [DocumentSignerProfilePolicy()]).validate(leaf: ds, at: inside)
        #expect(result.failure == .untrustedRoot(issuer: iaca.subject.description))
    }

    @Test func iacaWithoutPathLengthZeroBreaksTheProfile() async throws {
        let looseKey = P256.Signing.PrivateKey()
        let loose = try TestPKI.iaca(key: looseKey, pathLength: nil)
        let leaf = try TestPKI.documentSigner(publicKey: dsKey.publicKey, issuer: loose, issuerKey: looseKey)
        let result = await ChainValidator(anchors: TrustAnchorStore([loose]), policies: [IACAProfilePolicy(), DocumentSignerProfilePolicy()])
            .validate(leaf: leaf, at: inside)
        guard case .policyViolation(let rule) = result.failure else {
            Issue.record("expected a policy violation, got \(String(describing: result.failure))")
            return
        }
        #expect(rule.contains("pathLenConstraint 0"))
    }

    /// The store judges each anchor against the IACA profile when it is added; the verdict
    /// follows the anchor: an IACA without pathLenConstraint 0 is refused with the policy's own
    /// reason, and once replaced by a conforming one with the same name and key the chain is
    /// trusted.
    @Test func iacaVerdictFollowsTheAnchorsOfTheStore() async throws {
        let key = P256.Signing.PrivateKey()
        let loose = try TestPKI.iaca(key: key, pathLength: nil)
        let conforming = try TestPKI.iaca(key: key)
        let leaf = try TestPKI.documentSigner(publicKey: dsKey.publicKey, issuer: conforming, issuerKey: key)
        var store = TrustAnchorStore([loose])
        let policies: [any TrustPolicy] = [IACAProfilePolicy(), DocumentSignerProfilePolicy()]
        let rejected = await ChainValidator(anchors: store, policies: policies).validate(leaf: leaf, at: inside)
        guard case .policyViolation(let rule) = rejected.failure else {
            Issue.record("expected a policy violation, got \(String(describing: rejected.failure))")
            return
        }
        #expect(rule.contains("pathLenConstraint 0"))
        let removed = store.remove(loose)
        let added = store.add(conforming)
        #expect(removed && added)
        let trusted = try await ChainValidator(anchors: store, policies: policies).validate(leaf: leaf, at: inside).get()
        #expect(trusted.anchor == conforming)
    }

    @Test func iacaWithoutCountryBreaksTheProfile() async throws {
        let key = P256.Signing.PrivateKey()
        let stateless = try TestPKI.iaca(key: key, country: nil)
        let leaf = try TestPKI.documentSigner(publicKey: dsKey.publicKey, issuer: stateless, issuerKey: key)
        let result = await ChainValidator(anchors: TrustAnchorStore([stateless]), policies: [IACAProfilePolicy(), DocumentSignerProfilePolicy()])
            .validate(leaf: leaf, at: inside)
        #expect(result.failure == .policyViolation("IACA 'CN=Test IACA' issuer has no countryName"))
    }

    @Test func documentSignerOutlivingTheIACABreaksTheProfile() async throws {
        let longLived = try TestPKI.documentSigner(
            publicKey: dsKey.publicKey, issuer: iaca, issuerKey: iacaKey,
            notAfter: iaca.notValidAfter + TestPKI.day)
        let result = await validator.validate(leaf: longLived, at: inside)
        guard case .policyViolation(let rule) = result.failure else {
            Issue.record("expected a policy violation, got \(String(describing: result.failure))")
            return
        }
        #expect(rule.contains("within the IACA's validity"))
    }

    @Test func documentSignerUnderAnIntermediateBreaksTheProfile() async throws {
        let rootKey = P256.Signing.PrivateKey(), midKey = P256.Signing.PrivateKey()
        let root = try TestPKI.iaca(key: rootKey, name: "Root", pathLength: 1)
        let mid = try TestPKI.issue(
            subject: "Mid", publicKey: midKey.publicKey, issuer: root, issuerKey: rootKey
        ) {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
        }
        let leaf = try TestPKI.documentSigner(publicKey: dsKey.publicKey, issuer: mid, issuerKey: midKey)
        let result = await ChainValidator(anchors: TrustAnchorStore([root]), policies: [DocumentSignerProfilePolicy()])
            .validate(leaf: leaf, intermediates: [mid], at: inside)
        guard case .policyViolation(let rule) = result.failure else {
            Issue.record("expected a policy violation, got \(String(describing: result.failure))")
            return
        }
        #expect(rule.contains("directly by the IACA"))
    }

    @Test func criticalMdlEKUWithoutTheDSPolicyIsUnhandled() async {
        // Only a policy that enforces the mdlDS usage may accept a critical EKU (RFC 5280 §4.2).
        let result = await ChainValidator(anchors: anchors).validate(leaf: ds, at: inside)
        #expect(result.failure == .unhandledCriticalExtension(subject: ds.subject.description, oid: "2.5.29.37"))
    }

    @Test func unknownCriticalExtensionIsRejected() async throws {
        let odd = try TestPKI.issue(
            subject: "Odd", publicKey: dsKey.publicKey, issuer: iaca, issuerKey: iacaKey
        ) {
            Critical(KeyUsage(digitalSignature: true))
            Certificate.Extension(oid: [1, 3, 6, 1, 4, 1, 99999, 1], critical: true, value: [0x05, 0x00])
        }
        let result = await validator.validate(leaf: odd, at: inside)
        #expect(result.failure == .unhandledCriticalExtension(subject: odd.subject.description, oid: "1.3.6.1.4.1.99999.1"))
    }
}

extension X509TrustError {
    var isSignatureInvalid: Bool {
        if case .signatureInvalid = self { return true }
        return false
    }
}
