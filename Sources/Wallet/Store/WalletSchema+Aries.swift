import GRDB

extension WalletSchema {
    /// The holder's Aries records (issue #28): one row per DIDComm connection (its key with it),
    /// per credential offer (the seed's `Credential` state object) and per proof request (its
    /// `DisclosedProof`), so an app needs no store of its own and an exchange survives a
    /// restart. The kind is in clear to list one kind without opening the others; everything
    /// else — the peer's endpoint and keys, the messages, the connection's private key, the
    /// AnonCreds request metadata with its blinding factor — is sealed.
    static func registerAriesRecords(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-aries-records") { db in
            try db.execute(sql: """
                CREATE TABLE aries_record (
                    id TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('connection', 'credential', 'proof')),
                    body BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX aries_record_kind ON aries_record(kind, created_at);
                """)
        }
    }
}
