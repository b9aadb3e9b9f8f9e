import ArgumentParser
import Foundation
import JSONModel
import Sandbox

/// `vellum sandbox offer`: a new credential offer from a running sandbox.
struct SandboxOfferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offer",
        abstract: "Ask a running sandbox for a new credential offer and print its link and QR code.",
        discussion: """
            Exit codes: 0 the offer was made; 8 no sandbox answered at the address, or it refused; \
            64 a usage error.
            """
    )

    @OptionGroup var address: SandboxAddressOptions

    @Option(name: .customLong("credential"), help: ArgumentHelp("A credential to offer: pid or mDL (repeat for several; default both).", valueName: "kind"))
    var credentials: [String] = []

    @Option(help: "The grant: pre-authorized or authorization-code.")
    var grant: SandboxServeCommand.Grant = .preAuthorized

    @Option(name: .customLong("tx-code"), help: "A transaction code the pre-authorized offer requires.")
    var transactionCode: String?

    @Flag(name: .customLong("no-qr"), help: "Do not print the QR code.")
    var noQR = false

    @Flag(help: "Print the sandbox's answer as JSON.")
    var json = false

    @Flag(help: "Print only the offer link (for `vellum receive \"$(vellum sandbox offer --link)\"`).")
    var link = false

    func validate() throws {
        for name in credentials where !SandboxCredentialKind.allCases.map(\.rawValue).contains(name) {
            throw ValidationError("--credential \(name) is not one the sandbox issues; use pid or mDL")
        }
    }

    func run() async throws {
        let client = try address.client()
        let offer: SandboxAdminClient.CreatedOffer
        do {
            offer = try await client.createOffer(
                credentials: credentials.isEmpty ? ["pid", "mDL"] : credentials,
                grant: grant == .preAuthorized ? .preAuthorized(txCode: transactionCode) : .authorizationCode)
        } catch {
            throw SandboxAddressOptions.fail(error, base: client.baseURL)
        }
        if json {
            // camelCase like every --json of the CLI (the admin API answers in snake_case).
            var object: JSONObject = ["link": .string(offer.link), "page": .string(offer.page.absoluteString)]
            if let code = offer.transactionCode { object["transactionCode"] = .string(code) }
            if let credentialOffer = offer.json["credential_offer"] { object["credentialOffer"] = credentialOffer }
            print(JSONValue.object(object).serializedString(.pretty(indent: 2)))
            return
        }
        if link {
            print(offer.link)
            return
        }
        print("Credential offer\(offer.transactionCode.map { " (transaction code \($0))" } ?? ""):")
        print("  \(offer.link)")
        print("  page: \(offer.page.absoluteString)")
        if !noQR, let qr = try? SandboxQRCode(encoding: offer.link) { print(qr.halfBlockText()) }
        print("Claim it:   vellum receive '\(offer.link)' --trust-issuer-iaca" + (offer.transactionCode.map { " --tx-code \($0)" } ?? ""))
    }
}
