import CryptoKeys
import Foundation

/// A key to encrypt a JWE to, or to decrypt one with, optionally pinned to one
/// key-management algorithm.
///
/// Encryption takes a recipient's ``publicKey(_:)`` (ECDH-ES family) or a shared
/// ``symmetric(_:)`` key (`dir`, `A*KW`, `A*GCMKW`); decryption takes the recipient's
/// ``privateKey(_:)`` or the shared key. A key read from a JWK with an `alg` may only be
/// used with that algorithm, so an `A256GCMKW` key is never used for `A256KW`.
public struct JWEKey: Sendable {
    /// The key material.
    public enum Material: Sendable {
        /// A recipient's public key (P-256, P-384, P-521 or X25519), for encrypting.
        case publicKey(PublicKey)
        /// The recipient's own private key, for decrypting.
        case privateKey(PrivateKey)
        /// A shared symmetric key.
        case symmetric(Data)
    }

    /// The key material.
    public var material: Material
    /// The only key-management algorithm this key may be used with, or `nil` for any that
    /// fits the key.
    public var algorithm: JWEKeyManagementAlgorithm?

    /// A key with the given material and optional algorithm pin.
    public init(_ material: Material, algorithm: JWEKeyManagementAlgorithm? = nil) {
        self.material = material
        self.algorithm = algorithm
    }

    /// A recipient's public key, for encrypting.
    public static func publicKey(_ key: PublicKey) -> JWEKey { JWEKey(.publicKey(key)) }
    /// The recipient's private key, for decrypting.
    public static func privateKey(_ key: PrivateKey) -> JWEKey { JWEKey(.privateKey(key)) }
    /// A shared symmetric key.
    public static func symmetric(_ key: Data) -> JWEKey { JWEKey(.symmetric(key)) }

    /// The key a JWK describes: private if it has `d`, symmetric for `oct`, else public.
    /// A key marked `use: sig` is refused; an `alg` naming a key-management algorithm pins
    /// the key to it (an `enc` name, as RFC 7520 §5.6 uses for a `dir` key, pins `dir`).
    public init(jwk: JWK) throws(JOSEError) {
        if let use = jwk.use, use != "enc" {
            throw .keyMismatch(algorithm: "encryption", key: "use=\(use)")
        }
        var pinned: JWEKeyManagementAlgorithm?
        if let name = jwk.alg {
            if let algorithm = JWEKeyManagementAlgorithm(rawValue: name) {
                pinned = algorithm
            } else if JWEContentEncryptionAlgorithm(rawValue: name) != nil {
                pinned = .direct
            } else {
                throw .unsupportedAlgorithm(name)
            }
        }
        let material: Material
        do throws(CryptoKeysError) {
            switch jwk.kty {
            case .oct: material = .symmetric(try jwk.symmetricKey())
            case .ec, .okp: material = jwk.d != nil ? .privateKey(try jwk.privateKey()) : .publicKey(try jwk.publicKey())
            case .rsa: throw CryptoKeysError.unsupported("RSA key management")
            }
        } catch {
            throw .crypto(error)
        }
        self.init(material, algorithm: pinned)
    }

    /// Throws unless the key may be used with `algorithm`.
    func checkPinned(_ algorithm: JWEKeyManagementAlgorithm) throws(JOSEError) {
        if let pinned = self.algorithm, pinned != algorithm {
            throw .keyMismatch(algorithm: algorithm.rawValue, key: "key pinned to \(pinned.rawValue)")
        }
    }

    var kindName: String {
        switch material {
        case .publicKey(let key): return "\(key.curve?.rawValue ?? "RSA") public"
        case .privateKey(let key): return "\(key.curve.rawValue) private"
        case .symmetric(let key): return "\(key.count)-byte symmetric"
        }
    }
}
