import CryptoKeys
import Foundation
import Testing
@testable import Wallet

/// A batch's credentials are paired with the keys they bind, whatever order they come in.
@Suite("HolderKeyPairing: each credential of a batch with the key it binds")
struct HolderKeyPairingTests {
    let issuer: HolderTestIssuer
    /// Three wallet keys, k0, k1, k2.
    let keys: [SecureAreaKey]

    init() throws {
        issuer = try HolderTestIssuer()
        keys = (0..<3).map { SecureAreaKey(id: "k\($0)", secureArea: "test", publicKey: PrivateKey(curve: .p256).publicKey) }
    }

    func sdJWTVC(boundTo key: PublicKey?) async throws -> ReceivedCredential {
        try ReceivedCredential(format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: key), holderKeyID: nil)
    }

    func mdoc(boundTo key: PublicKey) async throws -> ReceivedCredential {
        ReceivedCredential(format: .mdoc, payload: try await issuer.mdoc(deviceKey: key).encoded(), holderKeyID: nil)
    }

    @Test("SD-JWT VCs returned out of order are paired by their cnf.jwk")
    func sdJWTVCsOutOfOrder() async throws {
        let received = [
            try await sdJWTVC(boundTo: keys[2].publicKey), try await sdJWTVC(boundTo: keys[0].publicKey),
            try await sdJWTVC(boundTo: keys[1].publicKey),
        ]
        #expect(HolderKeyPairing.keyIDs(for: received, keys: keys) == ["k2", "k0", "k1"])
    }

    @Test("mdocs returned out of order are paired by their MSO device key")
    func mdocsOutOfOrder() async throws {
        let received = [try await mdoc(boundTo: keys[1].publicKey), try await mdoc(boundTo: keys[0].publicKey)]
        #expect(HolderKeyPairing.keyIDs(for: received, keys: Array(keys.prefix(2))) == ["k1", "k0"])
    }

    @Test("a credential binding no key, or a key the wallet did not offer, takes the first key left, for validation to refuse")
    func unpairableCredentialsTakeTheKeysLeft() async throws {
        let foreign = PrivateKey(curve: .p256).publicKey
        let received = [
            try await sdJWTVC(boundTo: foreign), try await sdJWTVC(boundTo: keys[0].publicKey),
            try await sdJWTVC(boundTo: nil),
            ReceivedCredential(format: .sdJWTVC, payload: Data("not an SD-JWT".utf8), holderKeyID: nil),
        ]
        #expect(HolderKeyPairing.keyIDs(for: received, keys: keys) == ["k1", "k0", "k2", nil])
    }

    @Test("the bound key is read from each format, and nothing is read from bytes that do not parse")
    func boundKeys() async throws {
        let key = keys[0].publicKey
        #expect(HolderKeyPairing.boundKey(of: try await sdJWTVC(boundTo: key).payload, format: .sdJWTVC) == key)
        #expect(HolderKeyPairing.boundKey(of: try await mdoc(boundTo: key).payload, format: .mdoc) == key)
        #expect(HolderKeyPairing.boundKey(of: Data([0xa0]), format: .mdoc) == nil)
        #expect(HolderKeyPairing.boundKey(of: Data("a.b.c".utf8), format: .jwtVCJSON) == nil)
    }
}
