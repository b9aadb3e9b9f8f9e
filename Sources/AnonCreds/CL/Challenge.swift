import Crypto

/// The Fiat–Shamir challenges of anoncreds' proofs: SHA-256 over the concatenated big-endian
/// bytes (no leading zeros, no length prefixes) of the listed integers, read back as a
/// big-endian integer. The order of the list is part of each proof's definition.
enum Challenge {
    static func hash(_ values: [BigInteger]) -> BigInteger {
        hash(bytes: values.map(\.bigEndianBytes))
    }

    /// The same over byte strings as given (a proof's `c_list` travels as bytes).
    static func hash(bytes chunks: [[UInt8]]) -> BigInteger {
        var hasher = SHA256()
        for chunk in chunks { hasher.update(data: chunk) }
        return BigInteger(bigEndianBytes: Array(hasher.finalize()))
    }

    /// anoncreds' `encode_attribute(text, Little)`: SHA-256 of the UTF-8 text with its bytes
    /// reversed, as an integer (the credential context's inputs).
    static func littleEndianHash(of text: String) -> BigInteger {
        BigInteger(bigEndianBytes: SHA256.hash(data: Array(text.utf8)).reversed())
    }
}

/// The sizes (in bits) of anoncreds' CL parameters (`anoncreds-clsignatures` constants).
enum CLSizes {
    static let linkSecret = 256
    static let exponentStart = 596
    static let exponentRange = 119
    static let vPrime = 2128
    static let vPrimePrime = 2724
    static let vPrimeTilde = 673
    static let mTilde = 593
}

/// Modular helpers that turn GMP's "no result" into the typed error a hostile key deserves.
extension BigInteger {
    func mulMod(_ other: BigInteger, _ modulus: BigInteger) throws(AnonCredsError) -> BigInteger {
        guard let result = multiplied(by: other, modulo: modulus) else { throw .arithmetic("zero modulus") }
        return result
    }

    func powMod(_ exponent: BigInteger, _ modulus: BigInteger) throws(AnonCredsError) -> BigInteger {
        guard let result = power(exponent, modulo: modulus) else { throw .arithmetic("a base with no inverse modulo n") }
        return result
    }

    func secretPowMod(_ exponent: BigInteger, _ modulus: BigInteger) throws(AnonCredsError) -> BigInteger {
        guard let result = secretPower(exponent, modulo: modulus) else { throw .arithmetic("a base with no inverse modulo n") }
        return result
    }

    func invMod(_ modulus: BigInteger) throws(AnonCredsError) -> BigInteger {
        guard let result = inverse(modulo: modulus) else { throw .arithmetic("a value with no inverse modulo n") }
        return result
    }
}
