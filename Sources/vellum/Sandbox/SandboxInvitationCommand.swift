import ArgumentParser
import Foundation
import JSONModel
import Sandbox

/// `vellum sandbox invitation`: a new Aries out-of-band invitation from a running sandbox, for
/// `vellum aries connect`.
struct SandboxInvitationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invitation",
        abstract: "Ask a running sandbox's Aries agent for a new out-of-band invitation and print its link and QR code.",
        discussion: """
            By default the invitation asks for DID exchange, then issues the sandbox's `person` \
            credential (AnonCreds, issue-credential 2.0) and asks for a proof of age >= 18 that shows \
            the name and not the age (present-proof 2.0). Exit codes: 0 the invitation was made; 8 no \
            sandbox answered at the address, or it refused; 64 a usage error.
            """
    )

    @OptionGroup var address: SandboxAddressOptions

    @Option(name: .customLong("step"), help: ArgumentHelp(
        "An exchange to run, in order (repeat; default issue-v2 then present-v2): \(SandboxAriesPlan.Step.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "step"))
    var steps: [SandboxAriesPlan.Step] = []

    @Option(help: "The attachment format of 2.0 exchanges: indy or anoncreds.")
    var format: SandboxAriesPlan.Format = .indy

    @Flag(help: "Connectionless: the first message rides in the invitation (no DID exchange).")
    var connectionless = false

    @Flag(name: .customLong("no-qr"), help: "Do not print the QR code.")
    var noQR = false

    @Flag(help: "Print the sandbox's answer as JSON.")
    var json = false

    @Flag(help: "Print only the invitation link (for `vellum aries connect \"$(vellum sandbox invitation --link)\"`).")
    var link = false

    func validate() throws {
        guard steps.count <= 4 else { throw ValidationError("at most four --step") }
    }

    func run() async throws {
        let client = try address.client()
        let plan = SandboxAriesPlan(steps: steps.isEmpty ? SandboxAriesPlan.issueThenProve.steps : steps, format: format, connectionless: connectionless)
        let invitation: SandboxAdminClient.CreatedInvitation
        do {
            invitation = try await client.createAriesInvitation(plan)
        } catch {
            throw SandboxAddressOptions.fail(error, base: client.baseURL)
        }
        if json {
            var object: JSONObject = [
                "id": .string(invitation.id), "link": .string(invitation.url.absoluteString), "page": .string(invitation.page.absoluteString),
                "steps": .array(plan.steps.map { .string($0.rawValue) }),
            ]
            if let message = invitation.json["invitation"] { object["invitation"] = message }
            print(JSONValue.object(object).serializedString(.pretty(indent: 2)))
            return
        }
        if link {
            print(invitation.url.absoluteString)
            return
        }
        print("Aries invitation (\(plan.steps.map(\.rawValue).joined(separator: ", "))\(connectionless ? ", connectionless" : "")):")
        print("  \(invitation.url.absoluteString)")
        print("  page: \(invitation.page.absoluteString)")
        if !noQR {
            if let qr = try? SandboxQRCode(encoding: invitation.url.absoluteString) {
                print(qr.halfBlockText())
            } else {
                print("  (too long for a QR code: follow the link or the page)")
            }
        }
        print("Accept it:  vellum aries connect '\(invitation.url.absoluteString)'")
    }
}

extension SandboxAriesPlan.Step: ExpressibleByArgument {}
extension SandboxAriesPlan.Format: ExpressibleByArgument {}
