import GRDB

extension WalletSchema {
    /// The holder's own DIDs (issue #26): one row per DID, naming the holder key (in the
    /// secure area) it is made from; the DID itself is sealed like every other record, so the
    /// file does not show the holder's identifier.
    static func registerHolderDIDs(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-holder-dids") { db in
            try db.execute(sql: """
                CREATE TABLE holder_did (
                    id TEXT PRIMARY KEY NOT NULL,
                    key_id TEXT NOT NULL REFERENCES holder_key(id),
                    body BLOB NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE INDEX holder_did_key ON holder_did(key_id);
                """)
        }
    }
}

extension WalletSchema {
    /// The hosts the holder agreed to exchange with by scanning a link (issue #26): one row
    /// per host, its id a keyed hash of the host name, the name and the decision sealed, so
    /// the file does not show whom the holder deals with.
    static func registerTrustedExchangeHosts(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-trusted-exchange-hosts") { db in
            try db.execute(sql: """
                CREATE TABLE trusted_exchange_host (
                    id TEXT PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL,
                    added_at REAL NOT NULL
                );
                """)
        }
    }
}
