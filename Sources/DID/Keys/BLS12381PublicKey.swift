import Foundation
import JSONModel
import Multiformats

/// A BLS12-381 public key as did:key and Multikey carry it: compressed points in the ZCash
/// serialization (G1: 48 bytes, G2: 96 bytes, G1G2: the two concatenated).
///
/// This library has no BLS12-381 arithmetic, so the key stays opaque bytes: it is checked as
/// far as that is possible without curve math (multicodec, exact length, the compression
/// flag, no point at infinity, field elements below the modulus) so that a document is only
/// built for a well-formed key, but it can never be turned into a `PublicKey`. Callers that
/// ask for one get ``DIDError/unsupportedKeyType(_:)`` or
/// ``DIDResolutionError/unsupportedKeyType(_:)`` with ``unusableForVerification``.
struct BLS12381PublicKey: Sendable, Hashable {
    /// Which group the point is in; `g1g2` is a G1 key followed by a G2 key (one DID for
    /// both, split into two verification methods).
    enum Group: Sendable, Hashable {
        case g1, g2, g1g2
    }

    /// The group.
    let group: Group
    /// The compressed point bytes (both points for `g1g2`).
    let bytes: Data

    /// The BLS12-381 base field modulus p, big-endian, 48 bytes.
    static let fieldModulus: [UInt8] = [
        0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
        0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
        0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
    ]
    /// Bytes of one base field element.
    static let fieldElementLength = 48
    /// The top three bits of a compressed point: compression, infinity, and the sign of y.
    static let compressionFlag: UInt8 = 0x80
    static let infinityFlag: UInt8 = 0x40
    static let flagMask: UInt8 = 0xe0

    /// The group a multicodec names, or `nil` for any other codec.
    static func group(of codec: Multicodec) -> Group? {
        switch codec {
        case .bls12381G1Pub: return .g1
        case .bls12381G2Pub: return .g2
        case .bls12381G1G2Pub: return .g1g2
        default: return nil
        }
    }

    /// Checks the body of a BLS12-381 multicodec key.
    ///
    /// - Throws: ``DIDError/invalidKeyMaterial(reason:)`` for a wrong length, a point that is
    ///   not in compressed form, the point at infinity, or a coordinate not below p.
    init(group: Group, bytes: Data) throws(DIDError) {
        self.group = group
        self.bytes = Data(bytes)
        switch group {
        case .g1, .g2:
            try Self.checkPoint(self.bytes, group: group)
        case .g1g2:
            guard bytes.count == 3 * Self.fieldElementLength else {
                throw .invalidKeyMaterial(reason: "\(name) key must be 144 bytes, got \(bytes.count)")
            }
            for component in components { try Self.checkPoint(component.bytes, group: component.group) }
        }
    }

    /// An unchecked key, for the components of a checked G1G2 key.
    private init(uncheckedGroup group: Group, bytes: Data) {
        self.group = group
        self.bytes = bytes
    }

    /// The single-group keys: the G1 and the G2 key of a G1G2 key, otherwise the key itself.
    var components: [BLS12381PublicKey] {
        guard group == .g1g2 else { return [self] }
        let split = bytes.startIndex + Self.fieldElementLength
        return [
            BLS12381PublicKey(uncheckedGroup: .g1, bytes: Data(bytes[..<split])),
            BLS12381PublicKey(uncheckedGroup: .g2, bytes: Data(bytes[split...])),
        ]
    }

    /// The multicodec of this key.
    var codec: Multicodec {
        switch group {
        case .g1: return .bls12381G1Pub
        case .g2: return .bls12381G2Pub
        case .g1g2: return .bls12381G1G2Pub
        }
    }

    /// The Multikey value (`z3tE…` for G1, `zUC7…` for G2), also the did:key fragment of the key.
    var multikey: String {
        Multibase.encode(Multicodec.prefixed(bytes, code: codec), as: .base58btc)
    }

    /// A human name for messages.
    var name: String {
        switch group {
        case .g1: return "BLS12-381 G1"
        case .g2: return "BLS12-381 G2"
        case .g1g2: return "BLS12-381 G1G2"
        }
    }

    /// The verification method type of the 2020 BLS suite (`Bls12381G1Key2020`,
    /// `Bls12381G2Key2020`); only meaningful for a single-group key.
    var suiteType: String { group == .g1 ? "Bls12381G1Key2020" : "Bls12381G2Key2020" }

    /// The JOSE curve name of the BBS drafts (`BLS12381_G1`, `BLS12381_G2`); only meaningful
    /// for a single-group key.
    var jwkCurve: String { group == .g1 ? "BLS12381_G1" : "BLS12381_G2" }

    /// The public JWK of a single-group key: `kty` `EC`, `crv`, and the compressed point in `x`.
    var jwk: JSONObject {
        var jwk = JSONObject()
        jwk["kty"] = .string("EC")
        jwk["crv"] = .string(jwkCurve)
        jwk["x"] = .string(Base64URL.encode(bytes))
        return jwk
    }

    /// The message of the `unsupportedKeyType` errors: recognised, not usable.
    var unusableForVerification: String {
        "\(name) keys can be resolved but not used for verification (no BLS12-381 support)"
    }

    /// The single group a 2020 BLS suite type or a JOSE curve name fixes.
    static func group(impliedBy name: String) -> Group? {
        switch name {
        case "Bls12381G1Key2020", "BLS12381_G1": return .g1
        case "Bls12381G2Key2020", "BLS12381_G2": return .g2
        default: return nil
        }
    }

    /// Checks one compressed point (ZCash serialization): exact length, compression flag set,
    /// not the point at infinity, and every field element (x, or x.c1 and x.c0 for G2) < p.
    private static func checkPoint(_ point: Data, group: Group) throws(DIDError) {
        let length = group == .g1 ? fieldElementLength : 2 * fieldElementLength
        let kind = group == .g1 ? "BLS12-381 G1" : "BLS12-381 G2"
        guard point.count == length else {
            throw .invalidKeyMaterial(reason: "\(kind) key must be a \(length)-byte compressed point, got \(point.count) bytes")
        }
        let bytes = [UInt8](point)
        guard bytes[0] & compressionFlag != 0 else {
            throw .invalidKeyMaterial(reason: "\(kind) key is not in compressed form (compression flag not set)")
        }
        guard bytes[0] & infinityFlag == 0 else {
            throw .invalidKeyMaterial(reason: "\(kind) key is the point at infinity")
        }
        var elements = bytes
        elements[0] &= ~flagMask
        for start in stride(from: 0, to: length, by: fieldElementLength) {
            guard elements[start..<start + fieldElementLength].lexicographicallyPrecedes(fieldModulus) else {
                throw .invalidKeyMaterial(reason: "\(kind) key has a coordinate that is not below the field modulus")
            }
        }
    }
}
