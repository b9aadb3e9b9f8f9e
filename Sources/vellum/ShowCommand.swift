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
            list over the network) and prints it. Exits 0 whether or not it verifies; use \
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
            try await wallet.close()
            if json {
                WalletJSON.print(WalletJSON.credential(credential))
            } else {
                print(CredentialText.full(credential))
            }
        }
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

/// The human form of a credential for `show` and `status`.
enum CredentialText {
    static func verification(_ result: VerificationResult) -> String {
        var lines = ["status: \(result.status)"]
        if result.verified {
            lines.append("VALID")
        } else {
            for failure in result.failures { lines.append("✗ \(failure.kind.rawValue): \(failure.message)") }
            lines.append("NOT VALID: " + result.failures.map(\.kind.rawValue).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    static func full(_ credential: WalletCredential) -> String {
        var lines: [String] = []
        lines.append("\(credential.branding?.name ?? credential.credentialType ?? "Credential") (\(credential.format.rawValue))")
        lines.append("  id: \(credential.id)")
        lines.append("  type: \(credential.credentialType ?? "-")")
        let issuer = credential.issuerInfo
        lines.append("  issuer: \(issuer.displayName ?? issuer.commonName ?? "-") \(issuer.identifier.map { "<\($0)>" } ?? "")")
        if let name = issuer.commonName { lines.append("  signed by: \(name)") }
        if let trusted = issuer.trustedCertificate {
            lines.append("  trusted root: \(trusted.subject) (\(trusted.fingerprint.prefix(16))…)")
        } else {
            lines.append("  trusted root: none")
        }
        let validity = credential.validity
        if let date = validity.issuedAt { lines.append("  issued: \(WalletJSON.text(date))") }
        if let date = validity.validFrom { lines.append("  valid from: \(WalletJSON.text(date))") }
        if let date = validity.validUntil { lines.append("  valid until: \(WalletJSON.text(date))") }
        if credential.isViewOnly {
            lines.append("  view-only: bound to a holder key this wallet does not hold; it cannot be presented where binding is asked for")
        }
        lines.append("  claims:")
        switch credential.claims {
        case .nameSpaces(let spaces):
            for nameSpace in spaces.keys.sorted() {
                for (identifier, _) in (spaces[nameSpace] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    let value = credential.claims.value(at: [nameSpace, identifier]).map(display) ?? "-"
                    lines.append("    \(nameSpace) \(identifier): \(value)")
                }
            }
        case .json(let object):
            for (name, value) in object where !["cnf", "_sd_alg", "status"].contains(name) {
                lines.append("    \(name): \(display(value))")
            }
        case .unavailable:
            lines.append("    (unreadable)")
        }
        lines.append(verification(credential.verificationResult))
        return lines.joined(separator: "\n")
    }

    static func display(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text.count > 80 ? String(text.prefix(77)) + "…" : text }
        let text = value.serializedString(.compact)
        return text.count > 120 ? String(text.prefix(117)) + "…" : text
    }
}
