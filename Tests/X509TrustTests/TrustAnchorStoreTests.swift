import Crypto
import Foundation
import SwiftASN1
import Testing
import VellumTestSupport
import X509
import X509Trust

@Suite struct TrustAnchorStoreTests {
    let first: Certificate
    let second: Certificate

    init() throws {
        first = try TestPKI.iaca(key: P256.Signing.PrivateKey(), name: "First")
        second = try TestPKI.iaca(key: P256.Signing.PrivateKey(), name: "Second")
    }

    func pem(_ certificate: Certificate) throws -> String {
        try PEMDocument(type: "CERTIFICATE", derBytes: TestPKI.der(certificate)).pemString
    }

    @Test func addingTheSameCertificateTwiceKeepsOne() throws {
        var store = TrustAnchorStore()
        let added = store.add(first)
        let addedAgain = store.add(first)
        let addedAsDER = try store.add(der: TestPKI.der(first))
        let addedAsPEM = try store.add(pem: pem(first))
        #expect(added && !addedAgain && !addedAsDER)
        #expect(addedAsPEM == 0)
        #expect(store.count == 1)
    }

    @Test func pemBundleAddsEveryCertificateInOrder() throws {
        var store = TrustAnchorStore()
        let added = try store.add(pem: pem(first) + "\n" + pem(second))
        #expect(added == 2)
        #expect(store.certificates == [first, second])
    }

    @Test func removeStopsTrusting() {
        var store = TrustAnchorStore([first, second])
        let removed = store.remove(first)
        let removedAgain = store.remove(first)
        #expect(removed && !removedAgain)
        #expect(!store.contains(first))
        #expect(store.certificates == [second])
    }

    @Test func lookupBySubjectAndKeyIdentifier() throws {
        let store = TrustAnchorStore([first, second])
        #expect(store.anchors(subject: second.subject) == [second])
        let ski = try #require(try first.extensions.subjectKeyIdentifier)
        #expect(store.anchors(subjectKeyIdentifier: ski.keyIdentifier) == [first])
        #expect(store.anchors(subjectKeyIdentifier: [1, 2, 3]).isEmpty)
    }

    @Test func malformedDERIsRejected() throws {
        var store = TrustAnchorStore()
        let der = try TestPKI.der(first)
        #expect(throws: X509TrustError.self) { try store.add(der: der.prefix(der.count / 2)) }
        #expect(throws: X509TrustError.self) { try store.add(der: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        #expect(throws: X509TrustError.self) { try store.add(der: [UInt8]()) }
        #expect(store.count == 0)
    }

    @Test func oversizedDERIsRejectedBeforeParsing() {
        var store = TrustAnchorStore()
        let huge = [UInt8](repeating: 0x30, count: TrustAnchorStore.maximumCertificateBytes + 1)
        #expect(throws: X509TrustError.inputTooLarge(limit: TrustAnchorStore.maximumCertificateBytes)) {
            try store.add(der: huge)
        }
    }

    @Test func pemOfAnotherTypeOrGarbageIsRejected() throws {
        var store = TrustAnchorStore()
        let key = PEMDocument(type: "PUBLIC KEY", derBytes: [0x30, 0x00]).pemString
        #expect(throws: X509TrustError.malformedCertificate(index: 0, reason: "PEM block is PUBLIC KEY")) {
            try store.add(pem: key)
        }
        #expect(throws: X509TrustError.self) { try store.add(pem: "-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----") }
        #expect(throws: X509TrustError.self) { try store.add(pem: "") }
    }
}

/// `x5c` arrays are untrusted input: each entry is parsed with limits and indexed errors.
@Suite struct UntrustedChainInputTests {
    let iacaKey = P256.Signing.PrivateKey()

    @Test func emptyChainIsRejected() async {
        let result = await ChainValidator(anchors: TrustAnchorStore()).validate(derChain: [[UInt8]](), at: TestPKI.epoch)
        #expect(result.failure == .emptyChain)
    }

    @Test func tooManyCertificatesAreRejected() async throws {
        let der = try TestPKI.der(try TestPKI.iaca(key: iacaKey))
        let chain = Array(repeating: der, count: ChainValidator.maximumChainLength + 1)
        let result = await ChainValidator(anchors: TrustAnchorStore()).validate(derChain: chain, at: TestPKI.epoch)
        #expect(result.failure == .inputTooLarge(limit: ChainValidator.maximumChainLength))
    }

    @Test func garbageIntermediateIsReportedWithItsIndex() async throws {
        let der = try TestPKI.der(try TestPKI.iaca(key: iacaKey))
        let result = await ChainValidator(anchors: TrustAnchorStore())
            .validate(derChain: [der, Array(der.prefix(40))], at: TestPKI.epoch)
        guard case .malformedCertificate(let index, _) = result.failure else {
            Issue.record("expected malformedCertificate, got \(String(describing: result.failure))")
            return
        }
        #expect(index == 1)
    }

    @Test func wrongASN1TypeIsMalformed() async {
        let notACertificate: [UInt8] = [0x04, 0x03, 0x01, 0x02, 0x03]  // an OCTET STRING
        let result = await ChainValidator(anchors: TrustAnchorStore()).validate(derChain: [notACertificate], at: TestPKI.epoch)
        #expect(result.failure?.isMalformed == true)
    }

    @Test func deeplyNestedInputIsMalformedNotACrash() async {
        var nested: [UInt8] = []
        for _ in 0..<60 { nested = [0x30, 0x80] + nested }  // indefinite lengths: not DER
        let result = await ChainValidator(anchors: TrustAnchorStore()).validate(derChain: [nested], at: TestPKI.epoch)
        #expect(result.failure?.isMalformed == true)
    }

    @Test func selfSignedAnchorAsLeafIsTrusted() async throws {
        let iaca = try TestPKI.iaca(key: iacaKey)
        let result = await ChainValidator(anchors: TrustAnchorStore([iaca])).validate(leaf: iaca, at: TestPKI.epoch + 1)
        #expect(try result.get().certificates == [iaca])
    }
}

extension X509TrustError {
    var isMalformed: Bool {
        if case .malformedCertificate = self { return true }
        return false
    }
}
