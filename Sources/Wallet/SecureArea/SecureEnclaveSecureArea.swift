#if canImport(CryptoKit) && (os(iOS) || os(macOS))
import CryptoKit
import CryptoKeys
import Foundation

/// P-256 keys generated in and never leaving the Apple Secure Enclave.
///
/// The wallet records only the enclave's opaque `dataRepresentation` (usable on this device
/// alone), encrypted like every other key record. Compiled on iOS and macOS only; elsewhere
/// use ``SoftwareSecureArea``.
public struct SecureEnclaveSecureArea: SecureArea {
    /// The name recorded with this area's keys.
    public static let areaName = "secure-enclave"

    /// The store recording the key handles.
    public let store: WalletStore

    /// Records handles in `store`.
    public init(store: WalletStore) { self.store = store }

    /// `secure-enclave`.
    public var name: String { Self.areaName }

    /// P-256 only: the only curve the Secure Enclave offers.
    public var supportedCurves: Set<KeyCurve> { [.p256] }

    /// Whether this device has a Secure Enclave.
    public static var isAvailable: Bool { SecureEnclave.isAvailable }

    /// Generates a key inside the enclave and records its handle.
    public func createKey(curve: KeyCurve) async throws(WalletError) -> SecureAreaKey {
        guard curve == .p256 else { throw .secureAreaUnavailable("the Secure Enclave makes P-256 keys only") }
        guard SecureEnclave.isAvailable else { throw .secureAreaUnavailable("no Secure Enclave on this device") }
        let enclaveKey: SecureEnclave.P256.Signing.PrivateKey
        let publicKey: PublicKey
        do {
            enclaveKey = try SecureEnclave.P256.Signing.PrivateKey()
            publicKey = try PublicKey(rawRepresentation: enclaveKey.publicKey.rawRepresentation, curve: .p256)
        } catch {
            throw .secureAreaUnavailable("key generation failed: \(error)")
        }
        let key = StoredKey(
            id: UUID().uuidString, secureArea: name, curve: .p256, publicKeyDER: publicKey.derRepresentation,
            material: enclaveKey.dataRepresentation, createdAt: Date()
        )
        try await store.saveKey(key)
        return SecureAreaKey(id: key.id, secureArea: name, publicKey: publicKey)
    }

    /// The public half, from the recorded key.
    public func publicKey(keyID: String) async throws(WalletError) -> PublicKey {
        let stored = try await ownKey(keyID)
        do {
            return try PublicKey(derRepresentation: stored.publicKeyDER)
        } catch {
            throw .corruptedRecord(table: "holder_key", id: keyID)
        }
    }

    /// Signs inside the enclave (ES256, raw `r || s`).
    public func sign(_ message: Data, keyID: String, algorithm: SignatureAlgorithm) async throws(WalletError) -> Data {
        guard algorithm == .es256 else { throw .secureAreaUnavailable("the Secure Enclave signs ES256 only") }
        let stored = try await ownKey(keyID)
        do {
            let key = try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: stored.material)
            return try key.signature(for: message).rawRepresentation
        } catch {
            throw .secureAreaUnavailable("Secure Enclave signing failed: \(error)")
        }
    }

    /// Forgets the handle; the enclave key becomes unusable once no copy of the handle exists.
    public func deleteKey(keyID: String) async throws(WalletError) {
        _ = try await ownKey(keyID)
        try await store.deleteKey(id: keyID)
    }

    private func ownKey(_ keyID: String) async throws(WalletError) -> StoredKey {
        try await store.key(id: keyID, ownedBy: name)
    }
}
#endif
