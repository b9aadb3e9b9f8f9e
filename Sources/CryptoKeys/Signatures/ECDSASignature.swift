import Foundation
import Multiformats

/// An ECDSA signature as the pair `(r, s)`, convertible between the encodings in use.
///
/// JOSE and COSE carry raw fixed-width `r || s` (IEEE P1363); X.509, many HSMs and Apple's
/// Secure Enclave produce DER `SEQUENCE { INTEGER r, INTEGER s }`. A ``Signer`` backed by
/// such a key converts with this type. DER is parsed strictly (minimal lengths, minimal
/// positive integers, nothing trailing) so each signature has one accepted encoding.
public struct ECDSASignature: Sendable, Hashable {
    /// The curve, which fixes the width of `r` and `s`.
    public let curve: KeyCurve
    /// `r`, big-endian, left-padded to the curve's width.
    public let r: Data
    /// `s`, big-endian, left-padded to the curve's width.
    public let s: Data

    /// Reads raw `r || s` of exactly twice the curve's coordinate width.
    public init(rawRepresentation raw: Data, curve: KeyCurve) throws(CryptoKeysError) {
        guard curve.isWeierstrass else { throw .unsupported("ECDSA on \(curve.rawValue)") }
        let size = curve.coordinateByteCount
        guard raw.count == 2 * size else {
            throw .invalidSignatureEncoding(reason: "\(curve.rawValue) raw signature must be \(2 * size) bytes")
        }
        self.curve = curve
        self.r = Data(raw.prefix(size))
        self.s = Data(raw.suffix(size))
    }

    /// Reads a DER `ECDSA-Sig-Value` (RFC 3279 §2.2.3).
    public init(derRepresentation der: Data, curve: KeyCurve) throws(CryptoKeysError) {
        guard curve.isWeierstrass else { throw .unsupported("ECDSA on \(curve.rawValue)") }
        var reader = DERReader(bytes: Array(der))
        let sequence = try reader.read(tag: 0x30)
        guard reader.isAtEnd else { throw .invalidSignatureEncoding(reason: "bytes after the signature") }
        var inner = DERReader(bytes: sequence)
        let rBytes = try inner.readUnsignedInteger()
        let sBytes = try inner.readUnsignedInteger()
        guard inner.isAtEnd else { throw .invalidSignatureEncoding(reason: "extra fields in the signature") }
        let size = curve.coordinateByteCount
        guard rBytes.count <= size, sBytes.count <= size else {
            throw .invalidSignatureEncoding(reason: "r or s is wider than the curve order")
        }
        self.curve = curve
        self.r = Data(repeating: 0, count: size - rBytes.count) + rBytes
        self.s = Data(repeating: 0, count: size - sBytes.count) + sBytes
    }

    /// Raw `r || s`, the JOSE/COSE form.
    public var rawRepresentation: Data { r + s }

    /// DER `SEQUENCE { INTEGER r, INTEGER s }`.
    public var derRepresentation: Data {
        let body = DERWriter.unsignedInteger(r) + DERWriter.unsignedInteger(s)
        return DERWriter.element(tag: 0x30, body)
    }

    /// Whether `s ≤ n/2`. Bitcoin-style policies require it to stop signature malleability
    /// (`(r, n − s)` also verifies); JOSE does not.
    public var isLowS: Bool {
        BigEndian.compare(s, BigEndian.halfOrder(of: curve)) <= 0
    }

    /// The same signature with `s` replaced by `n − s` when it is high; it verifies the
    /// same way and is the canonical form libsecp256k1 insists on.
    public var normalizedLowS: ECDSASignature {
        guard !isLowS else { return self }
        let order = BigEndian.order(of: curve)
        return ECDSASignature(curve: curve, r: r, s: BigEndian.subtract(order, s))
    }

    private init(curve: KeyCurve, r: Data, s: Data) {
        self.curve = curve
        self.r = r
        self.s = s
    }
}

/// Fixed-width big-endian arithmetic, just enough for `n − s` and `n / 2`.
enum BigEndian {
    /// The group order of `curve`, big-endian (empty for the Edwards/Montgomery curves).
    static func order(of curve: KeyCurve) -> Data {
        switch curve {
        case .p256: p256Order
        case .p384: p384Order
        case .p521: p521Order
        case .secp256k1: secp256k1Order
        case .ed25519, .x25519: Data([0])
        }
    }

    /// Half the group order, rounded down: the largest low-S value.
    static func halfOrder(of curve: KeyCurve) -> Data {
        switch curve {
        case .p256: p256HalfOrder
        case .secp256k1: secp256k1HalfOrder
        default: halve(order(of: curve))
        }
    }

    // Parsed once: signature checks consult these on every signature.
    private static let p256Order = parse("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    private static let p384Order = parse(
        "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973")
    private static let p521Order = parse(
        "01" + String(repeating: "f", count: 64) + "fa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409")
    private static let secp256k1Order = parse("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
    private static let p256HalfOrder = halve(p256Order)
    private static let secp256k1HalfOrder = halve(secp256k1Order)

    private static func parse(_ hex: String) -> Data { (try? Base16.decode(hex)) ?? Data() }

    private static func halve(_ value: Data) -> Data {
        var result = [UInt8]()
        var carry: UInt8 = 0
        for byte in value {
            result.append((byte >> 1) | (carry << 7))
            carry = byte & 1
        }
        return Data(result)
    }

    /// Compares equal-width big-endian numbers.
    static func compare(_ lhs: Data, _ rhs: Data) -> Int {
        if lhs.count != rhs.count { return lhs.count < rhs.count ? -1 : 1 }
        for (left, right) in zip(lhs, rhs) where left != right {
            return left < right ? -1 : 1
        }
        return 0
    }

    /// `lhs − rhs` for equal-width numbers with `lhs ≥ rhs`.
    static func subtract(_ lhs: Data, _ rhs: Data) -> Data {
        guard lhs.count == rhs.count else { return rhs }
        var result = [UInt8](repeating: 0, count: lhs.count)
        var borrow = 0
        let left = Array(lhs), right = Array(rhs)
        for index in stride(from: left.count - 1, through: 0, by: -1) {
            var value = Int(left[index]) - Int(right[index]) - borrow
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 256 }
            result[index] = UInt8(value)
        }
        return Data(result)
    }
}
