import CLibcrypto
import Foundation

extension LibcryptoCurve {
    /// ECDSA over a 32-byte `digest` that also returns the recovery id, at the price of one
    /// signature.
    ///
    /// The recovery id is the parity of the nonce point `R = k·G` (plus 2 when `R.x ≥ n`).
    /// A library that hides `k` leaves only a second, verification-sized multiplication to
    /// find it; here libcrypto draws `k` (`BN_priv_rand_range_ex`), computes `R` with its
    /// constant-time fixed-base multiplication, inverts `k` by constant-time exponentiation
    /// and lets `ECDSA_do_sign_ex` compute `s` from that `k⁻¹` and `r`. The result is
    /// normalised to low S, which negates `R` and so flips the parity bit.
    func signRecoverable(
        privateKey: Data, digest: Data
    ) throws(CryptoKeysError) -> (r: Data, s: Data, recoveryID: UInt8) {
        guard digest.count == byteCount else {
            throw .invalidParameter(reason: "digest must be \(byteCount) bytes, got \(digest.count)")
        }
        return try withScratch { scratch throws(CryptoKeysError) in
            let secret = try scratch.number(privateKey)
            BN_set_flags(secret, BN_FLG_CONSTTIME)
            try scratch.requireScalar(secret, "private key")
            guard let key = EC_KEY_new() else { throw .backend("EC_KEY_new failed") }
            defer { EC_KEY_free(key) }
            try scratch.check(EC_KEY_set_group(key, scratch.group), "EC_KEY_set_group")
            try scratch.check(EC_KEY_set_private_key(key, secret), "EC_KEY_set_private_key")

            let exponent = try scratch.number()
            try scratch.check(BN_copy(exponent, scratch.order) != nil, "BN_copy")
            try scratch.check(BN_sub_word(exponent, 2), "BN_sub_word")
            let halfOrder = try scratch.number()
            try scratch.check(BN_rshift1(halfOrder, scratch.order), "BN_rshift1")

            // r = 0 or s = 0 happen with probability ~2⁻²⁵⁶; a fresh nonce fixes either.
            for _ in 0..<4 {
                let nonce = try scratch.number()
                BN_set_flags(nonce, BN_FLG_CONSTTIME)
                try scratch.check(BN_priv_rand_range_ex(nonce, scratch.order, 0, scratch.context), "BN_priv_rand_range_ex")
                if BN_is_zero(nonce) == 1 { continue }
                let point = try scratch.point()
                try scratch.check(EC_POINT_mul(scratch.group, point, nonce, nil, nil, scratch.context), "EC_POINT_mul")
                let x = try scratch.number()
                let y = try scratch.number()
                try scratch.check(
                    EC_POINT_get_affine_coordinates(scratch.group, point, x, y, scratch.context),
                    "EC_POINT_get_affine_coordinates")
                let r = try scratch.number()
                try scratch.check(BN_nnmod(r, x, scratch.order, scratch.context), "BN_nnmod")
                if BN_is_zero(r) == 1 { continue }
                var recoveryID: UInt8 = (BN_is_odd(y) == 1 ? 1 : 0) | (BN_cmp(x, scratch.order) >= 0 ? 2 : 0)

                let nonceInverse = try scratch.number()
                BN_set_flags(nonceInverse, BN_FLG_CONSTTIME)
                try scratch.check(
                    BN_mod_exp_mont_consttime(
                        nonceInverse, nonce, exponent, scratch.order, scratch.context, sharedGroup.orderMontgomery),
                    "BN_mod_exp_mont_consttime")
                let made = digest.withUnsafeBytes { bytes in
                    ECDSA_do_sign_ex(
                        bytes.bindMemory(to: UInt8.self).baseAddress, Int32(bytes.count), nonceInverse, r, key)
                }
                guard let made else {
                    ERR_clear_error()
                    continue
                }
                defer { ECDSA_SIG_free(made) }
                guard let signedR = ECDSA_SIG_get0_r(made), let signedS = ECDSA_SIG_get0_s(made),
                      BN_cmp(signedR, r) == 0
                else { throw .backend("ECDSA_do_sign_ex returned an unexpected r") }
                let s = try scratch.number()
                try scratch.check(BN_copy(s, signedS) != nil, "BN_copy")
                if BN_cmp(s, halfOrder) > 0 {
                    try scratch.check(BN_sub(s, scratch.order, s), "BN_sub")
                    recoveryID ^= 1
                }
                return (try scratch.bytes(r), try scratch.bytes(s), recoveryID)
            }
            throw .backend("ECDSA signing failed four times in a row")
        }
    }
}

extension Scratch {
    /// `value` as `byteCount` big-endian bytes.
    func bytes(_ value: OpaquePointer) throws(CryptoKeysError) -> Data {
        var output = [UInt8](repeating: 0, count: byteCount)
        guard BN_bn2binpad(value, &output, Int32(byteCount)) == Int32(byteCount) else {
            throw .backend("BN_bn2binpad failed")
        }
        return Data(output)
    }
}
