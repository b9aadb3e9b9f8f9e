import CryptoKeys
import Foundation
import JOSE
import JSONModel
import OpenID4VCI
import Testing
import HTTP
import VellumTestSupport

/// Every way the credential step can go wrong must end in a typed error, after a bounded
/// number of requests.
@Suite("Credential client failures")
struct CredentialClientFailureTests {
    static func request(
        _ configuration: TestIssuerConfiguration, dpop: TestDPoPProvider? = nil, keys: Int = 1,
        options: @escaping @Sendable (inout CredentialClientOptions) -> Void = { _ in },
        check: @escaping @Sendable (Result<CredentialIssuanceOutcome, OpenID4VCIError>, TestIssuer) async throws -> Void
    ) async throws {
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let client = harness.client(endpoints, configuration, dpop: dpop, options: options)
            let holderKeys = try CredentialClientHarness.holderKeys(keys)
            let result: Result<CredentialIssuanceOutcome, OpenID4VCIError>
            do throws(OpenID4VCIError) {
                result = .success(try await client.requestCredential(
                    .configuration("pid"), format: configuration.format, holderKeys: holderKeys))
            } catch {
                result = .failure(error)
            }
            try await check(result, issuer)
        }
    }

    @Test func aStaleNonceIsRefreshedOnceAndTheRequestSucceeds() async throws {
        try await Self.request(TestIssuerConfiguration(invalidNonceAnswers: 1)) { result, issuer in
            guard case .success(.issued) = result else { Issue.record("\(result)"); return }
            #expect(await issuer.nonceRequests == 2)
            #expect(await issuer.credentialRequests == 2)
        }
    }

    @Test func aNonceRefusedTwiceIsGivenUpAfterOneRetry() async throws {
        try await Self.request(TestIssuerConfiguration(invalidNonceAnswers: 5)) { result, issuer in
            guard case let .failure(.issuerError(error)) = result else { Issue.record("\(result)"); return }
            #expect(error.code == .invalidNonce && error.errorDescription == "stale c_nonce")
            #expect(await issuer.credentialRequests == 2)
        }
    }

    static func encrypting(_ tampering: TestIssuerConfiguration.Tampering) -> (TestIssuerConfiguration, @Sendable (inout CredentialClientOptions) -> Void) {
        let issuerKey = PrivateKey(curve: .p256)
        var key = JWK(publicKey: issuerKey.publicKey, keyID: TestIssuer.requestKeyID)
        key.alg = "ECDH-ES"
        let jwk = key
        let options: @Sendable (inout CredentialClientOptions) -> Void = { options in
            options.responseEncryption = CredentialResponseEncryption(contentEncryption: .a128GCM)
            options.requestEncryption = CredentialRequestEncryption(issuerKey: jwk)
        }
        return (TestIssuerConfiguration(requestKey: issuerKey, tampering: tampering), options)
    }

    @Test(arguments: [
        (TestIssuerConfiguration.Tampering.ciphertext, "does not decrypt"),
        (.wrongKeyID, "kid someone-else"),
        (.wrongEncryption, "enc A256GCM"),
        (.plaintext, "not an encrypted application/jwt"),
    ])
    func anEncryptedResponseThatIsTamperedMisaddressedOrPlainIsRefused(
        _ tampering: TestIssuerConfiguration.Tampering, _ expected: String
    ) async throws {
        let (configuration, options) = Self.encrypting(tampering)
        try await Self.request(configuration, options: options) { result, _ in
            guard case let .failure(.encryptionFailed(reason)) = result else { Issue.record("\(result)"); return }
            #expect(reason.contains(expected), "\(reason)")
        }
    }

    @Test func aPlaintextRequestToAnIssuerThatRequiresEncryptionIsATypedError() async throws {
        try await Self.request(TestIssuerConfiguration(requestKey: PrivateKey(curve: .p256))) { result, _ in
            guard case let .failure(.issuerError(error)) = result else { Issue.record("\(result)"); return }
            #expect(error.code == .invalidEncryptionParameters)
        }
    }

    @Test func responseEncryptionWithoutRequestEncryptionIsRefusedBeforeSending() async throws {
        let options: @Sendable (inout CredentialClientOptions) -> Void = { $0.responseEncryption = CredentialResponseEncryption() }
        try await Self.request(TestIssuerConfiguration(), options: options) { result, issuer in
            guard case .failure(.invalidCredentialRequest) = result else { Issue.record("\(result)"); return }
            #expect(await issuer.credentialRequests == 0)
        }
    }

    static let malformedAnswers: [(String, TestAnswer)] = [
        ("neither credentials nor transaction id", .json(["notification_id": "n"])),
        ("empty credentials", .json(["credentials": []])),
        ("not JSON", TestAnswer(status: 200, headers: [("Content-Type", "application/json")], body: Data("{\"credentials\":".utf8))),
        ("deeply nested", TestAnswer(status: 200, headers: [("Content-Type", "application/json")],
                                     body: Data((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8))),
        ("wrong media type", TestAnswer(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html>".utf8))),
        ("oversized", .json(["credentials": [["credential": .string(String(repeating: "a", count: 70_000))]]])),
        ("a 500", TestAnswer(status: 500)),
        ("no content", TestAnswer(status: 204)),
        // §8.3: credentials with 200, a deferral with 202, never the other way round.
        ("credentials with 202", .json(["credentials": [["credential": "a~"]]], status: 202)),
        ("a deferral with 200", .json(["transaction_id": "tx-1", "interval": 5])),
    ]

    @Test(arguments: malformedAnswers.indices)
    func malformedOrOversizedResponsesAreRefused(_ index: Int) async throws {
        let (name, answer) = Self.malformedAnswers[index]
        let options: @Sendable (inout CredentialClientOptions) -> Void = { $0.maximumResponseBytes = 64 * 1024 }
        try await Self.request(TestIssuerConfiguration(rawCredentialAnswer: answer), options: options) { result, _ in
            guard case let .failure(.invalidResponse(endpoint, _)) = result else { Issue.record("\(name): \(result)"); return }
            #expect(endpoint == .credential)
        }
    }

    @Test func moreCredentialsThanKeysAreRefused() async throws {
        let answer = TestAnswer.json(["credentials": [["credential": "a~"], ["credential": "b~"]]])
        try await Self.request(TestIssuerConfiguration(rawCredentialAnswer: answer)) { result, _ in
            guard case .failure(.invalidResponse) = result else { Issue.record("\(result)"); return }
        }
    }

    @Test func aServerThatKeepsAskingForADPoPNonceIsGivenUp() async throws {
        let dpop = try TestDPoPProvider()
        try await Self.request(TestIssuerConfiguration(dpopThumbprint: dpop.thumbprint, dpopNonceLoop: true), dpop: dpop) { result, issuer in
            #expect(result == .failure(.dpopNonceRetriesExhausted(endpoint: .credential)))
            #expect(await issuer.useDPoPNonceAnswers == 2, "the first answer and one retry")
        }
    }

    @Test func aDPoPProofFromAnotherKeyIsRefusedAsAccessDenied() async throws {
        let dpop = try TestDPoPProvider()
        let other = try TestDPoPProvider()
        try await Self.request(TestIssuerConfiguration(dpopThumbprint: other.thumbprint), dpop: dpop) { result, _ in
            guard case let .failure(.accessDenied(endpoint, status, challenge)) = result else { Issue.record("\(result)"); return }
            #expect(endpoint == .credential && status == 401)
            #expect(challenge == "DPoP error=\"invalid_dpop_proof\"")
        }
    }

    @Test func aWrongBearerTokenIsAccessDenied() async throws {
        try await TestIssuer.run(TestIssuerConfiguration()) { _, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            var configuration = TestIssuerConfiguration()
            configuration.accessToken = "stolen"
            let client = harness.client(endpoints, configuration)
            await #expect(throws: OpenID4VCIError.accessDenied(
                endpoint: .credential, status: 401, wwwAuthenticate: "Bearer error=\"invalid_token\"")) {
                _ = try await client.requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: try CredentialClientHarness.holderKeys(1))
            }
        }
    }

    @Test func aDeferredIssuancePendingForeverIsBounded() async throws {
        try await Self.request(TestIssuerConfiguration(pendingPolls: .max)) { result, issuer in
            guard case let .success(.deferred(handle)) = result else { Issue.record("\(result)"); return }
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let client = harness.client(handle.endpoints, TestIssuerConfiguration())
            await #expect(throws: OpenID4VCIError.deferredIssuancePending(transactionID: "tx-1", attempts: 4)) {
                _ = try await client.awaitDeferred(handle, maximumAttempts: 4)
            }
            #expect(await issuer.deferredPolls == 4)
        }
    }

    @Test func anUnknownTransactionIDIsATypedError() async throws {
        try await Self.request(TestIssuerConfiguration(pendingPolls: 1)) { result, _ in
            guard case var .success(.deferred(handle)) = result else { Issue.record("\(result)"); return }
            handle.transactionID = "tx-forged"
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let client = harness.client(handle.endpoints, TestIssuerConfiguration())
            await #expect(throws: OpenID4VCIError.issuerError(.init(
                code: .invalidTransactionID, errorDescription: "unknown transaction", status: 400))) {
                _ = try await client.pollDeferred(handle)
            }
        }
    }

    @Test func aMissingKeyAttestationIsRefusedBeforeAnythingIsSent() async throws {
        let provider = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
        let options: @Sendable (inout CredentialClientOptions) -> Void = {
            $0.proofRequirements = JWTProofRequirements(requiresKeyAttestation: true)
        }
        try await Self.request(TestIssuerConfiguration(attestationKey: provider.publicKey), options: options) { result, issuer in
            #expect(result == .failure(.keyAttestationRequired))
            #expect(await issuer.nonceRequests == 0)
            #expect(await issuer.credentialRequests == 0)
        }
    }

    @Test func anAttestationForAnotherKeyIsRefusedByTheIssuer() async throws {
        let provider = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
        try await TestIssuer.run(TestIssuerConfiguration(attestationKey: provider.publicKey)) { _, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let keys = try CredentialClientHarness.holderKeys(2)
            var key = keys[0]
            key.keyAttestation = try await CredentialClientHarness.attestation(for: keys[1], by: provider)
            let client = harness.client(endpoints, TestIssuerConfiguration()) {
                $0.proofRequirements = JWTProofRequirements(requiresKeyAttestation: true)
            }
            do throws(OpenID4VCIError) {
                _ = try await client.requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: [key])
                Issue.record("issued")
            } catch let .issuerError(error) {
                #expect(error.code == .invalidProof)
            }
        }
    }

    @Test func anUnknownConfigurationIsATypedIssuerError() async throws {
        try await TestIssuer.run(TestIssuerConfiguration()) { _, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            let client = harness.client(endpoints, TestIssuerConfiguration())
            let keys = try CredentialClientHarness.holderKeys(1)
            do throws(OpenID4VCIError) {
                _ = try await client.requestCredential(.configuration("mdl"), format: "dc+sd-jwt", holderKeys: keys)
                Issue.record("issued")
            } catch let .issuerError(error) {
                #expect(error.code == .unknownCredentialConfiguration && error.status == 400)
            }
        }
    }

    @Test func aCacheableNonceResponseIsRefused() async throws {
        try await Self.request(TestIssuerConfiguration(cacheableNonce: true)) { result, issuer in
            guard case .failure(.invalidResponse(.nonce, _)) = result else { Issue.record("\(result)"); return }
            #expect(await issuer.credentialRequests == 0)
        }
    }
}

/// An issuer whose credential endpoint never stops sending (issue #22): the default transport
/// refuses the response at its size limit, long before the time limit, having read no more
/// than the limit and the socket buffers.
@Suite("Credential client against an endless body")
struct CredentialClientEndlessBodyTests {
    @Test func anEndlessCredentialResponseIsRefusedAtTheLimit() async throws {
        let server = try EndlessBodyServer()
        defer { server.stop() }
        let limit = 1024 * 1024
        let httpClient = NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(20), maximumResponseBytes: limit))
        let endpoints = CredentialIssuerEndpoints(credential: try #require(URL(string: "http://127.0.0.1:\(server.port)/credential")))
        let client = CredentialClient(
            httpClient: httpClient, endpoints: endpoints, accessToken: AccessToken(value: "token", tokenType: .bearer),
            options: CredentialClientOptions(
                credentialIssuer: "http://127.0.0.1:\(server.port)",
                proofRequirements: JWTProofRequirements(signingAlgorithms: ["ES256"])))
        let holderKeys = try CredentialClientHarness.holderKeys(1)
        let start = ContinuousClock.now
        do throws(OpenID4VCIError) {
            _ = try await client.requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: holderKeys)
            Issue.record("an endless credential response was accepted")
        } catch {
            guard case .transport(_, .tooLarge(limit)) = error else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
        }
        #expect(ContinuousClock.now - start < .seconds(10))
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.sent < limit + 8 * 1024 * 1024, "the server sent \(server.sent) bytes")
    }
}
