import CBOR
import Foundation

/// A COSE_Key (RFC 9052 §7, RFC 9053 §7): a key written as a CBOR map.
///
/// ISO 18013-5 carries the holder's `DeviceKey` in the MSO and the reader's and device's
/// ephemeral keys in the session establishment this way. Reading is strict: the key type
/// decides which parameters must be present, coordinates must have exactly the curve's
/// length, and a private part must match the public part it comes with. Parameters this
/// library does not interpret are kept in ``additionalParameters``.
public struct COSEKey: Sendable, Equatable {
    /// The `y` parameter of an EC2 key: the coordinate, or only its sign bit (point compression).
    public enum YCoordinate: Sendable, Hashable {
        /// The full y coordinate, big-endian, the curve's coordinate length.
        case coordinate(Data)
        /// The least significant bit of y (`true` when y is odd), with x it names the point.
        case signBit(Bool)
    }

    /// `kty` (1).
    public var keyType: COSEKeyType
    /// `kid` (2).
    public var keyID: Data?
    /// `alg` (3): when present, the only algorithm the key may be used with.
    public var algorithm: COSEAlgorithm?
    /// `key_ops` (4), as written.
    public var keyOperations: [CBOR]?
    /// `Base IV` (5).
    public var baseIV: Data?
    /// `crv` (-1) of an EC2 or OKP key.
    public var curve: COSECurve?
    /// `x` (-2) of an EC2 or OKP key.
    public var x: Data?
    /// `y` (-3) of an EC2 key.
    public var y: YCoordinate?
    /// `d` (-4): the private scalar or seed of an EC2 or OKP key.
    public var d: Data?
    /// `k` (-1): the secret of a symmetric key.
    public var k: Data?
    /// Every other parameter, in the order read.
    public var additionalParameters: [(label: CBOR, value: CBOR)]

    /// Makes a key from its parameters without checking them; ``validate()`` checks, and
    /// reading from CBOR always does.
    public init(
        keyType: COSEKeyType, keyID: Data? = nil, algorithm: COSEAlgorithm? = nil,
        curve: COSECurve? = nil, x: Data? = nil, y: YCoordinate? = nil, d: Data? = nil, k: Data? = nil
    ) {
        self.keyType = keyType
        self.keyID = keyID
        self.algorithm = algorithm
        self.curve = curve
        self.x = x
        self.y = y
        self.d = d
        self.k = k
        additionalParameters = []
    }

    /// Whether the key holds a private or secret part.
    public var isPrivate: Bool { d != nil || k != nil }

    /// The same key without its private part (`d`), for publishing.
    public var publicKeyOnly: COSEKey {
        var copy = self
        copy.d = nil
        return copy
    }

    /// Keys are equal when every parameter is, additional ones compared in order.
    public static func == (lhs: COSEKey, rhs: COSEKey) -> Bool {
        lhs.keyType == rhs.keyType && lhs.keyID == rhs.keyID && lhs.algorithm == rhs.algorithm
            && lhs.keyOperations == rhs.keyOperations && lhs.baseIV == rhs.baseIV
            && lhs.curve == rhs.curve && lhs.x == rhs.x && lhs.y == rhs.y && lhs.d == rhs.d && lhs.k == rhs.k
            && lhs.additionalParameters.count == rhs.additionalParameters.count
            && zip(lhs.additionalParameters, rhs.additionalParameters).allSatisfy {
                $0.label == $1.label && $0.value == $1.value
            }
    }

    /// Checks the parameters fit the key type (RFC 9053 §7): which must be present, which
    /// must not, and their lengths. Does not check that the point is on the curve; that
    /// happens when the key is converted with ``publicKey()``.
    public func validate() throws(COSEError) {
        switch keyType {
        case .ec2:
            guard let curve, curve.keyType == .ec2 else {
                throw .invalidKey("EC2 key needs an EC2 curve, found \(curve.map { "\($0)" } ?? "none")")
            }
            guard let size = curve.keyCurve?.coordinateByteCount else {
                throw .invalidKey("unsupported curve \(curve)")
            }
            guard x?.count == size else { throw .invalidKey("EC2 x must be \(size) bytes") }
            switch y {
            case .coordinate(let bytes)? where bytes.count == size: break
            case .signBit?: break
            case .coordinate?: throw .invalidKey("EC2 y must be \(size) bytes")
            case nil: throw .invalidKey("EC2 key needs y")
            }
            if let d, d.count != size { throw .invalidKey("EC2 d must be \(size) bytes") }
            guard k == nil else { throw .invalidKey("EC2 key has a symmetric k") }
        case .okp:
            guard let curve, curve.keyType == .okp else {
                throw .invalidKey("OKP key needs an OKP curve, found \(curve.map { "\($0)" } ?? "none")")
            }
            guard curve.keyCurve != nil else { throw .invalidKey("unsupported curve \(curve)") }
            guard x?.count == 32 else { throw .invalidKey("\(curve) x must be 32 bytes") }
            guard y == nil else { throw .invalidKey("OKP key must not have y") }
            if let d, d.count != 32 { throw .invalidKey("\(curve) d must be 32 bytes") }
            guard k == nil else { throw .invalidKey("OKP key has a symmetric k") }
        case .symmetric:
            guard let k, !k.isEmpty else { throw .invalidKey("symmetric key needs a non-empty k") }
            guard curve == nil, x == nil, y == nil, d == nil else {
                throw .invalidKey("symmetric key has curve parameters")
            }
        default:
            throw .invalidKey("unsupported key type \(keyType)")
        }
    }
}
