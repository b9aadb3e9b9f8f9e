import CryptoKeys
import Foundation
import Testing
import VellumTestSupport
import X509
import X509Trust

/// The IACA and Document Signer certificates of the ISO/IEC 18013-5 Annex D worked example
/// (via Multipaz and nl-wallet, see vectors/mdoc/SOURCE.txt). DS valid 2020-10-01..2021-10-01.
@Suite(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct AnnexDCertificateTests {
    static let folder = "mdoc/iso18013-5-annexD/"

    func certificate(_ name: String) throws -> Certificate {
        let pem = String(decoding: try Vectors.data(Self.folder + name), as: UTF8.self)
        return try Certificate(pemEncoded: pem)
    }

    func date(_ iso: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: iso))
    }

    var validator: ChainValidator {
        get throws {
            var anchors = TrustAnchorStore()
            let pem = String(decoding: try Vectors.data(Self.folder + "IACA_ROOT_CERT.pem"), as: UTF8.self)
            try anchors.add(pem: pem)
            return ChainValidator(anchors: anchors, policies: [IACAProfilePolicy(), DocumentSignerProfilePolicy()])
        }
    }

    @Test func documentSignerIsTrustedWithinItsValidity() async throws {
        let ds = try certificate("ISO_18013_5_ANNEX_D_DS_CERT.pem")
        let der = try #require(Data(testHex: String(decoding: try Vectors.data(Self.folder + "ISO_18013_5_ANNEX_D_DS_CERT.hex"), as: UTF8.self)))
        let chain = try await validator.validate(derChain: [der], at: try date("2021-01-01T00:00:00Z")).get()
        #expect(chain.leaf == ds)
        #expect(chain.anchor.subject.description.contains("utopia iaca"))
        #expect(chain.leafKey.subjectPublicKeyInfoDER.count == 91)  // P-256 SPKI
        #expect(try chain.leafKey.publicKey.curve == .p256)
        // Re-serializing the parsed certificate gives back the exact bytes (x509_hash relies on it).
        #expect(X509HashMatch.hash(of: ds) == X509HashMatch.hash(ofDER: der))
    }

    @Test func documentSignerHasExpiredByToday() async throws {
        let ds = try certificate("ISO_18013_5_ANNEX_D_DS_CERT.pem")
        let result = try await validator.validate(leaf: ds, at: try date("2026-11-21T00:00:00Z"))
        #expect(result.failure == .expired(subject: ds.subject.description, notValidAfter: ds.notValidAfter))
    }

    @Test func readerCertificateDoesNotChainToTheIACA() async throws {
        let reader = try certificate("ISO_18013_5_ANNEX_D_READER_CERT.pem")
        let result = try await validator.validate(leaf: reader, at: try date("2021-01-01T00:00:00Z"))
        #expect(result.failure != nil)
    }
}
