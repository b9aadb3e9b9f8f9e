import Foundation
import HTTP
import OpenID4VP
import Testing

/// Code written against the seed's `Oid4vpHolder` (seed 004) reads the same here: its names
/// forward to the Swift-named API.
@Suite struct SeedSpellingTests {
    @Test func theSeedFlowReadsTheSame() async throws {
        let holder: Oid4vpHolder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
        let walletConfig: WalletConfig = .testing()
        let authRequest = try await holder.parseAuthorizationRequest(
            requestUri: requestLink(AuthorizationRequestTests.redirectURIRequest, scheme: "openid4vp://"),
            walletConfig: walletConfig)
        #expect(authRequest.nonce == "n-0S6_WzA2Mj")
        let resolved = try await holder.resolveAuthorizationRequest(authRequest)
        let verifierInfo = resolved.verifierInfo
        #expect(verifierInfo.clientId == verifierInfo.clientID)
        #expect(verifierInfo.clientIdScheme == "redirect_uri")
        #expect(verifierInfo.clientIdValid == verifierInfo.clientIDValid)
        #expect(verifierInfo.clientIdValidationErrors == verifierInfo.clientIDValidationErrors)
        #expect(verifierInfo.logoUri == verifierInfo.logoURI)
        let selected = SelectedCredential(credentialQueryID: "pid", credentialID: "c1", presentation: "x", format: "dc+sd-jwt")
        #expect(selected.credentialQueryId == "pid" && selected.credentialId == "c1")
    }
}
