import CryptoKeys
import OpenDID
import Testing

/// Open DID presentation checks tolerate the SDK's one clock skew by default (issue #23).
@Suite struct OpenDIDClockSkewTests {
    @Test func presentationPolicyDefaultsToTheStandardSkew() {
        #expect(PresentationPolicy(verifierNonce: "n").clockSkew == ClockSkew.standard.seconds)
    }
}
