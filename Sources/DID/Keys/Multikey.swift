import CryptoKeys
import Foundation
import Multiformats

/// The Multikey encoding of public keys (Controlled Identifiers 1.0 §2.2.2; the did:key
/// method-specific identifier): base58btc multibase of `varint(multicodec) || key bytes`,
/// with EC points in compressed SEC1 form.
enum Multikey {
    /// `z…` for a key (the multicodec bridge of CryptoKeys supplies the prefix and the
    /// compressed point).
    static func encode(_ key: PublicKey) -> String {
        Multibase.encode(key.multicodecBytes, as: .base58btc)
    }

    /// Reads a `z…` Multikey value: base58btc only, a public-key multicodec CryptoKeys
    /// supports, the exact length for the key type, and for EC keys a compressed point that is
    /// on the curve.
    static func decode(_ text: String) throws(DIDError) -> PublicKey {
        guard text.utf8.count <= DIDKey.maximumIdentifierLength else {
            throw .invalidKeyMaterial(reason: "multibase key too long")
        }
        let data: Data
        do {
            data = try Multibase.decode(text, expecting: .base58btc)
        } catch {
            throw .invalidKeyMaterial(reason: error.description)
        }
        return try decode(multicodecPrefixed: data)
    }

    /// Reads `varint(multicodec) || key bytes`; an unknown or non-key multicodec is an
    /// unsupported key type, anything else that fails is bad key material. A well-formed
    /// BLS12-381 key is an unsupported key type too: it can be described but not used.
    static func decode(multicodecPrefixed data: Data) throws(DIDError) -> PublicKey {
        switch try material(multicodecPrefixed: data) {
        case .key(let key): return key
        case .bls12381(let key): throw .unsupportedKeyType(key.unusableForVerification)
        }
    }

    /// Reads `varint(multicodec) || key bytes` into a usable key or a checked BLS12-381 key.
    static func material(multicodecPrefixed data: Data) throws(DIDError) -> MultikeyMaterial {
        if let split = try? Multicodec.split(data), let group = BLS12381PublicKey.group(of: split.codec) {
            return .bls12381(try BLS12381PublicKey(group: group, bytes: split.rest))
        }
        do {
            return .key(try PublicKey(multicodec: data))
        } catch .unsupported(let what) {
            throw .unsupportedVerificationMethod(type: what)
        } catch {
            throw .invalidKeyMaterial(reason: error.description)
        }
    }

    /// A key from the bytes a 2018/2019 suite carries in `publicKeyBase58`: 32 bytes for the
    /// Edwards/Montgomery curves, a SEC1 point (compressed or not) for the Weierstrass ones.
    static func publicKey(raw body: Data, curve: KeyCurve) throws(DIDError) -> PublicKey {
        do {
            if curve.isWeierstrass { return try PublicKey(sec1Representation: body, curve: curve) }
            return try PublicKey(rawRepresentation: body, curve: curve)
        } catch {
            throw .invalidKeyMaterial(reason: error.description)
        }
    }
}

/// What a did:key or a Multikey value decodes to: a key this library can use, or a
/// BLS12-381 key it can only describe.
enum MultikeyMaterial: Sendable, Hashable {
    case key(PublicKey)
    case bls12381(BLS12381PublicKey)
}
