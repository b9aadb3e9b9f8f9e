import ArgumentParser
import Foundation
import Wallet

/// `vellum init`: create an encrypted wallet.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a wallet protected by a passphrase.",
        discussion: """
            Creates the wallet directory and its encrypted database. The passphrase comes from \
            VELLUM_PASSPHRASE or a prompt (asked twice; Ctrl-C or Ctrl-D cancels with exit 130 \
            and creates nothing). It must have at least 12 characters and no control \
            characters; --allow-weak accepts a shorter one with a warning. The passphrase key is \
            derived with scrypt (N = 2^17, r = 8, p = 1). \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions

    /// log2 of the scrypt cost, for test suites that create many throwaway wallets.
    @Option(name: .customLong("scrypt-cost-log2"), help: .hidden)
    var scryptCostLog2: Int = 17

    @Flag(name: .customLong("allow-weak"), help: "Accept a passphrase shorter than 12 characters (with a warning).")
    var allowWeak = false

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let directory = options.directory
            guard !CredentialWallet.exists(at: directory) else {
                throw WalletCLIError.wallet(.walletAlreadyExists(path: directory.path))
            }
            let passphrase = try options.passphrase(confirm: true, allowWeak: allowWeak)
            let configuration = CredentialWalletConfiguration(
                keyDerivation: .scrypt(costLog2: scryptCostLog2, blockSize: 8, parallelism: 1))
            let wallet = try await CredentialWallet.create(at: directory, passphrase: passphrase, configuration: configuration)
            try await wallet.close()
            if json {
                WalletJSON.print(.object(["wallet": .string(directory.path), "created": .bool(true)]))
            } else {
                print("Created a wallet at \(directory.path)")
            }
        }
    }
}
