import GRDB

extension WalletSchema {
    /// The holder's AnonCreds link secrets (issue #27): one row per named secret, the secret
    /// sealed like every other record — it is what every AnonCreds credential of the holder
    /// is bound to, and proves they belong together.
    static func registerLinkSecrets(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-link-secrets") { db in
            try db.execute(sql: """
                CREATE TABLE link_secret (
                    id TEXT PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL,
                    created_at REAL NOT NULL
                );
                """)
        }
    }
}
