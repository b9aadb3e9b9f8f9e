import Foundation
import HTTP
import JSONModel
import Sandbox
import Testing
import VellumTestSupport
@testable import Wallet

/// The LD-proof presentation the wallet sends over OpenID4VP for a VCDM 1.1 `ldp_vc` (the
/// sandbox's diploma signed Ed25519Signature2018), checked by DIDKit 0.3.3 (spruceid/ssi in
/// Rust) as well as by the sandbox verifier: the very `vp_token` the wallet POSTed, read off
/// the wire, verifies for `authentication` with the request's nonce as challenge and its
/// client_id as domain — and not for another challenge or domain.
@Suite("ldp_vc presentations checked by DIDKit", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct LDPVCDIDKitTests {
    /// The wallet's HTTP client, keeping what it POSTs.
    struct RecordingHTTPClient: HTTPClient {
        let inner: any HTTPClient
        let posted = Locked<[HTTPRequest]>([])

        func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
            if request.method == .post { posted.withLock { $0.append(request) } }
            return try await inner.send(request)
        }

        /// The `vp_token` of the last form POSTed with one.
        var lastVPToken: JSONValue? {
            for request in posted.value.reversed() {
                guard let body = request.body,
                      let token = FormURLEncoding.decode(String(decoding: body, as: UTF8.self)).first(where: { $0.0 == "vp_token" })?.1
                else { continue }
                return try? JSONValue(parsing: Data(token.utf8))
            }
            return nil
        }
    }

    @Test("the VCDM 1.1 diploma claimed over OpenID4VCI is presented as an LD-proof VP that the sandbox and DIDKit verify, and DIDKit refuses it for another challenge or domain")
    func didkitVerifiesTheWalletsPresentation() async throws {
        let sandbox = try SandboxIssuer()
        _ = try await sandbox.start()
        let recorder = RecordingHTTPClient(inner: TemporaryWallet.loopbackHTTPClient())
        let files = TemporaryWallet()
        defer { files.cleanUp() }
        let wallet = try await CredentialWallet.create(
            at: files.directory, passphrase: "correct horse battery staple",
            configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF, httpClient: recorder))
        do {
            try await wallet.addTrustedIssuerCertificates([Data(try await sandbox.verifierRootPEM().utf8)], purposes: [.verifier])
            let stored = try await LDPVCOpenID4VPTests.claim(.diplomaV1, from: sandbox, into: wallet)
            let request = try await sandbox.createPresentationRequest(
                query: SandboxPresentationQuery.diplomaV1.dcqlQuery, responseMode: .directPost)
            let proposal = try await wallet.preparePresentation(requestURI: request.link)
            #expect(proposal.proposedSelection == ["diploma": [stored.id]])
            let nonce = proposal.resolvedRequest.request.nonce
            let clientID = proposal.resolvedRequest.request.audience
            let result = try await wallet.present(proposal)
            #expect(result.isAccepted, "\(result.summary)")
            #expect(try await sandbox.presentationOutcome(transactionID: request.transactionID)?.status == .accepted)

            let presentation = try #require(recorder.lastVPToken?["diploma"]?.arrayValue?.first)
            #expect(presentation["@context"]?.arrayValue?.first == "https://www.w3.org/2018/credentials/v1")
            #expect(presentation["verifiableCredential"]?.arrayValue?.first?["proof"]?["type"] == "Ed25519Signature2018")
            #expect(presentation["proof"]?["type"] == "EcdsaSecp256r1Signature2019")
            func didkit(challenge: String, domain: String) async throws -> [JSONValue] {
                try await JWTVCDIDKitTests.didkit([
                    "op": "verify", "document": presentation, "purpose": "authentication", "challenge": .string(challenge),
                    "domain": .string(domain),
                ])
            }
            #expect(try await didkit(challenge: nonce, domain: clientID) == [])
            #expect(try await !didkit(challenge: "another-challenge", domain: clientID).isEmpty)
            #expect(try await !didkit(challenge: nonce, domain: "x509_san_dns:verifier.example").isEmpty)
        } catch {
            try? await wallet.close()
            await sandbox.stop()
            throw error
        }
        try await wallet.close()
        await sandbox.stop()
    }
}
