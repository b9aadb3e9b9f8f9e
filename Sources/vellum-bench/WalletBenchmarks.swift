import Foundation
import JSONModel
import Wallet

/// A wallet holding 100,000 credentials: how long it takes to open and to list them.
///
/// The wallet is filled once per run (100-credential batches, as a batch issuance stores
/// them) in a temporary directory, and the time that took is printed on its own. Opening
/// is timed three ways, so the passphrase KDF can be told apart from the rest: the real
/// wallet with the recommended scrypt (N = 2^17, r = 8), an empty wallet with the same KDF
/// (nearly all KDF), and a copy of the full wallet re-wrapped with the cheapest scrypt the
/// store accepts (N = 2^10, nearly no KDF). Listing reads and decrypts every credential.
enum WalletBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "wallet.empty.open", prepare: {
            let fixture = try await WalletFixture.shared.value()
            return openAndClose(fixture.emptyDirectory)
        }),
        Benchmark(name: "wallet.100k.open", prepare: {
            let fixture = try await WalletFixture.shared.value()
            return openAndClose(fixture.fullDirectory)
        }, baseline: "wallet.empty.open"),
        Benchmark(name: "wallet.100k.open-cheap-kdf", prepare: {
            let fixture = try await WalletFixture.shared.value()
            return openAndClose(fixture.cheapKDFDirectory)
        }),
        Benchmark(name: "wallet.100k.list", prepare: {
            let fixture = try await WalletFixture.shared.value()
            let store = try await WalletStore.open(at: fixture.fullDirectory, passphrase: WalletFixture.passphrase)
            return Benchmark.Operation(run: {
                // What `vellum list` and the wallet's list call read: metadata only.
                let summaries = try await store.credentialSummaries()
                guard summaries.count == WalletFixture.credentialCount else {
                    throw BenchmarkFailure.resultMismatch("listed \(summaries.count) credentials")
                }
            })
        }),
        Benchmark(name: "wallet.100k.load-all", prepare: {
            let fixture = try await WalletFixture.shared.value()
            let store = try await WalletStore.open(at: fixture.fullDirectory, passphrase: WalletFixture.passphrase)
            return Benchmark.Operation(run: {
                let credentials = try await store.credentials()
                guard credentials.count == WalletFixture.credentialCount, credentials.last?.metadata.credentialType != nil else {
                    throw BenchmarkFailure.resultMismatch("loaded \(credentials.count) credentials")
                }
            })
        }),
        Benchmark(name: "wallet.100k.count", prepare: {
            let fixture = try await WalletFixture.shared.value()
            let store = try await WalletStore.open(at: fixture.fullDirectory, passphrase: WalletFixture.passphrase)
            return Benchmark.Operation(run: {
                guard try await store.credentialCount() == WalletFixture.credentialCount else {
                    throw BenchmarkFailure.resultMismatch("wrong count")
                }
            })
        }),
    ]

    /// Opens the wallet in `directory` and closes it again.
    private static func openAndClose(_ directory: URL) -> Benchmark.Operation {
        Benchmark.Operation(run: {
            let store = try await WalletStore.open(at: directory, passphrase: WalletFixture.passphrase)
            try await store.close()
        })
    }
}

/// The wallets the benchmarks open, made on first use and removed when the process exits.
actor WalletFixture {
    static let shared = WalletFixture()
    /// 100,000, or `VELLUM_BENCH_WALLET_CREDENTIALS` (a multiple of the batch size) for a quick trial.
    static let credentialCount = ProcessInfo.processInfo.environment["VELLUM_BENCH_WALLET_CREDENTIALS"]
        .flatMap(Int.init).map { max(batchSize, $0 / batchSize * batchSize) } ?? 100_000
    static let batchSize = 100
    static let passphrase = "correct horse battery staple"
    /// Where the wallets live; removed at exit.
    static let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("vellum-bench-wallet-\(UUID().uuidString)")

    struct Wallets: Sendable {
        var fullDirectory: URL
        var emptyDirectory: URL
        var cheapKDFDirectory: URL
    }

    private var made: Wallets?

    func value() async throws -> Wallets {
        if let made { return made }
        let wallets = try await Self.make()
        made = wallets
        return wallets
    }

    private static func make() async throws -> Wallets {
        atexit { try? FileManager.default.removeItem(at: WalletFixture.root) }
        let wallets = Wallets(
            fullDirectory: root.appendingPathComponent("full"),
            emptyDirectory: root.appendingPathComponent("empty"),
            cheapKDFDirectory: root.appendingPathComponent("cheap-kdf")
        )
        let empty = try await WalletStore.create(at: wallets.emptyDirectory, passphrase: passphrase)
        try await empty.close()

        let clock = ContinuousClock()
        let start = clock.now
        let store = try await WalletStore.create(at: wallets.fullDirectory, passphrase: passphrase)
        let created = clock.now
        let payload = Data((0..<1200).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        for batch in 0..<(credentialCount / batchSize) {
            let credentials = (0..<batchSize).map { index in
                StoredCredential.Draft(format: .sdJWTVC, payload: payload, metadata: metadata(batch: batch, index: index))
            }
            _ = try await store.addCredentials(credentials)
        }
        try await store.close()
        let filled = clock.now
        let size = (try? FileManager.default.attributesOfItem(
            atPath: wallets.fullDirectory.appendingPathComponent(WalletStore.databaseFileName).path
        )[.size] as? Int) ?? 0
        print("note: wallet populated with \(credentialCount) credentials in \(credentialCount / batchSize) "
            + "batches: \((filled - created).formattedSeconds) (create incl. KDF: \((created - start).formattedSeconds)); "
            + "file \(size / 1_000_000) MB")

        // The same wallet re-wrapped with the cheapest accepted KDF, to time opening without it.
        try FileManager.default.createDirectory(at: wallets.cheapKDFDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: wallets.fullDirectory.appendingPathComponent(WalletStore.databaseFileName),
            to: wallets.cheapKDFDirectory.appendingPathComponent(WalletStore.databaseFileName)
        )
        let copy = try await WalletStore.open(at: wallets.cheapKDFDirectory, passphrase: passphrase)
        try await copy.changePassphrase(
            from: passphrase, to: passphrase, keyDerivation: .scrypt(costLog2: 10, blockSize: 8, parallelism: 1)
        )
        try await copy.close()
        return wallets
    }

    /// Metadata of the size a real credential carries: issuer, type, display, validity.
    private static func metadata(batch: Int, index: Int) -> CredentialMetadata {
        CredentialMetadata(
            issuer: "https://issuer.example.org/\(batch % 17)",
            issuerDisplayName: "Example Issuer \(batch % 17)",
            credentialType: "urn:eudi:pid:1",
            display: [["name": "Personal ID", "locale": "en-GB", "background_color": "#12107c"]],
            validFrom: Date(timeIntervalSince1970: 1_760_000_000),
            validUntil: Date(timeIntervalSince1970: 1_860_000_000),
            issuerCertificateFingerprint: String(repeating: "ab", count: 32),
            extensions: ["batch": .number(JSONNumber(batch)), "index": .number(JSONNumber(index))]
        )
    }
}

extension Duration {
    var formattedSeconds: String { String(format: "%.2f s", nanoseconds / 1e9) }
}
