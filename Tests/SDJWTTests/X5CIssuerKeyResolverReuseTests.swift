import Crypto
import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport
import X509
import X509Trust

/// A verifier that validated an `x5c` chain itself hands the result to the key resolver, which
/// then does not validate the same chain a second time; any other chain is validated as usual,
/// and the issuer name rule still applies.
@Suite struct X5CIssuerKeyResolverReuseTests {
    static func leaf(naming uri: String?) throws -> (certificate: Certificate, root: Certificate) {
        let rootKey = P256.Signing.PrivateKey()
        let now = Date()
        let root = try TestPKI.root(key: rootKey, name: "Reuse Test Root", notBefore: now - 3600, notAfter: now + 3600)
        let leaf = try TestPKI.leaf(
            subject: "Issuer", publicKey: P256.Signing.PrivateKey().publicKey, issuer: root, issuerKey: rootKey,
            notBefore: now - 3600, notAfter: now + 3600,
            subjectAlternativeNames: uri.map { [.uniformResourceIdentifier($0)] } ?? [])
        return (leaf, root)
    }

    @Test func aPrevalidatedChainIsNotValidatedAgainButTheNameRuleHolds() async throws {
        let (leaf, root) = try Self.leaf(naming: "https://issuer.example")
        let der = [Data(leaf.derBytes)]
        let trusted = try await ChainValidator(anchors: TrustAnchorStore([root])).validate(derChain: der, at: Date()).get()
        // A resolver trusting nothing: only the reused evidence can give a key.
        let resolver = X5CIssuerKeyResolver(anchors: TrustAnchorStore([])).reusing(trusted, for: der)
        var header = JOSEHeader(algorithm: "ES256")
        header.certificateChain = der
        let key = try await resolver.issuerKey(for: header, payload: ["iss": "https://issuer.example"])
        #expect(key != nil)
        await #expect(throws: SDJWTError.self, "the issuer name rule applies to the reused chain") {
            _ = try await resolver.issuerKey(for: header, payload: ["iss": "https://other.example"])
        }
        // Another chain is validated as usual (and here refused: nothing is trusted).
        let (otherLeaf, _) = try Self.leaf(naming: nil)
        header.certificateChain = [Data(otherLeaf.derBytes)]
        await #expect(throws: SDJWTError.self) {
            _ = try await resolver.issuerKey(for: header, payload: [:])
        }
    }
}
