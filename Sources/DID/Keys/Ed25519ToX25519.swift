import Foundation

/// The birational map from an Ed25519 public key to the X25519 public key of the same secret
/// (RFC 7748 §4.1: `u = (1 + y) / (1 - y) mod 2^255 - 19`), which did:key uses to derive a
/// key-agreement key from an Ed25519 DID when encryption key derivation is enabled.
///
/// Public keys only, so no constant-time requirement; the arithmetic is plain 4×64-bit limbs.
enum Ed25519ToX25519 {
    /// The X25519 public key for a 32-byte Ed25519 public key, or `nil` for the one point
    /// (`y = 1`, the identity) that has no Montgomery image.
    static func convert(_ edwards: Data) -> Data? {
        guard edwards.count == 32 else { return nil }
        var bytes = [UInt8](edwards)
        bytes[31] &= 0x7f
        let y = FieldElement(littleEndian: bytes)
        let one = FieldElement.one
        let denominator = one - y
        guard !denominator.isZero else { return nil }
        let u = (one + y) * denominator.inverse
        return Data(u.littleEndianBytes)
    }
}

/// An element of GF(2^255 - 19), fully reduced after every operation.
struct FieldElement: Equatable {
    var limbs: [UInt64]

    static let prime: [UInt64] = [0xffff_ffff_ffff_ffed, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x7fff_ffff_ffff_ffff]
    static let one = FieldElement(limbs: [1, 0, 0, 0])

    init(limbs: [UInt64]) {
        self.limbs = limbs
    }

    init(littleEndian bytes: [UInt8]) {
        var limbs = [UInt64](repeating: 0, count: 4)
        for (index, byte) in bytes.prefix(32).enumerated() {
            limbs[index / 8] |= UInt64(byte) << (8 * UInt64(index % 8))
        }
        self.limbs = FieldElement.reduced(limbs + [0])
    }

    var littleEndianBytes: [UInt8] {
        (0..<32).map { UInt8(truncatingIfNeeded: limbs[$0 / 8] >> (8 * UInt64($0 % 8))) }
    }

    var isZero: Bool { limbs.allSatisfy { $0 == 0 } }

    static func + (lhs: FieldElement, rhs: FieldElement) -> FieldElement {
        var sum = [UInt64](repeating: 0, count: 5)
        var carry: UInt64 = 0
        for index in 0..<4 {
            let (partial, overflow1) = lhs.limbs[index].addingReportingOverflow(rhs.limbs[index])
            let (total, overflow2) = partial.addingReportingOverflow(carry)
            sum[index] = total
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        sum[4] = carry
        return FieldElement(limbs: reduced(sum))
    }

    static func - (lhs: FieldElement, rhs: FieldElement) -> FieldElement {
        // lhs + (p - rhs); rhs is reduced, so p - rhs does not underflow.
        FieldElement(limbs: lhs.limbs) + FieldElement(limbs: subtract(prime, rhs.limbs))
    }

    static func * (lhs: FieldElement, rhs: FieldElement) -> FieldElement {
        var product = [UInt64](repeating: 0, count: 8)
        for i in 0..<4 {
            var carry: UInt64 = 0
            for j in 0..<4 {
                let (high, low) = lhs.limbs[i].multipliedFullWidth(by: rhs.limbs[j])
                let (partial, overflow1) = product[i + j].addingReportingOverflow(low)
                let (total, overflow2) = partial.addingReportingOverflow(carry)
                product[i + j] = total
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            product[i + 4] = carry
        }
        // 2^256 ≡ 38 (mod p): fold the high half onto the low half.
        var folded = [UInt64](repeating: 0, count: 5)
        var carry: UInt64 = 0
        for index in 0..<4 {
            let (high, low) = product[index + 4].multipliedFullWidth(by: 38)
            let (partial, overflow1) = product[index].addingReportingOverflow(low)
            let (total, overflow2) = partial.addingReportingOverflow(carry)
            folded[index] = total
            carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
        }
        folded[4] = carry
        return FieldElement(limbs: reduced(folded))
    }

    /// `self^(p-2)`, the inverse of a non-zero element (Fermat).
    var inverse: FieldElement {
        var exponent = FieldElement.prime
        exponent[0] -= 2
        var result = FieldElement.one
        for limb in exponent.reversed() {
            for bit in (0..<64).reversed() {
                result = result * result
                if (limb >> UInt64(bit)) & 1 == 1 { result = result * self }
            }
        }
        return result
    }

    /// Reduces a 5-limb value (the fifth limb small) to the canonical representative.
    private static func reduced(_ value: [UInt64]) -> [UInt64] {
        var limbs = Array(value.prefix(4))
        var top = value.count > 4 ? value[4] : 0
        while top != 0 {
            let (high, low) = top.multipliedFullWidth(by: 38)
            let addend: [UInt64] = [low, high, 0, 0]
            var carry: UInt64 = 0
            for index in 0..<4 {
                let (partial, overflow1) = limbs[index].addingReportingOverflow(addend[index])
                let (total, overflow2) = partial.addingReportingOverflow(carry)
                limbs[index] = total
                carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
            }
            top = carry
        }
        while !isLess(limbs, prime) { limbs = subtract(limbs, prime) }
        return limbs
    }

    private static func isLess(_ lhs: [UInt64], _ rhs: [UInt64]) -> Bool {
        for index in (0..<4).reversed() where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index]
        }
        return false
    }

    private static func subtract(_ lhs: [UInt64], _ rhs: [UInt64]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: 4)
        var borrow: UInt64 = 0
        for index in 0..<4 {
            let (partial, overflow1) = lhs[index].subtractingReportingOverflow(rhs[index])
            let (total, overflow2) = partial.subtractingReportingOverflow(borrow)
            result[index] = total
            borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        return result
    }
}
