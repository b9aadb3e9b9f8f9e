import CryptoKeys
import Foundation
import Multiformats

/// The `proofValue` codec: a multibase string of the 65-byte compact recoverable ECDSA
/// signature `[27 + 4 + recId | r | s]`.
///
/// Open DID's iOS wallet writes base58btc (`z`), its Java servers base64 without padding
/// (`m`); base64url (`u`) and base16 (`f`) are accepted too.
public enum ProofValue {
    /// The multibase encodings a `proofValue` may use.
    public static let acceptedEncodings: Set<MultibaseEncoding> = [.base58btc, .base64, .base64pad, .base64url, .base16]

    /// Decodes a `proofValue` into a signature on `curve`.
    public static func decode(_ proofValue: String, curve: KeyCurve) throws(OpenDIDError) -> RecoverableECDSASignature {
        guard proofValue.utf8.count <= 512 else { throw .malformedProofValue("longer than any 65-byte signature") }
        let decoded: (encoding: MultibaseEncoding, data: Data)
        do {
            decoded = try LenientMultibase.decode(proofValue)
        } catch {
            throw .malformedProofValue("\(error)")
        }
        guard acceptedEncodings.contains(decoded.encoding) else {
            throw .malformedProofValue("multibase \(decoded.encoding) is not used for proofs")
        }
        guard decoded.data.count == 65 else {
            throw .malformedProofValue("\(decoded.data.count) bytes, expected 65")
        }
        do {
            return try RecoverableECDSASignature(compactRepresentation: decoded.data, curve: curve)
        } catch {
            throw .malformedProofValue("\(error)")
        }
    }

    /// Encodes a signature as a `proofValue`.
    public static func encode(_ signature: RecoverableECDSASignature, as encoding: MultibaseEncoding) -> String {
        Multibase.encode(signature.compactRepresentation, as: encoding)
    }
}

extension ProofType {
    /// The curve of this proof type's keys, or `nil` for RSA (not used by Open DID wallets).
    var curve: KeyCurve? {
        switch self {
        case .secp256r1Signature2018: .p256
        case .secp256k1Signature2018: .secp256k1
        case .rsaSignature2018: nil
        }
    }

    /// The proof type for keys on `curve`.
    init?(curve: KeyCurve) {
        switch curve {
        case .p256: self = .secp256r1Signature2018
        case .secp256k1: self = .secp256k1Signature2018
        default: return nil
        }
    }
}

extension VerificationMethod {
    /// The public key this entry publishes.
    public func publicKey() throws(OpenDIDError) -> PublicKey {
        let curve: KeyCurve
        switch type {
        case .secp256r1VerificationKey2018: curve = .p256
        case .secp256k1VerificationKey2018: curve = .secp256k1
        case .rsaVerificationKey2018: throw .malformedPublicKey("RSA keys are not supported for Open DID proofs")
        }
        do {
            let bytes = try LenientMultibase.decode(publicKeyMultibase).data
            return try PublicKey(sec1Representation: bytes, curve: curve)
        } catch {
            throw .malformedPublicKey("\(id): \(error)")
        }
    }
}
