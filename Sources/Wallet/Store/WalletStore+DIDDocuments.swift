import Foundation
import GRDB
import OpenDID

extension WalletStore {
    /// The largest DID document accepted, in bytes.
    public static let maximumDIDDocumentBytes = 256 * 1024
    /// The most trusted DID documents (all versions counted) a wallet keeps.
    public static let maximumTrustedDIDDocuments = 1000

    /// Keeps `json`, an Open DID DID document, as trusted; returns it and whether it was new.
    ///
    /// The store only files the document (by DID and version); whether its proofs verify is
    /// for ``CredentialWallet/addTrustedDIDDocument(_:)`` to decide first. Adding the same
    /// bytes again keeps the first copy (`inserted == false`); a *different* document under
    /// a DID and version already trusted is refused, since one of the two is not what the
    /// DID's owner published: the holder removes the old one to replace it.
    @discardableResult
    public func addTrustedDIDDocument(json: Data) async throws(WalletError) -> (document: TrustedDIDDocument, inserted: Bool) {
        let document = try Self.didDocument(from: json)
        let id = TrustedDIDDocument.identifier(did: document.id, versionId: document.versionId)
        let rowID = didDocumentRowID(id)
        let body = TrustedDIDDocumentBody(did: document.id, versionId: document.versionId, json: json)
        let plain: Data
        do {
            plain = try JSONEncoder().encode(body)
        } catch {
            throw .invalidInput("the DID document cannot be encoded: \(error)")
        }
        let sealed = try cipher.seal(plain, binding: RecordBinding(table: "trusted_did_document", column: "body", id: rowID))
        let didIndex = didDocumentDIDIndex(document.id)
        let now = clock()
        let existing = try await write { db -> RowValues? in
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM trusted_did_document WHERE id = ?", arguments: [rowID]) {
                return RowValues(row)
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trusted_did_document") ?? 0
            guard count < Self.maximumTrustedDIDDocuments else {
                throw WalletError.inputTooLarge(field: "trusted DID documents", limit: Self.maximumTrustedDIDDocuments)
            }
            try db.execute(
                sql: "INSERT INTO trusted_did_document (id, did_index, body, added_at) VALUES (?, ?, ?, ?)",
                arguments: [rowID, didIndex, sealed, now.timeIntervalSinceReferenceDate])
            return nil
        }
        guard let existing else { return (TrustedDIDDocument(document: document, json: json, addedAt: now), true) }
        let old = try decodeDIDDocument(existing)
        guard old.json == json else {
            throw .invalidInput(
                "a different DID document for \(id) is trusted already; remove it first (vellum trust remove \(document.id)) to replace it")
        }
        return (old, false)
    }

    /// The trusted DID documents, in the order they were added.
    public func trustedDIDDocuments() async throws(WalletError) -> [TrustedDIDDocument] {
        try await records("SELECT * FROM trusted_did_document ORDER BY added_at, id") { row throws(WalletError) in
            try decodeDIDDocument(row)
        }
    }

    /// Stops trusting `did`'s document of `versionId`, or every version of it when `versionId`
    /// is `nil`; returns how many were removed.
    @discardableResult
    public func removeTrustedDIDDocuments(did: String, versionId: String? = nil) async throws(WalletError) -> Int {
        try check(id: did, field: "DID")
        let didIndex = didDocumentDIDIndex(did)
        let rowID = versionId.map { didDocumentRowID(TrustedDIDDocument.identifier(did: did, versionId: $0)) }
        return try await write { db in
            if let rowID {
                try db.execute(sql: "DELETE FROM trusted_did_document WHERE id = ? AND did_index = ?", arguments: [rowID, didIndex])
            } else {
                try db.execute(sql: "DELETE FROM trusted_did_document WHERE did_index = ?", arguments: [didIndex])
            }
            return db.changesCount
        }
    }

    /// The document in `json`, refused with a reason a person can act on.
    static func didDocument(from json: Data) throws(WalletError) -> DIDDocument {
        guard json.count <= maximumDIDDocumentBytes else {
            throw .inputTooLarge(field: "DID document", limit: maximumDIDDocumentBytes)
        }
        do {
            return try DIDDocument(from: json)
        } catch let error as OpenDIDError {
            throw .invalidInput("not an Open DID DID document: \(error)")
        } catch {
            throw .invalidInput("not an Open DID DID document: \(error)")
        }
    }

    /// The row id of `did?versionId=N` (a keyed hash; the prefix keeps it apart from the
    /// other tables' keyed hashes).
    private func didDocumentRowID(_ identifier: String) -> String { blindIndex("did-document:" + identifier) }

    /// The keyed hash that groups every version of `did`.
    private func didDocumentDIDIndex(_ did: String) -> String { blindIndex("did:" + did) }

    private func decodeDIDDocument(_ row: RowValues) throws(WalletError) -> TrustedDIDDocument {
        let id = row.column("id", as: String.self) ?? "?"
        guard let sealed = row.column("body", as: Data.self), let added = row.column("added_at", as: Double.self),
              let didIndex = row.column("did_index", as: String.self)
        else { throw .corruptedRecord(table: "trusted_did_document", id: id) }
        let plain = try cipher.open(sealed, binding: RecordBinding(table: "trusted_did_document", column: "body", id: id))
        guard let body = try? JSONDecoder().decode(TrustedDIDDocumentBody.self, from: plain),
              let document = try? DIDDocument(from: body.json),
              document.id == body.did, document.versionId == body.versionId,
              didDocumentRowID(TrustedDIDDocument.identifier(did: body.did, versionId: body.versionId)) == id,
              didDocumentDIDIndex(body.did) == didIndex
        else { throw .corruptedRecord(table: "trusted_did_document", id: id) }
        return TrustedDIDDocument(document: document, json: body.json, addedAt: Date(timeIntervalSinceReferenceDate: added))
    }
}
