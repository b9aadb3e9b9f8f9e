import CryptoKeys
import Foundation

/// A decrypted JWE: the plaintext and the header it was encrypted under.
public struct DecryptedJWE: Sendable {
    /// The merged header of the recipient entry that decrypted.
    public let header: JOSEHeader
    /// The plaintext (inflated if `zip: DEF`).
    public let plaintext: Data
    /// The key-management algorithm used.
    public let keyManagement: JWEKeyManagementAlgorithm
    /// The content-encryption algorithm used.
    public let contentEncryption: JWEContentEncryptionAlgorithm
    /// Which recipient entry decrypted (always 0 for compact).
    public let recipientIndex: Int
}

extension JWEObject {
    /// Decrypts with `key`, trying each recipient entry the key fits.
    ///
    /// Every failure after the key is found is reported as ``JOSEError/decryptionFailed``,
    /// whatever went wrong (wrapped key, tag, padding), so a recipient cannot be used as an
    /// oracle.
    public func decrypt(key: JWEKey, policy: JWEPolicy = .default) throws(JOSEError) -> DecryptedJWE {
        var failures = [JOSEError]()
        for index in recipients.indices {
            do throws(JOSEError) {
                return try decrypt(recipient: index, key: key, policy: policy)
            } catch {
                failures.append(error)
            }
        }
        if failures.count > 1, failures.contains(.decryptionFailed) { throw .decryptionFailed }
        throw failures.first ?? .decryptionFailed
    }

    private func decrypt(recipient index: Int, key: JWEKey, policy: JWEPolicy) throws(JOSEError) -> DecryptedJWE {
        let header = try header(forRecipient: index)
        let (algorithm, encryption) = try policy.algorithms(of: header, protected: protectedHeader)
        let contentKey = try JWEKeyManagement.unwrap(
            algorithm: algorithm, encryption: encryption, key: key, header: header,
            encryptedKey: recipients[index].encryptedKey)
        var plaintext = try encryption.open(
            AuthenticatedCiphertext(ciphertext: ciphertext, tag: tag), key: contentKey, iv: iv,
            additionalData: additionalAuthenticatedData)
        if header.compression == "DEF" {
            plaintext = try JWECompression.decompress(plaintext, limit: policy.limits.maximumDecompressedSize)
        }
        return DecryptedJWE(
            header: header, plaintext: plaintext, keyManagement: algorithm, contentEncryption: encryption,
            recipientIndex: index)
    }
}
