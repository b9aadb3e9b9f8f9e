import CryptoKeys
import Foundation
import HTTP
import JSONModel
import Logging
import Multiformats
import Sandbox
import Testing
import VellumTestSupport
@testable import Wallet

/// Issue #29: "no private key, passphrase, link secret, access token, pre-authorized code or
/// claim value appears in logs (swift-log at trace level, checked by a test that captures every
/// log line of a full claim-and-present run), in error messages, or in the wallet file".
///
/// A claim of a PID and an mDL with a transaction code and a presentation of two of their
/// claims run with the wallet's logger at trace level; a recording transport beside it keeps
/// every secret the run handled (the codes in the offer, the tokens and nonces the issuer
/// returned), and the test adds the passphrase, the holder keys and the claim values. None of
/// them, in any of the encodings a log might use, is in a log line, an error's text, or the
/// wallet file.
@Suite("Secrets stay out of logs, errors and the wallet file")
struct SecretsInLogsTests {
    static let passphrase = "secrets test passphrase 42"
    static let transactionCode = "493536"

    @Test("a full claim and presentation at trace level logs every step and no secret")
    func claimAndPresentLogsNoSecret() async throws {
        let lines = Locked<[String]>([])
        var logger = Logger(label: "vellum.test", factory: { _ in CapturingLogHandler(lines: lines) })
        logger.logLevel = .trace
        let recorder = RecordingHTTPClient(base: TemporaryWallet.loopbackHTTPClient())
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let issuer = try SandboxIssuer()
        _ = try await issuer.start()
        var secrets: [String] = [Self.passphrase, Self.transactionCode]
        do {
            let credentialWallet = try await CredentialWallet.create(
                at: wallet.directory, passphrase: Self.passphrase,
                configuration: CredentialWalletConfiguration(
                    keyDerivation: TemporaryWallet.fastKDF, httpClient: recorder, locales: ["en"], logger: logger))
            try await credentialWallet.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
            try await credentialWallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])

            let offer = try await issuer.createOffer(for: [.pid, .mDL], grant: .preAuthorized(txCode: Self.transactionCode))
            // A wrong transaction code first: its error must not quote the code either.
            let refused = try await credentialWallet.discoverCredentialOffer(offer.byValueLink)
            let wrong = "000000"
            do {
                _ = try await credentialWallet.retrieveCredentials(
                    credentialOffer: refused, options: CredentialRetrievalOptions(transactionCode: wrong))
            } catch {
                #expect(!String(describing: error).contains(wrong), "the error quotes the transaction code")
            }
            let second = try await issuer.createOffer(for: [.pid, .mDL], grant: .preAuthorized(txCode: Self.transactionCode))
            let discovered = try await credentialWallet.discoverCredentialOffer(second.byValueLink)
            let results = try await credentialWallet.retrieveCredentials(
                credentialOffer: discovered, options: CredentialRetrievalOptions(transactionCode: Self.transactionCode))
            #expect(results.allSatisfy { $0.succeeded })

            let query: JSONValue = [
                "credentials": [
                    ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["address", "locality"]]]],
                    ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
                     "claims": [["path": ["org.iso.18013.5.1", "family_name"]]]],
                ],
            ]
            let request = try await issuer.createPresentationRequest(query: query)
            let proposal = try await credentialWallet.preparePresentation(requestURI: request.link)
            let presented = try await credentialWallet.present(proposal)
            #expect(presented.isAccepted)

            // The secrets the run handled.
            secrets += recorder.secrets
            for candidate in proposal.requests.flatMap(\.candidates) {
                secrets += candidate.disclosedClaims.compactMap { $0.value.stringValue }
            }
            for keyID in try await credentialWallet.store.keyIDs(secureArea: SoftwareSecureArea.areaName) {
                secrets += Self.encodings(of: try await credentialWallet.store.key(id: keyID).material)
            }
            try await credentialWallet.close()
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()

        let log = lines.value
        #expect(log.contains { $0.contains("credential offer discovered") })
        #expect(log.contains { $0.contains("credential claim") })
        #expect(log.contains { $0.contains("presentation sent") })
        #expect(log.contains { $0.contains("HTTP request") } && log.contains { $0.contains("HTTP response") })
        #expect(secrets.count >= 8, "the run handled fewer secrets than expected: \(secrets.count)")
        let fileBytes = try wallet.allFileBytes()
        for secret in Set(secrets) where secret.count >= 6 {
            #expect(!log.contains { $0.contains(secret) }, "a log line holds a secret (\(secret.prefix(4))…)")
            #expect(fileBytes.range(of: Data(secret.utf8)) == nil,
                    "the wallet file holds a secret (\(secret.prefix(4))…)")
        }
    }

    /// Hex, base64 and base64url of key bytes: how a careless log line would write them.
    static func encodings(of bytes: Data) -> [String] {
        [bytes.map { String(format: "%02x", $0) }.joined(), bytes.base64EncodedString(), Base64URL.encode(bytes)]
    }
}

/// Keeps every line the wallet logs, rendered with its metadata.
struct CapturingLogHandler: LogHandler {
    let lines: Locked<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        lines.withLock { $0.append("\(event.level) \(event.message) \(merged)") }
    }
}

/// A transport that keeps, from every exchange, the values a log must never show: codes,
/// tokens and nonces in request forms and response JSON, and bearer and DPoP header values.
final class RecordingHTTPClient: HTTPClient, @unchecked Sendable {
    let base: any HTTPClient
    private let found = Locked<[String]>([])

    init(base: any HTTPClient) { self.base = base }

    var secrets: [String] { found.value }

    static let secretNames: Set<String> = [
        "pre-authorized_code", "tx_code", "access_token", "refresh_token", "c_nonce", "code", "state", "nonce",
    ]

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        for header in request.headers where ["authorization", "dpop"].contains(header.name.lowercased()) {
            found.withLock { $0.append(header.value) }
            if let token = header.value.split(separator: " ").last { found.withLock { $0.append(String(token)) } }
        }
        if let body = request.body, let text = String(data: body, encoding: .utf8) {
            for pair in text.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2, Self.secretNames.contains(parts[0]), let value = parts[1].removingPercentEncoding {
                    found.withLock { $0.append(value) }
                }
            }
        }
        let response = try await base.send(request)
        if let json = try? JSONValue(parsing: response.body) { collect(json) }
        return response
    }

    private func collect(_ value: JSONValue) {
        if let object = value.objectValue {
            for (name, member) in object {
                if Self.secretNames.contains(name), let text = member.stringValue { found.withLock { $0.append(text) } }
                collect(member)
            }
        } else if let array = value.arrayValue {
            array.forEach(collect)
        }
    }
}
