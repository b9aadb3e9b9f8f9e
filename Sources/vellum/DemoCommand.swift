import ArgumentParser
import Foundation
import JSONModel
import OpenID4VCI
import Sandbox
import Wallet

/// `vellum demo`: the newcomer's first run — a wallet claims two credentials from the
/// reference issuer and answers a verifier that asks for only some of their claims.
///
/// Everything really runs, on loopback: the sandbox issuer and verifier make fresh
/// certificates, the wallet is a real encrypted SQLite file in a temporary directory, and
/// every credential and presentation is verified in full. The command exits non-zero when
/// any step does not hold, so it doubles as a smoke test of a fresh install.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Claim an mDL and a PID from the sandbox issuer, present a few claims to the sandbox verifier, scan a W3C offer and two requests, then take an Aries credential and prove age >= 18.",
        discussion: """
            Starts the sandbox issuer and verifier on 127.0.0.1, creates a temporary wallet, claims \
            an mDL (mso_mdoc) and a PID (SD-JWT VC) with a pre-authorized code and transaction code, \
            answers a DCQL request for the PID's city and the mDL's age_over_18 only, and prints who \
            asked, what was disclosed and the verifier's verdict; then scans a W3C credential offer \
            (Credible's flow), answers a DIDAuthentication and a QueryByExample request with the \
            wallet's DID, and checks each verdict; finally accepts an Aries invitation (DID \
            exchange), takes an AnonCreds credential over issue-credential 2.0 and proves \
            age >= 18 over present-proof 2.0 revealing the name only. Nothing leaves the machine; the \
            temporary wallet is removed at the end (--keep-wallet keeps it).
            """
    )

    @Flag(help: "Keep the temporary wallet directory and print its path.")
    var keepWallet = false

    func run() async throws {
        let started = ContinuousClock.now
        var transcript = DemoTranscript()
        let issuer = try SandboxIssuer(configuration: SandboxConfiguration())
        let base = try await issuer.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-demo-\(UUID().uuidString)")
        defer { if !keepWallet { try? FileManager.default.removeItem(at: directory) } }
        do {
            try await runDemo(issuer: issuer, base: base, directory: directory, transcript: &transcript)
        } catch {
            transcript.check("the demo ran to the end (\(error))", false)
        }
        await issuer.stop()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("\n\(transcript.passed) checks passed, \(transcript.failed) failed, in \(String(format: "%.1f", seconds)) s.")
        if keepWallet { print("The wallet is kept at \(directory.path) (passphrase: \(Self.passphrase)).") }
        if transcript.failed > 0 { throw ExitCode.failure }
    }

    static let passphrase = "vellum demo"
    static let transactionCode = "2718"

    /// The verifier's question: only the PID holder's city and whether the mDL holder is 18.
    static let query: JSONValue = [
        "credentials": [
            ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]],
             "claims": [["path": ["address", "locality"]]]],
            ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
             "claims": [["path": ["org.iso.18013.5.1", "age_over_18"]]]],
        ],
    ]

    func runDemo(issuer: SandboxIssuer, base: URL, directory: URL, transcript: inout DemoTranscript) async throws {
        print("Vellum demo: a holder wallet, a reference issuer and a reference verifier, on loopback.\n")
        print("1. Setting up")
        print("   sandbox issuer and verifier at \(base.absoluteString) (fresh IACA and verifier certificates)")
        let wallet = try await CredentialWallet.create(
            at: directory, passphrase: Self.passphrase,
            // The cheapest scrypt the wallet accepts: this wallet lives for a few seconds.
            configuration: CredentialWalletConfiguration(
                keyDerivation: .scrypt(costLog2: 10, blockSize: 8, parallelism: 1), cachesStatusLists: false, locales: ["en"]))
        print("   empty wallet created: \(directory.lastPathComponent) (encrypted SQLite, holder keys in a software secure area)")
        try await wallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])
        print("   the verifier's root certificate is trusted for verifiers")

        print("\n2. Claiming credentials (OpenID4VCI 1.0)")
        let offer = try await issuer.createOffer(grant: .preAuthorized(txCode: Self.transactionCode))
        print("   offer: \(offer.byReferenceLink.prefix(72))…")
        let discovered = try await wallet.discoverCredentialOffer(offer.byReferenceLink)
        let offered = discovered.credentials.map { "\($0.name(preferring: ["en"]) ?? $0.typeName) (\($0.format))" }
        print("   \(discovered.issuerName(preferring: ["en"]) ?? discovered.issuer.absoluteString) offers \(offered.joined(separator: " and "))")
        print("   the user types the transaction code \(Self.transactionCode) and agrees; the wallet trusts the IACA the issuer publishes")
        let results = try await wallet.retrieveCredentials(
            from: discovered, trustingPublishedIACAs: true,
            options: CredentialRetrievalOptions(transactionCode: Self.transactionCode, progress: { print("     … \($0)") }))
        var stored: [String: String] = [:]
        for result in results {
            guard let id = result.credentialId, result.error == nil else {
                transcript.check("\(result.docType) stored (\(result.error.map(String.init(describing:)) ?? "no credential"))", false)
                continue
            }
            let credential = try await wallet.getCredential(credentialId: id)
            stored[result.docType] = id
            transcript.check(
                "\(result.docType) validated and stored as \(id.prefix(8))…; verified now: \(credential.verificationResult.verified)",
                credential.verificationResult.verified)
        }

        print("\n3. Presenting (OpenID4VP 1.0 with DCQL)")
        let request = try await issuer.createPresentationRequest(query: Self.query)
        print("   request: \(request.link.prefix(72))…")
        let proposal = try await wallet.preparePresentation(requestURI: request.link)
        let verifier = proposal.verifier
        print("   who asks: \(verifier.displayName ?? verifier.clientID) (\(verifier.clientID)), trusted via \(verifier.trustRoot ?? "nothing")")
        transcript.check("the verifier's request is signed and its certificate chains to a trusted root", verifier.isAuthenticated)
        let disclosed = proposal.disclosedClaims()
        for queryID in disclosed.keys.sorted() {
            let claims = disclosed[queryID, default: []].map { "\($0.displayPath) = \($0.value.serializedString())" }
            print("   would disclose for \(queryID): \(claims.joined(separator: ", "))")
        }
        let everything = disclosed.values.flatMap { $0 }.map(\.displayPath)
        transcript.check(
            "only what was asked would be disclosed (no name, no birth date, no portrait)",
            Set(everything) == ["address.locality", "org.iso.18013.5.1/age_over_18"])
        print("   the user agrees")
        let result = try await wallet.present(proposal)
        transcript.check("the verifier accepted the presentation (HTTP 2xx)", result.isAccepted)
        if let outcome = try await issuer.presentationOutcome(transactionID: request.transactionID) {
            print("   the verifier's verdict: \(outcome.status)")
            for presentation in outcome.presentations.sorted(by: { $0.queryID > $1.queryID }) {
                let seen = Self.leaves(of: .object(presentation.claims)).filter { !Self.envelopeClaims.contains($0.path.first ?? "") }
                let text = seen.map { "\($0.path.joined(separator: ".")) = \($0.value.serializedString())" }
                print("     \(presentation.queryID): it saw \(text.joined(separator: ", "))")
            }
            print("     (besides the SD-JWT's always-visible iss, iat, exp, vct, status and cnf)")
            transcript.check("the verifier saw the city and age_over_18 and nothing else",
                             Self.sawOnlyWhatWasAsked(outcome))
        } else {
            transcript.check("the verifier recorded an outcome", false)
        }

        print("\n4. Revocation (Token Status List)")
        if let pid = stored["urn:eudi:pid:1"], let issued = await issuer.issuedCredentials().first(where: { $0.kind == .pid }) {
            try await issuer.revoke(credentialID: issued.id)
            let shown = try await wallet.getCredential(credentialId: pid)
            let reasons = shown.verificationResult.failures.map(\.kind.rawValue)
            print("   the issuer revokes the PID; the wallet now reports: \(reasons.joined(separator: ", "))")
            transcript.check("the revoked PID reads as statusRevoked", reasons == ["statusRevoked"])
        }
        try await runScanPart(issuer: issuer, wallet: wallet, transcript: &transcript)
        try await runAriesPart(issuer: issuer, wallet: wallet, transcript: &transcript)
        let log = try await wallet.activityLog()
        print("\n   activity log: " + log.reversed().map { "\($0.kind.rawValue)" }.joined(separator: ", "))
        try await wallet.close()
    }

    /// The claims an SD-JWT VC always shows, whatever was asked.
    static let envelopeClaims: Set<String> = ["iss", "iat", "exp", "nbf", "vct", "status", "cnf", "sub"]

    /// Every leaf value with its path (empty objects and arrays have none).
    static func leaves(of value: JSONValue, at path: [String] = []) -> [(path: [String], value: JSONValue)] {
        switch value {
        case .object(let object):
            return object.keys.sorted().flatMap { key in object[key].map { leaves(of: $0, at: path + [key]) } ?? [] }
        case .array(let array):
            return array.enumerated().flatMap { leaves(of: $1, at: path + [String($0)]) }
        default:
            return [(path, value)]
        }
    }

    /// The verifier's view holds the two asked claims and no others.
    static func sawOnlyWhatWasAsked(_ outcome: PresentationOutcome) -> Bool {
        guard outcome.status == .accepted else { return false }
        let pid = outcome.presentations.first { $0.queryID == "pid" }?.claims
        let mdl = outcome.presentations.first { $0.queryID == "mdl" }?.claims
        return pid?["address"]?["locality"] != nil && pid?["given_name"] == nil && pid?["family_name"] == nil
            && mdl == ["org.iso.18013.5.1": ["age_over_18": true]]
    }
}

/// Counts the demo's checks and prints each with its outcome.
struct DemoTranscript {
    private(set) var passed = 0
    private(set) var failed = 0

    mutating func check(_ description: String, _ holds: Bool) {
        if holds { passed += 1 } else { failed += 1 }
        print("   \(holds ? "✓" : "✗") \(description)")
    }
}
