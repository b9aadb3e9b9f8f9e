import GRDB

extension WalletSchema {
    /// The AnonCreds public objects the wallet has resolved (issue #28): one row per schema or
    /// credential definition, its id a keyed hash of the kind and identifier, the object
    /// sealed with both — so the file does not show whose credentials the holder has asked
    /// about, and a presentation needs no network for them.
    static func registerAnonCredsPublicEntities(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-anoncreds-public-entities") { db in
            try db.execute(sql: """
                CREATE TABLE anoncreds_public_entity (
                    id TEXT PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL,
                    fetched_at REAL NOT NULL
                );
                """)
        }
    }

    /// The proof-request nonces the holder has answered (issue #28): one row per nonce, its id
    /// a keyed hash of the nonce's value, the nonce and the request's name sealed — so a
    /// replayed request is refused before anything is built, and the file does not show
    /// which requests were answered.
    static func registerAnsweredProofRequests(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-answered-proof-requests") { db in
            try db.execute(sql: """
                CREATE TABLE answered_proof_request (
                    id TEXT PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL,
                    answered_at REAL NOT NULL
                );
                """)
        }
    }
}
