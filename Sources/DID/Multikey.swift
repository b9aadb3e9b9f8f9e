import CryptoKeys
import Foundation
import Multiformats

/// The Multikey encoding of public keys (Controlled Identifiers 1.0 §2.2.2; the did:key
/// method-specific identifier): base58btc multibase of `varint(multicodec) || key bytes`,
/// with EC points in compressed SEC1 form.
enum Multikey {
    /// The multicodec that tags a public key on each curve.
    static func multicodec(for curve: KeyCurve) -> Multicodec {
        switch curve {
        case .ed25519: return .ed25519Pub
        case .x25519: return .x25519Pub
        case .secp256k1: return .secp256k1Pub
        case .p256: return .p256Pub
        case .p384: return .p384Pub
        case .p521: return .p521Pub
        }
    }

    /// The curve a public-key multicodec names, or `nil` for one this library cannot use.
    static func curve(for codec: Multicodec) -> KeyCurve? {
        KeyCurve.allCases.first { multicodec(for: $0) == codec }
    }

    /// `z…` for a key; RSA keys have no Multikey form here.
    static func encode(_ key: PublicKey) throws(DIDError) -> String {
        guard let curve = key.curve else { throw .unsupportedVerificationMethod(type: "RSA Multikey") }
        let bytes: Data
        if curve.isWeierstrass {
            guard let compressed = key.sec1CompressedRepresentation else {
                throw .invalidKeyMaterial(reason: "no compressed point")
            }
            bytes = compressed
        } else {
            bytes = key.rawRepresentation
        }
        return Multibase.encode(Multicodec.prefixed(bytes, code: multicodec(for: curve)), as: .base58btc)
    }

    /// Reads a `z…` Multikey value: base58btc only, a known public-key multicodec, the exact
    /// key length for the curve, and for EC keys a compressed point that is on the curve.
    static func decode(_ text: String) throws(DIDError) -> PublicKey {
        guard text.utf8.count <= DIDKey.maximumIdentifierLength else { throw .invalidKeyMaterial(reason: "multibase key too long") }
        let data: Data
        do {
            data = try Multibase.decode(text, expecting: .base58btc)
        } catch {
            throw .invalidKeyMaterial(reason: error.description)
        }
        return try decode(multicodecPrefixed: data)
    }

    /// Reads `varint(multicodec) || key bytes`.
    static func decode(multicodecPrefixed data: Data) throws(DIDError) -> PublicKey {
        let codec: Multicodec
        let body: Data
        do {
            (codec, body) = try Multicodec.split(data)
        } catch .unknownMulticodec(let code) {
            throw .unsupportedVerificationMethod(type: "multicodec 0x\(String(code, radix: 16))")
        } catch {
            throw .invalidKeyMaterial(reason: error.description)
        }
        guard let curve = curve(for: codec) else {
            throw .unsupportedVerificationMethod(type: "multicodec \(codec)")
        }
        return try publicKey(raw: body, curve: curve, compressedOnly: true)
    }

    /// A key from the bytes a 2018/2019 suite or a Multikey carries: 32 bytes for the
    /// Edwards/Montgomery curves, a SEC1 point for the Weierstrass ones.
    static func publicKey(raw body: Data, curve: KeyCurve, compressedOnly: Bool) throws(DIDError) -> PublicKey {
        do {
            if curve.isWeierstrass {
                if compressedOnly, body.count != 1 + curve.coordinateByteCount {
                    throw DIDError.invalidKeyMaterial(reason: "\(curve.rawValue) key must be a compressed point")
                }
                return try PublicKey(sec1Representation: body, curve: curve)
            }
            return try PublicKey(rawRepresentation: body, curve: curve)
        } catch let error as DIDError {
            throw error
        } catch let error as CryptoKeysError {
            throw .invalidKeyMaterial(reason: error.description)
        } catch {
            throw .invalidKeyMaterial(reason: "\(error)")
        }
    }
}
