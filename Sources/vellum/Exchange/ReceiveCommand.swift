import ArgumentParser
import Foundation
import JSONModel
import OpenID4VCI
import Wallet
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vellum receive <offer-url>`: claim the credentials of an OpenID4VCI credential offer.
struct ReceiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: "Claim the credentials of an OpenID4VCI credential offer.",
        discussion: """
            Shows who offers what, asks before claiming (unless --yes), then claims every offered \
            credential with a pre-authorized code (and transaction code) or the authorization code \
            flow, validates each one fully and stores it. For the authorization code flow the \
            authorization URL is printed (or opened with --browser) and the redirect is received on \
            a loopback port (RFC 8252). Progress goes to standard error. Only https is used, except \
            plain http to loopback hosts. Exits 0 only when every offered credential was validated \
            and stored; a credential that fails leaves nothing behind. Ctrl-C (SIGINT) or SIGTERM \
            while claiming rolls the whole claim back (no credential, holder key or issuer \
            certificate of it is kept), says so and exits 130 or 143. \(WalletExitCode.help(WalletExitCode.notAllStored, WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.invalidInput, WalletExitCode.storage, WalletExitCode.protocolFailure, WalletExitCode.declined, 143))
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The offer: an openid-credential-offer://, haip-vci:// or https link (quotes and <…> around it are fine), or a PNG/JPEG picture of its QR code.")
    var offer: String

    @Option(name: .customLong("tx-code"), help: "The transaction code the issuer sent you (asked for when needed and not given).")
    var transactionCode: String?

    @Flag(help: "Claim without asking.")
    var yes = false

    @Option(help: ArgumentHelp("Open the authorization URL with this command (the URL is its last argument); default: print it.", valueName: "cmd"))
    var browser: String?

    @Option(name: .customLong("client-id"), help: "The OAuth client id for the authorization code flow.")
    var clientID = "vellum-cli"

    @Flag(name: .customLong("trust-issuer-iaca"), help: "Trust the IACA certificates the issuer publishes at its mdoc_iacas_uri (kept only if they anchor a stored credential).")
    var trustIssuerIACA = false

    @Option(help: "Credentials to ask for per offered configuration, each bound to its own key (issuer batch size permitting).")
    var batch = 1

    @Flag(help: "Ask for encrypted credential responses when the issuer supports them.")
    var encrypt = false

    @Flag(help: "Print the results as JSON.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            // Checked before the passphrase is asked for.
            let link = try LinkArgument.resolve(offer, as: .credentialOffer)
            let wallet = try await options.open(network: network)
            do {
                try await receive(into: wallet, link: link)
            } catch {
                try? await wallet.close()
                throw error
            }
            try await wallet.close()
        }
    }

    func receive(into wallet: CredentialWallet, link: String) async throws {
        Self.progress("fetching the credential offer")
        let discovered: DiscoveredCredentialOffer
        do {
            discovered = try await wallet.discoverCredentialOffer(link)
        } catch {
            throw WalletCLIError.protocolFailure("the credential offer cannot be used: \(error)")
        }
        if !json { print(Self.summary(of: discovered)) }
        let code = try transactionCode(for: discovered)
        guard yes || Self.confirm("Claim \(discovered.credentials.count == 1 ? "this credential" : "these credentials")? [y/N] ") else {
            throw WalletCLIError.declined
        }
        let retrieval = CredentialRetrievalOptions(
            transactionCode: code, credentialsPerConfiguration: max(1, batch), prefersEncryptedResponses: encrypt,
            progress: { Self.progress($0.description) })
        let results: [RetrieveCredentialResult]
        let (browser, clientID, trustIssuerIACA) = (browser, clientID, trustIssuerIACA)
        let (outcome, signal) = await ClaimInterruption.run { () async throws -> [RetrieveCredentialResult] in
            if discovered.grant == .authorizationCode {
                return try await LoopbackRedirectReceiver().run { redirectURI, nextRedirect in
                    var options = retrieval
                    options.authorize = { [browser] url in
                        Self.open(url, with: browser)
                        return try await nextRedirect()
                    }
                    return try await wallet.retrieveCredentials(
                        from: discovered, clientID: clientID, redirectURI: redirectURI,
                        trustingPublishedIACAs: trustIssuerIACA, options: options)
                }
            }
            return try await wallet.retrieveCredentials(
                from: discovered, trustingPublishedIACAs: trustIssuerIACA, options: retrieval)
        }
        if let signal { try Self.reportInterruption(by: signal, outcome: outcome, offered: discovered) }
        do {
            results = try outcome.get()
        } catch let error as WalletError {
            throw WalletCLIError.protocolFailure("nothing was claimed: \(error)")
        } catch let error as LoopbackRedirectReceiver.Failure {
            throw WalletCLIError.protocolFailure("nothing was claimed: \(error)")
        }
        report(results)
        let failed = results.filter { !$0.succeeded }.count
        if failed > 0 { throw WalletCLIError.notAllStored(failed: failed, of: results.count) }
    }

    /// The transaction code: `--tx-code`, else a line typed at the prompt; checked against the
    /// offer's `tx_code` rules before anything is sent.
    func transactionCode(for offer: DiscoveredCredentialOffer) throws -> String? {
        guard let rule = offer.transactionCode else { return nil }
        var code = transactionCode
        if code == nil {
            var prompt = "Transaction code"
            if let description = rule.description { prompt += " (\(description))" }
            if let length = rule.length { prompt += ", \(length) \(rule.inputMode == .numeric ? "digits" : "characters")" }
            FileHandle.standardError.write(Data((prompt + ": ").utf8))
            code = readLine(strippingNewline: true)
        }
        guard let code, !code.isEmpty else { throw WalletCLIError.protocolFailure("the offer needs a transaction code (--tx-code)") }
        guard rule.accepts(code) else { throw WalletCLIError.protocolFailure("the transaction code does not fit the offer's rules") }
        return code
    }

    /// After SIGINT or SIGTERM: names each offered credential as not stored (the claim was
    /// rolled back) on standard error and ends with exit status 128 + `signal`. A claim that
    /// had committed before the signal took effect is reported as stored instead.
    static func reportInterruption(
        by signal: Int32, outcome: Result<[RetrieveCredentialResult], any Error>, offered: DiscoveredCredentialOffer
    ) throws -> Never {
        var lines: [String] = []
        if case .success(let results) = outcome {
            for result in results where result.succeeded {
                lines.append("Stored \(result.docType) (\(result.format)) as \(result.credentialIDs.joined(separator: ", "))")
            }
            for result in results where !result.succeeded {
                lines.append("Not stored: \(result.docType) (\(result.format)): \(result.error.map(String.init(describing:)) ?? "no credential")")
            }
        } else {
            for credential in offered.credentials {
                lines.append("Not stored: \(credential.typeName) (\(credential.format)): interrupted")
            }
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        let committed = if case .success = outcome { true } else { false }
        throw WalletCLIError.interrupted(signal: signal, committed: committed)
    }

    func report(_ results: [RetrieveCredentialResult]) {
        if json {
            WalletJSON.print(.array(results.map(Self.json)))
            return
        }
        for result in results {
            if result.succeeded {
                print("Stored \(result.docType) (\(result.format)) as \(result.credentialIDs.joined(separator: ", "))")
            } else {
                print("Not stored: \(result.docType) (\(result.format)): \(result.error.map(String.init(describing:)) ?? "no credential")")
            }
        }
    }

    // MARK: Presentation of the offer

    static func summary(of offer: DiscoveredCredentialOffer) -> String {
        var lines = ["\(offer.issuerName(preferring: ["en"]) ?? offer.issuer.absoluteString) (\(offer.issuer.absoluteString)) offers:"]
        for credential in offer.credentials {
            let name = credential.name(preferring: ["en"]) ?? credential.typeName
            lines.append("  • \(name) — \(credential.typeName), \(credential.format)")
            let claims = credential.claims.map { claim in
                claim.display.first(where: { $0.locale?.hasPrefix("en") ?? true })?.name ?? claim.path.description
            }
            if !claims.isEmpty { lines.append("    claims: \(claims.joined(separator: ", "))") }
        }
        switch offer.grant {
        case .preAuthorizedCode:
            lines.append(offer.transactionCode == nil ? "Grant: pre-authorized code" : "Grant: pre-authorized code with a transaction code")
        case .authorizationCode:
            lines.append("Grant: authorization code (you sign in with the issuer in a browser)")
        }
        if let iacas = offer.mdocIacasUri { lines.append("Issuer IACA list: \(iacas.absoluteString)") }
        return lines.joined(separator: "\n")
    }

    static func json(_ result: RetrieveCredentialResult) -> JSONValue {
        // camelCase, as `list --json`; the type under the member its format names it by.
        var object: JSONObject = [
            "configurationId": .string(result.configurationID), "format": .string(result.format),
            "credentialIds": .array(result.credentialIDs.map(JSONValue.string)),
        ]
        object[["mso_mdoc"].contains(result.format) ? "docType" : result.format.hasSuffix("sd-jwt") ? "vct" : "type"] = .string(result.docType)
        if let error = result.error {
            object["error"] = ["kind": .string(kind(of: error)), "message": .string(error.description)]
        }
        return .object(object)
    }

    static func kind(of error: WalletError.Retrieval) -> String {
        switch error {
        case .certificateNotFound: "certificateNotFound"
        case .connectivityError: "connectivityError"
        case .credentialNotAdded: "credentialNotAdded"
        case .failedToRetrieveCredential: "failedToRetrieveCredential"
        case .interrupted: "interrupted"
        }
    }

    // MARK: Terminal

    static func progress(_ text: String) {
        FileHandle.standardError.write(Data("… \(text)\n".utf8))
    }

    /// Asks on standard error and reads the answer from standard input; only `y`/`yes` agree.
    static func confirm(_ question: String) -> Bool {
        FileHandle.standardError.write(Data(question.utf8))
        guard let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }

    /// Prints the authorization URL and, with `--browser`, starts `command URL` through the
    /// shell without waiting for it (a browser may keep running).
    static func open(_ url: URL, with command: String?) {
        FileHandle.standardError.write(Data("Open this URL to authorize:\n\(url.absoluteString)\n".utf8))
        guard let command, !command.isEmpty else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "vellum-browser", url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("vellum: could not start the browser command: \(error)\n".utf8))
        }
    }
}
