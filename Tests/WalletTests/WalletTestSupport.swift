import Foundation
import GRDB
import HTTP
@testable import Wallet

/// A fresh wallet directory under the system temp folder, removed by `cleanUp`.
struct TemporaryWallet {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vellum-wallet-tests-\(UUID().uuidString)", isDirectory: true)
    }

    /// The cheapest scrypt the wallet accepts, so tests do not spend seconds per open.
    static let fastKDF = PassphraseKeyDerivation.scrypt(costLog2: 10, blockSize: 8, parallelism: 1)

    /// An HTTP client for the servers this test process runs (sandbox, status lists): the
    /// whole suite's tests run at once on two cores, so a request may wait long for its turn.
    static func loopbackHTTPClient() -> NIOHTTPClient {
        NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(120)))
    }

    var databasePath: String { directory.appendingPathComponent(WalletStore.databaseFileName).path }

    func create(passphrase: String = "correct horse battery staple") async throws -> WalletStore {
        try await WalletStore.create(at: directory, passphrase: passphrase, keyDerivation: Self.fastKDF)
    }

    func open(passphrase: String = "correct horse battery staple") async throws -> WalletStore {
        try await WalletStore.open(at: directory, passphrase: passphrase)
    }

    /// A raw SQLite connection to the wallet file, as an attacker with the file would have.
    func rawDatabase() throws -> DatabaseQueue {
        try DatabaseQueue(path: databasePath)
    }

    /// Every byte of every file under the wallet directory (database, WAL, shared memory, the
    /// claims' lock files).
    func allFileBytes() throws -> Data {
        var bytes = Data()
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = files?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            bytes.append(try Data(contentsOf: url))
        }
        return bytes
    }

    /// Runs `body` with a new ``CredentialWallet`` in a fresh directory (the cheapest KDF),
    /// closing the wallet and removing the directory afterwards, also when `body` throws.
    static func withCredentialWallet(_ body: (CredentialWallet, TemporaryWallet) async throws -> Void) async throws {
        let files = TemporaryWallet()
        defer { files.cleanUp() }
        let wallet = try await CredentialWallet.create(
            at: files.directory, passphrase: "correct horse battery staple",
            configuration: CredentialWalletConfiguration(keyDerivation: fastKDF))
        do {
            try await body(wallet, files)
        } catch {
            try? await wallet.close()
            throw error
        }
        try await wallet.close()
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }
}

extension Data {
    func contains(_ needle: Data) -> Bool { range(of: needle) != nil }
}
