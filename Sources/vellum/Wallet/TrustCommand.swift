import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum trust`: the certificates trusted as roots of issuer and verifier chains, and the
/// Open DID DID documents trusted for Open DID credentials.
struct TrustCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Manage the trusted root certificates (IACAs, x5c roots, verifier roots) and Open DID DID documents.",
        subcommands: [TrustAddCommand.self, TrustAddDIDCommand.self, TrustListCommand.self, TrustRemoveCommand.self]
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
            malformed file adds nothing. \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.invalidInput, WalletExitCode.storage))
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
            let inputs = try files.map { try InputFile.read($0, limit: 1024 * 1024) }
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
        commandName: "list", abstract: "List the trusted root certificates and DID documents.",
        discussion: """
            Certificates first, then Open DID DID documents (trusted for issuers; --purpose \
            verifier leaves them out). With --json each entry has a kind: certificate or \
            did-document. \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """)

    @OptionGroup var options: WalletOptions

    @Option(help: ArgumentHelp("Only those trusted for this purpose.", valueName: "issuer|verifier"))
    var purpose: String?

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let chosen = try PurposeArgument.parse(purpose)
            let certificates = try await wallet.trustedCertificates(purpose: chosen)
            let documents = chosen == .verifier ? [] : try await wallet.trustedDIDDocuments()
            try await wallet.close()
            if json {
                let entries = certificates.map { certificate -> JSONValue in
                    var object = WalletJSON.certificate(certificate).objectValue ?? [:]
                    object["kind"] = "certificate"
                    return .object(object)
                }
                WalletJSON.print(.array(entries + documents.map(WalletJSON.didDocument)))
                return
            }
            guard !certificates.isEmpty || !documents.isEmpty else {
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
            for document in documents {
                TrustDIDText.lines(document).forEach { print($0) }
            }
        }
    }
}

/// `vellum trust remove <fingerprint>`.
struct TrustRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop trusting a root certificate or an Open DID DID document.",
        discussion: """
            Give a certificate's fingerprint, or a DID (did:…) to remove its trusted DID \
            documents (every version, or the one --version-id names). Credentials that chained \
            to it, or were signed under it, no longer verify (untrustedIssuer). \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.notFound, WalletExitCode.storage))
            """)

    @OptionGroup var options: WalletOptions

    @Argument(help: "The certificate's SHA-256 fingerprint (64 hex digits), or a DID (see `vellum trust list`).")
    var fingerprint: String

    @Option(name: .customLong("version-id"), help: ArgumentHelp("With a DID: remove only this version of its document.", valueName: "N"))
    var versionID: String?

    func validate() throws {
        if versionID != nil, !fingerprint.hasPrefix("did:") {
            throw ValidationError("--version-id goes with a DID, not a certificate fingerprint")
        }
    }

    func run() async throws {
        try await WalletCommandRunner.run {
            if fingerprint.hasPrefix("did:") {
                let wallet = try await options.open()
                let removed = try await wallet.removeTrustedDIDDocuments(did: fingerprint, versionId: versionID)
                try await wallet.close()
                let name = versionID.map { "\(fingerprint)?versionId=\($0)" } ?? fingerprint
                guard removed > 0 else { throw WalletCLIError.wallet(.notFound(kind: "trusted DID document", id: name)) }
                print("Removed \(removed) DID document\(removed == 1 ? "" : "s") of \(name)")
                return
            }
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
