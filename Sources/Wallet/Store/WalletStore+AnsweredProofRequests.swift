import Foundation
import GRDB
import JSONModel

extension WalletStore {
    /// The longest nonce remembered, in decimal digits (anoncreds' nonces have about 25).
    static let maximumNonceDigits = 1024

    /// Whether a proof request with the nonce `value` (its canonical decimal form) was answered.
    func isProofRequestAnswered(nonce value: String) async throws(WalletError) -> Bool {
        let rowID = answeredProofRequestRowID(value)
        let sealed = try await read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM answered_proof_request WHERE id = ?", arguments: [rowID])
        }
        guard let sealed else { return false }
        let plain = try cipher.open(sealed, binding: Self.answeredProofRequestBinding(id: rowID))
        guard (try? JSONValue(parsing: plain).objectValue?["nonce"]?.stringValue) == value else {
            throw .corruptedRecord(table: "answered_proof_request", id: rowID)
        }
        return true
    }

    /// Records that the proof request `name` with the nonce `value` (its canonical decimal
    /// form) is answered; one recorded already is refused with
    /// ``WalletError/Presentation/replayedNonce(_:)``, in the same transaction, so of two
    /// answers racing for one nonce only one is recorded.
    func recordAnsweredProofRequest(nonce value: String, name: String) async throws(WalletError) {
        guard value.utf8.count <= Self.maximumNonceDigits else { throw .inputTooLarge(field: "proof request nonce", limit: Self.maximumNonceDigits) }
        let rowID = answeredProofRequestRowID(value)
        let body: JSONValue = ["nonce": .string(value), "name": .string(String(name.prefix(256)))]
        let sealed = try cipher.seal(body.serialized(), binding: Self.answeredProofRequestBinding(id: rowID))
        let now = clock().timeIntervalSinceReferenceDate
        try await write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO answered_proof_request (id, body, answered_at) VALUES (?, ?, ?)", arguments: [rowID, sealed, now])
            guard db.changesCount == 1 else { throw WalletError.presentationFailed(.replayedNonce(value)) }
        }
    }

    private func answeredProofRequestRowID(_ value: String) -> String { blindIndex("proof-request-nonce:" + value) }

    static func answeredProofRequestBinding(id: String) -> RecordBinding {
        RecordBinding(table: "answered_proof_request", column: "body", id: id)
    }
}
