import CryptoKeys
import Foundation

/// Seals and opens record values with the wallet's data key (AES-256-GCM, random 96-bit
/// nonces, associated data from ``RecordBinding``).
///
/// The stored form is `version (1 byte) || nonce (12) || ciphertext || tag (16)`. Random
/// nonces are safe for far more records than a wallet holds (the 2^32 bound of SP 800-38D).
struct RecordCipher: Sendable {
    static let version: UInt8 = 1
    static let overhead = 1 + 12 + 16

    let key: Data

    /// Uses `key` (32 bytes) as the data key.
    init(key: Data) { self.key = key }

    func seal(_ plaintext: Data, binding: RecordBinding) throws(WalletError) -> Data {
        try Self.seal(plaintext, key: key, associatedData: binding.associatedData)
    }

    func open(_ sealed: Data, binding: RecordBinding) throws(WalletError) -> Data {
        do {
            return try Self.open(sealed, key: key, associatedData: binding.associatedData)
        } catch {
            throw .corruptedRecord(table: binding.table, id: binding.id)
        }
    }

    /// Seals `plaintext` under `key`; also used to wrap the data key itself.
    static func seal(_ plaintext: Data, key: Data, associatedData: Data) throws(WalletError) -> Data {
        let nonce = randomBytes(count: 12)
        let box: AuthenticatedCiphertext
        do {
            box = try AESGCMCipher.seal(plaintext, key: key, nonce: nonce, additionalData: associatedData)
        } catch {
            throw .cryptoFailure("AES-GCM seal: \(error)")
        }
        var out = Data([version])
        out.append(nonce)
        out.append(box.ciphertext)
        out.append(box.tag)
        return out
    }

    /// Opens what ``seal(_:key:associatedData:)`` made; throws `CryptoKeysError` on any change.
    static func open(_ sealed: Data, key: Data, associatedData: Data) throws(CryptoKeysError) -> Data {
        let bytes = Data(sealed)
        guard bytes.count >= overhead, bytes[0] == version else { throw .authenticationFailure }
        let nonce = bytes[1..<13]
        let ciphertext = bytes[13..<(bytes.count - 16)]
        let tag = bytes[(bytes.count - 16)...]
        return try AESGCMCipher.open(
            AuthenticatedCiphertext(ciphertext: Data(ciphertext), tag: Data(tag)),
            key: key, nonce: Data(nonce), additionalData: associatedData
        )
    }

    /// Bytes from the system CSPRNG.
    static func randomBytes(count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
