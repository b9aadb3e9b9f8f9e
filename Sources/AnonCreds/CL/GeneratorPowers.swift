import Foundation

/// How a proof raises its key's generators `s` and `z`: a verifier's exponents are public and
/// take GMP's ordinary path; a holder's are secret and take the constant-time one — through
/// the key's fixed-base tables (``FixedBasePowers``) when the process has built them.
struct GeneratorPowers {
    let key: CredentialPrimaryPublicKey
    let secret: Bool
    let tables: FixedBasePowersCache.Tables?

    /// The verifier's view: public exponents.
    static func verifying(_ key: CredentialPrimaryPublicKey) -> GeneratorPowers {
        GeneratorPowers(key: key, secret: false, tables: nil)
    }

    /// The holder's view: secret exponents, with the tables if the key has been used before.
    static func proving(_ key: CredentialPrimaryPublicKey) -> GeneratorPowers {
        GeneratorPowers(key: key, secret: true, tables: FixedBasePowersCache.shared.tables(for: key))
    }

    /// `s^exponent mod n`.
    func s(_ exponent: BigInteger) throws(AnonCredsError) -> BigInteger {
        if let result = tables?.s.power(exponent) { return result }
        return try power(key.s, exponent)
    }

    /// `z^exponent mod n`.
    func z(_ exponent: BigInteger) throws(AnonCredsError) -> BigInteger {
        if let result = tables?.z.power(exponent) { return result }
        return try power(key.z, exponent)
    }

    /// `base^exponent mod n` for any other base.
    func power(_ base: BigInteger, _ exponent: BigInteger) throws(AnonCredsError) -> BigInteger {
        secret ? try base.secretPowMod(exponent, key.n) : try base.powMod(exponent, key.n)
    }
}

/// The fixed-base tables of the keys this process proves with, built for a key the second time
/// it is used: a one-off presentation (a CLI run) never pays for a table, a wallet app that
/// presents again from the same credential definition does so once. At most
/// ``capacity`` keys' tables are kept (about 4 MB each for a 2 050-bit key), least recently
/// used first out.
final class FixedBasePowersCache: @unchecked Sendable {
    /// The tables of one key: `s` for exponents up to the 3 060-bit `ṽ`, `z` up to 640 bits
    /// (the 592-bit randoms and the four squares of a predicate).
    struct Tables: Sendable {
        let s: FixedBasePowers
        let z: FixedBasePowers
    }

    static let shared = FixedBasePowersCache()
    static let capacity = 4
    static let sExponentBits = 3072
    static let zExponentBits = 640

    private struct Key: Hashable {
        let n: BigInteger, s: BigInteger, z: BigInteger
    }

    private let lock = NSLock()
    private var seen: [Key: Int] = [:]
    private var tables: [Key: Tables] = [:]
    private var order: [Key] = []

    /// The key's tables when it has been used before in this process (built now, on the second
    /// use), else `nil`.
    func tables(for key: CredentialPrimaryPublicKey) -> Tables? {
        let id = Key(n: key.n, s: key.s, z: key.z)
        lock.lock()
        defer { lock.unlock() }
        if let found = tables[id] {
            order.removeAll { $0 == id }
            order.append(id)
            return found
        }
        if seen.count > 64 { seen.removeAll() }
        seen[id, default: 0] += 1
        guard seen[id, default: 0] >= 2,
            let s = FixedBasePowers(base: key.s, modulus: key.n, maximumExponentBits: Self.sExponentBits),
            let z = FixedBasePowers(base: key.z, modulus: key.n, maximumExponentBits: Self.zExponentBits)
        else { return nil }
        let built = Tables(s: s, z: z)
        tables[id] = built
        order.append(id)
        if order.count > Self.capacity { tables[order.removeFirst()] = nil }
        return built
    }
}
