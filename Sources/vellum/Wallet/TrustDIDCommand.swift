import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum trust add-did <file>…`: trust Open DID DID documents.
struct TrustAddDIDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-did",
        abstract: "Trust Open DID DID documents (issuers', and your own holder DID's).",
        discussion: """
            Each file holds one Open DID DID document as JSON. Its proofs must verify (by its own \
            keys, or a controller's document trusted already; give the controller's file first). \
            Files are added in order: one that does not verify stops the command there, adding \
            nothing of its own (those before it stay trusted). Open DID \
            credentials verify when their issuer's proof resolves to an assertionMethod key of a \
            trusted document; the newest version trusted decides whether the DID is deactivated \
            or a key was revoked. Add your own holder DID's document too, to import a credential \
            with --holder-key and present it (vellum present --opendid). Remove one with \
            `vellum trust remove DID`. \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.invalidInput, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions

    @Argument(help: "Open DID DID document files (JSON).")
    var files: [String]

    @Flag(help: "Print the added documents as JSON.")
    var json = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one DID document file") }
    }

    func run() async throws {
        try await WalletCommandRunner.run {
            let inputs = try files.map { try InputFile.read($0, limit: WalletStore.maximumDIDDocumentBytes) }
            let wallet = try await options.open()
            var added: [TrustedDIDDocument] = []
            do {
                for (path, input) in zip(files, inputs) {
                    do {
                        added.append(try await wallet.addTrustedDIDDocument(input))
                    } catch let error as WalletError {
                        guard case .invalidInput(let reason) = error else { throw error }
                        throw WalletCLIError.unreadable(path: path, reason: reason)
                    }
                }
            } catch {
                try? await wallet.close()
                throw error
            }
            try await wallet.close()
            if json {
                WalletJSON.print(.array(added.map(WalletJSON.didDocument)))
                return
            }
            for document in added {
                print("Trusted the DID document of \(document.did) (version \(document.versionId))")
                print("  assertion keys: \(TrustDIDText.keys(of: document))")
            }
        }
    }
}

/// The human form of a trusted DID document.
enum TrustDIDText {
    static func keys(of document: TrustedDIDDocument) -> String {
        let names = document.document.assertionMethod ?? []
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    static func lines(_ document: TrustedDIDDocument) -> [String] {
        let deactivated = document.document.deactivated ? " (DEACTIVATED)" : ""
        return [
            "\(document.id)  DID document\(deactivated)",
            "    controller: \(document.document.controller)  assertion keys: \(keys(of: document))  authentication keys: \((document.document.authentication ?? []).joined(separator: ", "))",
        ]
    }
}

extension WalletJSON {
    /// A `trust list --json` / `trust add-did --json` entry for a DID document.
    static func didDocument(_ document: TrustedDIDDocument) -> JSONValue {
        .object([
            "kind": "did-document", "did": .string(document.did), "versionId": .string(document.versionId),
            "controller": .string(document.document.controller), "deactivated": .bool(document.document.deactivated),
            "assertionMethod": .array((document.document.assertionMethod ?? []).map(JSONValue.string)),
            "authentication": .array((document.document.authentication ?? []).map(JSONValue.string)),
            "addedAt": date(document.addedAt),
        ])
    }
}
