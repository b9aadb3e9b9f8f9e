import Foundation

/// The wallet's data key as stored: sealed under a key derived from the passphrase.
///
/// Changing the passphrase re-wraps only this value; every record stays sealed under the
/// same data key, so the change is one small atomic write however large the wallet is.
struct WrappedDataKey: Sendable, Hashable, Codable {
    /// How the key-encryption key is derived.
    var derivation: PassphraseKeyDerivation
    /// The KDF salt (16 random bytes).
    var salt: Data
    /// The data key sealed by ``RecordCipher`` under the derived key.
    var sealedKey: Data

    private static let associatedData = Data("vellum-wallet/v1 data key".utf8)

    /// Makes a fresh wrapping of `dataKey` for `passphrase`, with a new salt.
    static func wrap(
        _ dataKey: Data, passphrase: String, derivation: PassphraseKeyDerivation
    ) throws(WalletError) -> WrappedDataKey {
        let salt = RecordCipher.randomBytes(count: 16)
        let kek = try derivation.deriveKey(passphrase: passphrase, salt: salt)
        let sealed = try RecordCipher.seal(dataKey, key: kek, associatedData: associatedData)
        return WrappedDataKey(derivation: derivation, salt: salt, sealedKey: sealed)
    }

    /// Recovers the data key; a failed tag means the passphrase is wrong (or the value was
    /// altered, which the wallet cannot tell apart and reports the same way).
    func unwrap(passphrase: String) throws(WalletError) -> Data {
        let kek = try derivation.deriveKey(passphrase: passphrase, salt: salt)
        let key: Data
        do {
            key = try RecordCipher.open(sealedKey, key: kek, associatedData: Self.associatedData)
        } catch {
            throw .wrongPassphrase
        }
        guard key.count == 32 else { throw .corruptedRecord(table: "wallet_meta", id: "1") }
        return key
    }
}
