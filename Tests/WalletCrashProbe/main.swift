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
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: wallet-crash-probe <wallet-dir> <passphrase>\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let passphrase = arguments[2]

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
        var credentials: [NewCredential] = []
        for index in 0..<size {
            let length = Int.random(in: 256...(48 * 1024), using: &generator)
            let payload = Data(repeating: UInt8(truncatingIfNeeded: index), count: length)
            credentials.append(NewCredential(
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
