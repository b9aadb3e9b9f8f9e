import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Claims: the records one credential retrieval writes, kept together or not at all.
///
/// A retrieval writes as it goes — the issuer's IACAs it trusts for the claim, a holder key
/// before each credential request, each configuration's credentials once validated — because
/// each step needs the previous one's record (validation reads the trusted certificates, a
/// key proof reads the key). Each such row is written with the id of a pending `claim` row,
/// in the same insert. The claim then ends in one transaction either way: committed (tags
/// cleared, the claim's IACAs that anchor none of its credentials and its keys that no
/// credential uses deleted, the claim row deleted) or rolled back (every tagged row deleted).
/// A certificate that was trusted before the claim and that the claim only widened (trusted
/// for issuers as well) is restored to its previous record instead of deleted.
/// A process killed in between leaves the claim row and its tagged rows; the next
/// ``open(at:passphrase:limits:clock:)`` rolls them back.
///
/// Whether a pending claim's process is still alive is told by an advisory lock
/// (`flock(2)`) on `claims/<id>.lock` in the wallet directory, taken before the claim row is
/// written and held until the claim ends. The kernel releases it when the process dies,
/// however it dies, and a second open of the file in the same process cannot take it either,
/// so an open never rolls back a claim that is still running — in another process or in this
/// one. A process id would not do: ids are reused, and differ across PID namespaces. A lock
/// file left by a process that died after creating it and before recording its claim is an
/// empty file and is left alone: removing lock files nobody claims could race a claim being
/// begun, and only the claim rows decide what is rolled back.
///
/// A holder key is its `holder_key` row for both secure areas here (the software key, or the
/// Secure Enclave's wrapped key handle), so deleting the row destroys the key.
///
/// What "all or nothing" covers: one `retrieveCredentials` call. Configurations the issuer
/// refuses still fail one by one, as before, and the others are committed; only a claim that
/// does not reach its commit (cancelled, killed) loses everything.
extension WalletStore {
    /// The claim a task writes for: set by ``CredentialWallet`` around a retrieval, read by
    /// every write that can belong to one (keys, trusted certificates, credentials, activity).
    ///
    /// A task-local rather than a parameter because holder keys are written by a
    /// ``SecureArea``, whose public interface knows nothing of claims; the retrieval's task
    /// and its child tasks carry the claim through it.
    struct ClaimScope: Sendable, Hashable {
        /// The store the claim is in (a task may use several wallets).
        let store: ObjectIdentifier
        /// The claim row's id.
        let claimID: String
    }

    @TaskLocal static var claimScope: ClaimScope?

    /// The claim the current task's new rows belong to in this store, if any.
    var claimForNewRows: String? {
        guard let scope = Self.claimScope, scope.store == ObjectIdentifier(self) else { return nil }
        return scope.claimID
    }

    /// The folder of the claims' lock files.
    nonisolated var claimLockFolder: URL { directory.appendingPathComponent("claims", isDirectory: true) }

    /// Starts a claim: takes its lock, then records it as pending. Returns its id.
    func beginClaim() async throws(WalletError) -> String {
        let id = UUID().uuidString
        try Self.makeDirectory(claimLockFolder)
        guard let descriptor = ClaimLock.take(id, in: claimLockFolder, exclusiveCreate: true) else {
            throw .storage("cannot take the lock of claim \(id) in \(claimLockFolder.path): errno \(errno)")
        }
        claimLocks[id] = descriptor
        let now = clock().timeIntervalSinceReferenceDate
        do {
            try await writeToTheEnd { db in
                try db.execute(sql: "INSERT INTO claim (id, started_at) VALUES (?, ?)", arguments: [id, now])
            }
        } catch {
            releaseClaimLock(id)
            throw error
        }
        return id
    }

    /// Commits a claim in one transaction: its rows become ordinary rows, except the
    /// certificates it trusted that are not among `anchors` (the fingerprints of the IACAs
    /// its stored credentials chain to) and the keys it made that no credential is bound
    /// to, which are deleted. Runs to the end even when the calling task is cancelled.
    ///
    /// Throws ``WalletError/notFound(kind:id:)`` when the claim is no longer pending (it was
    /// rolled back); nothing is changed then.
    func commitClaim(_ id: String, keepingCertificates anchors: Set<String>) async throws(WalletError) {
        let kept = anchors.map { blindIndex($0.lowercased()) }
        defer { releaseClaimLock(id) }
        try await writeToTheEnd { db in
            guard try Row.fetchOne(db, sql: "SELECT id FROM claim WHERE id = ?", arguments: [id]) != nil else {
                throw WalletError.notFound(kind: "claim", id: id)
            }
            let unanchored = kept.isEmpty ? "" : " AND id NOT IN (\(databaseQuestionMarks(count: kept.count)))"
            try db.execute(
                sql: """
                    UPDATE trusted_certificate SET body = claim_prior_body, claim_id = NULL, claim_prior_body = NULL
                    WHERE claim_id = ? AND claim_prior_body IS NOT NULL
                    """ + unanchored,
                arguments: StatementArguments([id] + kept))
            try db.execute(
                sql: "DELETE FROM trusted_certificate WHERE claim_id = ?" + unanchored,
                arguments: StatementArguments([id] + kept))
            try db.execute(
                sql: "UPDATE trusted_certificate SET claim_prior_body = NULL WHERE claim_id = ?", arguments: [id])
            try db.execute(
                sql: """
                    DELETE FROM holder_key WHERE claim_id = ?
                    AND id NOT IN (SELECT holder_key_id FROM credential WHERE holder_key_id IS NOT NULL)
                    """,
                arguments: [id])
            for table in ["trusted_certificate", "holder_key", "credential", "activity"] {
                try db.execute(sql: "UPDATE \(table) SET claim_id = NULL WHERE claim_id = ?", arguments: [id])
            }
            try db.execute(sql: "DELETE FROM claim WHERE id = ?", arguments: [id])
        }
    }

    /// Rolls a claim back in one transaction: deletes everything written for it. Runs to
    /// the end even when the calling task is cancelled; a claim that is no longer pending is
    /// left alone.
    func rollBackClaim(_ id: String) async throws(WalletError) {
        defer { releaseClaimLock(id) }
        try await writeToTheEnd { db in try Self.rollBack(claim: id, in: db) }
    }

    /// The pending claims (of this process or another, running or abandoned), oldest first.
    func pendingClaims() async throws(WalletError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT id FROM claim ORDER BY started_at, id") }
    }

    /// Deletes the rows of claim `id` and the claim itself. A key a committed credential is
    /// bound to (which no retrieval makes, but the foreign key would refuse to delete) is
    /// kept as an ordinary key.
    static func rollBack(claim id: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM credential WHERE claim_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM activity WHERE claim_id = ?", arguments: [id])
        try db.execute(
            sql: """
                DELETE FROM holder_key WHERE claim_id = ?
                AND id NOT IN (SELECT holder_key_id FROM credential WHERE holder_key_id IS NOT NULL)
                """,
            arguments: [id])
        try db.execute(sql: "UPDATE holder_key SET claim_id = NULL WHERE claim_id = ?", arguments: [id])
        try db.execute(
            sql: """
                UPDATE trusted_certificate SET body = claim_prior_body, claim_id = NULL, claim_prior_body = NULL
                WHERE claim_id = ? AND claim_prior_body IS NOT NULL
                """,
            arguments: [id])
        try db.execute(sql: "DELETE FROM trusted_certificate WHERE claim_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM claim WHERE id = ?", arguments: [id])
    }

    /// Rolls back every pending claim whose lock can be taken — its process has ended
    /// without committing or rolling back (killed, crashed, powered off) — each in one
    /// transaction. Claims whose lock is held are running and left alone.
    static func rollBackAbandonedClaims(_ database: DatabaseQueue, directory: URL) throws(WalletError) {
        let pending = try run { try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM claim") } }
        guard !pending.isEmpty else { return }
        let folder = directory.appendingPathComponent("claims", isDirectory: true)
        try makeDirectory(folder)
        for id in pending {
            // Not an id this code makes (an altered file): no process can be claiming it, and
            // it must not name a lock file path.
            guard UUID(uuidString: id)?.uuidString == id else {
                try run { try database.write { db in try rollBack(claim: id, in: db) } }
                continue
            }
            // Held: the claim's process is alive. Taken: it is ours to roll back (a second
            // opener waits for nothing and skips it).
            guard let descriptor = ClaimLock.take(id, in: folder, exclusiveCreate: false) else { continue }
            defer { ClaimLock.release(descriptor, id, in: folder) }
            try run { try database.write { db in try rollBack(claim: id, in: db) } }
        }
    }

    /// Runs `body` in one write transaction that the calling task's cancellation does not
    /// stop: a commit or rollback must finish, and GRDB interrupts the statements of a
    /// cancelled task.
    func writeToTheEnd<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(WalletError) -> T {
        let database = self.database
        let result = await Task.detached { () -> Result<T, any Error> in
            do { return .success(try await database.write(body)) } catch { return .failure(error) }
        }.value
        switch result {
        case .success(let value): return value
        case .failure(let error): throw Self.walletError(from: error)
        }
    }

    /// Releases this store's lock of claim `id` and removes its lock file.
    func releaseClaimLock(_ id: String) {
        guard let descriptor = claimLocks.removeValue(forKey: id) else { return }
        ClaimLock.release(descriptor, id, in: claimLockFolder)
    }
}

/// The advisory lock (`flock(2)`) a claim holds for its lifetime, on `claims/<id>.lock`.
enum ClaimLock {
    /// Opens (or, with `exclusiveCreate`, creates) the lock file of claim `id` and takes its
    /// lock without waiting; the descriptor, or nil when another holds the lock.
    static func take(_ id: String, in folder: URL, exclusiveCreate: Bool) -> Int32? {
        let path = folder.appendingPathComponent("\(id).lock").path
        let flags = O_RDWR | O_CREAT | O_CLOEXEC | (exclusiveCreate ? O_EXCL : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Removes the lock file, then lets go of the lock (closing the descriptor).
    static func release(_ descriptor: Int32, _ id: String, in folder: URL) {
        unlink(folder.appendingPathComponent("\(id).lock").path)
        close(descriptor)
    }
}
