import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum did list`: the holder's own DIDs, kept in the wallet.
struct DIDListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the wallet's own DIDs (holder identities).",
        discussion: """
            A holder DID is a did:key whose key the wallet's secure area keeps: the wallet makes \
            one the first time an exchange needs it, or `vellum did add` makes one now. --json \
            prints an array of {id, did, verificationMethod, keyType, created}. \
            \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let dids = try await wallet.holderDIDs()
            try await wallet.close()
            if json {
                WalletJSON.print(.array(dids.map(WalletJSON.holderDID)))
                return
            }
            guard !dids.isEmpty else {
                print("No DIDs yet (the wallet makes one when an exchange needs it, or: vellum did add).")
                return
            }
            for did in dids { print(DIDText.line(did)) }
        }
    }
}

/// `vellum did add`: make a holder DID now.
struct DIDAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Make a new holder DID in the wallet (a did:key whose key stays in the secure area).",
        discussion: """
            The key is made in the wallet's secure area and never leaves it; the DID signs \
            presentations and DID authentication for you. \
            \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions

    @Option(help: "The key type (\(DIDCreateCommand.KeyTypeOption.allCases.map(\.rawValue).joined(separator: ", "))).")
    var keyType: DIDCreateCommand.KeyTypeOption = .ed25519

    @Flag(help: "Print the new DID as JSON.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let did: HolderDID
            do {
                did = try await wallet.makeHolderDID(curve: keyType.curve)
            } catch {
                try? await wallet.close()
                throw error
            }
            try await wallet.close()
            if json {
                WalletJSON.print(WalletJSON.holderDID(did))
            } else {
                print("Made \(did.did)")
            }
        }
    }
}

/// The human form of a holder DID.
enum DIDText {
    static func line(_ did: HolderDID) -> String {
        "\(did.did)  \(did.curve.rawValue), made \(CredentialText.date(did.createdAt))"
    }
}

extension WalletJSON {
    /// A holder DID as `did list --json` prints it.
    static func holderDID(_ did: HolderDID) -> JSONValue {
        [
            "id": .string(did.id), "did": .string(did.did), "verificationMethod": .string(did.verificationMethod),
            "keyType": .string(did.curve.rawValue), "created": date(did.createdAt),
        ]
    }
}
