import Crypto
import CryptoExtras
import Foundation

extension PublicKey {
    /// Checks a JOSE-form signature (raw `r || s` for ECDSA, 64 bytes for Ed25519, the
    /// modulus-sized block for RSA) over `message`.
    ///
    /// Returns `false` for any signature that does not verify, including one of the wrong
    /// length. Throws ``CryptoKeysError/algorithmMismatch(algorithm:key:)`` when the key
    /// cannot be used with `algorithm`, because that is a caller or policy error rather
    /// than a bad signature.
    ///
    /// ES256K accepts high-S signatures: RFC 8812 does not require low-S and Wycheproof
    /// marks them valid. Callers with a Bitcoin-style malleability rule check
    /// ``ECDSASignature/isLowS`` themselves. Signing always produces low-S.
    public func verify(
        _ signature: Data, for message: Data, algorithm: SignatureAlgorithm
    ) throws(CryptoKeysError) -> Bool {
        try verify(signature, forMessage: message, algorithm: algorithm)
    }

    /// ``verify(_:for:algorithm:)`` of a message in memory the caller holds, such as a JWS
    /// signing input inside the token it arrived in, which need not be copied into a `Data`
    /// to be checked.
    package func verify(
        _ signature: Data, forBytes message: UnsafeRawBufferPointer, algorithm: SignatureAlgorithm
    ) throws(CryptoKeysError) -> Bool {
        try verify(signature, forMessage: message, algorithm: algorithm)
    }

    private func verify(
        _ signature: Data, forMessage message: some DataProtocol, algorithm: SignatureAlgorithm
    ) throws(CryptoKeysError) -> Bool {
        guard algorithm.keyType == keyType, algorithm.curve == curve else {
            throw .algorithmMismatch(algorithm: algorithm.rawValue, key: kindName)
        }
        if let expected = algorithm.signatureByteCount, signature.count != expected { return false }
        switch backing {
        case .p256(let key):
            guard let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: message)
        case .p384(let key):
            guard let parsed = try? P384.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: message)
        case .p521(let key):
            guard let parsed = try? P521.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: message)
        case .ed25519(let key):
            return key.isValidSignature(signature, for: message)
        case .secp256k1(let key):
            return key.isValidSignature(signature, digest: DigestAlgorithm.sha256.hash(message))
        case .rsa(let key):
            let parsed = _RSA.Signing.RSASignature(rawRepresentation: signature)
            let padding: _RSA.Signing.Padding
            switch algorithm {
            case .ps256, .ps384, .ps512: padding = .PSS
            default: padding = .insecurePKCS1v1_5
            }
            switch algorithm.digest {
            case .sha256: return key.isValidSignature(parsed, for: SHA256.hash(data: message), padding: padding)
            case .sha384: return key.isValidSignature(parsed, for: SHA384.hash(data: message), padding: padding)
            case .sha512: return key.isValidSignature(parsed, for: SHA512.hash(data: message), padding: padding)
            case nil: return false
            }
        case .x25519:
            throw .algorithmMismatch(algorithm: algorithm.rawValue, key: kindName)
        }
    }

    /// Checks a signature with the algorithm that goes with this key's curve; RSA keys need
    /// an explicit algorithm and return `false`.
    public func verify(_ signature: Data, for message: Data) -> Bool {
        guard let curve, let algorithm = SignatureAlgorithm.defaultAlgorithm(for: curve) else { return false }
        return (try? verify(signature, for: message, algorithm: algorithm)) ?? false
    }
}
