import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum aries propose <connection-id> (--credential FILE | --presentation FILE)`: starts an
/// exchange from the holder's side, then takes what the agent answers.
struct AriesProposeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "propose",
        abstract: "Propose a W3C credential to be issued, or a presentation, on an Aries connection.",
        discussion: """
            The connection id is one `vellum aries connect` printed (`vellum aries connections` \
            lists them). --credential FILE proposes the JSON-LD credential in FILE (its @context, \
            type, issuer if the agent wants it named, and credentialSubject claims) to be issued \
            about your holder DID with an Ed25519Signature2018 proof (issue-credential 2.0, \
            aries/ld-proof-vc-detail@v1.0); --presentation FILE proposes to present what the DIF \
            presentation definition in FILE describes (present-proof 2.0). The agent's offer or \
            proof request that answers is then shown and taken as `connect` takes one: the \
            credential checked (exactly the one requested, its proof by the issuer's key) before \
            it is stored and acknowledged; the presentation made from your stored ldp_vc \
            credentials and signed by your holder DID, its challenge remembered so a replayed \
            request is refused. Asks first unless --yes. Exits 0 only when the exchange completed. \
            \(WalletExitCode.help(WalletExitCode.notVerified, WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.invalidInput, WalletExitCode.notFound, WalletExitCode.storage, WalletExitCode.protocolFailure, WalletExitCode.declined))
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The Aries connection's id.")
    var connectionID: String

    @Option(help: ArgumentHelp("A JSON file holding the W3C credential to propose.", valueName: "file"))
    var credential: String?

    @Option(help: ArgumentHelp("A JSON file holding the DIF presentation definition to propose.", valueName: "file"))
    var presentation: String?

    @Option(help: ArgumentHelp("A comment for the agent.", valueName: "text"))
    var comment: String?

    @Flag(help: "Accept the offer or answer the request that follows without asking.")
    var yes = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    /// The largest proposal file read.
    static let maximumFileBytes = 64 * 1024

    func validate() throws {
        guard (credential == nil) != (presentation == nil) else {
            throw ValidationError("give exactly one of --credential FILE and --presentation FILE")
        }
    }

    func run() async throws {
        try await WalletCommandRunner.run {
            let path = credential ?? presentation ?? ""
            let object = try Self.object(InputFile.read(path, limit: Self.maximumFileBytes), path: path)
            let wallet = try await options.open(network: network)
            do {
                let aries = try await wallet.ariesConnections()
                guard let connection = aries.first(where: { $0.id == connectionID }) else {
                    throw WalletCLIError.badArgument(
                        "no Aries connection \(connectionID)", hint: "run `vellum aries connections` for the ids", code: WalletExitCode.notFound)
                }
                let answered = try await AriesStep.run {
                    if credential != nil {
                        try await wallet.proposeAriesCredential(connectionID: connectionID, credential: object, comment: comment)
                    } else {
                        try await wallet.proposeDisclosedProof(connectionID: connectionID, definition: object, comment: comment)
                    }
                }
                if !json { print("Proposed to \(connection.label ?? "the agent") on \(connection.id)") }
                try await AriesExchangeRun(yes: yes, json: json).take(answered, on: connection, wallet: wallet)
            } catch {
                try? await wallet.close()
                throw error
            }
            try await wallet.close()
        }
    }

    /// The JSON object in the file at `path`.
    static func object(_ data: Data, path: String) throws -> JSONObject {
        guard let object = try? JSONValue(parsing: data).objectValue else {
            throw WalletCLIError.unreadable(path: path, reason: "it is not a JSON object")
        }
        return object
    }
}

/// `vellum aries connections`: the Aries connections the wallet keeps.
struct AriesConnectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connections",
        abstract: "List the Aries connections the wallet keeps.",
        discussion: """
            --json prints an array of {id, kind, label, myDID, theirDID}. \
            \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions
    @Flag(help: "Print a JSON array.") var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let connections = try await wallet.ariesConnections()
            try await wallet.close()
            if json { return WalletJSON.print(.array(connections.map(AriesText.json))) }
            for connection in connections { print("\(connection.id)  \(connection.kind.rawValue)  \(connection.label ?? "-")") }
            print("\(connections.count) connection(s)")
        }
    }
}
