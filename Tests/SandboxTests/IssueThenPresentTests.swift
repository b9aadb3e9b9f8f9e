import CryptoKeys
import Foundation
import HTTP
import JSONModel
import MDoc
import Multiformats
import OpenID4VP
import Sandbox
import SDJWT
import Testing
import X509
import X509Trust

/// The whole triangle on one sandbox server: credentials claimed from the issuer, presented
/// with Vellum's OpenID4VP holder to the verifier under `/verifier/`, which checks them
/// against the same sandbox root.
@Suite("Sandbox: issue, then present to the sandbox verifier")
struct IssueThenPresentTests {
    static let query: JSONValue = [
        "credentials": [
            ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["address", "locality"]]]],
            ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
             "claims": [["path": ["org.iso.18013.5.1", "age_over_18"]]]],
        ],
    ]

    @Test func aClaimedPIDAndMDLArePresentedAndAccepted() async throws {
        try await withIssuer { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet)
            let holder = PrivateKey(curve: .p256)
            var issued: [String: String] = [:]
            for configuration in ["urn:eudi:pid:1", "org.iso.18013.5.1.mDL"] {
                let response = try await CredentialIssuanceTests.requestCredential(configuration, holder: holder, token: token, wallet)
                issued[configuration] = try #require(try CredentialIssuanceTests.credentials(response).first)
            }
            let (pidVerifier, resolver) = try await CredentialIssuanceTests.pidVerifier(issuer, http: wallet.http)
            let pid = try await pidVerifier.verify(try #require(issued["urn:eudi:pid:1"]), resolver: resolver).sdJWT.processed
            let mdl = try IssuerSigned(decoding: Base64URL.decode(try #require(issued["org.iso.18013.5.1.mDL"])))

            let request = try await issuer.createPresentationRequest(query: Self.query)
            let page = try await wallet.http.get(request.pageURL)
            #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("<svg"))

            var configuration = WalletConfiguration()
            var anchors = TrustAnchorStore()
            _ = try anchors.add(pem: try await issuer.verifierRootPEM())
            configuration.verifierTrustAnchors = anchors
            let oid4vp = OpenID4VPHolder(httpClient: wallet.http)
            let resolved = try await oid4vp.resolveAuthorizationRequest(
                try await oid4vp.parseAuthorizationRequest(requestURI: request.link, walletConfiguration: configuration))
            #expect(resolved.verifierInfo.clientID == "x509_san_dns:localhost")
            #expect(resolved.verifierInfo.clientIDValid)
            let factory = PresentationFactory(request: resolved.request)
            let signer = try SoftwareSigner(privateKey: holder)
            let response = try oid4vp.createAuthorizationResponse(request: resolved, selectedCredentials: [
                SelectedCredential(
                    credentialQueryID: "pid", credentialID: "pid",
                    presentation: try await factory.sdJWTPresentation(
                        of: pid, disclosing: [try ClaimPath([.key("address"), .key("locality")])], forQuery: "pid", holderKey: signer),
                    format: "dc+sd-jwt"),
                SelectedCredential(
                    credentialQueryID: "mdl", credentialID: "mdl",
                    presentation: try await factory.mdocPresentation(
                        of: mdl, elements: ["org.iso.18013.5.1": ["age_over_18"]], deviceKey: signer),
                    format: "mso_mdoc"),
            ])
            let result = try await oid4vp.submitAuthorizationResponse(resolvedRequest: resolved, response: response)
            guard case let .success(redirect?) = result else {
                Issue.record("the sandbox verifier should accept, got \(result)")
                return
            }
            let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .accepted)
            let presentedPID = try #require(outcome.presentations.first { $0.queryID == "pid" })
            #expect(presentedPID.claims["address"]?["locality"] == "Köln")
            #expect(presentedPID.claims["given_name"] == nil)
            let presentedMDL = try #require(outcome.presentations.first { $0.queryID == "mdl" })
            #expect(presentedMDL.claims["org.iso.18013.5.1"] == ["age_over_18": true])
            let resultPage = try await wallet.http.get(redirect)
            #expect(String(decoding: resultPage.body, as: UTF8.self).contains("Accepted"))
        }
    }
}
