import Crypto
import Foundation
import GRDB
import SwiftASN1
import X509

extension WalletStore {
    /// The largest certificate accepted, in bytes (as X509Trust's anchor store).
    public static let maximumCertificateBytes = 64 * 1024
    /// The most trusted certificates a wallet keeps.
    public static let maximumTrustedCertificates = 1000

    /// Trusts a certificate (DER) as a root for `purposes`; returns it and whether it was new.
    ///
    /// Adding a certificate already trusted (same SHA-256 over the DER) keeps the first copy
    /// and returns `inserted == false`; its purposes become the union of the old and the new
    /// ones (adding trust never takes any away: remove the certificate to narrow it).
    ///
    /// Added during a claim (a credential retrieval trusting the issuer's IACAs), a new
    /// certificate is trusted provisionally: it belongs to the claim, which keeps it only if
    /// it anchors a credential the claim stores. A certificate already trusted whose
    /// purposes the claim widens keeps its previous record beside the new one, and gets it
    /// back on the same terms.
    @discardableResult
    public func addTrustedCertificate(
        der: Data, purposes: Set<TrustPurpose> = TrustPurpose.all
    ) async throws(WalletError) -> (certificate: TrustedCertificate, inserted: Bool) {
        guard !purposes.isEmpty else { throw .invalidInput("a trusted certificate needs at least one purpose") }
        guard der.count <= Self.maximumCertificateBytes else {
            throw .inputTooLarge(field: "certificate", limit: Self.maximumCertificateBytes)
        }
        let parsed: Certificate
        do {
            parsed = try Certificate(derEncoded: Array(der))
        } catch {
            throw .invalidCertificate(reason: String(describing: error))
        }
        let fingerprint = Self.fingerprint(of: der)
        let body = TrustedCertificateBody(
            der: der, fingerprint: fingerprint, subjectCommonName: Self.commonName(of: parsed.subject),
            subject: parsed.subject.description, notValidAfter: parsed.notValidAfter,
            purposes: TrustPurpose.allCases.filter(purposes.contains)
        )
        let rowID = blindIndex(fingerprint)
        let plain: Data
        do {
            plain = try JSONEncoder().encode(body)
        } catch {
            throw .invalidInput("certificate cannot be encoded: \(error)")
        }
        let sealed = try cipher.seal(plain, binding: RecordBinding(table: "trusted_certificate", column: "body", id: rowID))
        let now = clock()
        let claim = claimForNewRows
        let existing = try await write { db -> RowValues? in
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM trusted_certificate WHERE id = ?", arguments: [rowID]) {
                return RowValues(row)
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trusted_certificate") ?? 0
            guard count < Self.maximumTrustedCertificates else {
                throw WalletError.inputTooLarge(field: "trusted certificates", limit: Self.maximumTrustedCertificates)
            }
            try db.execute(
                sql: "INSERT INTO trusted_certificate (id, body, added_at, claim_id) VALUES (?, ?, ?, ?)",
                arguments: [rowID, sealed, now.timeIntervalSinceReferenceDate, claim]
            )
            return nil
        }
        guard let existing else { return (Self.certificate(from: body, addedAt: now), true) }
        let old = try decodeCertificate(existing)
        guard !purposes.isSubset(of: old.purposes) else { return (old, false) }
        var widened = body
        widened.purposes = TrustPurpose.allCases.filter { old.purposes.contains($0) || purposes.contains($0) }
        let plainWidened: Data
        do {
            plainWidened = try JSONEncoder().encode(widened)
        } catch {
            throw .invalidInput("certificate cannot be encoded: \(error)")
        }
        let resealed = try cipher.seal(
            plainWidened, binding: RecordBinding(table: "trusted_certificate", column: "body", id: rowID))
        try await write { db in
            if let claim {
                // The first widening by a claim keeps the record it replaces (`body` on the
                // right of SET is the old value) for the claim's rollback.
                try db.execute(
                    sql: """
                        UPDATE trusted_certificate SET claim_prior_body = body, claim_id = ?
                        WHERE id = ? AND claim_id IS NULL
                        """,
                    arguments: [claim, rowID])
            }
            try db.execute(sql: "UPDATE trusted_certificate SET body = ? WHERE id = ?", arguments: [resealed, rowID])
        }
        return (Self.certificate(from: widened, addedAt: old.addedAt), false)
    }

    /// The trusted certificates, in the order they were added.
    public func trustedCertificates() async throws(WalletError) -> [TrustedCertificate] {
        try await records("SELECT * FROM trusted_certificate ORDER BY added_at, id") { row throws(WalletError) in
            try decodeCertificate(row)
        }
    }

    /// Stops trusting the certificate with this SHA-256 fingerprint (hex, any case); returns
    /// whether one was removed.
    @discardableResult
    public func removeTrustedCertificate(fingerprint: String) async throws(WalletError) -> Bool {
        guard fingerprint.utf8.count == 64 else { throw .invalidInput("a fingerprint is 64 hex digits") }
        let rowID = blindIndex(fingerprint.lowercased())
        return try await write { db in
            try db.execute(sql: "DELETE FROM trusted_certificate WHERE id = ?", arguments: [rowID])
            return db.changesCount > 0
        }
    }

    /// The SHA-256 of `der`, lowercase hex.
    static func fingerprint(of der: Data) -> String {
        SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined()
    }

    static func commonName(of name: DistinguishedName) -> String? {
        for rdn in name {
            for attribute in rdn where attribute.type == .RDNAttributeType.commonName {
                return String(describing: attribute.value)
            }
        }
        return nil
    }

    static func certificate(from body: TrustedCertificateBody, addedAt: Date) -> TrustedCertificate {
        TrustedCertificate(
            derBytes: body.der, fingerprint: body.fingerprint, subjectCommonName: body.subjectCommonName,
            subject: body.subject, notValidAfter: body.notValidAfter, addedAt: addedAt,
            purposes: Set(body.purposes ?? TrustPurpose.allCases)
        )
    }

    private func decodeCertificate(_ row: RowValues) throws(WalletError) -> TrustedCertificate {
        let id = row.column("id", as: String.self) ?? "?"
        guard let sealed = row.column("body", as: Data.self), let added = row.column("added_at", as: Double.self) else {
            throw .corruptedRecord(table: "trusted_certificate", id: id)
        }
        let plain = try cipher.open(sealed, binding: RecordBinding(table: "trusted_certificate", column: "body", id: id))
        guard let body = try? JSONDecoder().decode(TrustedCertificateBody.self, from: plain),
              Self.fingerprint(of: body.der) == body.fingerprint, blindIndex(body.fingerprint) == id
        else { throw .corruptedRecord(table: "trusted_certificate", id: id) }
        return Self.certificate(from: body, addedAt: Date(timeIntervalSinceReferenceDate: added))
    }
}
