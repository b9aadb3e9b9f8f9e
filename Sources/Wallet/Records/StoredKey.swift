import CryptoKeys
import Foundation

/// A holder key as the wallet records it, for a ``SecureArea`` to use.
///
/// `material` is whatever the secure area needs to use the key again: the private key
/// bytes for ``SoftwareSecureArea``, an opaque hardware handle for the Secure Enclave. The
/// whole record is encrypted at rest either way.
public struct StoredKey: Sendable, Hashable, Identifiable {
    /// The key id (a random UUID unless the secure area chose one).
    public let id: String
    /// The name of the secure area that owns the key.
    public let secureArea: String
    /// The key's curve.
    public let curve: KeyCurve
    /// The public key, SubjectPublicKeyInfo DER.
    public let publicKeyDER: Data
    /// The private key bytes or hardware handle.
    public let material: Data
    /// When the key was made.
    public let createdAt: Date

    /// Describes a key to record.
    public init(id: String, secureArea: String, curve: KeyCurve, publicKeyDER: Data, material: Data, createdAt: Date) {
        self.id = id
        self.secureArea = secureArea
        self.curve = curve
        self.publicKeyDER = publicKeyDER
        self.material = material
        self.createdAt = createdAt
    }
}

/// The encrypted part of a key row.
struct StoredKeyBody: Codable {
    var curve: KeyCurve
    var publicKeyDER: Data
    var material: Data
}
