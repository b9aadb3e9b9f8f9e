import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum export ID [--out FILE]`: write a stored credential back in its own format.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a stored credential in its own format.",
        discussion: """
            Writes the credential exactly as it was stored: an SD-JWT VC as the text received \
            (every Disclosure), an mdoc as its IssuerSigned CBOR. Its holder key is never \
            exported. Without --out the bytes go to standard output. Exit codes: 0 written; 3 no \
            wallet; 4 wrong passphrase; 5 no such credential; 6 the file cannot be written.
            """
    )

    @OptionGroup var options: WalletOptions

    @Argument(help: "The credential id, or a unique prefix of it in either case (see `vellum list`).")
    var id: String

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var out: String?

    @Flag(help: "Print what was written as JSON (with --out).")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let exported = try await wallet.exportCredential(id: try await CredentialIDArgument.resolve(id, in: wallet))
            try await wallet.close()
            guard let out else {
                FileHandle.standardOutput.write(exported.data)
                return
            }
            do {
                try exported.data.write(to: URL(fileURLWithPath: out), options: .withoutOverwriting)
            } catch {
                throw WalletCLIError.unreadable(path: out, reason: "cannot write it (it may exist already): \(error.localizedDescription)")
            }
            if json {
                WalletJSON.print(["id": .string(id), "format": .string(exported.format.rawValue), "file": .string(out), "bytes": .number(JSONNumber(exported.data.count))])
            } else {
                print("Wrote \(exported.format.rawValue) credential \(id) to \(out) (\(exported.data.count) bytes)")
            }
        }
    }
}
