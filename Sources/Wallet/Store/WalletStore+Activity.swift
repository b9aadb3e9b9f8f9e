import Foundation
import GRDB

extension WalletStore {
    /// Appends an entry to the activity log.
    public func recordActivity(_ event: ActivityEvent) async throws(WalletError) {
        let sealed = try sealActivity(event)
        try await write { db in try Self.insertActivity(event, sealedDetails: sealed, in: db) }
    }

    /// The activity log, newest first (ties broken by insertion order), at most `limit` entries.
    /// The issuance of a claim not yet committed is not in it.
    public func activity(limit: Int = 100) async throws(WalletError) -> [ActivityEvent] {
        guard limit > 0 else { return [] }
        let rows = try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM activity WHERE claim_id IS NULL ORDER BY occurred_at DESC, seq DESC LIMIT ?", arguments: [limit]
            ).map(RowValues.init)
        }
        var events: [ActivityEvent] = []
        for row in rows {
            let id = row.column("id", as: String.self) ?? "?"
            guard let kind = row.column("kind", as: String.self).flatMap(ActivityEvent.Kind.init(rawValue:)),
                  let time = row.column("occurred_at", as: Double.self),
                  let sealed = row.column("details", as: Data.self)
            else { throw .corruptedRecord(table: "activity", id: id) }
            let plain = try cipher.open(sealed, binding: Self.activityBinding(id: id, kind: kind, time: time))
            guard let details = try? JSONDecoder().decode(ActivityDetails.self, from: plain) else {
                throw .corruptedRecord(table: "activity", id: id)
            }
            events.append(ActivityEvent(
                id: id, kind: kind, occurredAt: Date(timeIntervalSinceReferenceDate: time),
                credentialIDs: details.credentialIDs, counterparty: details.counterparty,
                counterpartyName: details.counterpartyName, disclosedClaims: details.disclosedClaims,
                outcome: details.outcome
            ))
        }
        return events
    }

    /// Seals an event's details, bound to its id, kind and time (so the clear columns
    /// cannot be edited to reorder or relabel the log unnoticed).
    func sealActivity(_ event: ActivityEvent) throws(WalletError) -> Data {
        try check(id: event.id, field: "activity id")
        let details = ActivityDetails(
            credentialIDs: event.credentialIDs, counterparty: event.counterparty,
            counterpartyName: event.counterpartyName, disclosedClaims: event.disclosedClaims,
            outcome: event.outcome
        )
        let plain: Data
        do {
            plain = try JSONEncoder().encode(details)
        } catch {
            throw .invalidInput("activity cannot be encoded: \(error)")
        }
        guard plain.count <= limits.maximumActivityBytes else {
            throw .inputTooLarge(field: "activity", limit: limits.maximumActivityBytes)
        }
        let time = event.occurredAt.timeIntervalSinceReferenceDate
        return try cipher.seal(plain, binding: Self.activityBinding(id: event.id, kind: event.kind, time: time))
    }

    static func activityBinding(id: String, kind: ActivityEvent.Kind, time: Double) -> RecordBinding {
        RecordBinding(table: "activity", column: "details:\(kind.rawValue):\(time.bitPattern)", id: id)
    }

    /// Inserts an entry; `claim` tags it as written for that pending claim.
    static func insertActivity(_ event: ActivityEvent, sealedDetails: Data, claim: String? = nil, in db: Database) throws {
        if try Row.fetchOne(db, sql: "SELECT id FROM activity WHERE id = ?", arguments: [event.id]) != nil {
            throw WalletError.duplicate(kind: "activity", id: event.id)
        }
        try db.execute(
            sql: "INSERT INTO activity (id, kind, occurred_at, details, claim_id) VALUES (?, ?, ?, ?, ?)",
            arguments: [event.id, event.kind.rawValue, event.occurredAt.timeIntervalSinceReferenceDate, sealedDetails, claim]
        )
    }
}
