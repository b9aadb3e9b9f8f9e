import ArgumentParser
import CryptoKeys
import Foundation
import JSONModel
import Wallet

/// `vellum import FILE [--holder-key KEYFILE]`: store a credential from a file after verifying
/// it in full against the wallet's trusted roots.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Store a credential from a file, after verifying it.",
        discussion: """
            Recognises an SD-JWT VC (compact, or a JWS JSON serialization), an ISO 18013-5 \
            mdoc IssuerSigned (binary CBOR, hex or base64url) and an Open DID verifiable \
            credential (JSON). The credential is verified in full against the roots trusted for \
            issuers (vellum trust add … --purpose issuer) or, for Open DID, the trusted DID \
            documents (vellum trust add-did ISSUER.json): one that does not verify is refused \
            and nothing is stored. An Open DID credential binds its subject's DID: --holder-key \
            must then be a key that DID's document (trusted with add-did too) lists for \
            authentication. A credential bound to a holder key \
            is stored with that key when --holder-key gives it (a JWK or a PEM private key, which \
            must be the key the credential binds; it is then kept encrypted in the wallet), else \
            view-only: it verifies but cannot be presented where holder binding is asked for. \
            Exit codes: 0 stored; 1 refused (it does not verify, or the key is not the bound one); \
            3 no wallet; 4 wrong passphrase; 6 unreadable file or key, or not a credential \
            format the wallet holds; 7 storage failure.
            """
    )

    @OptionGroup var options: WalletOptions

    @Argument(help: "The credential file.")
    var file: String

    @Option(name: .customLong("holder-key"), help: ArgumentHelp("The private key the credential is bound to: a JWK or a PEM file.", valueName: "keyfile"))
    var holderKeyFile: String?

    @Flag(help: "Print the stored credential as JSON.")
    var json = false

    /// The largest credential file read.
    static let maximumFileBytes = 8 * 1024 * 1024

    func run() async throws {
        try await WalletCommandRunner.run {
            // Both inputs are read before the passphrase is asked for.
            let data = try InputFile.read(file, limit: Self.maximumFileBytes)
            let key = try holderKeyFile.map { path in try Self.privateKey(try InputFile.read(path, limit: 64 * 1024), path: path) }
            let wallet = try await options.open()
            let stored: VerifiedCredential
            do throws(WalletError) {
                stored = try await wallet.importCredential(data, holderKey: key)
            } catch {
                try? await wallet.close()
                throw Self.cliError(error)
            }
            try await wallet.close()
            if json {
                WalletJSON.print([
                    "id": .string(stored.id), "format": .string(stored.format.rawValue),
                    "type": WalletJSON.string(stored.credentialType), "viewOnly": .bool(stored.isViewOnly),
                    "status": .string(stored.verificationResult.verified ? "valid" : "invalid"),
                ])
            } else {
                print("Stored \(stored.credentialType ?? stored.format.rawValue) as \(stored.id)")
                if stored.isViewOnly {
                    print("view-only: it binds a holder key this wallet does not hold (give --holder-key to present it)")
                }
            }
        }
    }

    /// A private key from a JWK or a PEM file.
    static func privateKey(_ data: Data, path: String) throws -> PrivateKey {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            if text.hasPrefix("{") { return try JWK(jsonData: data).privateKey() }
            return try PrivateKey(pemRepresentation: text)
        } catch {
            throw WalletCLIError.unreadable(path: path, reason: "not a private key as a JWK or PEM: \(error)")
        }
    }

    /// The refusal as the CLI reports it, with a hint where one helps.
    static func cliError(_ error: WalletError) -> WalletCLIError {
        guard case .credentialRejected(let rejection) = error else { return .wallet(error) }
        switch rejection {
        case .unsupportedFormat(let reason), .malformed(let reason):
            return .unreadable(path: "the credential", reason: reason)
        case .failedValidation(let failures):
            var text = "the credential was refused, nothing was stored: " + failures.map(\.description).joined(separator: "; ")
            if failures.contains(where: { $0.kind == .untrustedIssuer }) {
                text += "\nhint: trust the issuer first: its root certificate (vellum trust add ROOT.pem --purpose issuer), "
                    + "or for an Open DID credential its DID document (vellum trust add-did ISSUER-DID.json)"
            }
            return .refused(text)
        case .holderKeyNotFound:
            return .refused(rejection.description)
        }
    }
}
