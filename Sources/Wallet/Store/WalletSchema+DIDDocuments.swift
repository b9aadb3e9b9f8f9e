import GRDB

extension WalletSchema {
    /// The trusted Open DID DID documents (issue #23): one row per DID and version, its id a
    /// keyed hash of `did?versionId=N` and `did_index` a keyed hash of the DID alone (to
    /// remove every version at once), so the file does not show which issuers the holder
    /// trusts; the document itself is a sealed blob like a trusted certificate's.
    static func registerTrustedDIDDocuments(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-trusted-did-documents") { db in
            try db.execute(sql: """
                CREATE TABLE trusted_did_document (
                    id TEXT PRIMARY KEY NOT NULL,
                    did_index TEXT NOT NULL,
                    body BLOB NOT NULL,
                    added_at REAL NOT NULL
                );
                CREATE INDEX trusted_did_document_did ON trusted_did_document(did_index);
                """)
        }
    }
}
