import Foundation
import GRDB
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue #6: "The store survives `kill -9` in the middle of storing a batch: after reopening,
/// every credential is either fully present or absent, and `PRAGMA integrity_check` is ok."
///
/// `wallet-crash-probe` (Tests/WalletCrashProbe) stores tagged batches in a loop; the test
/// kills it with SIGKILL at random moments, several times over the same wallet, and after each
/// kill checks the file with SQLite's own integrity check and every batch for completeness.
@Suite("Wallet crash safety", .enabled(if: CrashProbe.url != nil, "skipped: wallet-crash-probe not built"))
struct WalletCrashSafetyTests {
    /// Runs blocking work on a Dispatch thread and awaits its result.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    static let passphrase = "crash test passphrase"
    static let rounds = 6

    @Test("Killed with SIGKILL mid-batch, the wallet reopens intact with only whole batches")
    func killNineMidBatch() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        var batchesSeen = 0
        var generator = SystemRandomNumberGenerator()
        for round in 0..<Self.rounds {
            let before = round == 0 ? 0 : try await storedCount(wallet)
            // Starting and reaping the probe block on a pipe and on waitpid: do it on a Dispatch
            // thread, not on one of the few threads Swift concurrency shares with the other
            // tests' loopback servers.
            let directory = wallet.directory
            let probe = try await Self.blocking { try CrashProbe.start(wallet: directory, passphrase: Self.passphrase) }
            // Let it write for a random while (a whole batch takes tens of milliseconds), then kill.
            try await Task.sleep(for: .milliseconds(Int.random(in: 300...1500, using: &generator)))
            let wasRunning = try await Self.blocking { probe.killNine() }
            #expect(wasRunning, "round \(round): the probe had stopped before the kill: \(probe.errorText)")

            #expect(try integrityCheck(wallet) == ["ok"], "round \(round)")
            let batches = try await verifyWholeBatches(wallet, round: round)
            batchesSeen = batches
            let after = try await storedCount(wallet)
            #expect(after >= before, "round \(round): committed credentials disappeared")
        }
        // The probe made progress, so the kills hit a wallet that was busy writing.
        #expect(batchesSeen >= 1)
    }

    /// `PRAGMA integrity_check` on a plain SQLite connection (which also recovers the WAL).
    func integrityCheck(_ wallet: TemporaryWallet) throws -> [String] {
        let database = try wallet.rawDatabase()
        defer { try? database.close() }
        return try database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    func storedCount(_ wallet: TemporaryWallet) async throws -> Int {
        let store = try await wallet.open(passphrase: Self.passphrase)
        let count = try await store.credentialCount()
        try await store.close()
        return count
    }

    /// Opens the wallet, decrypts every credential and checks that each batch is complete:
    /// as many credentials as its recorded size, with indices 0..<size, each payload whole.
    /// Returns the number of batches.
    func verifyWholeBatches(_ wallet: TemporaryWallet, round: Int) async throws -> Int {
        let store = try await wallet.open(passphrase: Self.passphrase)
        let credentials = try await store.credentials()
        try await store.close()
        var batches: [String: (size: Int, indices: Set<Int>)] = [:]
        for credential in credentials {
            let extensions = credential.metadata.extensions
            let batch = try #require(extensions["batch"]?.stringValue)
            let size = try #require(extensions["size"]?.intValue)
            let index = try #require(extensions["index"]?.intValue)
            let length = try #require(extensions["length"]?.intValue)
            #expect(credential.payload.count == length, "round \(round): a payload was cut short")
            var entry = batches[batch] ?? (size, [])
            #expect(entry.size == size)
            entry.indices.insert(index)
            batches[batch] = entry
        }
        for (batch, entry) in batches {
            #expect(entry.indices == Set(0..<entry.size), "round \(round): batch \(batch) is torn: \(entry.indices.count) of \(entry.size)")
        }
        return batches.count
    }
}

/// The `wallet-crash-probe` executable, beside the test bundle in the build products folder.
enum CrashProbe {
    static let url: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("wallet-crash-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = PackageRoot.url.appendingPathComponent(".build/debug/wallet-crash-probe")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }()

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A running probe that has opened its wallet.
    final class Running: @unchecked Sendable {
        let process: Process
        let errors: Pipe

        init(process: Process, errors: Pipe) {
            self.process = process
            self.errors = errors
        }

        /// Sends SIGKILL and reaps the process; returns whether it was still running then.
        func killNine() -> Bool {
            let running = process.isRunning
            if running { _ = kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return running && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        }

        var errorText: String {
            String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
        }
    }

    /// Starts the probe on `wallet` and waits until it prints `ready`.
    static func start(wallet: URL, passphrase: String) throws -> Running {
        guard let url else { throw StartFailure(description: "wallet-crash-probe not built") }
        let process = Process()
        process.executableURL = url
        process.arguments = [wallet.path, passphrase]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = Data()
        var byte: UInt8 = 0
        while line.count < 64 {
            let count = read(output.fileHandleForReading.fileDescriptor, &byte, 1)
            if count == 1 {
                if byte == UInt8(ascii: "\n") { break }
                line.append(byte)
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        guard String(decoding: line, as: UTF8.self) == "ready" else {
            process.waitUntilExit()
            let message = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            throw StartFailure(description: "the probe did not get ready: \(message)")
        }
        return Running(process: process, errors: errors)
    }
}
