import ArgumentParser
import Foundation
import JSONModel
import Sandbox
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vellum sandbox [serve]`: run the reference issuer (and verifier) on loopback and print offers.
struct SandboxServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the reference OpenID4VCI issuer and OpenID4VP verifier on loopback (the default).",
        discussion: """
            Serves the sandbox issuer (an mDL with its own IACA, and an SD-JWT VC PID) and the \
            sandbox verifier on 127.0.0.1 over plain http, prints a credential offer as a link and \
            a terminal QR code, and a presentation request, then runs until interrupted (Ctrl-C), \
            logging one line per request. Its page at the printed address makes new offers and \
            presentation requests and shows their verdicts. The keys, certificates, status list \
            and issued records are kept in the state directory (--state), so credentials claimed \
            at an earlier start still verify; --fresh starts over. Claim with `vellum receive LINK \
            --trust-issuer-iaca` (or trust the printed root with `vellum trust add`). Exit codes: \
            0 stopped; 8 the sandbox did not start (port in use, unusable state); 64 a usage error.
            """
    )

    @OptionGroup var state: SandboxStateOptions

    @Flag(help: "Start over with new keys and certificates: credentials from earlier starts will no longer verify.")
    var fresh = false

    @Flag(name: .customLong("quiet"), help: "Do not log requests.")
    var quiet = false

    enum Grant: String, ExpressibleByArgument, CaseIterable {
        case preAuthorized = "pre-authorized"
        case authorizationCode = "authorization-code"
    }

    @Option(help: "The port to listen on (0 lets the system choose).")
    var port = 8080

    @Option(help: "The grant of the printed offer: pre-authorized or authorization-code.")
    var grant: Grant = .preAuthorized

    @Option(name: .customLong("tx-code"), help: "A transaction code the pre-authorized offer requires.")
    var transactionCode: String?

    @Flag(name: .customLong("require-par-dpop"), help: "Require PAR and DPoP with nonces, as HAIP does (key attestation is not required: software keys cannot be attested).")
    var requiresPARAndDPoP = false

    @Flag(name: .customLong("no-qr"), help: "Do not print the QR code.")
    var noQR = false

    @Flag(help: "Print the offer and exit without serving (for scripts that only need the links' shape).")
    var dryRun = false

    @Option(help: ArgumentHelp(
        "Write sample credentials (an SD-JWT VC PID, a presentation of it, an mDL), their holder keys and the root to verify them into this directory, then exit.",
        valueName: "dir"))
    var samples: String?

    func run() async throws {
        var configuration = SandboxConfiguration(
            port: port, requiresDPoP: requiresPARAndDPoP, requiresDPoPNonce: requiresPARAndDPoP, requiresPAR: requiresPARAndDPoP)
        if !quiet, !dryRun {
            configuration.requestLog = { entry in
                FileHandle.standardError.write(Data("\(entry)\n".utf8))
            }
        }
        let issuer: SandboxIssuer
        let base: URL
        do {
            issuer = try SandboxIssuer(configuration: configuration, stateFile: state.file, startingFresh: fresh)
            base = try await issuer.start()
        } catch {
            var hint: String?
            if case .invalidState = error {
                hint = "--fresh replaces the state (credentials it issued will no longer verify), or --state DIR uses another"
            } else if case .serverFailed = error {
                hint = "another program may use port \(port); choose one with --port (0 picks a free one)"
            }
            CommandOutput.fail("the sandbox did not start: \(error)", hint: hint, exitCode: WalletExitCode.protocolFailure)
            throw ExitCode(WalletExitCode.protocolFailure)
        }
        print(Self.stateLine(issuer.stateOrigin, directory: state.directory, base: base))
        if let samples {
            let directory = URL(fileURLWithPath: (samples as NSString).expandingTildeInPath, isDirectory: true)
            do {
                try await SandboxSamples.write(to: directory, from: issuer)
            } catch {
                await issuer.stop()
                CommandOutput.fail("\(error)", exitCode: WalletExitCode.invalidInput)
                throw ExitCode(WalletExitCode.invalidInput)
            }
            await issuer.stop()
            print("Samples in \(directory.path) (they carry no status list entry, so they verify offline):")
            for file in SandboxSamples.files { print("  \(file.name)\t\(file.description)") }
            print("Try:  vellum verify \(directory.path)/pid.sd-jwt --trust \(directory.path)/iaca.pem")
            return
        }
        do {
            let offer = try await issuer.createOffer(
                grant: grant == .preAuthorized ? .preAuthorized(txCode: transactionCode) : .authorizationCode)
            let request = try await issuer.createPresentationRequest(query: SandboxPresentationQuery.cityAndAge.dcqlQuery)
            print(Self.banner(base: base, offer: offer, request: request.link, strict: requiresPARAndDPoP))
            if !noQR, let qr = try? SandboxQRCode(encoding: offer.byReferenceLink) {
                print("Offer QR code (scan with a wallet):")
                print(qr.halfBlockText())
            }
            print("Claim it:   vellum receive '\(offer.byReferenceLink)' --trust-issuer-iaca"
                + (offer.txCode.map { " --tx-code \($0)" } ?? ""))
            print("Present:    curl -so verifier-root.pem \(base.appendingPathComponent("verifier/root.pem").absoluteString) && vellum trust add verifier-root.pem --purpose verifier")
            print("            vellum present '\(request.link)'")
            fflush(nil)
            if dryRun {
                await issuer.stop()
                return
            }
            if try await issuer.prepareAries() { print("Aries: made the AnonCreds credential definition (kept in the state).") }
            let invitation = try await issuer.createAriesInvitation()
            print("Aries:      vellum aries connect '\(invitation.url.absoluteString)'")
            print("Serving; press Ctrl-C to stop.")
            fflush(nil)
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(3600))
            }
        } catch {
            await issuer.stop()
            FileHandle.standardError.write(Data("vellum: sandbox failed: \(error)\n".utf8))
            throw ExitCode(WalletExitCode.protocolFailure)
        }
        await issuer.stop()
    }

    /// The line saying where the keys came from, and what that means for earlier credentials.
    static func stateLine(_ origin: SandboxStateOrigin, directory: URL, base: URL) -> String {
        switch origin {
        case .ephemeral:
            return "Sandbox state: new keys, not kept."
        case .created:
            return "Sandbox state: new keys, kept in \(directory.path)."
        case .replaced:
            return "Sandbox state: started over in \(directory.path) (--fresh): credentials claimed before will no longer verify."
        case let .resumed(since, issuerURL):
            var line = "Sandbox state: keys from \(since.formatted(date: .abbreviated, time: .shortened)), kept in \(directory.path); earlier credentials still verify."
            if let issuerURL, issuerURL != base.absoluteString {
                line += "\n  Note: it served at \(issuerURL) before; credentials claimed there find their status list only at that address."
            }
            return line
        }
    }

    static func banner(base: URL, offer: SandboxOffer, request: String, strict: Bool) -> String {
        var root = base.absoluteString
        if !root.hasSuffix("/") { root += "/" }
        return """
            Vellum sandbox\(strict ? " (PAR and DPoP required)" : "") at \(base.absoluteString)
              issuer metadata:   \(root).well-known/openid-credential-issuer
              offer page:        \(root)  (makes new offers)
              IACA / root cert:  \(root)certificates/root.pem
              verifier root:     \(root)verifier/root.pem
            Credential offer (PID + mDL\(offer.txCode.map { ", transaction code \($0)" } ?? "")):
              \(offer.byReferenceLink)
              page: \(offer.pageURL.absoluteString)
            Presentation request (PID city + mDL age_over_18):
              \(request)
            """
    }
}
