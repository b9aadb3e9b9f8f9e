import CGMP

/// An arbitrary-precision signed integer on GMP: what Camenisch–Lysyanskaya signatures compute
/// with (2 050-bit moduli, 2 724-bit blinding factors, 600-bit primes).
///
/// A value type over a GMP `mpz_t`: the number lives in a reference-counted box that is never
/// changed after the value is made (every operation makes a new one), so copies share it safely
/// across tasks and the box's `deinit` is the single place the limbs are freed. GMP does the
/// arithmetic in assembly — about 1.8 ms for a 2 048-bit modular exponentiation, where a
/// hand-written Swift bignum takes tens of milliseconds.
///
/// Everything that can fail on input from outside (parsing, inverses that do not exist, a zero
/// modulus) returns `nil` or throws instead of trapping into GMP's division-by-zero abort.
public struct BigInteger: Sendable {
    /// The GMP integer, owned: initialized on creation, cleared on release, read-only between.
    final class Storage: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<cgmp_mpz>

        init() {
            pointer = .allocate(capacity: 1)
            cgmp_init(pointer)
        }

        deinit {
            cgmp_clear(pointer)
            pointer.deallocate()
        }
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// Makes a value by letting `body` write the result into a fresh GMP integer.
    init(computing body: (UnsafeMutablePointer<cgmp_mpz>) -> Void) {
        storage = Storage()
        body(storage.pointer)
    }

    /// The GMP integer, for reading only.
    var mpz: UnsafePointer<cgmp_mpz> { UnsafePointer(storage.pointer) }

    /// The integer `value`.
    public init(_ value: Int) {
        self.init { cgmp_set_si($0, value) }
    }

    /// Zero.
    public static let zero = BigInteger(0)
    /// One.
    public static let one = BigInteger(1)
    /// Two.
    public static let two = BigInteger(2)
}

// MARK: - Reading and writing

extension BigInteger {
    /// The most decimal digits accepted from outside: far above any CL value (a 3 060-bit
    /// response has 922 digits), low enough that a hostile document cannot make GMP parse
    /// megabytes.
    public static let maximumDecimalDigits = 20_000

    /// Reads a decimal integer: an optional `-` and ASCII digits (leading zeros allowed, as
    /// anoncreds-rs reads them), nothing else — no `+`, spaces or other bases, which GMP's own
    /// parser would accept.
    public init?(decimal text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        guard !digits.isEmpty, digits.count <= Self.maximumDecimalDigits,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let storage = Storage()
        var terminated = utf8.map { CChar(bitPattern: $0) }
        terminated.append(0)
        guard cgmp_set_str(storage.pointer, terminated, 10) == 0 else { return nil }
        self.init(storage: storage)
    }

    /// The magnitude read from big-endian bytes (most significant first); an empty sequence is 0.
    public init(bigEndianBytes bytes: some Collection<UInt8>) {
        let array = Array(bytes)
        self.init { result in
            array.withUnsafeBufferPointer { buffer in
                if let base = buffer.baseAddress { cgmp_import_be(result, base, buffer.count) }
            }
        }
    }

    /// The decimal form: `-` for a negative value, no leading zeros; `0` for zero.
    public var decimalString: String {
        let capacity = cgmp_sizeinbase(mpz, 10) + 2
        var buffer = [CChar](repeating: 0, count: capacity)
        return buffer.withUnsafeMutableBufferPointer { chars in
            _ = cgmp_get_str(chars.baseAddress, 10, mpz)
            return String(cString: chars.baseAddress!)
        }
    }

    /// The magnitude in big-endian bytes without leading zeros (zero is no bytes): the byte
    /// form anoncreds hashes into its Fiat–Shamir challenges (OpenSSL's `BN_bn2bin`).
    public var bigEndianBytes: [UInt8] {
        guard signum != 0 else { return [] }
        let count = (bitWidth + 7) / 8
        var bytes = [UInt8](repeating: 0, count: count)
        var written = 0
        bytes.withUnsafeMutableBufferPointer { buffer in
            cgmp_export_be(buffer.baseAddress!, &written, mpz)
        }
        return written == count ? bytes : Array(bytes.prefix(written))
    }

    /// The value as an `Int`, or `nil` when it does not fit.
    public var intValue: Int? {
        cgmp_fits_slong_p(mpz) != 0 ? cgmp_get_si(mpz) : nil
    }
}
