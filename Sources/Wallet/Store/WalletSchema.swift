import GRDB

/// The wallet's SQLite schema as a list of migrations.
///
/// Migrations are append-only: a released one is never edited, a change is a new one. GRDB
/// records which ran in `grdb_migrations`, so a file written by a newer version (with
/// migrations this one does not know) is detected and refused rather than damaged.
///
/// Columns in clear and why: ids (random UUIDs, needed as keys), `format` (to search by
/// format without decrypting; reveals only the family of credential), `holder_key_id` (so a
/// foreign key stops deleting a key a credential still needs), timestamps and activity
/// `kind` (to order and page). Times are REAL seconds since 2001-01-01 (`Date`'s own
/// representation, so they read back exactly). Everything else is a sealed blob (see `RecordCipher`):
/// the wallet's own facts about a credential (when it was issued, its latest status) are
/// typed, but inside the sealed metadata and listing, not columns in clear — a status of
/// `revoked` or an issuing date says something about the holder, and a list needs no
/// SQL filter on them. A credential's `listing` (what a list shows, see
/// `CredentialListing`) is sealed on its own so a list opens a small record per credential,
/// and the `credential_listing` index holds it beside the clear columns it is ordered by, so
/// a list reads the index alone, never the pages of the payloads (a copy of a ciphertext
/// in an index reveals nothing the row does not; `secure_delete` clears both).
/// Trusted certificates are keyed by a *keyed* hash of their fingerprint, so the file does
/// not show which issuers the holder trusts.
enum WalletSchema {
    /// The migrations; `cipher` (the wallet's data key) is for those that rewrite sealed
    /// records.
    static func migrator(cipher: RecordCipher) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE wallet_meta (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    wrapped_key BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE TABLE holder_key (
                    id TEXT PRIMARY KEY NOT NULL,
                    secure_area TEXT NOT NULL,
                    body BLOB NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE INDEX holder_key_secure_area ON holder_key(secure_area);
                CREATE TABLE credential (
                    id TEXT PRIMARY KEY NOT NULL,
                    format TEXT NOT NULL CHECK (format IN ('dc+sd-jwt', 'mso_mdoc', 'jwt_vc_json', 'opendid')),
                    payload BLOB NOT NULL,
                    metadata BLOB NOT NULL,
                    holder_key_id TEXT REFERENCES holder_key(id) ON DELETE RESTRICT,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX credential_format ON credential(format);
                CREATE INDEX credential_holder_key ON credential(holder_key_id);
                CREATE TABLE trusted_certificate (
                    id TEXT PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL,
                    added_at REAL NOT NULL
                );
                CREATE TABLE activity (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL CHECK (kind IN ('issuance', 'presentation', 'deletion')),
                    occurred_at REAL NOT NULL,
                    details BLOB NOT NULL
                );
                CREATE INDEX activity_time ON activity(occurred_at, seq);
                """)
        }
        // Claims (issue #22): a pending `claim` row per credential retrieval in progress, and
        // on every row a retrieval writes the id of its claim until the claim is committed
        // (then NULL) or rolled back (then the row is gone). A trusted certificate the claim
        // only widened keeps its previous sealed body in `claim_prior_body` until then, and
        // gets it back instead of going. See WalletStore+Claims.swift.
        migrator.registerMigration("v2-claims") { db in
            try db.execute(sql: """
                CREATE TABLE claim (
                    id TEXT PRIMARY KEY NOT NULL,
                    started_at REAL NOT NULL
                );
                ALTER TABLE holder_key ADD COLUMN claim_id TEXT REFERENCES claim(id);
                ALTER TABLE trusted_certificate ADD COLUMN claim_id TEXT REFERENCES claim(id);
                ALTER TABLE trusted_certificate ADD COLUMN claim_prior_body BLOB;
                ALTER TABLE credential ADD COLUMN claim_id TEXT REFERENCES claim(id);
                ALTER TABLE activity ADD COLUMN claim_id TEXT REFERENCES claim(id);
                CREATE INDEX holder_key_claim ON holder_key(claim_id) WHERE claim_id IS NOT NULL;
                CREATE INDEX trusted_certificate_claim ON trusted_certificate(claim_id) WHERE claim_id IS NOT NULL;
                CREATE INDEX credential_claim ON credential(claim_id) WHERE claim_id IS NOT NULL;
                CREATE INDEX activity_claim ON activity(claim_id) WHERE claim_id IS NOT NULL;
                """)
        }
        registerTrustedDIDDocuments(in: &migrator)
        // Typed metadata and listings (issue #23); see WalletSchema+TypedMetadata.swift.
        migrator.registerMigration("v3-typed-metadata") { db in
            try TypedMetadataMigration(cipher: cipher).run(db)
        }
        registerHolderDIDs(in: &migrator)
        registerTrustedExchangeHosts(in: &migrator)
        registerOpenCredentialFormats(in: &migrator)
        registerLinkSecrets(in: &migrator)
        registerAnonCredsPublicEntities(in: &migrator)
        registerAnsweredProofRequests(in: &migrator)
        registerAriesRecords(in: &migrator)
        return migrator
    }
}
