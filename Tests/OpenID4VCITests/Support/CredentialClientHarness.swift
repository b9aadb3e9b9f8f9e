import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import OpenID4VCI

/// Records deferred-issuance waits instead of sleeping, so the tests run at once.
actor SleepRecorder {
    private(set) var waits: [Duration] = []
    func record(_ duration: Duration) { waits.append(duration) }
}

/// Builds clients for the test issuer: the same token, DPoP key and issuer identifier on both
/// sides.
struct CredentialClientHarness {
    let httpClient = URLSessionHTTPClient()
    let sleeps = SleepRecorder()

    func client(
        _ endpoints: CredentialIssuerEndpoints, _ configuration: TestIssuerConfiguration, dpop: TestDPoPProvider? = nil,
        options adjust: (inout CredentialClientOptions) -> Void = { _ in }
    ) -> CredentialClient {
        var options = CredentialClientOptions(
            credentialIssuer: configuration.issuerID, clientID: configuration.expectedClientID,
            proofRequirements: JWTProofRequirements(signingAlgorithms: ["ES256"]),
            batchSize: configuration.batchSize > 1 ? configuration.batchSize : nil)
        adjust(&options)
        let token = AccessToken(value: configuration.accessToken, tokenType: dpop == nil ? .bearer : .dpop)
        let sleeps = self.sleeps
        return CredentialClient(
            httpClient: httpClient, endpoints: endpoints, accessToken: token, dpop: dpop, options: options,
            sleep: { duration in await sleeps.record(duration) })
    }

    static func holderKeys(_ count: Int) throws -> [HolderKey] {
        try (0..<count).map { _ in HolderKey(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256))) }
    }

    /// A `key-attestation+jwt` from a test wallet provider key, attesting `key`.
    static func attestation(for key: HolderKey, by provider: SoftwareSigner) async throws -> String {
        let attested = try JSONValue(parsing: JWK(publicKey: key.signer.publicKey).jsonData())
        let claims = JWTClaims(
            expiresAt: Date().addingTimeInterval(3600), issuedAt: Date(),
            additionalClaims: ["attested_keys": [attested], "key_storage": ["iso_18045_moderate"]])
        return try await JWT.sign(claims, header: JOSEHeader(type: "key-attestation+jwt"), signer: provider)
    }

    /// The holder key thumbprint the test issuer writes into each credential.
    static func thumbprint(_ key: HolderKey) -> String {
        (try? JWK(publicKey: key.signer.publicKey).thumbprintString()) ?? ""
    }

    func close() { httpClient.invalidate() }
}
