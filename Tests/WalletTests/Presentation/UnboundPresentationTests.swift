import Foundation
import HTTP
import Hummingbird
import JSONModel
import Multiformats
import NIOCore
import SDJWT
import Testing
import VellumTestSupport
@testable import Wallet

/// OpenID4VP Appendix B.3: when a DCQL query sets `require_cryptographic_holder_binding` to
/// false, an SD-JWT VC bound to no key (a ticket, a diploma) is presented without a KB-JWT.
@Suite("CredentialWallet: presenting a credential bound to no key")
struct UnboundPresentationTests {
    let issuer: HolderTestIssuer
    let fixture = HolderWalletFixture()

    init() throws { issuer = try HolderTestIssuer() }

    func query(requiringBinding: Bool) -> String {
        #"{"credentials":[{"id":"pid","format":"dc+sd-jwt","meta":{"vct_values":[""# + HolderTestIssuer.vct
            + #""]},"require_cryptographic_holder_binding":\#(requiringBinding),"claims":[{"path":["given_name"]}]}]}"#
    }

    @Test("with binding not required it is presented without a KB-JWT; with binding required it cannot be")
    func unboundSDJWTVC() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create(checksStatus: false)
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER], purposes: [.issuer])
        let stored = try await wallet.addCredential(try ReceivedCredential(
            format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: nil), holderKeyID: nil))

        let inbox = FormInbox()
        let router = Router()
        inbox.route("post", in: router)
        try await LoopbackHTTPServer.run(router, label: "unbound-verifier") { port in
            let responseURI = "http://127.0.0.1:\(port)/post"
            func link(requiringBinding: Bool) -> String {
                let parameters = [
                    ("client_id", "redirect_uri:\(responseURI)"), ("response_type", "vp_token"), ("response_mode", "direct_post"),
                    ("response_uri", responseURI), ("nonce", "n-1"), ("dcql_query", query(requiringBinding: requiringBinding)),
                ]
                return "openid4vp://?" + parameters.map { name, value in
                    name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
                }.joined(separator: "&")
            }

            let proposal = try await wallet.preparePresentation(requestURI: link(requiringBinding: false))
            #expect(proposal.proposedSelection == ["pid": [stored.id]])
            let result = try await wallet.present(proposal)
            #expect(result.isAccepted)
            let token = try JSONValue(parsing: try #require(inbox.received.first?["vp_token"]))
            let presentation = try #require(token["pid"]?[0]?.stringValue)
            #expect(presentation.hasSuffix("~"), "an SD-JWT with no KB-JWT ends with ~")
            let sdJWT = try SDJWTObject(parsing: presentation)
            #expect(sdJWT.keyBindingJWT == nil && sdJWT.disclosures.count == 1)

            // A query that requires binding is not answered by it.
            let bound = try await wallet.preparePresentation(requestURI: link(requiringBinding: true))
            #expect(!bound.isSatisfiable)
        }
    }
}
