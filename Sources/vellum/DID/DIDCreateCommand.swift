import ArgumentParser
import CryptoKeys
import DID
import Foundation

/// `vellum did create`: generate a key and print its DID and DID document.
struct DIDCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Generate a key pair and print its DID and DID document.",
        discussion: """
            The private key is only kept if you pass --out: it is written there as a JWK \
            readable by you alone (mode 0600). Without --out the key is discarded and the DID \
            can never be used to sign.
            """
    )

    /// The DID methods `create` supports.
    enum Method: String, ExpressibleByArgument, CaseIterable {
        case key
    }

    /// The key types `create` supports.
    enum KeyTypeOption: String, ExpressibleByArgument, CaseIterable {
        case p256, ed25519, secp256k1

        var curve: KeyCurve {
            switch self {
            case .p256: return .p256
            case .ed25519: return .ed25519
            case .secp256k1: return .secp256k1
            }
        }
    }

    @Option(help: "The DID method (\(Method.allCases.map(\.rawValue).joined(separator: ", "))).")
    var method: Method = .key

    @Option(help: "The key type (\(KeyTypeOption.allCases.map(\.rawValue).joined(separator: ", "))).")
    var keyType: KeyTypeOption = .p256

    @Option(help: "Write the private key to this file as a JWK (mode 0600). Refuses to overwrite.")
    var out: String?

    func run() async throws {
        let privateKey = PrivateKey(curve: keyType.curve)
        let did = try DIDKey.make(for: privateKey.publicKey)
        let document = try await DIDKeyResolver().resolve(did).document
        if let out {
            try PrivateKeyFile.write(JWK(privateKey: privateKey, keyID: DIDKey.verificationMethod(of: did)), to: out)
        }
        print(did)
        print(PrettyJSON.string(document))
        if let out {
            printToStandardError("private key written to \(out)")
        } else {
            printToStandardError("warning: the private key was not saved (use --out FILE to keep it); this DID cannot sign anything")
        }
    }
}

/// Writes a private key where only the user can read it.
enum PrivateKeyFile {
    static func write(_ jwk: JWK, to path: String) throws {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: path) else {
            throw ValidationError("\(path) already exists; not overwriting a key file")
        }
        guard manager.createFile(atPath: path, contents: jwk.jsonData(), attributes: [.posixPermissions: 0o600]) else {
            throw ValidationError("could not write \(path)")
        }
    }
}

/// Prints a line to standard error, for warnings that must not mix with the JSON on stdout.
func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
