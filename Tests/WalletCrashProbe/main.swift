import Foundation
import JSONModel
import Wallet

/// `wallet-crash-probe <wallet-dir> <passphrase>`: a process for the crash-safety test to kill.
///
/// Opens the wallet in `<wallet-dir>` (creating it with the cheapest KDF the store accepts
/// the first time), prints `ready`, then stores batches of credentials for ever, each batch
/// in one `addCredentials` call. Every credential carries its batch's id, the batch size and
/// its index in the batch in its metadata, so after a `kill -9` the test can tell a whole
/// batch from a torn one. Payload sizes vary (up to ~48 KiB), so a batch spans many pages
/// and a kill can land anywhere in the write.
///
/// `wallet-crash-probe <wallet-dir> <passphrase> claim <offer-link>`: claims every credential
/// of the offer into the existing wallet with IACA auto-trust, printing each progress step on
/// its own line, so the claim tests can kill it at a chosen step.
///
/// `wallet-crash-probe <wallet-dir> <passphrase> load receive|import|delete [<file>]`: one worker
/// of the load test (issue #29), against an existing wallet, for ever: `receive` claims the
/// offers listed one per line in `<file>` (from a random one on), `import` imports the
/// credentials listed in `<file>` (lines `credential-text<TAB>hex private key`) with their
/// holder keys, `delete` deletes a random stored credential (and its key) — printing `ready`
/// once open and one line per operation.
let arguments = CommandLine.arguments
let isLoad = arguments.count >= 5 && arguments[3] == "load"
guard arguments.count == 3 || (arguments.count == 5 && arguments[3] == "claim") || isLoad else {
    FileHandle.standardError.write(Data("usage: wallet-crash-probe <wallet-dir> <passphrase> [claim <offer-link> | load receive|import|delete [<file>]]\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let passphrase = arguments[2]

if isLoad {
    do {
        try await LoadWorker(role: arguments[4], file: arguments.count > 5 ? arguments[5] : nil)
            .run(wallet: CredentialWallet.open(at: directory, passphrase: passphrase))
    } catch {
        FileHandle.standardError.write(Data("wallet-crash-probe: \(error)\n".utf8))
        exit(1)
    }
}

if arguments.count == 5 {
    do {
        let wallet = try await CredentialWallet.open(at: directory, passphrase: passphrase)
        let discovered = try await wallet.discoverCredentialOffer(arguments[4])
        let options = CredentialRetrievalOptions(progress: { step in
            FileHandle.standardOutput.write(Data("\(step.description)\n".utf8))
        })
        let results = try await wallet.retrieveCredentials(
            credentialOffer: discovered, autoTrustMobileCredentialIaca: true, options: options)
        FileHandle.standardOutput.write(Data("claimed \(results.filter(\.succeeded).count)\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("wallet-crash-probe: \(error)\n".utf8))
        exit(1)
    }
}

do {
    let store: WalletStore
    if FileManager.default.fileExists(atPath: directory.appendingPathComponent(WalletStore.databaseFileName).path) {
        store = try await WalletStore.open(at: directory, passphrase: passphrase)
    } else {
        store = try await WalletStore.create(
            at: directory, passphrase: passphrase,
            keyDerivation: .scrypt(costLog2: 10, blockSize: 8, parallelism: 1))
    }
    // Written straight to the descriptor: nothing buffered, so the test sees it at once.
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    var generator = SystemRandomNumberGenerator()
    while true {
        let batchID = UUID().uuidString
        let size = Int.random(in: 1...40, using: &generator)
        var credentials: [StoredCredential.Draft] = []
        for index in 0..<size {
            let length = Int.random(in: 256...(48 * 1024), using: &generator)
            let payload = Data(repeating: UInt8(truncatingIfNeeded: index), count: length)
            credentials.append(StoredCredential.Draft(
                format: .sdJWTVC, payload: payload,
                metadata: CredentialMetadata(
                    issuer: "https://crash.example", credentialType: "urn:crash:probe",
                    extensions: [
                        "batch": .string(batchID), "size": .number(JSONNumber(size)),
                        "index": .number(JSONNumber(index)), "length": .number(JSONNumber(length)),
                    ])))
        }
        _ = try await store.addCredentials(credentials)
    }
} catch {
    FileHandle.standardError.write(Data("wallet-crash-probe: \(error)\n".utf8))
    exit(1)
}
