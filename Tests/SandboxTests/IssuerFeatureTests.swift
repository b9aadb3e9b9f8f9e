import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import Sandbox
import StatusList
import Testing

/// Metadata, deferred issuance, encrypted requests and responses, notifications and the
/// status list with its admin calls.
@Suite("Issuer features")
struct IssuerFeatureTests {
    @Test("The metadata names the issuer exactly and advertises the endpoints, formats and algorithms")
    func metadata() async throws {
        try await withIssuer { _, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            #expect(metadata["credential_issuer"]?.stringValue == wallet.issuer)
            #expect(metadata["credential_endpoint"]?.stringValue == wallet.issuer + "/credential")
            #expect(metadata["nonce_endpoint"]?.stringValue == wallet.issuer + "/nonce")
            #expect(metadata["credential_response_encryption"]?["alg_values_supported"] == ["ECDH-ES"])
            let configurations = try #require(metadata["credential_configurations_supported"])
            #expect(configurations["org.iso.18013.5.1.mDL"]?["format"] == "mso_mdoc")
            #expect(configurations["org.iso.18013.5.1.mDL"]?["doctype"] == "org.iso.18013.5.1.mDL")
            #expect(configurations["urn:eudi:pid:1"]?["format"] == "dc+sd-jwt")
            #expect(configurations["urn:eudi:pid:1"]?["vct"] == "urn:eudi:pid:1")
            #expect(configurations["urn:eudi:pid:1"]?["proof_types_supported"]?["jwt"]?["proof_signing_alg_values_supported"]?[0] == "ES256")
            #expect(configurations["urn:eudi:pid:1"]?["credential_metadata"]?["claims"]?.arrayValue?.isEmpty == false)

            let server = try TestWallet.json(try await wallet.get("/.well-known/oauth-authorization-server"))
            #expect(server["issuer"]?.stringValue == wallet.issuer)
            #expect(server["code_challenge_methods_supported"] == ["S256"])
            #expect(server["authorization_response_iss_parameter_supported"] == true)
            #expect(server["pre-authorized_grant_anonymous_access_supported"] == true)
            #expect(server["require_pushed_authorization_requests"] == false)
            #expect(server["pushed_authorization_request_endpoint"]?.stringValue == wallet.issuer + "/par")
        }
    }

    @Test("A deferred issuance answers 202 with a transaction_id, then the credentials after the configured polls")
    func deferred() async throws {
        try await withIssuer(SandboxConfiguration(deferredPolls: 1, deferredInterval: 2)) { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet)
            let proof = try await wallet.keyProof(PrivateKey(curve: .p256), nonce: try await wallet.cNonce())
            let first = try await wallet.postJSON("/credential", CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: [proof]), token: token)
            #expect(first.status == 202)
            let body = try TestWallet.json(first)
            #expect(body["interval"] == 2 && body["credentials"] == nil)
            let transaction = try #require(body["transaction_id"]?.stringValue)

            let pending = try await wallet.postJSON("/deferred_credential", ["transaction_id": .string(transaction)], token: token)
            #expect(pending.status == 202)
            #expect(try TestWallet.json(pending)["transaction_id"]?.stringValue == transaction)
            let ready = try await wallet.postJSON("/deferred_credential", ["transaction_id": .string(transaction)], token: token)
            #expect(ready.status == 200)
            #expect(try CredentialIssuanceTests.credentials(ready).count == 1)
            let used = try await wallet.postJSON("/deferred_credential", ["transaction_id": .string(transaction)], token: token)
            #expect(TestWallet.error(used) == "invalid_transaction_id")
        }
    }

    @Test("An encrypted request gets a response encrypted to the wallet's key; a plain one asking for encryption is refused")
    func encryption() async throws {
        try await withIssuer(SandboxConfiguration(requiresResponseEncryption: true)) { issuer, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            let issuerKey = try JWK(jsonData: try #require(metadata["credential_request_encryption"]?["jwks"]?["keys"]?[0]).serialized(.compact))
            let token = try await CredentialIssuanceTests.token(issuer, wallet)
            let walletKey = PrivateKey(curve: .p256)
            var responseKey = JWK(publicKey: walletKey.publicKey, keyID: "wallet-enc-1")
            responseKey.alg = "ECDH-ES"
            let proof = try await wallet.keyProof(PrivateKey(curve: .p256), nonce: try await wallet.cNonce())
            let request: JSONValue = [
                "credential_configuration_id": "urn:eudi:pid:1", "proofs": ["jwt": [.string(proof)]],
                "credential_response_encryption": ["jwk": try JSONValue(parsing: responseKey.jsonData()), "enc": "A256GCM"],
            ]

            let plain = try await wallet.postJSON("/credential", request, token: token)
            #expect(TestWallet.error(plain) == "invalid_encryption_parameters")
            let unencryptedResponse = try await wallet.postJSON(
                "/credential", ["credential_configuration_id": "urn:eudi:pid:1", "proofs": ["jwt": [.string(proof)]]], token: token)
            #expect(TestWallet.error(unencryptedResponse) == "invalid_encryption_parameters")

            let jwe = try JWE.encryptCompact(request.serialized(.compact), to: issuerKey, keyManagement: .ecdhES, contentEncryption: .a128GCM)
            let response = try await wallet.http.send(HTTP.HTTPRequest(
                method: .post, url: wallet.url("/credential"),
                headers: ["Content-Type": "application/jwt", "Authorization": "Bearer \(token)"], body: Data(jwe.utf8)))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "application/jwt")
            let decrypted = try JWE.decryptCompact(String(decoding: response.body, as: UTF8.self), key: .privateKey(walletKey))
            #expect(decrypted.header.keyID == "wallet-enc-1")
            #expect(decrypted.contentEncryption == .a256GCM)
            let body = try JSONValue(parsing: decrypted.plaintext)
            #expect(body["credentials"]?.arrayValue?.count == 1)
        }
    }

    @Test("Notifications are accepted with 204 and recorded; unknown ids and events are refused")
    func notifications() async throws {
        try await withIssuer { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet)
            let proof = try await wallet.keyProof(PrivateKey(curve: .p256), nonce: try await wallet.cNonce())
            let issued = try await wallet.postJSON("/credential", CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: [proof]), token: token)
            let id = try #require(try TestWallet.json(issued)["notification_id"]?.stringValue)
            let accepted = try await wallet.postJSON("/notification", ["notification_id": .string(id), "event": "credential_accepted"], token: token)
            #expect(accepted.status == 204)
            let unknown = try await wallet.postJSON("/notification", ["notification_id": "nope", "event": "credential_accepted"], token: token)
            #expect(TestWallet.error(unknown) == "invalid_notification_id")
            let badEvent = try await wallet.postJSON("/notification", ["notification_id": .string(id), "event": "liked"], token: token)
            #expect(TestWallet.error(badEvent) == "invalid_notification_request")
            let recorded = await issuer.notifications()
            #expect(recorded.map(\.event) == ["credential_accepted"])
            #expect(recorded.first?.credentialIDs == (await issuer.issuedCredentials()).map(\.id))
        }
    }

    @Test("Revoking and suspending change the signed status list token, and the PID then fails verification")
    func revocation() async throws {
        try await withIssuer { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet)
            let nonce = try await wallet.cNonce()
            let proofs = [
                try await wallet.keyProof(PrivateKey(curve: .p256), nonce: nonce),
                try await wallet.keyProof(PrivateKey(curve: .p256), nonce: nonce),
            ]
            let response = try await wallet.postJSON("/credential", CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: proofs), token: token)
            let credentials = try CredentialIssuanceTests.credentials(response)
            let records = await issuer.issuedCredentials()
            #expect(records.count == 2)

            let statusResponse = try await wallet.get("/status/1")
            #expect(statusResponse.headers["Content-Type"] == "application/statuslist+jwt")

            try await issuer.revoke(credentialID: records[0].id)
            try await issuer.suspend(credentialID: records[1].id)
            #expect(try await issuer.status(ofCredential: records[0].id) == .invalid)

            let (verifier, resolver) = try await CredentialIssuanceTests.pidVerifier(issuer, http: wallet.http)
            let statuses = StatusListResolver(httpClient: wallet.http, keys: resolver.statusListKeys, cache: nil)
            let list = try await statuses.fetchToken(at: records[0].statusListURI)
            #expect(try list.statusList.status(at: records[0].statusIndex) == .invalid)
            #expect(try list.statusList.status(at: records[1].statusIndex) == .suspended)

            await #expect(throws: SDJWTVCError.self) { _ = try await verifier.verify(credentials[0], resolver: resolver) }

            let admin = try await wallet.postJSON("/admin/status", ["credential": .string(records[0].id), "status": "valid"])
            #expect(admin.status == 200)
            #expect(try await verifier.verify(credentials[0], resolver: resolver).status == .valid)
            await #expect(throws: SandboxError.unknownCredential("nope")) { try await issuer.revoke(credentialID: "nope") }
        }
    }

    @Test("The admin API makes offers over HTTP; the root certificate is served as PEM")
    func adminOffers() async throws {
        try await withIssuer { issuer, wallet in
            let created = try await wallet.postJSON("/admin/offers", ["credentials": ["mDL"], "tx_code": "0000"])
            #expect(created.status == 201)
            let body = try TestWallet.json(created)
            #expect(body["by_value"]?.stringValue?.hasPrefix("openid-credential-offer://?credential_offer=") == true)
            #expect(body["credential_offer"]?["credential_configuration_ids"] == ["org.iso.18013.5.1.mDL"])
            let pem = String(decoding: try await wallet.get("/certificates/root.pem").body, as: UTF8.self)
            #expect(pem == issuer.rootCertificatePEM)
            #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
            let bad = try await wallet.postJSON("/admin/offers", ["credentials": ["passport"]])
            #expect(TestWallet.error(bad) == "invalid_request")
        }
    }
}
