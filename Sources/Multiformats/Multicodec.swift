import Foundation

/// A multicodec code: the varint tag that says what a byte string is (an Ed25519 public key,
/// a P-256 private key, ...).
///
/// `did:key` and Multikey values are `multibase(varint(code) || key bytes)`, so reading one
/// means splitting off this tag and dispatching on it. Only the key-related codes are listed;
/// ``split(_:)`` rejects any other code rather than guessing.
public struct Multicodec: Sendable, Hashable, CustomStringConvertible {
    /// The numeric code from the multicodec table.
    public let code: UInt64
    /// The name from the multicodec table, e.g. `ed25519-pub`.
    public let name: String

    init(_ name: String, _ code: UInt64) {
        self.name = name
        self.code = code
    }

    /// Looks a code up in ``known``.
    ///
    /// - Throws: ``MultiformatsError/unknownMulticodec(_:)`` for codes not in the table.
    public init(code: UInt64) throws(MultiformatsError) {
        guard let entry = Self.byCode[code] else { throw .unknownMulticodec(code) }
        self = entry
    }

    /// The table name and the hex code, e.g. `ed25519-pub (0xed)`, for messages and logs.
    public var description: String { "\(name) (0x\(String(code, radix: 16)))" }

    /// The varint encoding of ``code``, the bytes put in front of a key.
    public var prefix: [UInt8] { Varint.encodeUnchecked(code) }

    /// `secp256k1-pub`: a public key (multicodec table, `key` tag).
    public static let secp256k1Pub = Multicodec("secp256k1-pub", 0xe7)
    /// `bls12_381-g1-pub`: a public key (multicodec table, `key` tag).
    public static let bls12381G1Pub = Multicodec("bls12_381-g1-pub", 0xea)
    /// `bls12_381-g2-pub`: a public key (multicodec table, `key` tag).
    public static let bls12381G2Pub = Multicodec("bls12_381-g2-pub", 0xeb)
    /// `bls12_381-g1g2-pub`: a G1 and a G2 public key concatenated (multicodec table, `key` tag).
    public static let bls12381G1G2Pub = Multicodec("bls12_381-g1g2-pub", 0xee)
    /// `x25519-pub`: a public key (multicodec table, `key` tag).
    public static let x25519Pub = Multicodec("x25519-pub", 0xec)
    /// `ed25519-pub`: a public key (multicodec table, `key` tag).
    public static let ed25519Pub = Multicodec("ed25519-pub", 0xed)
    /// `p256-pub`: a public key (multicodec table, `key` tag).
    public static let p256Pub = Multicodec("p256-pub", 0x1200)
    /// `p384-pub`: a public key (multicodec table, `key` tag).
    public static let p384Pub = Multicodec("p384-pub", 0x1201)
    /// `p521-pub`: a public key (multicodec table, `key` tag).
    public static let p521Pub = Multicodec("p521-pub", 0x1202)
    /// `ed448-pub`: a public key (multicodec table, `key` tag).
    public static let ed448Pub = Multicodec("ed448-pub", 0x1203)
    /// `x448-pub`: a public key (multicodec table, `key` tag).
    public static let x448Pub = Multicodec("x448-pub", 0x1204)
    /// `rsa-pub`: a public key (multicodec table, `key` tag).
    public static let rsaPub = Multicodec("rsa-pub", 0x1205)
    /// `jwk_jcs-pub`: a public key (multicodec table, `key` tag).
    public static let jwkJCSPub = Multicodec("jwk_jcs-pub", 0xeb51)

    /// `ed25519-priv`: a private key (multicodec table, `key` tag).
    public static let ed25519Priv = Multicodec("ed25519-priv", 0x1300)
    /// `secp256k1-priv`: a private key (multicodec table, `key` tag).
    public static let secp256k1Priv = Multicodec("secp256k1-priv", 0x1301)
    /// `x25519-priv`: a private key (multicodec table, `key` tag).
    public static let x25519Priv = Multicodec("x25519-priv", 0x1302)
    /// `rsa-priv`: a private key (multicodec table, `key` tag).
    public static let rsaPriv = Multicodec("rsa-priv", 0x1305)
    /// `p256-priv`: a private key (multicodec table, `key` tag).
    public static let p256Priv = Multicodec("p256-priv", 0x1306)
    /// `p384-priv`: a private key (multicodec table, `key` tag).
    public static let p384Priv = Multicodec("p384-priv", 0x1307)
    /// `p521-priv`: a private key (multicodec table, `key` tag).
    public static let p521Priv = Multicodec("p521-priv", 0x1308)
    /// `bls12_381-g1-priv`: a private key (multicodec table, `key` tag).
    public static let bls12381G1Priv = Multicodec("bls12_381-g1-priv", 0x1309)
    /// `bls12_381-g2-priv`: a private key (multicodec table, `key` tag).
    public static let bls12381G2Priv = Multicodec("bls12_381-g2-priv", 0x130a)
    /// `ed448-priv`: a private key (multicodec table, `key` tag).
    public static let ed448Priv = Multicodec("ed448-priv", 0x1311)
    /// `x448-priv`: a private key (multicodec table, `key` tag).
    public static let x448Priv = Multicodec("x448-priv", 0x1312)
    /// `jwk_jcs-priv`: a private key (multicodec table, `key` tag).
    public static let jwkJCSPriv = Multicodec("jwk_jcs-priv", 0x1316)

    /// Every code this library recognises.
    public static let known: [Multicodec] = [
        secp256k1Pub, bls12381G1Pub, bls12381G2Pub, bls12381G1G2Pub, x25519Pub, ed25519Pub, p256Pub, p384Pub, p521Pub,
        ed448Pub, x448Pub, rsaPub, jwkJCSPub,
        ed25519Priv, secp256k1Priv, x25519Priv, rsaPriv, p256Priv, p384Priv, p521Priv, bls12381G1Priv,
        bls12381G2Priv, ed448Priv, x448Priv, jwkJCSPriv,
    ]

    private static let byCode: [UInt64: Multicodec] = Dictionary(
        known.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// `varint(code) || bytes`.
    public static func prefixed<Bytes: Sequence>(_ bytes: Bytes, code: Multicodec) -> Data
    where Bytes.Element == UInt8 {
        var output = Data(code.prefix)
        output.append(contentsOf: bytes)
        return output
    }

    /// Splits `varint(code) || rest` into the codec and the rest.
    ///
    /// - Throws: ``MultiformatsError/invalidVarint`` for a malformed prefix,
    ///   ``MultiformatsError/unknownMulticodec(_:)`` for a code not in ``known``.
    public static func split(_ data: Data) throws(MultiformatsError) -> (codec: Multicodec, rest: Data) {
        let (code, length) = try Varint.decode(data)
        let codec = try Multicodec(code: code)
        return (codec, Data(data.dropFirst(length)))
    }
}
