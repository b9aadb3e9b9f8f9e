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
        guard let montgomery = sharedGroup.orderMontgomery else { throw .backend("BN_MONT_CTX_set failed") }
        return try withScratch { scratch throws(CryptoKeysError) in
            let (key, halfOrder) = try scratch.signingKey(privateKey)
            defer { EC_KEY_free(key) }
            // r = 0 or s = 0 happen with probability ~2⁻²⁵⁶; a fresh nonce fixes either.
            for _ in 0..<4 {
                guard let (nonce, r, recoveryID) = try scratch.noncePoints(count: 1).first else { continue }
                let montgomeryNonce = try scratch.number()
                BN_set_flags(montgomeryNonce, BN_FLG_CONSTTIME)
                try scratch.check(BN_to_montgomery(montgomeryNonce, nonce, montgomery, scratch.context), "BN_to_montgomery")
                let nonceInverse = try scratch.inverseInMontgomeryForm(montgomeryNonce, montgomery: montgomery)
                try scratch.check(BN_from_montgomery(nonceInverse, nonceInverse, montgomery, scratch.context), "BN_from_montgomery")
                if let signature = try scratch.finishSignature(
                    digest: digest, nonceInverse: nonceInverse, r: r, recoveryID: recoveryID, key: key, halfOrder: halfOrder) {
                    return signature
                }
            }
            throw .backend("ECDSA signing failed four times in a row")
        }
    }
}

extension LibcryptoCurve {
    /// ``signRecoverable(privateKey:digest:)`` for many digests at once, sharing one
    /// modular inversion among all the nonces (Montgomery's trick): the inversion costs
    /// more than the nonce point itself, and an Open DID credential is signed eleven times.
    ///
    /// The nonce products stay in Montgomery form and are multiplied with
    /// `BN_mod_mul_montgomery`; the one inversion is the constant-time exponentiation.
    func signRecoverable(
        privateKey: Data, digests: [Data]
    ) throws(CryptoKeysError) -> [(r: Data, s: Data, recoveryID: UInt8)] {
        guard digests.count > 1 else {
            return try digests.map { digest throws(CryptoKeysError) in try signRecoverable(privateKey: privateKey, digest: digest) }
        }
        for digest in digests where digest.count != byteCount {
            throw .invalidParameter(reason: "digest must be \(byteCount) bytes, got \(digest.count)")
        }
        guard let montgomery = sharedGroup.orderMontgomery else { throw .backend("BN_MONT_CTX_set failed") }
        let batch: [(r: Data, s: Data, recoveryID: UInt8)?] = try withScratch { scratch throws(CryptoKeysError) in
            let (key, halfOrder) = try scratch.signingKey(privateKey)
            defer { EC_KEY_free(key) }

            // Nonces, their points' r and parity, and the running products k₁⋯kᵢ (Montgomery form).
            var nonces: [OpaquePointer] = []
            var rs: [OpaquePointer] = []
            var ids: [UInt8] = []
            var products: [OpaquePointer] = []
            let noncePoints = try scratch.noncePoints(count: digests.count)
            guard noncePoints.count == digests.count else { throw .backend("no usable ECDSA nonce in four draws") }
            for (nonce, r, recoveryID) in noncePoints {
                let montgomeryNonce = try scratch.number()
                BN_set_flags(montgomeryNonce, BN_FLG_CONSTTIME)
                try scratch.check(BN_to_montgomery(montgomeryNonce, nonce, montgomery, scratch.context), "BN_to_montgomery")
                let product = try scratch.number()
                BN_set_flags(product, BN_FLG_CONSTTIME)
                if let previous = products.last {
                    try scratch.check(
                        BN_mod_mul_montgomery(product, previous, montgomeryNonce, montgomery, scratch.context),
                        "BN_mod_mul_montgomery")
                } else {
                    try scratch.check(BN_copy(product, montgomeryNonce) != nil, "BN_copy")
                }
                nonces.append(montgomeryNonce)
                rs.append(r)
                ids.append(recoveryID)
                products.append(product)
            }

            // One inversion of the full product, then peel off each nonce's inverse.
            var inverse = try scratch.inverseInMontgomeryForm(products[products.count - 1], montgomery: montgomery)
            var inverses = [OpaquePointer?](repeating: nil, count: digests.count)
            for index in stride(from: digests.count - 1, through: 0, by: -1) {
                let nonceInverse = try scratch.number()
                BN_set_flags(nonceInverse, BN_FLG_CONSTTIME)
                if index > 0 {
                    try scratch.check(
                        BN_mod_mul_montgomery(nonceInverse, inverse, products[index - 1], montgomery, scratch.context),
                        "BN_mod_mul_montgomery")
                    let next = try scratch.number()
                    BN_set_flags(next, BN_FLG_CONSTTIME)
                    try scratch.check(
                        BN_mod_mul_montgomery(next, inverse, nonces[index], montgomery, scratch.context),
                        "BN_mod_mul_montgomery")
                    inverse = next
                } else {
                    try scratch.check(BN_copy(nonceInverse, inverse) != nil, "BN_copy")
                }
                try scratch.check(BN_from_montgomery(nonceInverse, nonceInverse, montgomery, scratch.context), "BN_from_montgomery")
                inverses[index] = nonceInverse
            }

            var results: [(r: Data, s: Data, recoveryID: UInt8)?] = []
            for (index, digest) in digests.enumerated() {
                guard let nonceInverse = inverses[index] else { throw .backend("nonce inverse missing") }
                results.append(try scratch.finishSignature(
                    digest: digest, nonceInverse: nonceInverse, r: rs[index], recoveryID: ids[index],
                    key: key, halfOrder: halfOrder))
            }
            return results
        }
        // A signature whose s came out zero (probability ~2⁻²⁵⁶) is redone on its own.
        var signatures: [(r: Data, s: Data, recoveryID: UInt8)] = []
        for (index, result) in batch.enumerated() {
            if let result {
                signatures.append(result)
            } else {
                signatures.append(try signRecoverable(privateKey: privateKey, digest: digests[index]))
            }
        }
        return signatures
    }
}

extension Scratch {
    /// An `EC_KEY` holding the private scalar (the caller frees it) and `⌊n/2⌋`.
    func signingKey(_ privateKey: Data) throws(CryptoKeysError) -> (key: OpaquePointer, halfOrder: OpaquePointer) {
        let secret = try number(privateKey)
        BN_set_flags(secret, BN_FLG_CONSTTIME)
        try requireScalar(secret, "private key")
        let halfOrder = try number()
        try check(BN_rshift1(halfOrder, order), "BN_rshift1")
        guard let key = EC_KEY_new() else { throw .backend("EC_KEY_new failed") }
        guard EC_KEY_set_group(key, group) == 1, EC_KEY_set_private_key(key, secret) == 1 else {
            EC_KEY_free(key)
            throw .backend("EC_KEY_set_private_key failed")
        }
        return (key, halfOrder)
    }

    /// `count` fresh secret nonces `k`, each with `r = (k·G).x mod n` and the recovery id
    /// of `k·G`; fewer only when a nonce could not be drawn in four tries (probability
    /// ~2⁻¹²⁸).
    ///
    /// Made as a batch because, per nonce, OpenSSL's general entry points cost more than
    /// the fixed-base multiplication itself: one `RAND_priv_bytes` call supplies every
    /// candidate (a candidate `≥ n` or zero, probability ~2⁻³², is redrawn on its own), and
    /// `EC_POINTs_make_affine` brings all the points to affine form with one field
    /// inversion instead of one each (the coordinates are then read as they stand, `Z = 1`).
    /// None of this is secret beyond `k` itself: `R` is what the signature publishes.
    func noncePoints(count: Int) throws(CryptoKeysError) -> [(nonce: OpaquePointer, r: OpaquePointer, recoveryID: UInt8)] {
        var candidates = [UInt8](repeating: 0, count: count * byteCount)
        try check(RAND_priv_bytes(&candidates, Int32(candidates.count)), "RAND_priv_bytes")
        defer { OPENSSL_cleanse(&candidates, candidates.count) }
        var nonces: [OpaquePointer] = []
        var points: [OpaquePointer?] = []
        for index in 0..<count {
            let nonce = try number()
            BN_set_flags(nonce, BN_FLG_CONSTTIME)
            let converted = candidates.withUnsafeBufferPointer { buffer in
                let candidate = UnsafeBufferPointer(rebasing: buffer[(index * byteCount)..<((index + 1) * byteCount)])
                return BN_bin2bn(candidate.baseAddress, Int32(candidate.count), nonce)
            }
            try check(converted != nil, "BN_bin2bn")
            var draws = 0
            while BN_is_zero(nonce) == 1 || BN_cmp(nonce, order) >= 0 {
                draws += 1
                guard draws < 4 else { break }
                try check(BN_priv_rand_range_ex(nonce, order, 0, context), "BN_priv_rand_range_ex")
            }
            guard BN_is_zero(nonce) == 0, BN_cmp(nonce, order) < 0 else { continue }
            let nonceTimesG = try point()
            try check(EC_POINT_mul(group, nonceTimesG, nonce, nil, nil, context), "EC_POINT_mul")
            nonces.append(nonce)
            points.append(nonceTimesG)
        }
        // For one point the curve's own conversion is faster than the generic batch.
        let batched = points.count > 1
        if batched {
            try check(EC_POINTs_make_affine(group, points.count, &points, context), "EC_POINTs_make_affine")
        }
        var made: [(nonce: OpaquePointer, r: OpaquePointer, recoveryID: UInt8)] = []
        let x = try number()
        let y = try number()
        let z = try number()
        for (nonce, nonceTimesG) in zip(nonces, points) {
            if batched {
                try check(
                    EC_POINT_get_Jprojective_coordinates_GFp(group, nonceTimesG, x, y, z, context),
                    "EC_POINT_get_Jprojective_coordinates_GFp")
                try check(BN_is_one(z) == 1, "EC_POINTs_make_affine")
            } else {
                try check(
                    EC_POINT_get_affine_coordinates(group, nonceTimesG, x, y, context), "EC_POINT_get_affine_coordinates")
            }
            let r = try number()
            try check(BN_nnmod(r, x, order, context), "BN_nnmod")
            // r = 0 has probability ~2⁻²⁵⁶; the caller's retry draws a fresh nonce.
            if BN_is_zero(r) == 1 { continue }
            made.append((nonce, r, (BN_is_odd(y) == 1 ? 1 : 0) | (BN_cmp(x, order) >= 0 ? 2 : 0)))
        }
        return made
    }

    /// `value⁻¹` for a `value` in Montgomery form, returned in Montgomery form, by
    /// constant-time exponentiation to `n − 2`.
    func inverseInMontgomeryForm(_ value: OpaquePointer, montgomery: OpaquePointer) throws(CryptoKeysError) -> OpaquePointer {
        let plain = try number()
        BN_set_flags(plain, BN_FLG_CONSTTIME)
        try check(BN_from_montgomery(plain, value, montgomery, context), "BN_from_montgomery")
        let exponent = try number()
        try check(BN_copy(exponent, order) != nil, "BN_copy")
        try check(BN_sub_word(exponent, 2), "BN_sub_word")
        let inverse = try number()
        BN_set_flags(inverse, BN_FLG_CONSTTIME)
        try check(BN_mod_exp_mont_consttime(inverse, plain, exponent, order, context, montgomery), "BN_mod_exp_mont_consttime")
        try check(BN_to_montgomery(inverse, inverse, montgomery, context), "BN_to_montgomery")
        return inverse
    }

    /// `s` from `k⁻¹` and `r` through `ECDSA_do_sign_ex`, normalised to low S (flipping
    /// the parity bit); `nil` when OpenSSL refuses (s = 0).
    func finishSignature(
        digest: Data, nonceInverse: OpaquePointer, r: OpaquePointer, recoveryID: UInt8, key: OpaquePointer,
        halfOrder: OpaquePointer
    ) throws(CryptoKeysError) -> (r: Data, s: Data, recoveryID: UInt8)? {
        let made = digest.withUnsafeBytes { bytes in
            ECDSA_do_sign_ex(bytes.bindMemory(to: UInt8.self).baseAddress, Int32(bytes.count), nonceInverse, r, key)
        }
        guard let made else {
            ERR_clear_error()
            return nil
        }
        defer { ECDSA_SIG_free(made) }
        guard let signedR = ECDSA_SIG_get0_r(made), let signedS = ECDSA_SIG_get0_s(made), BN_cmp(signedR, r) == 0 else {
            throw .backend("ECDSA_do_sign_ex returned an unexpected r")
        }
        let s = try number()
        try check(BN_copy(s, signedS) != nil, "BN_copy")
        var id = recoveryID
        if BN_cmp(s, halfOrder) > 0 {
            try check(BN_sub(s, order, s), "BN_sub")
            id ^= 1
        }
        return (try bytes(r), try bytes(s), id)
    }

    /// `value` as `byteCount` big-endian bytes.
    func bytes(_ value: OpaquePointer) throws(CryptoKeysError) -> Data {
        var output = [UInt8](repeating: 0, count: byteCount)
        guard BN_bn2binpad(value, &output, Int32(byteCount)) == Int32(byteCount) else {
            throw .backend("BN_bn2binpad failed")
        }
        return Data(output)
    }
}
