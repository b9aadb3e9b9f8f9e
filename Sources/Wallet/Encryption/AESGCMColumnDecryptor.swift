import CLibcrypto
import Foundation

/// AES-256-GCM decryption of many small records under one key, with one OpenSSL context
/// whose key schedule is made once: what a list of a hundred thousand credentials opens.
///
/// swift-crypto's `AES.GCM.open` sets up a fresh context (key expansion, GHASH key) for
/// every record, which for a record of a hundred bytes costs more than the decryption
/// itself. Here the context keeps the key and only the nonce is set per record. The
/// algorithm, key, nonce, associated data and tag check are those of
/// ``RecordCipher/open(_:binding:)``; the differential tests open the same records both ways.
final class AESGCMColumnDecryptor {
    private let context: OpaquePointer
    /// Reused between records; holds the plaintext of the latest one.
    private var output: [UInt8] = []

    /// A decryptor for `key` (32 bytes); `nil` when OpenSSL cannot make the context.
    init?(key: Data) {
        guard key.count == 32, let context = EVP_CIPHER_CTX_new() else { return nil }
        let ready = key.withUnsafeBytes { key in
            EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key.bindMemory(to: UInt8.self).baseAddress, nil) == 1
        }
        guard ready else {
            EVP_CIPHER_CTX_free(context)
            return nil
        }
        self.context = context
    }

    deinit { EVP_CIPHER_CTX_free(context) }

    /// Opens `nonce (12) || ciphertext || tag (16)` with `associatedData` and hands the
    /// plaintext to `body` (valid only inside it); `nil` when the record does not authenticate.
    func open<Result>(
        _ box: UnsafeRawBufferPointer, associatedData: [UInt8], _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        guard box.count >= 28 else { return nil }
        let ciphertextCount = box.count - 28
        if output.count < ciphertextCount + 16 { output = [UInt8](repeating: 0, count: ciphertextCount + 16) }
        let bytes = box.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress,
              EVP_DecryptInit_ex(context, nil, nil, nil, base) == 1
        else { return nil }
        var written: Int32 = 0
        let authenticated: Bool = associatedData.withUnsafeBufferPointer { aad in
            output.withUnsafeMutableBufferPointer { out in
                guard let outBase = out.baseAddress,
                      EVP_DecryptUpdate(context, nil, &written, aad.baseAddress, Int32(aad.count)) == 1,
                      EVP_DecryptUpdate(context, outBase, &written, base + 12, Int32(ciphertextCount)) == 1,
                      Int(written) == ciphertextCount,
                      EVP_CIPHER_CTX_ctrl(
                          context, EVP_CTRL_GCM_SET_TAG, 16, UnsafeMutableRawPointer(mutating: UnsafeRawPointer(base + 12 + ciphertextCount))) == 1
                else { return false }
                var final: Int32 = 0
                return EVP_DecryptFinal_ex(context, outBase + ciphertextCount, &final) == 1 && final == 0
            }
        }
        guard authenticated else { return nil }
        return output.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<ciphertextCount])) }
    }
}
