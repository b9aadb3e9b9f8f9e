import CryptoKeys
import Foundation
import JOSE
import JSONModel
import OpenID4VCI
import Testing

/// The credential endpoint flow of OpenID4VCI 1.0 §7–§11 against a loopback issuer that
/// verifies everything the wallet sends.
@Suite("Credential client")
struct CredentialClientTests {
    static func credentials(_ outcome: CredentialIssuanceOutcome) throws -> [IssuedCredential] {
        guard case let .issued(credentials) = outcome else { throw OpenID4VCIError.invalidCredentialRequest("deferred") }
        return credentials
    }

    @Test func aBearerTokenAndOneKeyGetOneBoundCredential() async throws {
        let configuration = TestIssuerConfiguration(expectedClientID: "wallet-client")
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let keys = try CredentialClientHarness.holderKeys(1)
            let outcome = try await harness.client(endpoints, configuration)
                .requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: keys)
            let credentials = try Self.credentials(outcome)
            #expect(credentials == [IssuedCredential(
                credential: .string("sd-jwt-bound-to.\(CredentialClientHarness.thumbprint(keys[0]))~"), format: "dc+sd-jwt",
                notificationID: "note-1")])
            #expect(await issuer.nonceRequests == 1)
            let claims = try #require(await issuer.lastProofClaims.first)
            #expect(claims.issuer == "wallet-client")
            #expect(await issuer.issuedNonces.contains(claims.nonce ?? ""))
        }
    }

    @Test func aDPoPTokenIsPresentedWithAProofAndTheServerNonceIsObeyedOnce() async throws {
        let dpop = try TestDPoPProvider()
        let configuration = TestIssuerConfiguration(dpopThumbprint: dpop.thumbprint, requiresDPoPNonce: true)
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let client = harness.client(endpoints, configuration, dpop: dpop)
            let keys = try CredentialClientHarness.holderKeys(1)
            _ = try Self.credentials(try await client.requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: keys))
            #expect(await issuer.useDPoPNonceAnswers == 1, "one use_dpop_nonce challenge, then the nonce is used")
            // The nonce learnt is reused: the notification needs no new challenge.
            try await client.notify("note-1", event: .credentialAccepted)
            #expect(await issuer.useDPoPNonceAnswers == 1)
            #expect(await issuer.notifications.first?["event"] == "credential_accepted")
        }
    }

    @Test func aDPoPNonceFromTheNonceEndpointSavesTheChallenge() async throws {
        let dpop = try TestDPoPProvider()
        let configuration = TestIssuerConfiguration(dpopThumbprint: dpop.thumbprint, requiresDPoPNonce: true, dpopNonceWithCNonce: true)
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            _ = try Self.credentials(try await harness.client(endpoints, configuration, dpop: dpop)
                .requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: try CredentialClientHarness.holderKeys(1)))
            #expect(await issuer.useDPoPNonceAnswers == 0)
        }
    }

    @Test func aDeferredIssuanceWithEncryptionUsesAFreshKeyForEachPoll() async throws {
        let issuerKey = PrivateKey(curve: .p256)
        let configuration = TestIssuerConfiguration(pendingPolls: 1, requestKey: issuerKey)
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            var jwk = JWK(publicKey: issuerKey.publicKey, keyID: TestIssuer.requestKeyID)
            jwk.alg = "ECDH-ES+A128KW"
            let client = harness.client(endpoints, configuration) { [jwk] options in
                options.responseEncryption = CredentialResponseEncryption(contentEncryption: .a256GCM)
                options.requestEncryption = CredentialRequestEncryption(issuerKey: jwk)
            }
            let outcome = try await client.requestCredential(
                .configuration("pid"), format: "dc+sd-jwt", holderKeys: try CredentialClientHarness.holderKeys(1))
            guard case let .deferred(handle) = outcome else { Issue.record("not deferred"); return }
            let firstKey = await issuer.lastRequest?["credential_response_encryption"]?["jwk"]
            let credentials = try await client.awaitDeferred(handle)
            #expect(credentials.count == 1)
            let lastKey = await issuer.lastDeferredRequest?["credential_response_encryption"]?["jwk"]
            #expect(firstKey != nil && lastKey != nil && firstKey != lastKey)
        }
    }

    @Test func aBatchBindsOneCredentialToEachKey() async throws {
        let configuration = TestIssuerConfiguration(batchSize: 3, format: "mso_mdoc")
        try await TestIssuer.run(configuration) { _, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let keys = try CredentialClientHarness.holderKeys(3)
            let credentials = try Self.credentials(try await harness.client(endpoints, configuration)
                .requestCredential(.configuration("pid"), format: "mso_mdoc", holderKeys: keys))
            let decoded = credentials.compactMap { $0.credential.base64URLDecoded.map { String(decoding: $0, as: UTF8.self) } }
            #expect(decoded == keys.map { "mdoc bound to \(CredentialClientHarness.thumbprint($0))" })
        }
    }

    @Test(arguments: [JWEContentEncryptionAlgorithm.a128GCM, .a256GCM])
    func anEncryptedResponseIsDecryptedWithTheEphemeralKey(_ enc: JWEContentEncryptionAlgorithm) async throws {
        let issuerKey = PrivateKey(curve: .p256)
        let configuration = TestIssuerConfiguration(requestKey: issuerKey)
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            var jwk = JWK(publicKey: issuerKey.publicKey, keyID: TestIssuer.requestKeyID)
            jwk.alg = "ECDH-ES"
            let client = harness.client(endpoints, configuration) { options in
                options.responseEncryption = CredentialResponseEncryption(contentEncryption: enc, compresses: enc == .a256GCM)
                options.requestEncryption = CredentialRequestEncryption(issuerKey: jwk, contentEncryption: .a256GCM)
            }
            let credentials = try Self.credentials(try await client.requestCredential(
                .configuration("pid"), format: "dc+sd-jwt", holderKeys: try CredentialClientHarness.holderKeys(1)))
            #expect(credentials.count == 1)
            let sent = try #require(await issuer.lastRequest?["credential_response_encryption"])
            #expect(sent["enc"] == .string(enc.rawValue))
            #expect(sent["jwk"]?["alg"] == "ECDH-ES")
            #expect(sent["jwk"]?["d"] == nil, "only the public half leaves the wallet")
            #expect(sent["jwk"]?["kid"]?.stringValue?.isEmpty == false)
        }
    }

    @Test func aDeferredIssuanceIsPolledAfterEachIntervalUntilIssued() async throws {
        let configuration = TestIssuerConfiguration(pendingPolls: 2)
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let client = harness.client(endpoints, configuration)
            let outcome = try await client.requestCredential(
                .configuration("pid"), format: "dc+sd-jwt", holderKeys: try CredentialClientHarness.holderKeys(1))
            guard case let .deferred(handle) = outcome else { Issue.record("not deferred"); return }
            #expect(handle.transactionID == "tx-1" && handle.interval == 2)
            // The handle is what an app persists; resume from its decoded copy.
            let resumed = try JSONDecoder().decode(DeferredCredentialHandle.self, from: JSONEncoder().encode(handle))
            let credentials = try await client.awaitDeferred(resumed, maximumAttempts: 5)
            #expect(credentials.count == 1 && credentials[0].notificationID == "note-1")
            #expect(await issuer.deferredPolls == 3)
            let waits = await harness.sleeps.waits
            #expect(waits.count == 3, "the client waits before every poll")
            #expect(waits.allSatisfy { $0 > .zero && $0 <= .seconds(2) })
        }
    }

    @Test func aCredentialIdentifierFromTheTokenIsSent() async throws {
        let configuration = TestIssuerConfiguration()
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            _ = try await harness.client(endpoints, configuration)
                .requestCredential(.identifier("pid-dataset-1"), format: "dc+sd-jwt", holderKeys: try CredentialClientHarness.holderKeys(1))
            #expect(await issuer.lastRequest?["credential_identifier"] == "pid-dataset-1")
            #expect(await issuer.lastRequest?["credential_configuration_id"] == nil)
        }
    }

    @Test func aRequiredKeyAttestationIsSentAndChecked() async throws {
        let provider = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
        let configuration = TestIssuerConfiguration(attestationKey: provider.publicKey)
        try await TestIssuer.run(configuration) { _, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            var key = try CredentialClientHarness.holderKeys(1)[0]
            key.keyAttestation = try await CredentialClientHarness.attestation(for: key, by: provider)
            let client = harness.client(endpoints, configuration) { options in
                options.proofRequirements = JWTProofRequirements(signingAlgorithms: ["ES256"], requiresKeyAttestation: true)
            }
            let credentials = try Self.credentials(
                try await client.requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: [key]))
            #expect(credentials.count == 1)
        }
    }

    @Test func notificationsCarryTheEventAndItsDescription() async throws {
        let configuration = TestIssuerConfiguration()
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let client = harness.client(endpoints, configuration)
            try await client.notify("note-1", event: .credentialFailure, eventDescription: "Could not store the Credential.")
            try await client.notify("note-1", event: .credentialDeleted)
            let sent = await issuer.notifications
            #expect(sent.map { $0["event"] } == ["credential_failure", "credential_deleted"])
            #expect(sent.first?["event_description"] == "Could not store the Credential.")
            await #expect(throws: OpenID4VCIError.issuerError(.init(
                code: .invalidNotificationID, errorDescription: "unknown id", status: 400))) {
                try await client.notify("note-2", event: .credentialAccepted)
            }
            await #expect(throws: OpenID4VCIError.self) {
                try await client.notify("note-1", event: .credentialFailure, eventDescription: "quote \" is not allowed")
            }
        }
    }
}
