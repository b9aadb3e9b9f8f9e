import ArgumentParser
import Foundation
import Wallet

/// The exit codes of the wallet subcommands, as their help and the README document them.
enum WalletExitCode {
    /// The command did what was asked (for `status`: the credential verified).
    static let success: Int32 = 0
    /// `status`: the credential does not verify (expired, revoked, untrusted, …).
    static let notVerified: Int32 = 1
    /// No wallet at the directory (`init` first), or `init` found one already.
    static let walletMissingOrExists: Int32 = 3
    /// The passphrase is wrong, missing or unusable.
    static let passphrase: Int32 = 4
    /// No credential, trusted certificate or trusted DID document with that id, fingerprint or DID.
    static let notFound: Int32 = 5
    /// An input file is unreadable or not what was expected (a certificate that is not PEM/DER).
    static let invalidInput: Int32 = 6
    /// The wallet file is damaged or altered, or storage failed.
    static let storage: Int32 = 7
    /// `receive`: some offered credentials were not stored (each failure is named).
    static let notAllStored: Int32 = 2
    /// The offer or the issuer could not be used: an unreadable offer, refused authorization,
    /// an unreachable issuer.
    static let protocolFailure: Int32 = 8
    /// The user declined at the consent prompt.
    static let declined: Int32 = 9
    /// `receive`: SIGINT or SIGTERM stopped the claim; the exit status is 128 + the signal
    /// (130, 143), as for a process the signal ended.
    static func interrupted(by signal: Int32) -> Int32 { 128 + signal }

    /// What each exit code means, for the help of the commands that can return it.
    static let meanings: [(code: Int32, meaning: String)] = [
        (success, "success"),
        (notVerified, "the credential does not verify"),
        (notAllStored, "some offered credentials were not stored"),
        (walletMissingOrExists, "no wallet at the directory (for init: one exists already)"),
        (passphrase, "wrong, missing or unusable passphrase"),
        (notFound, "no such credential, certificate or DID document"),
        (invalidInput, "unreadable or unusable input file"),
        (storage, "damaged wallet file or storage failure"),
        (protocolFailure, "the offer or issuer could not be used"),
        (declined, "declined at the prompt"),
        (64, "usage error"),
        (130, "Ctrl-C (SIGINT) or Ctrl-D at the passphrase prompt: nothing changed"),
        (143, "SIGTERM: the claim was rolled back"),
    ]

    /// The sentence a subcommand's help ends with, naming only the exit codes it can return
    /// (usage error 64 and 130 at the passphrase prompt are added for every wallet command).
    static func help(_ codes: Int32...) -> String {
        let all = Set(codes + [success, 64, 130])
        let parts = meanings.filter { all.contains($0.code) }.map { "\($0.code) \($0.meaning)" }
        return "Exit codes: " + parts.joined(separator: "; ") + "."
    }
}

/// A wallet subcommand's failure: printed on standard error, exiting with its code.
enum WalletCLIError: Error, CustomStringConvertible {
    case wallet(WalletError)
    case noPassphrase
    case passphrasesDiffer
    /// The passphrase breaks a rule (a control character; too short for `init`).
    case invalidPassphrase(String)
    /// Ctrl-C or Ctrl-D at the passphrase prompt: nothing was created or changed.
    case cancelled
    /// An argument wrong on its face (a link that is not one, an image without a QR code),
    /// found before the wallet is opened; `hint` says what to do, `code` is the exit code.
    case badArgument(String, hint: String?, code: Int32)
    case unreadable(path: String, reason: String)
    /// A protocol step failed (offer, authorization, issuer).
    case protocolFailure(String)
    /// The user said no.
    case declined
    /// A credential the wallet refused to store (it does not verify).
    case refused(String)
    /// `receive` stored some but not all credentials, or none.
    case notAllStored(failed: Int, of: Int)
    /// `receive` was stopped by `signal`: the claim rolled back, or already `committed`.
    case interrupted(signal: Int32, committed: Bool)

    /// What to do about it, where there is something to say.
    var hint: String? {
        switch self {
        case .wallet(.walletNotFound): "create one with `vellum init`, or give its directory with --wallet"
        case .wallet(.wrongPassphrase): "type the passphrase the wallet was created with (VELLUM_PASSPHRASE for scripts)"
        case .noPassphrase: "set VELLUM_PASSPHRASE or type one at the prompt"
        case .interrupted: nil
        default: nil
        }
    }

    var exitCode: Int32 {
        switch self {
        case .noPassphrase, .passphrasesDiffer, .invalidPassphrase: return WalletExitCode.passphrase
        case .cancelled: return WalletExitCode.interrupted(by: SIGINT)
        case .badArgument(_, _, let code): return code
        case .unreadable: return WalletExitCode.invalidInput
        case .protocolFailure: return WalletExitCode.protocolFailure
        case .declined: return WalletExitCode.declined
        case .refused: return WalletExitCode.notVerified
        case .notAllStored: return WalletExitCode.notAllStored
        case .interrupted(let signal, _): return WalletExitCode.interrupted(by: signal)
        case .wallet(let error):
            switch error {
            case .walletNotFound, .walletAlreadyExists: return WalletExitCode.walletMissingOrExists
            case .wrongPassphrase, .invalidPassphrase: return WalletExitCode.passphrase
            case .notFound: return WalletExitCode.notFound
            case .invalidCertificate, .invalidInput, .inputTooLarge, .duplicate: return WalletExitCode.invalidInput
            default: return WalletExitCode.storage
            }
        }
    }

    var description: String {
        switch self {
        case .wallet(.walletNotFound(let path)): return "no wallet at \(path)"
        case .wallet(let error): return error.description
        case .noPassphrase: return "no passphrase was given"
        case .passphrasesDiffer: return "the passphrases differ"
        case .invalidPassphrase(let reason): return "the passphrase is not usable: \(reason)"
        case .cancelled: return "cancelled at the passphrase prompt; nothing was created or changed"
        case .badArgument(let message, _, _): return message
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .protocolFailure(let reason): return reason
        case .declined: return "declined by the user"
        case .refused(let reason): return reason
        case .notAllStored(let failed, let total): return "\(failed) of \(total) offered credentials were not stored"
        case .interrupted(let signal, let committed):
            let name = ClaimInterruption.name(of: signal)
            return committed
                ? "interrupted by \(name) after the claim was committed"
                : "interrupted by \(name): the claim was rolled back; nothing of it was stored (no credential, holder key or issuer certificate)"
        }
    }
}

/// Runs a wallet subcommand body, turning its failures into a message and exit code.
enum WalletCommandRunner {
    static func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as WalletCLIError {
            if case .badArgument(let message, let hint, _) = error {
                printError(message, hint: hint, exitCode: error.exitCode)
            } else {
                printError("\(error)", hint: error.hint, exitCode: error.exitCode)
            }
            throw ExitCode(error.exitCode)
        } catch let error as WalletError {
            let wrapped = WalletCLIError.wallet(error)
            printError("\(wrapped)", hint: wrapped.hint, exitCode: wrapped.exitCode)
            throw ExitCode(wrapped.exitCode)
        }
    }

    /// Prints `vellum: error: message` on standard error (see ``CommandOutput/fail(_:hint:exitCode:)``),
    /// and how to get past the address policy when that is what refused (see ``NetworkOptions``).
    static func printError(_ message: String, hint: String? = nil, exitCode: Int32 = 1) {
        CommandOutput.fail(message, hint: hint ?? NetworkOptions.hint(for: message), exitCode: exitCode)
    }
}
