import CryptoKeys
import Foundation
import Testing
@testable import Wallet

@Suite("SoftwareSecureArea: keys made, used through Signer, and deleted")
struct SoftwareSecureAreaTests {
    @Test("keys on each supported curve sign through the async Signer and verify with the public key",
          arguments: [KeyCurve.p256, .p384, .p521, .ed25519, .secp256k1])
    func signsAndVerifies(curve: KeyCurve) async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let area = SoftwareSecureArea(store: store)
        let key = try await area.createKey(curve: curve)
        #expect(key.secureArea == "software")
        #expect(try await area.publicKey(keyID: key.id) == key.publicKey)

        let signer: any Signer = try await area.signer(keyID: key.id)
        let message = Data("holder binding".utf8)
        let signature = try await signer.sign(message)
        #expect(try key.publicKey.verify(signature, for: message, algorithm: signer.algorithm))
        #expect(try !key.publicKey.verify(signature, for: Data("other".utf8), algorithm: signer.algorithm))
        #expect(signer.keyID == key.id)
    }

    @Test("keys survive reopening the wallet")
    func persists() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let key = try await SoftwareSecureArea(store: store).createKey(curve: .p256)
        try await store.close()
        let area = SoftwareSecureArea(store: try await wallet.open())
        #expect(try await area.publicKey(keyID: key.id) == key.publicKey)
        #expect(try await area.store.keyIDs(secureArea: "software") == [key.id])
    }

    @Test("a key bound to a stored credential cannot be deleted until the credential is")
    func deleteRespectsBinding() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let area = SoftwareSecureArea(store: store)
        let key = try await area.createKey(curve: .p256)
        let credential = try await store.addCredential(StoredCredential.Draft(format: .sdJWTVC, payload: Data([1]), holderKeyID: key.id))
        await #expect(throws: WalletError.keyInUse(keyID: key.id)) { try await area.deleteKey(keyID: key.id) }
        try await store.deleteCredential(id: credential.id)
        try await area.deleteKey(keyID: key.id)
        await #expect(throws: WalletError.notFound(kind: "key", id: key.id)) { _ = try await area.publicKey(keyID: key.id) }
        await #expect(throws: WalletError.notFound(kind: "key", id: key.id)) { try await area.deleteKey(keyID: key.id) }
    }

    @Test("deleting a credential releases its holder key in the same transaction, only when nothing else uses it and only from its own area")
    func deleteReleasesKeyAtomically() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let area = SoftwareSecureArea(store: store)
        let shared = try await area.createKey(curve: .p256)
        let first = try await store.addCredential(StoredCredential.Draft(format: .sdJWTVC, payload: Data([1]), holderKeyID: shared.id))
        let second = try await store.addCredential(StoredCredential.Draft(format: .sdJWTVC, payload: Data([2]), holderKeyID: shared.id))
        try await store.deleteCredential(id: first.id, releasingHolderKey: shared.id, ownedBy: area.name)
        #expect(try await store.keyIDs(secureArea: area.name) == [shared.id], "still bound to the second credential")
        try await store.deleteCredential(id: second.id, releasingHolderKey: shared.id, ownedBy: "secure-enclave")
        #expect(try await store.keyIDs(secureArea: area.name) == [shared.id], "another area's name releases nothing")

        let own = try await area.createKey(curve: .p256)
        let third = try await store.addCredential(StoredCredential.Draft(format: .sdJWTVC, payload: Data([3]), holderKeyID: own.id))
        try await store.deleteCredential(id: third.id, releasingHolderKey: own.id, ownedBy: area.name)
        #expect(try await store.keyIDs(secureArea: area.name) == [shared.id])
    }

    @Test("an unsupported curve, a wrong algorithm, and another area's key are refused")
    func refusals() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let area = SoftwareSecureArea(store: store)
        await #expect(throws: WalletError.self) { _ = try await area.createKey(curve: .x25519) }
        let key = try await area.createKey(curve: .p256)
        await #expect(throws: WalletError.self) { _ = try await area.sign(Data(), keyID: key.id, algorithm: .edDSA) }
        await #expect(throws: WalletError.self) { _ = try await area.signer(keyID: key.id, algorithm: .es384) }
        let foreign = StoredKey(id: "hw-1", secureArea: "secure-enclave", curve: .p256, publicKeyDER: key.publicKey.derRepresentation,
                                material: Data(repeating: 9, count: 40), createdAt: Date())
        try await store.saveKey(foreign)
        await #expect(throws: WalletError.notFound(kind: "key", id: "hw-1")) {
            _ = try await area.sign(Data(), keyID: "hw-1", algorithm: .es256)
        }
        await #expect(throws: WalletError.duplicate(kind: "key", id: "hw-1")) { try await store.saveKey(foreign) }
        #expect(try await area.keyAttestation(keyIDs: [key.id], nonce: nil) == nil)
    }
}
