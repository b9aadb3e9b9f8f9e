import CryptoKeys
import Foundation

/// Keys made in software and stored encrypted in the wallet file.
///
/// For platforms without hardware key storage (Linux, the CLI, tests). The private key is
/// decrypted only for the duration of one signature. Its protection is the wallet
/// passphrase: anyone who knows it and has the file has the keys.
public struct SoftwareSecureArea: SecureArea {
    /// The name recorded with this area's keys.
    public static let areaName = "software"

    /// The store holding the keys.
    public let store: WalletStore

    /// Keeps keys in `store`.
    public init(store: WalletStore) { self.store = store }

    /// `software`.
    public var name: String { Self.areaName }

    /// P-256/384/521, Ed25519 and secp256k1.
    public var supportedCurves: Set<KeyCurve> { [.p256, .p384, .p521, .ed25519, .secp256k1] }

    /// Makes a key from the system CSPRNG and records it (encrypted) in the wallet.
    public func createKey(curve: KeyCurve) async throws(WalletError) -> SecureAreaKey {
        guard supportedCurves.contains(curve) else {
            throw .secureAreaUnavailable("the software area does not sign with \(curve.rawValue)")
        }
        return try await record(PrivateKey(curve: curve), curve: curve)
    }

    /// Records a key made elsewhere (encrypted, like the keys this area makes); the caller
    /// lets its copy go.
    public func importKey(_ privateKey: PrivateKey) async throws(WalletError) -> SecureAreaKey {
        guard let curve = privateKey.publicKey.curve, supportedCurves.contains(curve) else {
            throw .secureAreaUnavailable("the software area does not hold keys of this kind")
        }
        return try await record(privateKey, curve: curve)
    }

    /// Saves `privateKey` (sealed by the store) under a new id.
    private func record(_ privateKey: PrivateKey, curve: KeyCurve) async throws(WalletError) -> SecureAreaKey {
        let key = StoredKey(
            id: UUID().uuidString, secureArea: name, curve: curve,
            publicKeyDER: privateKey.publicKey.derRepresentation, material: privateKey.rawRepresentation,
            createdAt: Date()
        )
        try await store.saveKey(key)
        return SecureAreaKey(id: key.id, secureArea: name, publicKey: privateKey.publicKey)
    }

    /// The public half of a key of this area.
    public func publicKey(keyID: String) async throws(WalletError) -> PublicKey {
        try await privateKey(keyID: keyID).publicKey
    }

    /// Decrypts the key, signs, and lets the key go.
    public func sign(_ message: Data, keyID: String, algorithm: SignatureAlgorithm) async throws(WalletError) -> Data {
        let key = try await privateKey(keyID: keyID)
        do {
            return try key.sign(message, algorithm: algorithm)
        } catch {
            throw .secureAreaUnavailable("cannot sign with \(keyID): \(error)")
        }
    }

    /// Deletes the key from the wallet (refused while a credential is bound to it).
    public func deleteKey(keyID: String) async throws(WalletError) {
        _ = try await ownKey(keyID)
        try await store.deleteKey(id: keyID)
    }

    private func ownKey(_ keyID: String) async throws(WalletError) -> StoredKey {
        try await store.key(id: keyID, ownedBy: name)
    }

    private func privateKey(keyID: String) async throws(WalletError) -> PrivateKey {
        let stored = try await ownKey(keyID)
        do {
            return try PrivateKey(rawRepresentation: stored.material, curve: stored.curve)
        } catch {
            throw .corruptedRecord(table: "holder_key", id: keyID)
        }
    }
}
