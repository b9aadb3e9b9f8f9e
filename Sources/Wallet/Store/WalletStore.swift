import Crypto
import Foundation
import GRDB

/// The wallet's storage: one SQLite file in a directory, every sensitive value encrypted
/// under a data key that only the passphrase unlocks.
///
/// An actor, so one store serializes its own writes; SQLite's WAL mode lets readers in
/// other processes (a CLI beside an app) see a consistent state. Every write is one
/// transaction: when any step throws, the file keeps its previous state.
///
/// ```swift
/// let store = try await WalletStore.create(at: directory, passphrase: "correct horse")
/// let stored = try await store.addCredential(StoredCredential.Draft(format: .sdJWTVC, payload: bytes))
/// ```
public actor WalletStore {
    /// The SQLite file's name inside the wallet directory.
    public static let databaseFileName = "wallet.sqlite"

    /// The wallet directory.
    public nonisolated let directory: URL
    /// The limits applied to every input.
    public nonisolated let limits: WalletLimits

    let database: DatabaseQueue
    let cipher: RecordCipher
    /// Keys the blinded index of trusted certificates (derived from the data key).
    let indexKey: SymmetricKey
    let clock: @Sendable () -> Date
    /// The lock descriptors of the claims this store has begun and not yet ended, by claim id
    /// (see WalletStore+Claims.swift).
    var claimLocks: [String: Int32] = [:]

    private init(
        directory: URL, database: DatabaseQueue, dataKey: Data, limits: WalletLimits,
        clock: @escaping @Sendable () -> Date
    ) {
        self.directory = directory
        self.database = database
        self.cipher = RecordCipher(key: dataKey)
        self.indexKey = Self.indexKey(for: dataKey)
        self.limits = limits
        self.clock = clock
    }

    /// Creates a wallet in `directory` (made if missing) protected by `passphrase`.
    ///
    /// Throws ``WalletError/walletAlreadyExists(path:)`` when the directory already holds
    /// one. `keyDerivation` defaults to scrypt with OWASP's parameters; the choice is stored
    /// in the file so ``open(at:passphrase:limits:clock:)`` needs only the passphrase.
    public static func create(
        at directory: URL, passphrase: String,
        keyDerivation: PassphraseKeyDerivation = .recommended,
        limits: WalletLimits = .default,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) async throws(WalletError) -> WalletStore {
        try check(passphrase: passphrase, limits: limits)
        guard keyDerivation.isAcceptable else {
            throw .unsupportedKeyDerivation("parameters below the minimum or above the maximum: \(keyDerivation)")
        }
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent(databaseFileName).path) {
            // A file with no key row is a creation that stopped midway: finish it.
            let existing = try openDatabase(in: directory)
            let initialized = try run {
                try existing.read { db in
                    try db.tableExists("wallet_meta")
                        && Row.fetchOne(db, sql: "SELECT id FROM wallet_meta WHERE id = 1") != nil
                }
            }
            try run { try existing.close() }
            if initialized { throw .walletAlreadyExists(path: directory.path) }
        }
        let dataKey = RecordCipher.randomBytes(count: 32)
        let wrapped = try WrappedDataKey.wrap(dataKey, passphrase: passphrase, derivation: keyDerivation)
        let encodedWrapped = try encode(wrapped)
        try makeDirectory(directory)
        let database = try openDatabase(in: directory)
        let now = clock()
        try run {
            try WalletSchema.migrator(cipher: RecordCipher(key: dataKey)).migrate(database)
            try database.write { db in
                if try Row.fetchOne(db, sql: "SELECT id FROM wallet_meta WHERE id = 1") != nil {
                    throw WalletError.walletAlreadyExists(path: directory.path)
                }
                try db.execute(
                    sql: "INSERT INTO wallet_meta (id, wrapped_key, created_at, updated_at) VALUES (1, ?, ?, ?)",
                    arguments: [encodedWrapped, now.timeIntervalSinceReferenceDate, now.timeIntervalSinceReferenceDate]
                )
            }
        }
        return WalletStore(directory: directory, database: database, dataKey: dataKey, limits: limits, clock: clock)
    }

    /// Opens the wallet in `directory` with `passphrase`, running any pending migrations
    /// once the passphrase has been checked, and rolling back the claims (credential
    /// retrievals) that a process ended without finishing — killed, crashed or powered off.
    /// A claim still running, in this process or another, is left alone.
    ///
    /// Throws ``WalletError/walletNotFound(path:)`` when there is none,
    /// ``WalletError/wrongPassphrase`` when the passphrase does not unlock it (nothing is
    /// written then), and ``WalletError/newerSchema`` for a file from a newer version.
    public static func open(
        at directory: URL, passphrase: String, limits: WalletLimits = .default,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) async throws(WalletError) -> WalletStore {
        try check(passphrase: passphrase, limits: limits)
        let file = directory.appendingPathComponent(databaseFileName)
        guard FileManager.default.fileExists(atPath: file.path) else { throw .walletNotFound(path: directory.path) }
        let database = try openDatabase(in: directory)
        let wrapped = try readWrappedKey(database, directory: directory)
        let dataKey = try wrapped.unwrap(passphrase: passphrase)
        // The migrations run with the data key: v3-typed-metadata rewrites sealed records.
        let migrator = WalletSchema.migrator(cipher: RecordCipher(key: dataKey))
        try run {
            if try database.read({ db in try migrator.hasBeenSuperseded(db) }) {
                throw WalletError.newerSchema
            }
            try migrator.migrate(database)
        }
        // Whatever a killed process was claiming is rolled back before anyone reads the wallet.
        try rollBackAbandonedClaims(database, directory: directory)
        return WalletStore(directory: directory, database: database, dataKey: dataKey, limits: limits, clock: clock)
    }

    /// Re-wraps the data key for `newPassphrase` after checking `currentPassphrase`.
    ///
    /// Only the wrapped key changes (one row, one transaction), so the change is quick and
    /// atomic however many credentials the wallet holds. `keyDerivation` may raise the KDF
    /// cost; by default the current parameters are kept.
    public func changePassphrase(
        from currentPassphrase: String, to newPassphrase: String,
        keyDerivation: PassphraseKeyDerivation? = nil
    ) async throws(WalletError) {
        try Self.check(passphrase: newPassphrase, limits: limits)
        let current = try Self.readWrappedKey(database, directory: directory)
        let dataKey = try current.unwrap(passphrase: currentPassphrase)
        let derivation = keyDerivation ?? current.derivation
        guard derivation.isAcceptable else { throw .unsupportedKeyDerivation("\(derivation)") }
        let encoded = try Self.encode(try WrappedDataKey.wrap(dataKey, passphrase: newPassphrase, derivation: derivation))
        let now = clock().timeIntervalSinceReferenceDate
        try await write { db in
            try db.execute(
                sql: "UPDATE wallet_meta SET wrapped_key = ?, updated_at = ? WHERE id = 1",
                arguments: [encoded, now]
            )
        }
    }

    /// The key-derivation parameters the wallet currently uses.
    public func keyDerivation() throws(WalletError) -> PassphraseKeyDerivation {
        try Self.readWrappedKey(database, directory: directory).derivation
    }

    /// Closes the SQLite connection; later calls fail with ``WalletError/storage(_:)``. A
    /// claim still pending then is rolled back by the next open.
    public func close() throws(WalletError) {
        for id in claimLocks.keys { releaseClaimLock(id) }
        try Self.run { try database.close() }
    }
}

extension WalletStore {
    /// Runs `body` in one write transaction; if it throws, nothing it did is kept.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(WalletError) -> T {
        do {
            return try await database.write(body)
        } catch {
            throw Self.walletError(from: error)
        }
    }

    /// Runs `body` on a read-only snapshot.
    /// Every row `sql` selects (no arguments), each opened by `decode`, which throws for a
    /// record that fails authentication: the listing loop of the trust tables.
    func records<T>(_ sql: String, _ decode: (RowValues) throws(WalletError) -> T) async throws(WalletError) -> [T] {
        let rows = try await read { db in try Row.fetchAll(db, sql: sql).map(RowValues.init) }
        var result: [T] = []
        result.reserveCapacity(rows.count)
        for row in rows { result.append(try decode(row)) }
        return result
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(WalletError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw Self.walletError(from: error)
        }
    }

    static func run<T>(_ body: () throws -> T) throws(WalletError) -> T {
        do {
            return try body()
        } catch {
            throw walletError(from: error)
        }
    }

    static func walletError(from error: any Error) -> WalletError {
        if let error = error as? WalletError { return error }
        if let error = error as? DatabaseError { return .storage(error.message ?? "\(error.resultCode)") }
        return .storage(String(describing: error))
    }

    static func check(passphrase: String, limits: WalletLimits) throws(WalletError) {
        guard !passphrase.isEmpty else { throw .invalidPassphrase(reason: "empty") }
        guard passphrase.utf8.count <= limits.maximumPassphraseBytes else {
            throw .invalidPassphrase(reason: "longer than \(limits.maximumPassphraseBytes) bytes")
        }
    }

    static func makeDirectory(_ directory: URL) throws(WalletError) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw .storage("cannot create \(directory.path): \(error)")
        }
    }

    static func openDatabase(in directory: URL) throws(WalletError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL set here rather than with `Configuration.journalMode`: GRDB's WAL set-up
            // lowers `synchronous` to NORMAL and writes a scratch table on every open, so
            // even a refused passphrase would touch the file.
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw WalletError.storage("SQLite refused WAL mode")
            }
            // FULL: a committed transaction survives power loss, not just a process crash.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Overwrite deleted content so freed pages do not keep old ciphertexts around.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        let path = directory.appendingPathComponent(databaseFileName).path
        let database = try run { try DatabaseQueue(path: path, configuration: configuration) }
        // Only the owner may read the file (the contents are encrypted; this is depth).
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return database
    }

    static func readWrappedKey(_ database: DatabaseQueue, directory: URL) throws(WalletError) -> WrappedDataKey {
        let blob: Data? = try run {
            try database.read { db -> Data? in
                guard try db.tableExists("wallet_meta") else { return nil }
                return try Data.fetchOne(db, sql: "SELECT wrapped_key FROM wallet_meta WHERE id = 1")
            }
        }
        guard let blob else { throw .walletNotFound(path: directory.path) }
        guard let wrapped = try? JSONDecoder().decode(WrappedDataKey.self, from: blob) else {
            throw .corruptedRecord(table: "wallet_meta", id: "1")
        }
        return wrapped
    }

    static func encode(_ wrapped: WrappedDataKey) throws(WalletError) -> Data {
        do {
            return try JSONEncoder().encode(wrapped)
        } catch {
            throw .cryptoFailure("cannot encode the wrapped key: \(error)")
        }
    }

    static func indexKey(for dataKey: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: dataKey),
            info: Data("vellum-wallet/v1 blind index".utf8),
            outputByteCount: 32
        )
    }

    /// A keyed hash of `value`, for looking rows up without storing the value in clear.
    func blindIndex(_ value: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(value.utf8), using: indexKey)
        return Data(mac).map { String(format: "%02x", $0) }.joined()
    }

    /// Throws when `id` is empty or longer than the limit.
    func check(id: String, field: String) throws(WalletError) {
        guard !id.isEmpty else { throw .invalidInput("\(field) is empty") }
        guard id.utf8.count <= limits.maximumIDBytes else {
            throw .inputTooLarge(field: field, limit: limits.maximumIDBytes)
        }
    }
}
