import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum list`: the credentials in the wallet, from their metadata (fast, offline).
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the credentials in the wallet.",
        discussion: """
            Reads only the encrypted metadata, so it is fast and offline. The status shown is \
            `expired` or `not-yet-valid` by the dates, else the status found when the credential \
            was last verified (at issuance, `show` or `status`); an AnonCreds credential also \
            shows its schema_id and cred_def_id. --json prints an array of \
            {id, format, type, vct or docType, name, issuer, issuerName, validity, status}; an \
            AnonCreds credential's also has schema_id, cred_def_id and attributes (its values, \
            read from the stored credential). \
            \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions

    @Option(help: ArgumentHelp("Only this format (dc+sd-jwt, mso_mdoc, jwt_vc_json, anoncreds …).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Only this vct or docType.", valueName: "type"))
    var type: String?

    @Option(help: ArgumentHelp("Only this issuer (identifier, or part of its name).", valueName: "issuer"))
    var issuer: String?

    @Option(help: ArgumentHelp("Only credentials whose name, issuer or type contains this text.", valueName: "text"))
    var search: String?

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            var chosenFormat: CredentialFormat?
            if let format {
                let parsed = CredentialFormat(rawValue: format)
                guard CredentialWallet.standardFormats.contains(parsed) else {
                    let names = CredentialWallet.standardFormats.map(\.rawValue).joined(separator: ", ")
                    throw ValidationError("unknown format \(format): use one of \(names)")
                }
                chosenFormat = parsed
            }
            let wallet = try await options.open()
            let credentials = try await wallet.searchCredentials(
                CredentialQuery(format: chosenFormat, credentialType: type, issuer: issuer, text: search))
            // AnonCreds entries show their identifiers and values, which live in the stored credential.
            var anonCreds: [String: AnonCredsCredentialSummary] = [:]
            if credentials.contains(where: { $0.format == .anonCreds }) { anonCreds = try await wallet.anonCredsSummaries() }
            try await wallet.close()
            let now = Date()
            if json {
                WalletJSON.print(.array(credentials.map { WalletJSON.summary($0, at: now, anonCreds: anonCreds[$0.id]) }))
                return
            }
            guard !credentials.isEmpty else {
                print("No credentials.")
                return
            }
            for summary in credentials {
                let name = summary.displayName ?? summary.credentialType ?? "credential"
                let until = summary.validity.validUntil.map { " until \(WalletJSON.text($0))" } ?? ""
                print("\(summary.id)  \(summary.format.rawValue)  \(name)")
                print("    type: \(summary.credentialType ?? "-")  issuer: \(summary.issuerName ?? summary.issuer ?? "-")")
                print("    status: \(summary.state(at: now))\(until)")
                if let identifiers = anonCreds[summary.id] {
                    print("    schema_id: \(identifiers.schemaID)")
                    print("    cred_def_id: \(identifiers.credentialDefinitionID)")
                }
            }
            print("\(credentials.count) credential(s)")
        }
    }
}
