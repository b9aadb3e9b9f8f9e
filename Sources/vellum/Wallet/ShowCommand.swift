import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum show <id>`: one credential, verified again now.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a credential's claims, issuer, validity and a fresh verification.",
        discussion: """
            Verifies the credential again (trust anchors, signature, validity, holder key, status \
            list over the network) and prints it, with the files it came with (an attribute the \
            issuer signed as a file, an offer's attachment; --json adds attachments: [{name, \
            mimeType, size, signed, base64}]). Exits 0 whether or not it verifies; use \
            `vellum status` to test validity. \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.notFound, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The credential id, or a unique prefix of it in either case (see `vellum list`).")
    var id: String

    @Flag(help: "Print the credential as JSON.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open(network: network)
            let credential = try await wallet.credential(id: try await CredentialIDArgument.resolve(id, in: wallet))
            let attachments = try await wallet.attachments(ofCredential: credential.id)
            try await wallet.close()
            if json {
                var object = WalletJSON.credential(credential)
                if !attachments.isEmpty, case .object(var members) = object {
                    members["attachments"] = .array(attachments.map(Self.json))
                    object = .object(members)
                }
                WalletJSON.print(object)
            } else {
                print(CredentialText.full(credential))
                if !attachments.isEmpty { print("Attachments:") }
                for attachment in attachments {
                    let vouched = attachment.isSigned ? "signed by the issuer" : "sent with the offer, not signed"
                    print("  \(attachment.name)  \(attachment.mimeType)  \(attachment.data.count) bytes  (\(vouched))")
                }
            }
        }
    }
}

extension ShowCommand {
    /// An attachment in `--json`: `{name, mimeType, size, signed, base64}`.
    static func json(_ attachment: CredentialAttachment) -> JSONValue {
        [
            "name": .string(attachment.name), "mimeType": .string(attachment.mimeType), "size": .number(.init(attachment.data.count)),
            "signed": .bool(attachment.isSigned), "base64": .string(attachment.data.base64EncodedString()),
        ]
    }
}

/// `vellum status <id>`: verify one credential now; the exit code says whether it holds.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Verify a credential now and print its status.",
        discussion: """
            Verifies the credential again, fetching its status list, and prints VALID or the \
            reasons it is not (expired, statusRevoked, statusSuspended, statusUnknown, \
            trustedIssuerCertificateExpired, untrustedIssuer, invalidSignature, …). \
            \(WalletExitCode.help(WalletExitCode.notVerified, WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.notFound, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The credential id, or a unique prefix of it in either case (see `vellum list`).")
    var id: String

    @Flag(help: "Print the verification as JSON.")
    var json = false

    func run() async throws {
        var verified = false
        try await WalletCommandRunner.run {
            let wallet = try await options.open(network: network)
            let credential = try await wallet.credential(id: try await CredentialIDArgument.resolve(id, in: wallet))
            try await wallet.close()
            verified = credential.verificationResult.verified
            if json {
                var object: JSONObject = ["id": .string(credential.id)]
                for (name, value) in WalletJSON.verification(credential.verificationResult).objectValue ?? [:] {
                    object[name] = value
                }
                WalletJSON.print(.object(object))
            } else {
                print(CredentialText.verification(credential.verificationResult))
            }
        }
        if !verified { throw ExitCode(WalletExitCode.notVerified) }
    }
}
