import ArgumentParser
import Foundation
import JSONModel
import Sandbox
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vellum sandbox`: run the reference issuer (and verifier) on loopback and print offers.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run the reference OpenID4VCI issuer and OpenID4VP verifier on loopback.",
        discussion: """
            Serves the sandbox issuer (an mDL with its own IACA, and an SD-JWT VC PID) and the \
            sandbox verifier on 127.0.0.1 over plain http, prints a credential offer as a link and \
            a terminal QR code, and a presentation request, then runs until interrupted (Ctrl-C). \
            The offer page at the printed address makes new offers. The certificates are made \
            fresh at every start; claim with `vellum receive LINK --trust-issuer-iaca` (or trust \
            the printed root with `vellum trust add`).
            """
    )

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

    func run() async throws {
        let configuration = SandboxConfiguration(
            port: port, requiresDPoP: requiresPARAndDPoP, requiresDPoPNonce: requiresPARAndDPoP, requiresPAR: requiresPARAndDPoP)
        let issuer: SandboxIssuer
        let base: URL
        do {
            issuer = try SandboxIssuer(configuration: configuration)
            base = try await issuer.start()
        } catch {
            FileHandle.standardError.write(Data("vellum: the sandbox did not start: \(error)\n".utf8))
            throw ExitCode(WalletExitCode.protocolFailure)
        }
        do {
            let offer = try await issuer.createOffer(
                grant: grant == .preAuthorized ? .preAuthorized(txCode: transactionCode) : .authorizationCode)
            let request = try await issuer.createPresentationRequest(query: Self.presentationQuery)
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

    /// A request for what the demo shows: the PID holder's city and the mDL's age_over_18.
    static let presentationQuery: JSONValue = [
        "credentials": [
            ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]],
             "claims": [["path": ["address", "locality"]]]],
            ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
             "claims": [["path": ["org.iso.18013.5.1", "age_over_18"]]]],
        ],
    ]

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
