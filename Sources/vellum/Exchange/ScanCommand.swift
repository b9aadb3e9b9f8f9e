import ArgumentParser
import Foundation
import JSONModel
import QRExchange
import Wallet

/// `vellum scan <url | image>`: the scan-a-URL flows of seed 000 — a Credible-style credential
/// offer or presentation request, or a VC-API exchange.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Follow a scanned link: accept a W3C credential offer, answer a presentation request, or run a VC-API exchange.",
        discussion: """
            Asks "Trust <host>?" the first time the wallet meets a host (remembered per wallet; \
            --yes trusts without asking; declining sends nothing). Only https is used, except plain \
            http to loopback hosts. A CredentialOffer shows its preview, is refused once expired, and \
            its credential is stored only when its proof verifies, its issuer and type are the \
            preview's and every subject is your DID (a did:key made on first use). A \
            VerifiablePresentationRequest (QueryByExample, DIDAuthentication) is refused without a \
            challenge or when its domain is not the link's host; otherwise the matching credentials \
            are offered (--select ID picks, --yes takes the best match) and a presentation signed by \
            your DID is sent. A VC-API exchange (…/exchanges/ID, or an interaction URL with iuv=1) \
            is started, its request answered the same way, and the credentials it delivers are \
            stored when each verifies. \(WalletExitCode.help(WalletExitCode.notVerified, WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.notFound, WalletExitCode.invalidInput, WalletExitCode.storage, WalletExitCode.protocolFailure, WalletExitCode.declined))
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The link (https, or http to this machine; quotes and <…> around it are fine), or a PNG/JPEG picture of its QR code.")
    var link: String

    @Flag(help: "Trust the host and accept or present without asking.")
    var yes = false

    @Option(name: .customLong("select"), help: ArgumentHelp("The credential to present (repeat for several queries).", valueName: "id"))
    var selected: [String] = []

    @Option(help: ArgumentHelp("How a presentation is secured: ldp (an embedded proof) or jwt (a VP-JWT).", valueName: "ldp|jwt"))
    var format: PresentationFormatArgument = .ldp

    @Flag(help: "Print the result as JSON.")
    var json = false

    /// The `--format` values.
    enum PresentationFormatArgument: String, ExpressibleByArgument, CaseIterable {
        case ldp, jwt

        var format: ExchangePresentationFormat { self == .ldp ? .linkedData : .jwt }
    }

    /// The most VC-API steps followed before the exchange is given up on.
    static let maximumExchangeSteps = 8

    func run() async throws {
        try await WalletCommandRunner.run {
            // Checked before the passphrase is asked for.
            let text = try LinkArgument.resolve(link, as: .exchange)
            let exchangeLink: ExchangeLink
            do {
                exchangeLink = try ExchangeLink(text)
            } catch {
                throw WalletCLIError.badArgument(
                    "\(error)", hint: "scan links are https (or http to this machine)", code: WalletExitCode.protocolFailure)
            }
            let wallet = try await options.open(network: network)
            do {
                let session = ScanSession(
                    wallet: wallet, client: QRExchangeClient(httpClient: NetworkOptions.client(network)), command: self)
                let report = try await session.follow(exchangeLink)
                if json { WalletJSON.print(.object(report.json)) } else { print(report.text) }
            } catch {
                try? await wallet.close()
                throw error
            }
            try await wallet.close()
        }
    }
}
