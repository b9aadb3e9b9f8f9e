import Foundation
import Multiformats

extension PublicKey {
    /// Reads multicodec-prefixed key bytes (the body of a did:key or a Multikey
    /// `publicKeyMultibase` after multibase decoding). EC keys must be compressed, as the
    /// did:key specification requires.
    ///
    /// The prefix is read with Multiformats' ``Multiformats/Multicodec/split(_:)``, so a
    /// non-minimal or overlong varint is refused exactly as everywhere else in Vellum.
    public init(multicodec bytes: Data) throws(CryptoKeysError) {
        guard bytes.count <= 4096 else { throw .invalidKey(reason: "multicodec key too large") }
        let codec: Multicodec, body: Data
        do throws(MultiformatsError) {
            (codec, body) = try Multicodec.split(bytes)
        } catch .unknownMulticodec(let code) {
            throw .unsupported("multicodec 0x\(String(code, radix: 16))")
        } catch {
            throw .invalidKey(reason: "malformed multicodec varint")
        }
        switch codec {
        case .ed25519Pub: try self.init(rawRepresentation: body, curve: .ed25519)
        case .x25519Pub: try self.init(rawRepresentation: body, curve: .x25519)
        case .rsaPub:
            guard let key = try? PublicKey(derRepresentation: body), key.keyType == .rsa else {
                throw .invalidKey(reason: "multicodec rsa-pub is not an RSA PKCS#1 key")
            }
            self = key
        default:
            guard let curve = Self.weierstrassCurves[codec] else {
                throw .unsupported("multicodec \(codec.name)")
            }
            guard body.count == 1 + curve.coordinateByteCount else {
                throw .invalidKey(reason: "multicodec \(curve.rawValue) key must be a compressed point")
            }
            try self.init(sec1Representation: body, curve: curve)
        }
    }

    /// The EC curves whose multicodec keys are compressed SEC1 points.
    private static let weierstrassCurves: [Multicodec: KeyCurve] = [
        .secp256k1Pub: .secp256k1, .p256Pub: .p256, .p384Pub: .p384, .p521Pub: .p521,
    ]

    /// The multicodec code for this key (`ed25519-pub`, `p256-pub`, `rsa-pub`, ...), the tag
    /// did:key and Multikey put before the key bytes.
    public var multicodec: Multicodec {
        switch curve {
        case .ed25519: return .ed25519Pub
        case .x25519: return .x25519Pub
        case .secp256k1: return .secp256k1Pub
        case .p256: return .p256Pub
        case .p384: return .p384Pub
        case .p521: return .p521Pub
        case nil: return .rsaPub
        }
    }

    /// The varint multicodec prefix followed by the key: raw for OKP, compressed SEC1 for
    /// EC, PKCS#1 DER for RSA.
    public var multicodecBytes: Data {
        Multicodec.prefixed(sec1CompressedRepresentation ?? rawRepresentation, code: multicodec)
    }
}
