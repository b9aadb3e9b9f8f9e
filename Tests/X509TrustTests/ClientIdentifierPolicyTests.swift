import Crypto
import Foundation
import Multiformats
import SwiftASN1
import Testing
@_spi(FixedExpiryValidationTime) import X509
import VellumTestSupport
import X509Trust

/// OpenID4VP client identifier prefixes `x509_san_dns:` and `x509_hash:`, over a
/// root → intermediate → leaf chain as a verifier would send in `x5c`.
@Suite struct ClientIdentifierPolicyTests {
    let rootKey = P256.Signing.PrivateKey()
    let midKey = P256.Signing.PrivateKey()
    let leafKey = P256.Signing.PrivateKey()
    let root: Certificate
    let mid: Certificate
    let leaf: Certificate
    let anchors: TrustAnchorStore
    let inside = TestPKI.epoch + 30 * TestPKI.day

    init() throws {
        root = try TestPKI.iaca(key: rootKey, name: "Verifier Root", pathLength: nil)
        mid = try TestPKI.issue(subject: "Verifier CA", publicKey: midKey.publicKey, issuer: root, issuerKey: rootKey) {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
        }
        leaf = try TestPKI.issue(subject: "Verifier", publicKey: leafKey.publicKey, issuer: mid, issuerKey: midKey) {
            Critical(KeyUsage(digitalSignature: true))
            SubjectAlternativeNames([.dnsName("verifier.example.com"), .dnsName("alt.example.org")])
        }
        anchors = TrustAnchorStore([root])
    }

    var x5c: [[UInt8]] { get throws { [try TestPKI.der(leaf), try TestPKI.der(mid)] } }

    @Test func sanDNSNameMatchingTheClientIdIsTrusted() async throws {
        let validator = ChainValidator(anchors: anchors, policies: [SANDNSNamePolicy(dnsName: "Verifier.Example.com")])
        let chain = try await validator.validate(derChain: try x5c, at: inside).get()
        #expect(chain.certificates == [leaf, mid, root])
    }

    @Test func sanDNSNameNotMatchingIsRejected() async throws {
        let validator = ChainValidator(anchors: anchors, policies: [SANDNSNamePolicy(dnsName: "evil.example.com")])
        let result = await validator.validate(derChain: try x5c, at: inside)
        #expect(result.failure == .dnsNameMismatch(
            expected: "evil.example.com", found: ["verifier.example.com", "alt.example.org"]))
    }

    @Test func sanDNSNameIsNotASuffixMatch() async throws {
        let validator = ChainValidator(anchors: anchors, policies: [SANDNSNamePolicy(dnsName: "example.com")])
        let result = await validator.validate(derChain: try x5c, at: inside)
        #expect(result.failure?.isDNSNameMismatch == true)
    }

    @Test func x509HashIsBase64URLOfSHA256OfTheLeafDER() throws {
        let der = try TestPKI.der(leaf)
        let expected = Base64URL.encode(SHA256.hash(data: der))
        #expect(X509HashMatch.hash(of: leaf) == expected)
        #expect(X509HashMatch.hash(ofDER: der) == expected)
        #expect(!expected.contains("=") && !expected.contains("+") && !expected.contains("/"))
    }

    @Test func matchingX509HashIsTrusted() async throws {
        let policy = X509HashMatch(expectedHash: X509HashMatch.hash(of: leaf))
        #expect(policy.matches(leaf))
        let result = await ChainValidator(anchors: anchors, policies: [policy]).validate(derChain: try x5c, at: inside)
        #expect(result.failure == nil)
    }

    @Test func wrongX509HashIsRejected() async throws {
        let other = X509HashMatch.hash(of: mid)
        let result = await ChainValidator(anchors: anchors, policies: [X509HashMatch(expectedHash: other)])
            .validate(derChain: try x5c, at: inside)
        #expect(result.failure == .hashMismatch(expected: other, actual: X509HashMatch.hash(of: leaf)))
    }

    @Test func missingIntermediateMeansNoTrustedRoot() async throws {
        let result = await ChainValidator(anchors: anchors).validate(derChain: [try TestPKI.der(leaf)], at: inside)
        #expect(result.failure == .untrustedRoot(issuer: mid.subject.description))
    }

    @Test func policiesWorkInsideAPlainSwiftCertificatesVerifier() async throws {
        let time = inside
        var verifier = Verifier(rootCertificates: CertificateStore([root])) {
            RFC5280Policy(fixedExpiryValidationTime: time)
            SANDNSNamePolicy(dnsName: "evil.example.com")
        }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore([mid]))
        guard case .couldNotValidate(let failures) = result else {
            Issue.record("a wrong SAN must not validate")
            return
        }
        #expect(failures.first?.policyFailureReason.description.contains("evil.example.com") == true)
    }
}

extension X509TrustError {
    var isDNSNameMismatch: Bool {
        if case .dnsNameMismatch = self { return true }
        return false
    }
}
