import ArgumentParser
import Foundation
import JSONModel
import Sandbox

/// `vellum sandbox request`: a new presentation request from a running sandbox's verifier.
struct SandboxRequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Ask a running sandbox's verifier for a new presentation request and print its link and QR code.",
        discussion: """
            The verdict appears on the printed page once a wallet answers. Exit codes: 0 the \
            request was made; 8 no sandbox answered at the address, or it refused; 64 a usage error.
            """
    )

    @OptionGroup var address: SandboxAddressOptions

    @Option(help: ArgumentHelp(
        "What to ask for: \(SandboxPresentationQuery.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "query"))
    var query: SandboxPresentationQuery = .cityAndAge

    @Option(name: .customLong("response-mode"), help: "direct_post.jwt (encrypted, the default) or direct_post.")
    var responseMode = "direct_post.jwt"

    @Option(help: ArgumentHelp(
        "How the verifier identifies itself: \(VerifierAuthentication.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "prefix"))
    var authentication: VerifierAuthentication = .x509SANDNS

    @Flag(name: .customLong("no-qr"), help: "Do not print the QR code.")
    var noQR = false

    @Flag(help: "Print the sandbox's answer as JSON.")
    var json = false

    @Flag(help: "Print only the request link (for `vellum present \"$(vellum sandbox request --link)\"`).")
    var link = false

    func validate() throws {
        guard ["direct_post", "direct_post.jwt"].contains(responseMode) else {
            throw ValidationError("--response-mode \(responseMode) is not one the sandbox verifier offers; use direct_post.jwt or direct_post")
        }
    }

    func run() async throws {
        let client = try address.client()
        let request: SandboxAdminClient.CreatedRequest
        do {
            request = try await client.createPresentationRequest(
                query: query.dcqlQuery, responseMode: responseMode, authentication: authentication)
        } catch {
            throw SandboxAddressOptions.fail(error, base: client.baseURL)
        }
        if json {
            let object: JSONObject = [
                "link": .string(request.link), "transactionId": .string(request.transactionID), "page": .string(request.page.absoluteString),
            ]
            print(JSONValue.object(object).serializedString(.pretty(indent: 2)))
            return
        }
        if link {
            print(request.link)
            return
        }
        print("Presentation request (\(query.title)):")
        print("  \(request.link)")
        print("  page (shows the verdict): \(request.page.absoluteString)")
        if !noQR, let qr = try? SandboxQRCode(encoding: request.link) { print(qr.halfBlockText()) }
        print("Present:    vellum present '\(request.link)'")
    }
}

extension SandboxPresentationQuery: ExpressibleByArgument {}
extension VerifierAuthentication: ExpressibleByArgument {}
