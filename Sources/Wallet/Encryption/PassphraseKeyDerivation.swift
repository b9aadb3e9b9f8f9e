import Crypto
import _CryptoExtras
import Foundation

/// How the wallet turns a passphrase into the key that wraps its data key.
///
/// The parameters are stored beside the wrapped key, so a later version can raise them
/// (re-wrapping on the next passphrase change) without breaking wallets made today. Reading
/// them back from disk is bounded by ``isAcceptable(forReading:)``: a tampered file must not
/// be able to ask for gigabytes of memory or hours of work.
public enum PassphraseKeyDerivation: Sendable, Hashable, Codable {
    /// scrypt (RFC 7914): memory-hard, so guessing on GPUs costs memory as well as time.
    /// `costLog2` is log2 of N.
    case scrypt(costLog2: Int, blockSize: Int, parallelism: Int)
    /// PBKDF2-HMAC-SHA256 (RFC 8018): for platforms that need a FIPS-style KDF.
    case pbkdf2SHA256(iterations: Int)

    /// scrypt with N = 2^17, r = 8, p = 1 (128 MiB), OWASP's 2023 recommendation.
    public static let recommended = PassphraseKeyDerivation.scrypt(costLog2: 17, blockSize: 8, parallelism: 1)

    /// PBKDF2-HMAC-SHA256 with 600 000 iterations, OWASP's 2023 minimum for that function.
    public static let recommendedPBKDF2 = PassphraseKeyDerivation.pbkdf2SHA256(iterations: 600_000)

    /// The cheapest scrypt the wallet accepts when creating (N = 2^10); only tests should use it.
    static let minimumScryptCostLog2 = 10
    /// The costliest scrypt read from disk (N = 2^20, 1 GiB at r = 8).
    static let maximumScryptCostLog2 = 20
    /// The fewest PBKDF2 iterations accepted (OWASP 2023 for SHA-256).
    static let minimumPBKDF2Iterations = 600_000
    /// The most PBKDF2 iterations read from disk.
    static let maximumPBKDF2Iterations = 50_000_000

    /// Whether these parameters are within the bounds the wallet runs.
    var isAcceptable: Bool {
        switch self {
        case .scrypt(let costLog2, let blockSize, let parallelism):
            return (Self.minimumScryptCostLog2...Self.maximumScryptCostLog2).contains(costLog2)
                && (1...32).contains(blockSize) && (1...16).contains(parallelism)
                && 128 * blockSize * parallelism * (1 << costLog2) <= 1 << 30
        case .pbkdf2SHA256(let iterations):
            return (Self.minimumPBKDF2Iterations...Self.maximumPBKDF2Iterations).contains(iterations)
        }
    }

    /// Derives a 256-bit key-encryption key from `passphrase` and `salt`.
    ///
    /// The passphrase is taken in Unicode NFC, so "é" typed as one code point on one
    /// keyboard and as "e" + combining accent on another unlocks the same wallet.
    func deriveKey(passphrase: String, salt: Data) throws(WalletError) -> Data {
        guard isAcceptable else { throw .unsupportedKeyDerivation("parameters out of bounds: \(self)") }
        let secret = Data(passphrase.precomposedStringWithCanonicalMapping.utf8)
        do {
            let key: SymmetricKey
            switch self {
            case .scrypt(let costLog2, let blockSize, let parallelism):
                key = try KDF.Scrypt.deriveKey(
                    from: secret, salt: salt, outputByteCount: 32,
                    rounds: 1 << costLog2, blockSize: blockSize, parallelism: parallelism
                )
            case .pbkdf2SHA256(let iterations):
                key = try KDF.Insecure.PBKDF2.deriveKey(
                    from: secret, salt: salt, using: .sha256, outputByteCount: 32, rounds: iterations
                )
            }
            return key.withUnsafeBytes { Data($0) }
        } catch {
            throw .cryptoFailure("key derivation failed: \(error)")
        }
    }
}
