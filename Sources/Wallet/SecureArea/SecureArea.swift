import CryptoKeys
import Foundation

/// Where holder keys live and are used: software, the Secure Enclave, an HSM.
///
/// The wallet never handles private key bytes itself; it asks a secure area to make a key,
/// to tell its public half, and to sign. Signing goes through CryptoKeys' async ``Signer``,
/// so JOSE and COSE code signs with a hardware key exactly as with a software one.
public protocol SecureArea: Sendable {
    /// A stable name, recorded with each key (`software`, `secure-enclave`).
    var name: String { get }
    /// The curves this area can make keys on.
    var supportedCurves: Set<KeyCurve> { get }

    /// Makes a new key on `curve` and records it in the wallet.
    func createKey(curve: KeyCurve) async throws(WalletError) -> SecureAreaKey
    /// The public half of key `keyID`.
    func publicKey(keyID: String) async throws(WalletError) -> PublicKey
    /// Signs `message` with key `keyID` (the JOSE form: raw `r || s` for ECDSA).
    func sign(_ message: Data, keyID: String, algorithm: SignatureAlgorithm) async throws(WalletError) -> Data
    /// Destroys key `keyID`.
    func deleteKey(keyID: String) async throws(WalletError)
    /// Takes in a key made elsewhere (the holder key of an imported credential) and records
    /// it; an area whose keys never leave hardware cannot, and says so.
    func importKey(_ privateKey: PrivateKey) async throws(WalletError) -> SecureAreaKey
    /// Evidence from the area about its keys (a key attestation JWT, for example), when it
    /// can give any; nil otherwise.
    func keyAttestation(keyIDs: [String], nonce: String?) async throws(WalletError) -> Data?
}

extension SecureArea {
    /// No attestation unless the area provides one.
    public func keyAttestation(keyIDs: [String], nonce: String?) async throws(WalletError) -> Data? { nil }

    /// Refused unless the area can hold keys made elsewhere.
    public func importKey(_ privateKey: PrivateKey) async throws(WalletError) -> SecureAreaKey {
        throw .secureAreaUnavailable("the \(name) area keeps only keys it made itself")
    }

    /// A ``Signer`` for key `keyID` whose every signature is made by this area.
    public func signer(keyID: String, algorithm: SignatureAlgorithm? = nil) async throws(WalletError) -> SecureAreaSigner {
        let publicKey = try await publicKey(keyID: keyID)
        guard let curve = publicKey.curve,
              let chosen = algorithm ?? SignatureAlgorithm.defaultAlgorithm(for: curve),
              chosen.curve == curve
        else { throw .secureAreaUnavailable("no signature algorithm fits key \(keyID)") }
        return SecureAreaSigner(area: self, keyID: keyID, publicKey: publicKey, algorithm: chosen)
    }
}

/// A key made by a ``SecureArea``: its id and public half.
public struct SecureAreaKey: Sendable, Hashable {
    /// The key id, used with the area and recorded on credentials bound to the key.
    public let id: String
    /// The name of the area that holds the private half.
    public let secureArea: String
    /// The public key.
    public let publicKey: PublicKey
}

/// A ``Signer`` that asks a ``SecureArea`` for each signature, so the private key never
/// leaves the area (nor, for a software area, stays decrypted between signatures).
public struct SecureAreaSigner: Signer {
    /// The area holding the key.
    public let area: any SecureArea
    /// The key's id in that area.
    public let keyID: String?
    /// The public key.
    public let publicKey: PublicKey
    /// The algorithm every signature uses.
    public let algorithm: SignatureAlgorithm

    init(area: any SecureArea, keyID: String, publicKey: PublicKey, algorithm: SignatureAlgorithm) {
        self.area = area
        self.keyID = keyID
        self.publicKey = publicKey
        self.algorithm = algorithm
    }

    /// Signs through the area.
    public func sign(_ message: Data) async throws -> Data {
        guard let keyID else { throw WalletError.invalidInput("signer has no key id") }
        return try await area.sign(message, keyID: keyID, algorithm: algorithm)
    }
}
