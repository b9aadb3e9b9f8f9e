import CLibcrypto
import Foundation

extension LibcryptoCurve {
    /// One recoverable signature of a batch: `r`, `s`, the recovery id and the digest signed.
    struct RecoverableEntry {
        let r: Data
        let s: Data
        let recoveryID: UInt8
        let digest: Data
    }

    /// Whether every entry verifies with `publicKey` (SEC 1) *and* its recovery id names
    /// the nonce point it was made with, checked together in one multi-scalar
    /// multiplication.
    ///
    /// A recoverable signature fixes its nonce point `Rᵢ` exactly: x is `r` (plus `n` when
    /// bit 1 of the id is set) and bit 0 picks the y. A valid one satisfies
    /// `sᵢ·Rᵢ = eᵢ·G + rᵢ·Q`. With random 128-bit multipliers `aᵢ` the batch checks
    ///
    ///     Σ (aᵢ·sᵢ)·Rᵢ − (Σ aᵢ·eᵢ)·G − (Σ aᵢ·rᵢ)·Q = O
    ///
    /// which holds for every honest batch and, when any member is forged, with probability
    /// at most 2⁻¹²⁷ over the multipliers (the small-exponent test of Bellare, Garay and
    /// Rabin; P-256 has prime order and every `Rᵢ` is checked to be on the curve). It needs
    /// no inversions, and libcrypto shares the doublings among the points, so eleven
    /// signatures cost about a third of eleven verifications.
    ///
    /// `false` says only that *some* entry failed; the caller checks them one by one to say
    /// which. Malformed entries (`r` or `s` outside `[1, n − 1]`, no point for the id) make
    /// the batch `false` too.
    func allValid(_ entries: [RecoverableEntry], publicKey: Data) -> Bool {
        guard !entries.isEmpty else { return true }
        guard let montgomery = sharedGroup.orderMontgomery, let field = sharedGroup.fieldConstants else { return false }
        let outcome = try? withScratch { scratch throws(CryptoKeysError) -> Bool in
            let order = scratch.order
            let key = try scratch.point()
            let parsed = publicKey.withUnsafeBytes { bytes in
                EC_POINT_oct2point(
                    scratch.group, key, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, scratch.context)
            }
            guard parsed == 1 else { return false }

            var points: [OpaquePointer?] = []
            var scalars: [OpaquePointer?] = []
            let generatorSum = try scratch.number()
            let keySum = try scratch.number()
            for entry in entries {
                guard entry.digest.count == byteCount else { return false }
                let (r, s, e) = try scratch.signatureScalars(r: entry.r, s: entry.s, digest: entry.digest)
                guard let nonce = try scratch.noncePoint(r: r, recoveryID: entry.recoveryID, field: field) else { return false }
                // Montgomery products need operands below n; a digest may exceed it once.
                if BN_cmp(e, order) >= 0 { try scratch.check(BN_sub(e, e, order), "BN_sub") }

                // aᵢ in [2¹²⁷, 2¹²⁸): 127 bits from libcrypto's DRBG, never zero. (One
                // getrandom call per multiplier would cost as much as the batch saves.)
                let multiplier = try scratch.number()
                try scratch.check(BN_rand(multiplier, 128, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ANY), "BN_rand")

                // Montgomery multiplication yields aᵢ·x·2⁻²⁵⁶: every term of entry i carries
                // the same factor, so the effective multiplier is aᵢ·2⁻²⁵⁶, as random as aᵢ.
                let nonceScalar = try scratch.number()
                try scratch.check(
                    BN_mod_mul_montgomery(nonceScalar, multiplier, s, montgomery, scratch.context), "BN_mod_mul_montgomery")
                try scratch.addProduct(multiplier, e, to: generatorSum, montgomery: montgomery)
                try scratch.addProduct(multiplier, r, to: keySum, montgomery: montgomery)
                points.append(nonce)
                scalars.append(nonceScalar)
            }
            let zero = try scratch.number()
            let generatorScalar = try scratch.number()
            try scratch.check(BN_mod_sub(generatorScalar, zero, generatorSum, order, scratch.context), "BN_mod_sub")
            let keyScalar = try scratch.number()
            try scratch.check(BN_mod_sub(keyScalar, zero, keySum, order, scratch.context), "BN_mod_sub")
            points.append(key)
            scalars.append(keyScalar)

            let total = try scratch.point()
            let multiplied = points.withUnsafeMutableBufferPointer { pointBuffer in
                scalars.withUnsafeMutableBufferPointer { scalarBuffer in
                    EC_POINTs_mul(
                        scratch.group, total, generatorScalar, pointBuffer.count,
                        pointBuffer.baseAddress, scalarBuffer.baseAddress, scratch.context)
                }
            }
            try scratch.check(multiplied, "EC_POINTs_mul")
            return EC_POINT_is_at_infinity(scratch.group, total) == 1
        }
        return outcome ?? false
    }
}

extension Scratch {
    /// `sum += a·b·2⁻²⁵⁶ mod n` (a Montgomery product; `a` and `b` below n).
    func addProduct(
        _ a: OpaquePointer, _ b: OpaquePointer, to sum: OpaquePointer, montgomery: OpaquePointer
    ) throws(CryptoKeysError) {
        let product = try number()
        try check(BN_mod_mul_montgomery(product, a, b, montgomery, context), "BN_mod_mul_montgomery")
        try check(BN_mod_add(sum, sum, product, order, context), "BN_mod_add")
    }
}
