import Crypto
import CryptoExtras
import Foundation

/// A public key on any curve CryptoKeys supports, or an RSA verification key.
///
/// One value type for every curve lets JOSE, COSE and DID code carry "the issuer's key"
/// without generics, and pick the curve at run time from a JWK, a COSE_Key or a multikey.
/// Construction always validates: a `PublicKey` is a point on its curve (or a well-formed
/// RSA key of at least 2048 bits).
public struct PublicKey: Sendable {
    enum Backing: Sendable {
        case p256(P256.Signing.PublicKey)
        case p384(P384.Signing.PublicKey)
        case p521(P521.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        case x25519(Curve25519.KeyAgreement.PublicKey)
        case secp256k1(Secp256k1.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    let backing: Backing

    init(backing: Backing) {
        self.backing = backing
    }

    /// The curve, or `nil` for an RSA key.
    public var curve: KeyCurve? {
        switch backing {
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        case .ed25519: return .ed25519
        case .x25519: return .x25519
        case .secp256k1: return .secp256k1
        case .rsa: return nil
        }
    }

    /// The JWK key type.
    public var keyType: KeyType { curve?.keyType ?? .rsa }

    /// A short name for messages: the curve name or `RSA`.
    var kindName: String { curve?.rawValue ?? "RSA" }

    // MARK: - Raw and SEC1 encodings

    /// Reads a key's raw form: the 32-byte key for Ed25519/X25519, `x || y` for the
    /// Weierstrass curves (the JWK coordinates concatenated, no prefix).
    public init(rawRepresentation: Data, curve: KeyCurve) throws(CryptoKeysError) {
        switch curve {
        case .ed25519, .x25519:
            guard rawRepresentation.count == 32 else {
                throw .invalidKey(reason: "\(curve.rawValue) public key must be 32 bytes")
            }
            do {
                self.init(backing: curve == .ed25519
                    ? .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation))
                    : .x25519(try Curve25519.KeyAgreement.PublicKey(rawRepresentation: rawRepresentation)))
            } catch {
                throw .invalidKey(reason: "\(curve.rawValue) public key rejected")
            }
        case .p256, .p384, .p521, .secp256k1:
            guard rawRepresentation.count == 2 * curve.coordinateByteCount else {
                throw .invalidKey(reason: "\(curve.rawValue) raw public key must be \(2 * curve.coordinateByteCount) bytes")
            }
            try self.init(sec1Representation: Data([0x04]) + rawRepresentation, curve: curve)
        }
    }

    /// Reads a SEC1 point (`04 || x || y`, or compressed `02/03 || x`, which is
    /// decompressed) on a Weierstrass curve. did:key and COSE use the compressed form.
    public init(sec1Representation bytes: Data, curve: KeyCurve) throws(CryptoKeysError) {
        let size = curve.coordinateByteCount
        guard curve.isWeierstrass else {
            throw .unsupported("SEC1 encoding for \(curve.rawValue)")
        }
        let uncompressed = bytes.count == 1 + 2 * size && bytes.first == 0x04
        let compressed = bytes.count == 1 + size && (bytes.first == 0x02 || bytes.first == 0x03)
        guard uncompressed || compressed else {
            throw .invalidKey(reason: "\(curve.rawValue) SEC1 point has a bad length or prefix")
        }
        do {
            switch curve {
            case .p256:
                self.init(backing: .p256(compressed
                    ? try P256.Signing.PublicKey(compressedRepresentation: bytes)
                    : try P256.Signing.PublicKey(x963Representation: bytes)))
            case .p384:
                self.init(backing: .p384(compressed
                    ? try P384.Signing.PublicKey(compressedRepresentation: bytes)
                    : try P384.Signing.PublicKey(x963Representation: bytes)))
            case .p521:
                self.init(backing: .p521(compressed
                    ? try P521.Signing.PublicKey(compressedRepresentation: bytes)
                    : try P521.Signing.PublicKey(x963Representation: bytes)))
            case .secp256k1:
                self.init(backing: .secp256k1(try Secp256k1.PublicKey(sec1: bytes)))
            case .ed25519, .x25519:
                throw CryptoKeysError.unsupported("SEC1 encoding for \(curve.rawValue)")
            }
        } catch let error as CryptoKeysError {
            throw error
        } catch {
            throw .invalidKey(reason: "\(curve.rawValue) point is not on the curve")
        }
    }

    /// The raw form: 32 bytes for Ed25519/X25519, `x || y` for EC keys; RSA keys have none
    /// and return their PKCS#1 DER.
    public var rawRepresentation: Data {
        switch backing {
        case .p256(let key): return key.rawRepresentation
        case .p384(let key): return key.rawRepresentation
        case .p521(let key): return key.rawRepresentation
        case .ed25519(let key): return key.rawRepresentation
        case .x25519(let key): return key.rawRepresentation
        case .secp256k1(let key): return Data(key.uncompressed.dropFirst())
        case .rsa(let key): return key.pkcs1DERRepresentation
        }
    }

    /// The uncompressed SEC1 point `04 || x || y` (also called X9.63); `nil` for OKP and RSA.
    public var sec1UncompressedRepresentation: Data? {
        switch backing {
        case .p256(let key): return key.x963Representation
        case .p384(let key): return key.x963Representation
        case .p521(let key): return key.x963Representation
        case .secp256k1(let key): return key.uncompressed
        case .ed25519, .x25519, .rsa: return nil
        }
    }

    /// The compressed SEC1 point `02/03 || x`; `nil` for OKP and RSA.
    public var sec1CompressedRepresentation: Data? {
        switch backing {
        case .p256(let key): return key.compressedRepresentation
        case .p384(let key): return key.compressedRepresentation
        case .p521(let key): return key.compressedRepresentation
        case .secp256k1(let key): return key.compressed
        case .ed25519, .x25519, .rsa: return nil
        }
    }

    /// The affine coordinates of an EC key (each `coordinateByteCount` bytes, big-endian),
    /// as JWK `x`/`y` carry them; `nil` for OKP and RSA.
    public var coordinates: (x: Data, y: Data)? {
        guard let curve, curve.isWeierstrass, let point = sec1UncompressedRepresentation else { return nil }
        let size = curve.coordinateByteCount
        let body = Data(point.dropFirst())
        return (Data(body.prefix(size)), Data(body.suffix(size)))
    }

    // MARK: - RSA

    /// Reads an RSA public key from its modulus and exponent (big-endian, as in a JWK).
    /// Keys under 2048 bits are rejected.
    public init(rsaModulus modulus: Data, exponent: Data) throws(CryptoKeysError) {
        do {
            self.init(backing: .rsa(try _RSA.Signing.PublicKey(n: modulus, e: exponent)))
        } catch {
            throw .invalidKey(reason: "RSA key rejected (malformed or under 2048 bits)")
        }
    }

    /// The RSA modulus and exponent, big-endian; `nil` for EC keys.
    public var rsaComponents: (modulus: Data, exponent: Data)? {
        guard case .rsa(let key) = backing, let primitives = try? key.getKeyPrimitives() else { return nil }
        return (primitives.modulus, primitives.publicExponent)
    }
}

extension PublicKey: Equatable, Hashable {
    /// Keys are equal when they are on the same curve with the same point (or are the same
    /// RSA key), whatever encoding they were read from.
    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.curve == rhs.curve && lhs.rawRepresentation == rhs.rawRepresentation
    }

    /// Hashes the curve and raw key, matching `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(curve)
        hasher.combine(rawRepresentation)
    }
}
