import Crypto
import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport
import X509
import X509Trust

/// The verification profile a verifier (the CLI's `verify`, an app) fills in and calls: the
/// issuer key rules, key binding and the chain-before-signature order are the SDK's.
@Suite struct SDJWTVCVerificationProfileTests {
    /// A transport for tests that must not reach the network.
    struct NoNetwork: HTTPClient {
        func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
            throw .transport("this test makes no HTTP requests")
        }
    }

    /// A root, and a credential whose `x5c` is a leaf under it, signed by `signer` (the leaf's
    /// own key unless a forger's is given).
    static func credential(forgedBy forger: PrivateKey? = nil) async throws -> (sdJWT: SDJWTObject, root: Certificate) {
        let rootKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let now = Date()
        let root = try TestPKI.root(
            key: rootKey, name: "Profile Test Root", keyUsage: KeyUsage(keyCertSign: true), notBefore: now - 3600, notAfter: now + 3600)
        let leaf = try TestPKI.leaf(
            subject: "Profile Test Issuer", publicKey: leafKey.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: now - 3600, notAfter: now + 3600)
        var header = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        header.certificateChain = [Data(leaf.derBytes)]
        let claims: JSONObject = [
            "iss": "https://issuer.example.com", "vct": "https://credentials.example.com/pid",
            "iat": .number(JSONNumber(Int64(now.timeIntervalSince1970) - 60)), "given_name": "Erika",
        ]
        let key = try forger ?? PrivateKey(rawRepresentation: leafKey.rawRepresentation, curve: .p256)
        let sdJWT = try await SDJWTBuilder(
            claims: claims, disclosing: [ClaimPath(json: JSONValue(parsing: #"["given_name"]"#))], header: header
        ).issue(signer: SoftwareSigner(privateKey: key))
        return (sdJWT, root)
    }

    @Test func aCredentialUnderATrustedRootVerifies() async throws {
        let (sdJWT, root) = try await Self.credential()
        let profile = SDJWTVCVerificationProfile(trustAnchors: TrustAnchorStore([root]), httpClient: NoNetwork())
        #expect(SDJWTVCVerificationProfile.isSDJWTVC(sdJWT))
        let verified = try await profile.verifySDJWTVC(sdJWT)
        #expect(verified.issuer == "https://issuer.example.com")
    }

    /// A chain that is not trusted is not followed by a signature check with its leaf key: the
    /// forged signature is refused for the chain, never reaching the signature check; under the
    /// trusted root the same forgery is refused for its signature.
    @Test func anUntrustedChainsLeafKeyIsNeverUsed() async throws {
        let (forged, root) = try await Self.credential(forgedBy: PrivateKey(curve: .p256))
        let (_, otherRoot) = try await Self.credential()
        let untrusting = SDJWTVCVerificationProfile(trustAnchors: TrustAnchorStore([otherRoot]), httpClient: NoNetwork())
        await #expect {
            _ = try await untrusting.verifySDJWTVC(forged)
        } throws: { error in
            guard case .sdJWT(.issuerKeyNotFound(let reason)) = error as? SDJWTVCError else { return false }
            return reason.contains("x5c chain is not trusted")
        }
        let trusting = SDJWTVCVerificationProfile(trustAnchors: TrustAnchorStore([root]), httpClient: NoNetwork())
        await #expect {
            _ = try await trusting.verifySDJWTVC(forged)
        } throws: { error in
            if case .sdJWT(.issuerJWT) = error as? SDJWTVCError { return true }
            return false
        }
    }

    @Test func aKeyGivenOutrightReplacesTheChain() async throws {
        let issuer = PrivateKey(curve: .p256)
        let (forged, _) = try await Self.credential(forgedBy: issuer)
        let profile = SDJWTVCVerificationProfile(issuerKey: issuer.publicKey, httpClient: NoNetwork())
        #expect(try await profile.verifySDJWTVC(forged).vct == "https://credentials.example.com/pid")
    }

    /// Without the request's nonce or audience a KB-JWT is optional (a stored credential is
    /// verified too); naming either makes it required and compared.
    @Test func keyBindingIsRequiredOnlyWhenTheRequestIsNamed() {
        var profile = SDJWTVCVerificationProfile(httpClient: NoNetwork())
        #expect(profile.keyBindingPolicy.requirement == .optional)
        profile.expectedNonce = "n-0S6_WzA2Mj"
        #expect(profile.keyBindingPolicy.requirement == .required)
        #expect(profile.keyBindingPolicy.nonce == "n-0S6_WzA2Mj")
        #expect(profile.keyBindingPolicy.audience == nil)
        #expect(profile.sdJWTVCVerifier(resolver: profile.issuerKeyResolver).sdJWT.keyBinding.requirement == .required)
    }
}
