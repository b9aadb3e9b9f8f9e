import Foundation

/// AES's block size and the key sizes every AES mode here accepts.
enum AESBlock {
    static let byteCount = 16

    static func requireKey(_ key: Data) throws(CryptoKeysError) {
        guard [16, 24, 32].contains(key.count) else {
            throw .invalidParameter(reason: "AES key must be 16, 24 or 32 bytes")
        }
    }
}
