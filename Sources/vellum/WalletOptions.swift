import ArgumentParser
import Foundation
import HTTP
import Wallet
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--wallet DIR`, shared by every wallet subcommand, and how they open the wallet.
///
/// The passphrase comes from `VELLUM_PASSPHRASE`, else from a prompt on the terminal with
/// echo off, else (standard input not a terminal) from the first line of standard input.
struct WalletOptions: ParsableArguments {
    @Option(
        name: .customLong("wallet"),
        help: ArgumentHelp(
            "The wallet directory (default: $XDG_DATA_HOME/vellum or ~/.local/share/vellum; Application Support/vellum on Apple platforms). Accepted before or after the subcommand.",
            valueName: "dir"))
    var wallet: String?

    /// The environment variable holding the passphrase for scripts.
    static let passphraseVariable = "VELLUM_PASSPHRASE"

    /// The wallet directory: `--wallet`, else the platform's user data directory.
    var directory: URL {
        if let wallet { return URL(fileURLWithPath: (wallet as NSString).expandingTildeInPath, isDirectory: true) }
        return Self.defaultDirectory
    }

    /// `$XDG_DATA_HOME/vellum` or `~/.local/share/vellum` (Linux), `~/Library/Application
    /// Support/vellum` (Apple platforms).
    static var defaultDirectory: URL {
        #if canImport(Darwin)
        if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
            return support.appendingPathComponent("vellum", isDirectory: true)
        }
        #endif
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("vellum", isDirectory: true)
        }
        // $HOME first, as every XDG program does; the password database only without it.
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/vellum", isDirectory: true)
    }

    /// The shortest passphrase `init` accepts without `--allow-weak`: twelve characters. The
    /// key derivation (scrypt) slows each guess, but does not make a short passphrase long.
    static let minimumPassphraseLength = 12

    /// How many times a terminal prompt asks again (mismatch, too short, control character).
    static let promptAttempts = 3

    /// Reads the passphrase; `confirm` asks twice on a terminal and applies the length rule
    /// (for `init`), which `allowWeak` turns into a warning.
    ///
    /// Ctrl-C or Ctrl-D at the prompt cancels (``WalletCLIError/cancelled``); nothing has been
    /// created or changed at that point. A passphrase with a control character is refused
    /// wherever it comes from.
    func passphrase(confirm: Bool = false, allowWeak: Bool = false) throws -> String {
        if let value = ProcessInfo.processInfo.environment[Self.passphraseVariable], !value.isEmpty {
            return try Self.checked(value, confirm: confirm, allowWeak: allowWeak)
        }
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw WalletCLIError.noPassphrase
            }
            return try Self.checked(line, confirm: confirm, allowWeak: allowWeak)
        }
        for _ in 0..<Self.promptAttempts {
            guard let first = try Self.prompt("Wallet passphrase: ") else { continue }
            if confirm {
                if first.count < Self.minimumPassphraseLength, !allowWeak {
                    Self.say("that passphrase has \(first.count) characters; choose one of at least \(Self.minimumPassphraseLength) (or use --allow-weak)")
                    continue
                }
                guard let second = try Self.prompt("Repeat the passphrase: ") else { continue }
                guard second == first else {
                    Self.say("the passphrases differ; type it again")
                    continue
                }
                Self.warnIfWeak(first)
            }
            return first
        }
        throw confirm ? WalletCLIError.passphrasesDiffer : WalletCLIError.noPassphrase
    }

    /// One entry at the terminal; `nil` (after saying why) when it must be typed again.
    private static func prompt(_ text: String) throws -> String? {
        do throws(PassphrasePrompt.Failure) {
            let value = try PassphrasePrompt.ask(text)
            guard !value.isEmpty else {
                say("the passphrase is empty; type one (Ctrl-C cancels)")
                return nil
            }
            return value
        } catch .cancelled {
            throw WalletCLIError.cancelled
        } catch .controlCharacter {
            say("a passphrase cannot contain control characters; type it again (Ctrl-C cancels)")
            return nil
        } catch {
            throw WalletCLIError.noPassphrase
        }
    }

    /// A passphrase from the environment or a pipe, held to the rules the prompt applies.
    private static func checked(_ value: String, confirm: Bool, allowWeak: Bool) throws -> String {
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw WalletCLIError.invalidPassphrase("it contains a control character")
        }
        if confirm {
            guard value.count >= minimumPassphraseLength || allowWeak else {
                throw WalletCLIError.invalidPassphrase(
                    "it has \(value.count) characters; choose one of at least \(minimumPassphraseLength) (or use --allow-weak)")
            }
            warnIfWeak(value)
        }
        return value
    }

    private static func warnIfWeak(_ value: String) {
        guard value.count < minimumPassphraseLength else { return }
        say("warning: a passphrase of \(value.count) characters is easy to guess for anyone who copies the wallet file")
    }

    private static func say(_ text: String) {
        FileHandle.standardError.write(Data("vellum: \(text)\n".utf8))
    }

    /// Opens the wallet (any failure becomes the documented exit code and a message); its
    /// network requests follow `network` (the command's flags, or the environment alone).
    func open(
        configuration: CredentialWalletConfiguration = CredentialWalletConfiguration(), network: NetworkOptions? = nil
    ) async throws -> CredentialWallet {
        var configuration = configuration
        if configuration.httpClient == nil {
            configuration.httpClient = NetworkOptions.client(network)
        }
        let directory = directory
        guard CredentialWallet.exists(at: directory) else {
            throw WalletCLIError.wallet(.walletNotFound(path: directory.path))
        }
        do {
            return try await CredentialWallet.open(at: directory, passphrase: try passphrase(), configuration: configuration)
        } catch let error as WalletError {
            throw WalletCLIError.wallet(error)
        }
    }

    /// Moves every `--wallet DIR` / `--wallet=DIR` written before the subcommand to the end,
    /// where the subcommand's own option group parses it: `vellum --wallet w list` is
    /// `vellum list --wallet w`.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var moved: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--wallet", index + 1 < arguments.count {
                moved += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--wallet=") {
                moved.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !moved.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        leading = Array(arguments[index...])
        if let terminator = leading.firstIndex(of: "--") {
            return Array(leading[..<terminator]) + moved + Array(leading[terminator...])
        }
        return leading + moved
    }
}

extension Vellum {
    /// Runs the command line with `--wallet` accepted before the subcommand too.
    static func main() async {
        let arguments = WalletOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
        if let failure = CommandSuggestion.failure(for: arguments) {
            CommandOutput.fail(failure.message, hint: failure.hint, exitCode: ExitCode.validationFailure.rawValue)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        await main(arguments)
    }
}
