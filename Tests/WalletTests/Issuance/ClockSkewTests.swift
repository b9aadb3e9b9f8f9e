import CryptoKeys
import Foundation
import JOSE
import MDoc
import OpenID4VP
import SDJWT
import StatusList
import Testing
import X509Trust
@testable import Wallet

/// One clock-skew setting, named once (issue #23): every time check's default tolerance is
/// `ClockSkew.standard`, so the wallet's own date check and the validators it runs after agree.
@Suite struct ClockSkewTests {
    @Test func everyDefaultToleranceIsTheStandardSkew() {
        let standard = ClockSkew.standard.seconds
        #expect(standard == 60)
        #expect(JWTValidator().leeway == standard)
        #expect(SDJWTVerifier().leeway == standard)
        #expect(KeyBindingPolicy.optional.allowedFutureSkew == standard)
        #expect(KeyBindingPolicy(requirement: .required).allowedFutureSkew == standard)
        #expect(IssuerSignedValidator(trustAnchors: TrustAnchorStore()).leeway == standard)
        #expect(StatusListPolicy().leeway == standard)
        #expect(WalletConfiguration().clockSkew == standard)
        #expect(CredentialInspection.clockSkewLeeway == standard)
    }
}
