import ArgumentParser
import Foundation
import JSONModel
import Sandbox

/// `vellum sandbox scan-link`: a new Credible-style offer or request, or a VC-API exchange,
/// from a running sandbox, for `vellum scan`.
struct SandboxScanLinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan-link",
        abstract: "Ask a running sandbox for a new scan link (W3C offer, presentation request or VC-API exchange) and print it with its QR code.",
        discussion: """
            Exit codes: 0 the link was made; 8 no sandbox answered at the address, or it refused; 64 a \
            usage error.
            """
    )

    @OptionGroup var address: SandboxAddressOptions

    @Option(help: ArgumentHelp(
        "What the link does: \(SandboxExchange.Kind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
    var kind: SandboxExchange.Kind = .offer

    @Flag(name: .customLong("no-qr"), help: "Do not print the QR code.")
    var noQR = false

    @Flag(help: "Print the sandbox's answer as JSON.")
    var json = false

    @Flag(help: "Print only the link (for `vellum scan \"$(vellum sandbox scan-link --link)\"`).")
    var link = false

    func run() async throws {
        let client = try address.client()
        let url: URL
        do {
            url = try await client.createExchange(kind)
        } catch {
            throw SandboxAddressOptions.fail(error, base: client.baseURL)
        }
        if json {
            print(JSONValue.object(["kind": .string(kind.rawValue), "url": .string(url.absoluteString)]).serializedString(.pretty(indent: 2)))
            return
        }
        if link {
            print(url.absoluteString)
            return
        }
        print("Scan link (\(kind.rawValue)):")
        print("  \(url.absoluteString)")
        if !noQR, let qr = try? SandboxQRCode(encoding: url.absoluteString) { print(qr.halfBlockText()) }
        print("Follow it:  vellum scan '\(url.absoluteString)'")
    }
}

extension SandboxExchange.Kind: ExpressibleByArgument {}
