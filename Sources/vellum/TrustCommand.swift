import ArgumentParser
import Foundation
import Wallet

/// `vellum trust`: the certificates trusted as roots of issuer and verifier chains.
struct TrustCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Manage the trusted root certificates (IACAs, x5c roots, verifier roots).",
        subcommands: [TrustAddCommand.self, TrustListCommand.self, TrustRemoveCommand.self]
    )
}

/// `vellum trust add <file>…`.
struct TrustAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Trust root certificates from PEM or DER files.",
        discussion: """
            Each file holds one DER certificate or PEM text with one or more certificates. \
            By default they anchor both issuer chains (mdoc IACAs, SD-JWT VC x5c roots) and \
            verifier chains (OpenID4VP x509_san_dns, x509_hash); --purpose narrows that. A \
            malformed file adds nothing. \(WalletExitCode.help)
            """
    )

    @OptionGroup var options: WalletOptions

    @Argument(help: "PEM or DER certificate files.")
    var files: [String]

    @Option(help: ArgumentHelp("Trust for issuer or verifier chains only (default: both).", valueName: "issuer|verifier"))
    var purpose: String?

    @Flag(help: "Print the added certificates as JSON.")
    var json = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one certificate file") }
    }

    func run() async throws {
        try await WalletCommandRunner.run {
            var inputs: [Data] = []
            for path in files {
                do {
                    inputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
                } catch {
                    throw WalletCLIError.unreadable(path: path, reason: error.localizedDescription)
                }
            }
            let wallet = try await options.open()
            let chosen = try PurposeArgument.parse(purpose)
            let added = try await wallet.addTrustedIssuerCertificates(inputs, purposes: chosen.map { [$0] } ?? TrustPurpose.all)
            try await wallet.close()
            if json {
                WalletJSON.print(.array(added.map(WalletJSON.certificate)))
                return
            }
            for certificate in added {
                let purposes = TrustPurpose.allCases.filter(certificate.purposes.contains).map(\.rawValue).joined(separator: ", ")
                print("Trusted \(certificate.subject) for \(purposes)")
                print("  fingerprint: \(certificate.fingerprint)")
            }
        }
    }
}

/// `vellum trust list`.
struct TrustListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the trusted root certificates.", discussion: WalletExitCode.help)

    @OptionGroup var options: WalletOptions

    @Option(help: ArgumentHelp("Only those trusted for this purpose.", valueName: "issuer|verifier"))
    var purpose: String?

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let certificates = try await wallet.trustedCertificates(purpose: try PurposeArgument.parse(purpose))
            try await wallet.close()
            if json {
                WalletJSON.print(.array(certificates.map(WalletJSON.certificate)))
                return
            }
            guard !certificates.isEmpty else {
                print("No trusted certificates.")
                return
            }
            let now = Date()
            for certificate in certificates {
                let purposes = TrustPurpose.allCases.filter(certificate.purposes.contains).map(\.rawValue).joined(separator: ", ")
                let expired = certificate.notValidAfter < now ? " (EXPIRED)" : ""
                print("\(certificate.fingerprint)  \(certificate.subject)")
                print("    for: \(purposes)  valid until: \(WalletJSON.text(certificate.notValidAfter))\(expired)")
            }
        }
    }
}

/// `vellum trust remove <fingerprint>`.
struct TrustRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop trusting a root certificate.",
        discussion: "Credentials that chained to it no longer verify (untrustedIssuer). \(WalletExitCode.help)")

    @OptionGroup var options: WalletOptions

    @Argument(help: "The certificate's SHA-256 fingerprint (64 hex digits, see `vellum trust list`).")
    var fingerprint: String

    func run() async throws {
        try await WalletCommandRunner.run {
            let clean = fingerprint.replacingOccurrences(of: ":", with: "").lowercased()
            guard clean.count == 64, clean.allSatisfy(\.isHexDigit) else {
                throw WalletCLIError.wallet(.invalidInput("a fingerprint is 64 hex digits"))
            }
            let wallet = try await options.open()
            let removed = try await wallet.removeTrustedCertificate(fingerprint: clean)
            try await wallet.close()
            guard removed else { throw WalletCLIError.wallet(.notFound(kind: "certificate", id: clean)) }
            print("Removed \(clean)")
        }
    }
}

/// Reads `--purpose`.
enum PurposeArgument {
    static func parse(_ text: String?) throws -> TrustPurpose? {
        guard let text else { return nil }
        guard let purpose = TrustPurpose(rawValue: text.lowercased()) else {
            throw ValidationError("--purpose is issuer or verifier, not \(text)")
        }
        return purpose
    }
}
