import CryptoKeys
import DCQL
import DID
import Foundation
import HTTP
import JSONModel
import OpenID4VP
import Sandbox
import Testing
import VellumTestSupport
import W3CCredentials
import X509
import X509Trust
@testable import Wallet

/// `jwt_vc_json` over OpenID4VCI and OpenID4VP against the sandbox, over real HTTP on
/// loopback: the diploma as a VC-JWT is claimed, stored bound to the holder's did:key,
/// matched by a DCQL query by type IRI and claim path, and answered with a VP-JWT (the `vp`
/// claim, `nonce`, `aud` = client_id) that the sandbox verifier accepts; VP-JWTs for another
/// nonce or audience are refused.
@Suite("CredentialWallet: jwt_vc_json over OpenID4VP")
struct JWTVCPresentationTests {
    @Test("the diploma as jwt_vc_json is claimed, bound to the did:key, and presented as a VP-JWT the verifier accepts")
    func claimAndPresent() async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, wallet, _ in
            try await wallet.addTrustedIssuerCertificates([Data(try await sandbox.verifierRootPEM().utf8)], purposes: [.verifier])
            let stored = try await LDPVCOpenID4VPTests.claim(.diplomaJWT, from: sandbox, into: wallet)
            let outcome = try await LDPVCOpenID4VPTests.presentDiploma(.diplomaJWT, stored: stored.id, sandbox: sandbox, wallet: wallet)
            #expect(outcome.presentations.first?.format == "jwt_vc_json")
            #expect(outcome.presentations.first?.claims["credentialSubject"]?["degree"]?["name"]?.stringValue == "Bachelor of Science and Arts")
        }
    }

    /// What a VP-JWT made by hand binds itself to.
    struct Binding: Sendable, CustomTestStringConvertible {
        var name: String
        var nonce: String?
        var audience: String?
        var accepted: Bool
        var testDescription: String { name }
    }

    @Test("the verifier accepts the VP-JWT bound to its nonce and client_id, and refuses another nonce or audience", arguments: [
        Binding(name: "honest", accepted: true),
        Binding(name: "another nonce", nonce: "not-the-request-nonce", accepted: false),
        Binding(name: "another audience", audience: "x509_san_dns:verifier.example", accepted: false),
    ])
    func bindingIsChecked(_ binding: Binding) async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, _, _ in
            let holder = PrivateKey(curve: .p256)
            let credential = try await sandbox.issueCredential(.diplomaJWT, boundTo: JWK(publicKey: holder.publicKey))
            let outcome = try await Self.answerByHand(.diplomaJWT, queryID: "diploma", format: "jwt_vc_json", sandbox: sandbox) { request in
                try await JWTVCPresentation.sign(
                    credential, id: "c1", holderKey: SoftwareSigner(privateKey: holder),
                    audience: binding.audience ?? request.audience, nonce: binding.nonce ?? request.nonce, now: Date())
            }
            if binding.accepted {
                #expect(outcome.status == .accepted, "\(outcome.status)")
            } else {
                guard case .rejected = outcome.status else {
                    Issue.record("\(binding.name) was not rejected: \(outcome.status)")
                    return
                }
            }
        }
    }
}

extension JWTVCPresentationTests {
    /// Answers the sandbox verifier's `query` with a presentation made by hand for the
    /// resolved request (as a dishonest or broken wallet might) under `queryID` in `format`,
    /// and returns the verifier's outcome.
    static func answerByHand(
        _ query: SandboxPresentationQuery, queryID: String, format: String, sandbox: SandboxIssuer,
        presentation: (AuthorizationRequest) async throws -> String
    ) async throws -> PresentationOutcome {
        let request = try await sandbox.createPresentationRequest(query: query.dcqlQuery)
        var configuration = WalletConfiguration()
        configuration.verifierTrustAnchors = TrustAnchorStore([try Certificate(pemEncoded: try await sandbox.verifierRootPEM())])
        let client = OpenID4VPHolder(httpClient: TemporaryWallet.loopbackHTTPClient())
        let resolved = try await client.resolveAuthorizationRequest(
            try await client.parseAuthorizationRequest(requestURI: request.link, walletConfiguration: configuration))
        let response = try client.createAuthorizationResponse(request: resolved, selectedCredentials: [
            SelectedCredential(
                credentialQueryID: queryID, credentialID: "c1", presentation: try await presentation(resolved.request), format: format),
        ])
        _ = try await client.submitAuthorizationResponse(resolvedRequest: resolved, response: response)
        return try #require(try await sandbox.presentationOutcome(transactionID: request.transactionID))
    }
}

/// The VP-JWT the wallet answers a `jwt_vc_json` query with, and the sandbox's VC-JWT inside
/// it, checked by DIDKit (didkit 0.3.3, spruceid/ssi in Rust): a second, independent verifier
/// beside the sandbox's. (DIDKit 0.3.3 predates the VCDM 2.0 context, so the `ldp_vc`
/// presentation of the 2.0 diploma is not something it can read.)
@Suite("jwt_vc_json presentations checked by DIDKit", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct JWTVCDIDKitTests {
    static func didkit(_ request: JSONValue) async throws -> [JSONValue] {
        let verdict = try JSONValue(parsing: try await PythonPeer.run("didkit_peer.py", input: request.serialized()))
        return try #require(verdict["errors"]?.arrayValue, "\(verdict)")
    }

    @Test("DIDKit verifies the VP-JWT for its nonce and audience and the VC-JWT in it, and refuses another nonce or audience")
    func didkitVerifies() async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, _, _ in
            let holder = PrivateKey(curve: .p256)
            let credential = try await sandbox.issueCredential(.diplomaJWT, boundTo: JWK(publicKey: holder.publicKey))
            let presentation = try await JWTVCPresentation.sign(
                credential, id: "c1", holderKey: SoftwareSigner(privateKey: holder), audience: "x509_san_dns:localhost",
                nonce: "n-0S6_WzA2Mj", now: Date())
            #expect(try await Self.didkit(["op": "verify-jwt", "kind": "credential", "jwt": .string(credential)]) == [])
            #expect(try await Self.didkit([
                "op": "verify-jwt", "kind": "presentation", "jwt": .string(presentation), "challenge": "n-0S6_WzA2Mj",
                "domain": "x509_san_dns:localhost",
            ]) == [])
            #expect(try await !Self.didkit([
                "op": "verify-jwt", "kind": "presentation", "jwt": .string(presentation), "challenge": "another-nonce",
                "domain": "x509_san_dns:localhost",
            ]).isEmpty)
            #expect(try await !Self.didkit([
                "op": "verify-jwt", "kind": "presentation", "jwt": .string(presentation), "challenge": "n-0S6_WzA2Mj",
                "domain": "x509_san_dns:verifier.example",
            ]).isEmpty)
        }
    }
}
