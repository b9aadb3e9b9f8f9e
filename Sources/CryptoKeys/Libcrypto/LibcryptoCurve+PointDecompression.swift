import CLibcrypto
import Foundation

extension LibcryptoCurve.SharedGroup {
    /// The curve's field constants for decompressing points, made once: setting up
    /// Montgomery arithmetic modulo p costs a quarter of the square root it serves, and
    /// `EC_POINT_set_compressed_coordinates` sets it up again on every call.
    struct FieldConstants: @unchecked Sendable {
        /// Montgomery context modulo the field prime p.
        let montgomery: OpaquePointer
        /// The curve coefficients of y² = x³ + a·x + b.
        let a: OpaquePointer
        let b: OpaquePointer
        /// (p + 1) / 4: for p ≡ 3 (mod 4), c^((p+1)/4) is a square root of c when c has one.
        let squareRootExponent: OpaquePointer
    }

    nonisolated(unsafe) private static let p256FieldConstants: FieldConstants? = {
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else { return nil }
        defer { EC_GROUP_free(group) }
        guard let context = BN_CTX_new() else { return nil }
        defer { BN_CTX_free(context) }
        guard let prime = BN_new(), let a = BN_new(), let b = BN_new(), let exponent = BN_new(),
              let montgomery = BN_MONT_CTX_new()
        else { return nil }
        defer { BN_free(prime) }
        guard EC_GROUP_get_curve(group, prime, a, b, context) == 1,
              BN_is_bit_set(prime, 0) == 1, BN_is_bit_set(prime, 1) == 1,  // p ≡ 3 (mod 4)
              BN_copy(exponent, prime) != nil, BN_add_word(exponent, 1) == 1, BN_rshift(exponent, exponent, 2) == 1,
              BN_MONT_CTX_set(montgomery, prime, context) == 1
        else { return nil }
        return FieldConstants(montgomery: montgomery, a: a, b: b, squareRootExponent: exponent)
    }()

    var fieldConstants: FieldConstants? {
        switch self {
        case .p256: return Self.p256FieldConstants
        }
    }
}

extension Scratch {
    /// The nonce point a recovery id names for `r`: x = `r` (+ `n` when bit 1 is set),
    /// y of the parity in bit 0; `nil` when there is no such curve point.
    ///
    /// y is the square root of x³ + a·x + b by one exponentiation with the shared
    /// Montgomery context; `EC_POINT_set_affine_coordinates` then refuses a point off the
    /// curve, which is what a right-hand side without a square root gives.
    func noncePoint(
        r: OpaquePointer, recoveryID: UInt8, field constants: LibcryptoCurve.SharedGroup.FieldConstants
    ) throws(CryptoKeysError) -> OpaquePointer? {
        guard recoveryID < 4 else { return nil }
        let x = try number()
        try check(BN_copy(x, r) != nil, "BN_copy")
        if recoveryID & 2 != 0 { try check(BN_add(x, x, order), "BN_add") }
        guard BN_cmp(x, field) < 0 else { return nil }

        let rightHandSide = try number()
        try check(BN_mod_sqr(rightHandSide, x, field, context), "BN_mod_sqr")
        try check(BN_mod_add(rightHandSide, rightHandSide, constants.a, field, context), "BN_mod_add")
        try check(BN_mod_mul(rightHandSide, rightHandSide, x, field, context), "BN_mod_mul")
        try check(BN_mod_add(rightHandSide, rightHandSide, constants.b, field, context), "BN_mod_add")
        let y = try number()
        try check(
            BN_mod_exp_mont(y, rightHandSide, constants.squareRootExponent, field, context, constants.montgomery),
            "BN_mod_exp_mont")
        if (BN_is_odd(y) == 1 ? 1 : 0) != recoveryID & 1 {
            guard BN_is_zero(y) == 0 else { return nil }
            try check(BN_sub(y, field, y), "BN_sub")
        }
        let point = try point()
        guard EC_POINT_set_affine_coordinates(group, point, x, y, context) == 1 else {
            ERR_clear_error()
            return nil
        }
        return point
    }
}
