import Crypto
import Foundation
import GRDB
import Testing
import VellumTestSupport
@testable import Wallet

@Suite("Trusted issuer certificates: add, list, remove, dedupe")
struct WalletTrustedCertificateTests {
    /// A self-signed P-256 certificate with the given common name, as DER.
    static func makeCertificate(commonName: String, notValidAfter: Date) throws -> Data {
        try TestPKI.derData(TestPKI.root(
            key: P256.Signing.PrivateKey(), name: commonName, country: "DE",
            notBefore: Date(timeIntervalSince1970: 1_600_000_000), notAfter: notValidAfter))
    }

    @Test("a certificate is added with its CN, fingerprint and expiry; adding it again keeps one copy")
    func addListDedupe() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let expiry = Date(timeIntervalSince1970: 1_900_000_000)
        let der = try Self.makeCertificate(commonName: "Test IACA", notValidAfter: expiry)

        let first = try await store.addTrustedCertificate(der: der)
        #expect(first.inserted)
        #expect(first.certificate.subjectCommonName == "Test IACA")
        #expect(first.certificate.notValidAfter == expiry)
        #expect(first.certificate.fingerprint == SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined())
        #expect(first.certificate.derBytes == der)

        let again = try await store.addTrustedCertificate(der: der)
        #expect(!again.inserted)
        #expect(again.certificate.fingerprint == first.certificate.fingerprint)

        let other = try await store.addTrustedCertificate(der: try Self.makeCertificate(commonName: "Other", notValidAfter: expiry))
        #expect(other.inserted)
        let listed = try await store.trustedCertificates()
        #expect(listed.map(\.subjectCommonName) == ["Test IACA", "Other"])

        try await store.close()
        let reopened = try await wallet.open()
        #expect(try await reopened.trustedCertificates().count == 2)
    }

    @Test("a certificate is removed by fingerprint (any case); removing it again reports false")
    func remove() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let der = try Self.makeCertificate(commonName: "Gone", notValidAfter: Date(timeIntervalSince1970: 1_900_000_000))
        let added = try await store.addTrustedCertificate(der: der).certificate
        #expect(try await store.removeTrustedCertificate(fingerprint: added.fingerprint.uppercased()))
        #expect(try await store.trustedCertificates().isEmpty)
        #expect(try await !store.removeTrustedCertificate(fingerprint: added.fingerprint))
        await #expect(throws: WalletError.invalidInput("a fingerprint is 64 hex digits")) {
            _ = try await store.removeTrustedCertificate(fingerprint: "abc")
        }
    }

    @Test("the file shows neither the certificate nor its fingerprint (the row key is a keyed hash)")
    func certificatesNotInClear() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let der = try Self.makeCertificate(commonName: "Secret-Issuer-CN", notValidAfter: Date(timeIntervalSince1970: 1_900_000_000))
        let fingerprint = try await store.addTrustedCertificate(der: der).certificate.fingerprint
        try await store.close()
        let bytes = try wallet.allFileBytes()
        #expect(!bytes.contains(Data("Secret-Issuer-CN".utf8)))
        #expect(!bytes.contains(Data(fingerprint.utf8)))
        #expect(!bytes.contains(der.suffix(64)))
    }

    @Test("a certificate row moved to another row id fails authentication")
    func certificateSwapRejected() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let expiry = Date(timeIntervalSince1970: 1_900_000_000)
        _ = try await store.addTrustedCertificate(der: try Self.makeCertificate(commonName: "A", notValidAfter: expiry))
        _ = try await store.addTrustedCertificate(der: try Self.makeCertificate(commonName: "B", notValidAfter: expiry))
        try await wallet.rawDatabase().write { db in
            let ids = try String.fetchAll(db, sql: "SELECT id FROM trusted_certificate ORDER BY added_at")
            try db.execute(
                sql: "UPDATE trusted_certificate SET body = (SELECT body FROM trusted_certificate WHERE id = ?) WHERE id = ?",
                arguments: [ids[0], ids[1]]
            )
        }
        await #expect {
            _ = try await store.trustedCertificates()
        } throws: { error in
            if case WalletError.corruptedRecord(table: "trusted_certificate", id: _) = error { return true }
            return false
        }
    }

    @Test("malformed, truncated and oversized certificates are refused")
    func malformed() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let der = try Self.makeCertificate(commonName: "T", notValidAfter: Date(timeIntervalSince1970: 1_900_000_000))
        for bad in [Data(), Data([0x30, 0x03, 0x02, 0x01]), der.prefix(der.count - 5), Data("not der".utf8)] {
            await #expect {
                _ = try await store.addTrustedCertificate(der: bad)
            } throws: { error in
                if case WalletError.invalidCertificate = error { return true }
                return false
            }
        }
        await #expect(throws: WalletError.inputTooLarge(field: "certificate", limit: WalletStore.maximumCertificateBytes)) {
            _ = try await store.addTrustedCertificate(der: Data(count: WalletStore.maximumCertificateBytes + 1))
        }
        #expect(try await store.trustedCertificates().isEmpty)
    }
}
