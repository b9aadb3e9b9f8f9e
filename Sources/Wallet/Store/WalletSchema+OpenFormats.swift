import GRDB

extension WalletSchema {
    /// The formats a credential row may name (issue #26): the first schema listed the four
    /// formats of its day in a `CHECK`, which refused every format a plug-in added later.
    /// `CredentialFormat` is open — a plug-in decides what a wallet can use — so the column
    /// now only has to hold a short printable identifier.
    ///
    /// SQLite cannot alter a constraint, so the table is rebuilt (its own SQL with the check
    /// replaced, the rows copied, its indexes made again from their own SQL) in the
    /// migration's transaction: a failure leaves the old table as it was.
    static func registerOpenCredentialFormats(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-open-credential-formats") { db in
            let closedCheck = "CHECK (format IN ('dc+sd-jwt', 'mso_mdoc', 'jwt_vc_json', 'opendid'))"
            let openCheck = "CHECK (length(format) BETWEEN 1 AND 64 AND format NOT GLOB '*[^ -~]*')"
            guard let tableSQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'credential'"),
                  tableSQL.contains(closedCheck)
            else { return }
            let indexSQL = try String.fetchAll(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'credential' AND sql IS NOT NULL")
            let rebuilt = tableSQL.replacingOccurrences(of: closedCheck, with: openCheck)
                .replacingOccurrences(of: "CREATE TABLE credential", with: "CREATE TABLE credential_rebuilt")
            try db.execute(sql: rebuilt)
            try db.execute(sql: "INSERT INTO credential_rebuilt SELECT * FROM credential")
            try db.execute(sql: "DROP TABLE credential")
            try db.execute(sql: "ALTER TABLE credential_rebuilt RENAME TO credential")
            for sql in indexSQL { try db.execute(sql: sql) }
        }
    }
}
