import CLibcrypto
import Foundation

/// Prime-curve point arithmetic from OpenSSL's libcrypto, for the one thing swift-crypto
/// cannot do: rebuild an ECDSA public key from a signature, or find which of the candidate
/// points `R` a signature was made with.
///
/// swift-crypto exposes no point operations, and curve arithmetic written here would be a
/// liability; libcrypto's is reviewed (nothing here is secret: signatures, digests and
/// public keys only, so variable-time arithmetic is fine).
///
/// The `EC_GROUP` is built once per process and shared: building one costs about 50 µs,
/// as much as half a recovery, and every call here only reads it (each OpenSSL function
/// used takes it as `const EC_GROUP *`, which openssl-threads(7) allows threads to share).
/// Everything else — the `BN_CTX`, numbers and points — belongs to one call and is freed
/// before it returns, and OpenSSL's per-thread error queue is cleared on the way out so a
/// rejected input leaves nothing behind for unrelated code.
struct LibcryptoCurve: Sendable {
    /// The width of a field element and of the order, in bytes.
    let byteCount: Int
    let sharedGroup: SharedGroup

    /// NIST P-256 (`prime256v1`).
    static let p256 = LibcryptoCurve(byteCount: 32, sharedGroup: .p256)

    /// The process-wide groups, created on first use and never freed (like the shared
    /// libsecp256k1 context); `nil` only if OpenSSL could not allocate one.
    enum SharedGroup: Sendable {
        case p256

        nonisolated(unsafe) private static let p256Group: OpaquePointer? = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1)

        /// Montgomery constants for arithmetic modulo the group order, read-only once made:
        /// inverting a nonce by exponentiation without them costs as much again as the
        /// inversion itself.
        nonisolated(unsafe) private static let p256OrderMontgomery: OpaquePointer? = {
            guard let group = p256Group, let context = BN_CTX_new() else { return nil }
            defer { BN_CTX_free(context) }
            guard let montgomery = BN_MONT_CTX_new() else { return nil }
            guard BN_MONT_CTX_set(montgomery, EC_GROUP_get0_order(group), context) == 1 else {
                BN_MONT_CTX_free(montgomery)
                return nil
            }
            return montgomery
        }()

        var group: OpaquePointer? {
            switch self {
            case .p256: return Self.p256Group
            }
        }

        var orderMontgomery: OpaquePointer? {
            switch self {
            case .p256: return Self.p256OrderMontgomery
            }
        }
    }

    /// The public key `Q = r⁻¹ (s·R − e·G)` for the point `R` that `recoveryID` names:
    /// bit 0 is the parity of `R.y`, bit 1 says `R.x = r + n` rather than `r`.
    ///
    /// Returns the uncompressed SEC1 encoding of `Q`. Throws when `r` or `s` is outside
    /// `[1, n − 1]`, when no curve point has that x-coordinate, or when `Q` is the point at
    /// infinity: none of these can come from an honest signer.
    func recoverPublicKey(
        r: Data, s: Data, digest: Data, recoveryID: UInt8
    ) throws(CryptoKeysError) -> Data {
        try withScratch { scratch throws(CryptoKeysError) in
            let order = scratch.order
            let (rNumber, sNumber, e) = try scratch.signatureScalars(r: r, s: s, digest: digest)

            // R.x = r + j·n must still be a field element.
            let x = try scratch.number()
            try scratch.check(BN_copy(x, rNumber) != nil, "BN_copy")
            if recoveryID & 2 != 0 { try scratch.check(BN_add(x, x, order), "BN_add") }
            guard BN_cmp(x, scratch.field) < 0 else {
                throw .signatureMismatch(reason: "r + n is not a field element, so recovery id \(recoveryID) is impossible")
            }
            let point = try scratch.point()
            guard EC_POINT_set_compressed_coordinates(scratch.group, point, x, Int32(recoveryID & 1), scratch.context) == 1
            else { throw .signatureMismatch(reason: "no curve point has the x-coordinate this signature names") }

            // Q = (−e·r⁻¹)·G + (s·r⁻¹)·R, one double-scalar multiplication.
            let rInverse = try scratch.number()
            try scratch.check(BN_mod_inverse(rInverse, rNumber, order, scratch.context) != nil, "BN_mod_inverse")
            let eOverR = try scratch.number()
            try scratch.check(BN_mod_mul(eOverR, e, rInverse, order, scratch.context), "BN_mod_mul")
            let generatorScalar = try scratch.number()
            try scratch.check(BN_mod_sub(generatorScalar, try scratch.number(), eOverR, order, scratch.context), "BN_mod_sub")
            let pointScalar = try scratch.number()
            try scratch.check(BN_mod_mul(pointScalar, sNumber, rInverse, order, scratch.context), "BN_mod_mul")
            let publicPoint = try scratch.point()
            try scratch.check(
                EC_POINT_mul(scratch.group, publicPoint, generatorScalar, point, pointScalar, scratch.context), "EC_POINT_mul")
            guard EC_POINT_is_at_infinity(scratch.group, publicPoint) == 0 else {
                throw .signatureMismatch(reason: "the recovered key is the point at infinity")
            }
            return try scratch.uncompressed(publicPoint)
        }
    }

    /// The recovery id of a signature made by `publicKey` (uncompressed or compressed SEC1),
    /// or `nil` when the signature does not verify for that key and digest.
    ///
    /// Rather than recovering twice and comparing, this runs the verification equation once,
    /// `R = (e·s⁻¹)·G + (r·s⁻¹)·Q`, and reads the id off the point it yields: the parity of
    /// `R.y`, plus 2 when `R.x ≥ n`. Checking `R.x mod n = r` on the way makes it a full
    /// ECDSA verification, so a `nil` means the key did not make this signature.
    func recoveryID(r: Data, s: Data, digest: Data, publicKey: Data) throws(CryptoKeysError) -> UInt8? {
        try withScratch { scratch throws(CryptoKeysError) in
            let order = scratch.order
            let (rNumber, sNumber, e) = try scratch.signatureScalars(r: r, s: s, digest: digest)
            let key = try scratch.point()
            let parsed = publicKey.withUnsafeBytes { bytes in
                EC_POINT_oct2point(
                    scratch.group, key, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, scratch.context)
            }
            guard parsed == 1 else { throw .invalidKey(reason: "public key is not a point on the curve") }

            let sInverse = try scratch.number()
            try scratch.check(BN_mod_inverse(sInverse, sNumber, order, scratch.context) != nil, "BN_mod_inverse")
            let generatorScalar = try scratch.number()
            try scratch.check(BN_mod_mul(generatorScalar, e, sInverse, order, scratch.context), "BN_mod_mul")
            let keyScalar = try scratch.number()
            try scratch.check(BN_mod_mul(keyScalar, rNumber, sInverse, order, scratch.context), "BN_mod_mul")
            let point = try scratch.point()
            try scratch.check(
                EC_POINT_mul(scratch.group, point, generatorScalar, key, keyScalar, scratch.context), "EC_POINT_mul")
            guard EC_POINT_is_at_infinity(scratch.group, point) == 0 else { return nil }

            let x = try scratch.number()
            let y = try scratch.number()
            try scratch.check(
                EC_POINT_get_affine_coordinates(scratch.group, point, x, y, scratch.context), "EC_POINT_get_affine_coordinates")
            let xModOrder = try scratch.number()
            try scratch.check(BN_nnmod(xModOrder, x, order, scratch.context), "BN_nnmod")
            guard BN_cmp(xModOrder, rNumber) == 0 else { return nil }
            let overflow: UInt8 = BN_cmp(x, order) >= 0 ? 2 : 0
            return overflow | (BN_is_odd(y) == 1 ? 1 : 0)
        }
    }

    /// Runs `body` with the shared group and a fresh context and allocation list, freeing
    /// all but the group after.
    func withScratch<Result>(
        _ body: (Scratch) throws(CryptoKeysError) -> Result
    ) throws(CryptoKeysError) -> Result {
        guard let group = sharedGroup.group else {
            ERR_clear_error()
            throw .backend("EC_GROUP_new_by_curve_name failed")
        }
        guard let context = BN_CTX_new() else {
            ERR_clear_error()
            throw .backend("BN_CTX_new failed")
        }
        let scratch = Scratch(group: group, context: context, byteCount: byteCount)
        defer { scratch.release() }
        return try body(scratch)
    }
}

/// One call's OpenSSL objects. Everything allocated through it is freed by ``release()``,
/// which ``LibcryptoCurve`` runs in a `defer`, so an early `throw` cannot leak. The group
/// is borrowed, never modified or freed.
final class Scratch {
    let group: OpaquePointer
    let context: OpaquePointer
    let byteCount: Int
    /// The group order `n` and field prime `p`, owned by `group`.
    let order: OpaquePointer
    let field: OpaquePointer
    private var numbers: [OpaquePointer] = []
    private var points: [OpaquePointer] = []

    init(group: OpaquePointer, context: OpaquePointer, byteCount: Int) {
        self.group = group
        self.context = context
        self.byteCount = byteCount
        // Both getters return pointers into the group, never null for a named curve.
        self.order = EC_GROUP_get0_order(group)
        self.field = EC_GROUP_get0_field(group)
    }

    func release() {
        numbers.forEach { BN_free($0) }
        points.forEach { EC_POINT_free($0) }
        numbers.removeAll()
        points.removeAll()
        BN_CTX_free(context)
        ERR_clear_error()
    }

    /// A new number, zero.
    func number() throws(CryptoKeysError) -> OpaquePointer {
        guard let number = BN_new() else { throw .backend("BN_new failed") }
        numbers.append(number)
        return number
    }

    /// A new number holding big-endian `bytes` (at most one field element wide).
    func number(_ bytes: Data) throws(CryptoKeysError) -> OpaquePointer {
        guard !bytes.isEmpty, bytes.count <= byteCount else {
            throw .invalidParameter(reason: "a \(byteCount)-byte value was expected, got \(bytes.count) bytes")
        }
        let converted = bytes.withUnsafeBytes { raw in
            BN_bin2bn(raw.bindMemory(to: UInt8.self).baseAddress, Int32(raw.count), nil)
        }
        guard let converted else { throw .backend("BN_bin2bn failed") }
        numbers.append(converted)
        return converted
    }

    /// A new point, at infinity.
    func point() throws(CryptoKeysError) -> OpaquePointer {
        guard let point = EC_POINT_new(group) else { throw .backend("EC_POINT_new failed") }
        points.append(point)
        return point
    }

    /// `r` and `s` (each required to be in `[1, n − 1]`) and the digest as numbers.
    func signatureScalars(
        r: Data, s: Data, digest: Data
    ) throws(CryptoKeysError) -> (r: OpaquePointer, s: OpaquePointer, e: OpaquePointer) {
        let rNumber = try number(r)
        let sNumber = try number(s)
        let e = try number(digest)
        try requireScalar(rNumber, "r")
        try requireScalar(sNumber, "s")
        return (rNumber, sNumber, e)
    }

    /// Requires `1 ≤ value ≤ n − 1`, the range of ECDSA's `r` and `s`.
    func requireScalar(_ value: OpaquePointer, _ name: String) throws(CryptoKeysError) {
        guard BN_is_zero(value) == 0, BN_cmp(value, order) < 0 else {
            throw .invalidSignatureEncoding(reason: "\(name) is outside [1, n-1]")
        }
    }

    func check(_ status: Int32, _ function: String) throws(CryptoKeysError) {
        try check(status == 1, function)
    }

    func check(_ succeeded: Bool, _ function: String) throws(CryptoKeysError) {
        guard succeeded else { throw .backend("\(function) failed") }
    }

    /// `04 || x || y`.
    func uncompressed(_ point: OpaquePointer) throws(CryptoKeysError) -> Data {
        var output = [UInt8](repeating: 0, count: 1 + 2 * byteCount)
        let written = EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, &output, output.count, context)
        guard written == output.count else { throw .backend("EC_POINT_point2oct failed") }
        return Data(output)
    }
}
