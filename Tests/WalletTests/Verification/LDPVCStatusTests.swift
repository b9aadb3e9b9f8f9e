import CryptoKeys
import DID
import Foundation
import Hummingbird
import JSONModel
import StatusList
import Testing
import VellumTestSupport
import W3CCredentials
@testable import Wallet

/// A W3C credential's `credentialStatus` (Bitstring Status List) read by the wallet: the list
/// credential fetched over loopback, its proof by the issuer checked, the entry's bit read — a
/// revoked credential is refused, a valid one stored with status valid.
@Suite("CredentialWallet: W3C credential status")
struct LDPVCStatusTests {
    @Test("a credential whose bit is set is refused as revoked; its neighbour is stored, status valid")
    func revokedAndValid() async throws {
        let issuerKey = PrivateKey(curve: .ed25519)
        let issuer = try DIDKey.make(for: issuerKey.publicKey)
        let method = "\(issuer)#\(issuer.methodSpecificID)"
        func sign(_ document: JSONValue) async throws -> JSONValue {
            try await DataIntegritySigner.sign(
                document, options: DataIntegrityProofOptions(cryptosuite: .eddsaJCS2022, verificationMethod: method),
                signer: SoftwareSigner(privateKey: issuerKey))
        }
        var list = try BitstringStatusList()
        try list.setValue(1, at: 5)
        let listCredential = try await sign([
            "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential", "BitstringStatusListCredential"],
            "issuer": .string(issuer.description),
            "credentialSubject": ["type": "BitstringStatusList", "statusPurpose": "revocation", "encodedList": .string(try list.encodedList())],
        ])
        let router = Router()
        router.get("status/1") { _, _ -> Response in
            var headers = HTTPFields()
            headers[.contentType] = "application/vc"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: listCredential.serialized())))
        }
        try await LoopbackHTTPServer.run(router, label: "w3c-wallet-status") { port in
            func credential(index: Int) async throws -> Data {
                try await sign([
                    "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
                    "issuer": .string(issuer.description), "credentialSubject": ["id": "did:example:holder", "name": "Alice"],
                    "credentialStatus": [
                        "type": "BitstringStatusListEntry", "statusPurpose": "revocation", "statusListIndex": .string(String(index)),
                        "statusListCredential": .string("http://127.0.0.1:\(port)/status/1"),
                    ],
                ]).serialized()
            }
            let files = TemporaryWallet()
            defer { files.cleanUp() }
            let wallet = try await CredentialWallet.create(
                at: files.directory, passphrase: "w3c status tests",
                configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient()))
            await expectError(WalletError.self, matching: { $0.failures.contains { $0.kind == .statusRevoked } }) {
                _ = try await wallet.importCredential(try await credential(index: 5))
            }
            let stored = try await wallet.importCredential(try await credential(index: 6))
            #expect(stored.verificationResult.status == .valid, "\(stored.verificationResult)")
            #expect(stored.verificationResult.verified)
            try await wallet.close()
        }
    }
}
