import Foundation

extension PublicKey {
    /// The multicodec codes for public keys (multicodec table, `key` tag), the prefixes
    /// did:key and Multikey put before the key bytes.
    public enum MulticodecCode: UInt64, Sendable, CaseIterable {
        /// `ed25519-pub`: 32 raw bytes.
        case ed25519 = 0xed
        /// `x25519-pub`: 32 raw bytes.
        case x25519 = 0xec
        /// `secp256k1-pub`: 33-byte compressed SEC1 point.
        case secp256k1 = 0xe7
        /// `p256-pub`: 33-byte compressed SEC1 point.
        case p256 = 0x1200
        /// `p384-pub`: 49-byte compressed SEC1 point.
        case p384 = 0x1201
        /// `p521-pub`: 67-byte compressed SEC1 point.
        case p521 = 0x1202
        /// `rsa-pub`: PKCS#1 `RSAPublicKey` DER.
        case rsa = 0x1205
    }

    /// Reads multicodec-prefixed key bytes (the body of a did:key or a Multikey
    /// `publicKeyMultibase` after multibase decoding). EC keys must be compressed, as the
    /// did:key specification requires.
    public init(multicodec bytes: Data) throws(CryptoKeysError) {
        guard bytes.count <= 4096 else { throw .invalidKey(reason: "multicodec key too large") }
        guard let (value, prefixLength) = MulticodecVarint.decode(bytes) else {
            throw .invalidKey(reason: "malformed multicodec varint")
        }
        guard let code = MulticodecCode(rawValue: value) else {
            throw .unsupported("multicodec 0x\(String(value, radix: 16))")
        }
        let body = Data(bytes.dropFirst(prefixLength))
        switch code {
        case .ed25519: try self.init(rawRepresentation: body, curve: .ed25519)
        case .x25519: try self.init(rawRepresentation: body, curve: .x25519)
        case .secp256k1, .p256, .p384, .p521:
            let curve: KeyCurve = code == .secp256k1 ? .secp256k1 : code == .p256 ? .p256 : code == .p384 ? .p384 : .p521
            guard body.count == 1 + curve.coordinateByteCount else {
                throw .invalidKey(reason: "multicodec \(curve.rawValue) key must be a compressed point")
            }
            try self.init(sec1Representation: body, curve: curve)
        case .rsa:
            guard let key = try? PublicKey(derRepresentation: body), key.keyType == .rsa else {
                throw .invalidKey(reason: "multicodec rsa-pub is not an RSA PKCS#1 key")
            }
            self = key
        }
    }

    /// The multicodec code for this key.
    public var multicodecCode: MulticodecCode {
        switch curve {
        case .ed25519: return .ed25519
        case .x25519: return .x25519
        case .secp256k1: return .secp256k1
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        case nil: return .rsa
        }
    }

    /// The varint multicodec prefix followed by the key: raw for OKP, compressed SEC1 for
    /// EC, PKCS#1 DER for RSA.
    public var multicodecBytes: Data {
        let body = sec1CompressedRepresentation ?? rawRepresentation
        return MulticodecVarint.encode(multicodecCode.rawValue) + body
    }
}

/// Unsigned LEB128 as multiformats uses it (at most 9 bytes, minimal encoding).
/// Internal until Multiformats offers its own `Varint`; then this should go.
enum MulticodecVarint {
    static func encode(_ value: UInt64) -> Data {
        var output = Data()
        var remaining = value
        repeat {
            var byte = UInt8(remaining & 0x7f)
            remaining >>= 7
            if remaining != 0 { byte |= 0x80 }
            output.append(byte)
        } while remaining != 0
        return output
    }

    static func decode(_ bytes: Data) -> (value: UInt64, length: Int)? {
        var value: UInt64 = 0
        for (offset, byte) in bytes.prefix(9).enumerated() {
            value |= UInt64(byte & 0x7f) << (7 * UInt64(offset))
            if byte & 0x80 == 0 {
                // Minimal: a final zero byte after the first is a longer encoding of a
                // shorter number.
                guard offset == 0 || byte != 0 else { return nil }
                return (value, offset + 1)
            }
        }
        return nil
    }
}
