import CryptoKeys
import Foundation
import Wallet

/// One worker of the load test: the same operation over and over on an open wallet, until the
/// test kills the process. Refusals (an offer already used, a credential another worker
/// deleted first) are part of the load, not failures.
struct LoadWorker {
    let role: String
    let file: String?

    func run(wallet: CredentialWallet) async throws -> Never {
        let lines = try file.map { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").map(String.init) } ?? []
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        var generator = SystemRandomNumberGenerator()
        var next = lines.isEmpty ? 0 : Int.random(in: 0..<lines.count, using: &generator)
        while true {
            switch role {
            case "receive" where !lines.isEmpty:
                let link = lines[next % lines.count]
                next += 1
                if let offer = try? await wallet.discoverCredentialOffer(link),
                    let results = try? await wallet.retrieveCredentials(credentialOffer: offer, autoTrustMobileCredentialIaca: true)
                {
                    report("received \(results.filter(\.succeeded).count)")
                }
            case "import" where !lines.isEmpty:
                let fields = lines[next % lines.count].split(separator: "\t").map(String.init)
                next += 1
                if fields.count == 2, let raw = Data(hex: fields[1]),
                    let key = try? PrivateKey(rawRepresentation: raw, curve: .p256),
                    (try? await wallet.importCredential(Data(fields[0].utf8), holderKey: key)) != nil
                {
                    report("imported")
                }
            case "delete":
                let stored = (try? await wallet.searchCredentials(CredentialQuery())) ?? []
                if let doomed = stored.randomElement(using: &generator), (try? await wallet.deleteCredential(id: doomed.id)) != nil {
                    report("deleted")
                } else {
                    try await Task.sleep(for: .milliseconds(20))
                }
            default:
                FileHandle.standardError.write(Data("wallet-crash-probe: unknown load role \(role) or no input file\n".utf8))
                exit(2)
            }
        }
    }

    private func report(_ line: String) {
        FileHandle.standardOutput.write(Data("\(line)\n".utf8))
    }
}

extension Data {
    /// Bytes from lowercase or uppercase hex, or `nil`.
    init?(hex: String) {
        var bytes: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let h = Self.nibble(high), let l = Self.nibble(low) else { return nil }
            bytes.append(h << 4 | l)
        }
        self.init(bytes)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
