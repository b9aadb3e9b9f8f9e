import Foundation
import Multiformats

/// A JSON Web Key (RFC 7517), with the members of RFC 7518 §6 and RFC 8037.
///
/// Key material (`x`, `y`, `d`, `n`, `e`, `k`) is held decoded, so a `JWK` that exists has
/// passed strict base64url decoding (no padding, no `+`/`/`, no stray trailing bits);
/// whether the members make a valid key is checked when you ask for one with
/// ``publicKey()`` or ``privateKey()``. Members this type does not model are dropped.
public struct JWK: Sendable, Hashable, Codable {
    /// `kty`: the key type.
    public var kty: KeyType
    /// `crv`: the curve name for EC and OKP keys. Kept as text so keys on curves this
    /// module does not support (Ed448, X448, brainpool) still decode.
    public var crv: String?
    /// `x`: the x coordinate (EC) or the public key (OKP).
    public var x: Data?
    /// `y`: the y coordinate (EC only).
    public var y: Data?
    /// `d`: the private scalar (EC), seed (Ed25519) or private exponent (RSA).
    public var d: Data?
    /// `n`: the RSA modulus.
    public var n: Data?
    /// `e`: the RSA public exponent.
    public var e: Data?
    /// `k`: the symmetric key value (`oct`).
    public var k: Data?
    /// `kid`: the key identifier.
    public var kid: String?
    /// `alg`: the algorithm the key is meant for.
    public var alg: String?
    /// `use`: `sig` or `enc`.
    public var use: String?
    /// `key_ops`: the operations the key may be used for.
    public var keyOps: [String]?
    /// `x5c`: the certificate chain, standard base64 DER, leaf first.
    public var x5c: [String]?
    /// `x5t`: SHA-1 certificate thumbprint (base64url text, kept as given).
    public var x5t: String?
    /// `x5t#S256`: SHA-256 certificate thumbprint (base64url text, kept as given).
    public var x5tS256: String?
    /// `x5u`: URL of the certificate chain.
    public var x5u: String?

    /// Makes a JWK from its members; only `kty` is required.
    public init(
        kty: KeyType, crv: String? = nil, x: Data? = nil, y: Data? = nil, d: Data? = nil,
        n: Data? = nil, e: Data? = nil, k: Data? = nil, kid: String? = nil, alg: String? = nil,
        use: String? = nil, keyOps: [String]? = nil, x5c: [String]? = nil, x5t: String? = nil,
        x5tS256: String? = nil, x5u: String? = nil
    ) {
        self.kty = kty
        self.crv = crv
        self.x = x
        self.y = y
        self.d = d
        self.n = n
        self.e = e
        self.k = k
        self.kid = kid
        self.alg = alg
        self.use = use
        self.keyOps = keyOps
        self.x5c = x5c
        self.x5t = x5t
        self.x5tS256 = x5tS256
        self.x5u = x5u
    }

    /// The largest JWK JSON ``init(jsonData:)`` reads.
    public static let maximumJSONByteCount = 65_536

    /// Decodes a JWK from JSON, mapping every failure to ``CryptoKeysError/invalidJWK(reason:)``.
    public init(jsonData: Data) throws(CryptoKeysError) {
        guard jsonData.count <= Self.maximumJSONByteCount else { throw .invalidJWK(reason: "JWK too large") }
        do {
            self = try JSONDecoder().decode(JWK.self, from: jsonData)
        } catch let error as CryptoKeysError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalidJWK(reason: context.debugDescription)
        } catch {
            throw .invalidJWK(reason: "not a JWK JSON object")
        }
    }

    /// The JWK as compact JSON with sorted member names.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The same key with every private member (`d`, `k`) removed.
    public var publicOnly: JWK {
        var copy = self
        copy.d = nil
        copy.k = nil
        return copy
    }

    /// Whether the JWK carries private or secret material.
    public var isPrivate: Bool { d != nil || k != nil }

    enum CodingKeys: String, CodingKey {
        case kty, crv, x, y, d, n, e, k, kid, alg, use, x5c, x5t, x5u
        case keyOps = "key_ops"
        case x5tS256 = "x5t#S256"
    }

    /// Reads a JWK object; members this type does not model are ignored, as RFC 7517 §4 asks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ktyText = try container.decode(String.self, forKey: .kty)
        guard let kty = KeyType(rawValue: ktyText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kty, in: container, debugDescription: "unsupported kty \(ktyText)")
        }
        func bytes(_ key: CodingKeys) throws -> Data? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            do {
                return try Base64URL.decode(text)
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\(key.rawValue) is not strict base64url")
            }
        }
        self.init(
            kty: kty,
            crv: try container.decodeIfPresent(String.self, forKey: .crv),
            x: try bytes(.x), y: try bytes(.y), d: try bytes(.d),
            n: try bytes(.n), e: try bytes(.e), k: try bytes(.k),
            kid: try container.decodeIfPresent(String.self, forKey: .kid),
            alg: try container.decodeIfPresent(String.self, forKey: .alg),
            use: try container.decodeIfPresent(String.self, forKey: .use),
            keyOps: try container.decodeIfPresent([String].self, forKey: .keyOps),
            x5c: try container.decodeIfPresent([String].self, forKey: .x5c),
            x5t: try container.decodeIfPresent(String.self, forKey: .x5t),
            x5tS256: try container.decodeIfPresent(String.self, forKey: .x5tS256),
            x5u: try container.decodeIfPresent(String.self, forKey: .x5u))
        if let x5c, x5c.count > 32 {
            throw DecodingError.dataCorruptedError(
                forKey: .x5c, in: container, debugDescription: "x5c has more than 32 certificates")
        }
    }

    /// Writes the JWK object with only the members that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kty.rawValue, forKey: .kty)
        try container.encodeIfPresent(crv, forKey: .crv)
        try container.encodeIfPresent(x.map { Base64URL.encode($0) }, forKey: .x)
        try container.encodeIfPresent(y.map { Base64URL.encode($0) }, forKey: .y)
        try container.encodeIfPresent(d.map { Base64URL.encode($0) }, forKey: .d)
        try container.encodeIfPresent(n.map { Base64URL.encode($0) }, forKey: .n)
        try container.encodeIfPresent(e.map { Base64URL.encode($0) }, forKey: .e)
        try container.encodeIfPresent(k.map { Base64URL.encode($0) }, forKey: .k)
        try container.encodeIfPresent(kid, forKey: .kid)
        try container.encodeIfPresent(alg, forKey: .alg)
        try container.encodeIfPresent(use, forKey: .use)
        try container.encodeIfPresent(keyOps, forKey: .keyOps)
        try container.encodeIfPresent(x5c, forKey: .x5c)
        try container.encodeIfPresent(x5t, forKey: .x5t)
        try container.encodeIfPresent(x5tS256, forKey: .x5tS256)
        try container.encodeIfPresent(x5u, forKey: .x5u)
    }
}
