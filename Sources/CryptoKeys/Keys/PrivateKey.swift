import Crypto
import Foundation

/// A private key on any supported curve, held in memory by this process.
///
/// Keys that live in a Secure Enclave or an HSM are not `PrivateKey`s: they conform to
/// ``Signer`` instead. `PrivateKey` is for software keys (tests, holder keys the app keeps
/// in its own encrypted store, ephemeral ECDH keys).
public struct PrivateKey: Sendable {
    enum Backing: Sendable {
        case p256(P256.Signing.PrivateKey)
        case p384(P384.Signing.PrivateKey)
        case p521(P521.Signing.PrivateKey)
        case ed25519(Curve25519.Signing.PrivateKey)
        case x25519(Curve25519.KeyAgreement.PrivateKey)
        case secp256k1(Secp256k1.PrivateKey)
    }

    let backing: Backing

    init(backing: Backing) {
        self.backing = backing
    }

    /// Generates a fresh key on `curve` from the system's secure random number generator.
    public init(curve: KeyCurve) {
        switch curve {
        case .p256: self.init(backing: .p256(P256.Signing.PrivateKey()))
        case .p384: self.init(backing: .p384(P384.Signing.PrivateKey()))
        case .p521: self.init(backing: .p521(P521.Signing.PrivateKey()))
        case .ed25519: self.init(backing: .ed25519(Curve25519.Signing.PrivateKey()))
        case .x25519: self.init(backing: .x25519(Curve25519.KeyAgreement.PrivateKey()))
        case .secp256k1: self.init(backing: .secp256k1(Secp256k1.PrivateKey()))
        }
    }

    /// Reads a private key's raw form: the big-endian scalar `d` (exactly
    /// `coordinateByteCount` bytes) for EC curves, the 32-byte seed for Ed25519 and the
    /// 32-byte scalar for X25519 — what a JWK's `d` member holds.
    public init(rawRepresentation raw: Data, curve: KeyCurve) throws(CryptoKeysError) {
        guard raw.count == curve.coordinateByteCount else {
            throw .invalidKey(reason: "\(curve.rawValue) private key must be \(curve.coordinateByteCount) bytes")
        }
        do {
            switch curve {
            case .p256: self.init(backing: .p256(try P256.Signing.PrivateKey(rawRepresentation: raw)))
            case .p384: self.init(backing: .p384(try P384.Signing.PrivateKey(rawRepresentation: raw)))
            case .p521: self.init(backing: .p521(try P521.Signing.PrivateKey(rawRepresentation: raw)))
            case .ed25519: self.init(backing: .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: raw)))
            case .x25519: self.init(backing: .x25519(try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: raw)))
            case .secp256k1: self.init(backing: .secp256k1(try Secp256k1.PrivateKey(scalar: raw)))
            }
        } catch let error as CryptoKeysError {
            throw error
        } catch {
            throw .invalidKey(reason: "\(curve.rawValue) private key out of range")
        }
    }

    /// The curve.
    public var curve: KeyCurve {
        switch backing {
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        case .ed25519: return .ed25519
        case .x25519: return .x25519
        case .secp256k1: return .secp256k1
        }
    }

    /// The raw private key (see ``init(rawRepresentation:curve:)``). Handle with care.
    public var rawRepresentation: Data {
        switch backing {
        case .p256(let key): return key.rawRepresentation
        case .p384(let key): return key.rawRepresentation
        case .p521(let key): return key.rawRepresentation
        case .ed25519(let key): return key.rawRepresentation
        case .x25519(let key): return key.rawRepresentation
        case .secp256k1(let key): return key.scalar
        }
    }

    /// The matching public key.
    public var publicKey: PublicKey {
        switch backing {
        case .p256(let key): return PublicKey(backing: .p256(key.publicKey))
        case .p384(let key): return PublicKey(backing: .p384(key.publicKey))
        case .p521(let key): return PublicKey(backing: .p521(key.publicKey))
        case .ed25519(let key): return PublicKey(backing: .ed25519(key.publicKey))
        case .x25519(let key): return PublicKey(backing: .x25519(key.publicKey))
        case .secp256k1(let key): return PublicKey(backing: .secp256k1(key.publicKey))
        }
    }

    // MARK: - PKCS#8

    /// Reads a DER PKCS#8 PrivateKeyInfo (RFC 5208/5958) for P-256/384/521, Ed25519 or X25519.
    public init(derRepresentation der: Data) throws(CryptoKeysError) {
        guard der.count <= 4096 else { throw .invalidKey(reason: "PKCS#8 too large") }
        if der.count == PKCS8.ed25519Prefix.count + 32, der.starts(with: PKCS8.ed25519Prefix) {
            try self.init(rawRepresentation: Data(der.suffix(32)), curve: .ed25519)
        } else if der.count == PKCS8.x25519Prefix.count + 32, der.starts(with: PKCS8.x25519Prefix) {
            try self.init(rawRepresentation: Data(der.suffix(32)), curve: .x25519)
        } else if let key = try? P256.Signing.PrivateKey(derRepresentation: der) {
            self.init(backing: .p256(key))
        } else if let key = try? P384.Signing.PrivateKey(derRepresentation: der) {
            self.init(backing: .p384(key))
        } else if let key = try? P521.Signing.PrivateKey(derRepresentation: der) {
            self.init(backing: .p521(key))
        } else {
            throw .invalidKey(reason: "unrecognised or malformed PKCS#8 private key")
        }
    }

    /// Reads a PEM `PRIVATE KEY` (PKCS#8) or, for NIST curves, `EC PRIVATE KEY` block.
    public init(pemRepresentation pem: String) throws(CryptoKeysError) {
        if pem.contains("BEGIN EC PRIVATE KEY") {
            if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) {
                self.init(backing: .p256(key))
            } else if let key = try? P384.Signing.PrivateKey(pemRepresentation: pem) {
                self.init(backing: .p384(key))
            } else if let key = try? P521.Signing.PrivateKey(pemRepresentation: pem) {
                self.init(backing: .p521(key))
            } else {
                throw .invalidKey(reason: "malformed EC PRIVATE KEY")
            }
            return
        }
        try self.init(derRepresentation: PEM.decode(pem, label: "PRIVATE KEY"))
    }

    /// The DER PKCS#8 encoding; secp256k1 keys have none here and throw.
    public func derRepresentation() throws(CryptoKeysError) -> Data {
        switch backing {
        case .p256(let key): return key.derRepresentation
        case .p384(let key): return key.derRepresentation
        case .p521(let key): return key.derRepresentation
        case .ed25519(let key): return PKCS8.ed25519Prefix + key.rawRepresentation
        case .x25519(let key): return PKCS8.x25519Prefix + key.rawRepresentation
        case .secp256k1: throw .unsupported("PKCS#8 export of secp256k1 keys")
        }
    }

    /// The PEM `PRIVATE KEY` (PKCS#8) block.
    public func pemRepresentation() throws(CryptoKeysError) -> String {
        PEM.encode(try derRepresentation(), label: "PRIVATE KEY")
    }
}

/// The fixed PKCS#8 headers for the RFC 8410 keys (version 0, algorithm OID, OCTET STRING
/// wrapping the 32-byte CurvePrivateKey OCTET STRING).
enum PKCS8 {
    static let ed25519Prefix = Data([
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ])
    static let x25519Prefix = Data([
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20,
    ])
}
