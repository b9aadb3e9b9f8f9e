import CSecp256k1
import Foundation

/// libsecp256k1's recovery module: signatures that carry the parity of `R`, and public-key
/// recovery from them (the Ethereum/Bitcoin-message convention Open DID also uses).
extension Secp256k1 {
    /// Rebuilds the public key from a raw `r || s`, its recovery id (0–3) and a 32-byte digest.
    static func recoverPublicKey(
        signature: Data, recoveryID: UInt8, digest: Data
    ) throws(CryptoKeysError) -> PublicKey {
        guard signature.count == 64, digest.count == 32, recoveryID < 4 else {
            throw .invalidParameter(reason: "secp256k1 recovery needs a 64-byte signature, a 32-byte digest and an id 0-3")
        }
        let context = try context()
        var parsed = secp256k1_ecdsa_recoverable_signature()
        let parseOK = withPointer(signature) {
            secp256k1_ecdsa_recoverable_signature_parse_compact(context, &parsed, $0, Int32(recoveryID))
        }
        guard parseOK == 1 else { throw .invalidSignatureEncoding(reason: "r or s is not below the secp256k1 order") }
        var recovered = secp256k1_pubkey()
        let recoverOK = withPointer(digest) { secp256k1_ecdsa_recover(context, &recovered, &parsed, $0) }
        guard recoverOK == 1 else {
            throw .signatureMismatch(reason: "no secp256k1 key is recoverable from this signature and id")
        }
        return try PublicKey(sec1: serialize(recovered, compressed: false))
    }
}

extension Secp256k1.PrivateKey {
    /// Signs a 32-byte digest (RFC 6979 nonces); returns low-S `r || s` and its recovery id.
    func recoverableSignature(forDigest digest: Data) throws(CryptoKeysError) -> (signature: Data, recoveryID: UInt8) {
        guard digest.count == 32 else { throw .invalidParameter(reason: "secp256k1 digest must be 32 bytes") }
        let context = try Secp256k1.context()
        var signature = secp256k1_ecdsa_recoverable_signature()
        let ok = Secp256k1.withPointer(digest) { digestPointer in
            Secp256k1.withPointer(scalar) { keyPointer in
                secp256k1_ecdsa_sign_recoverable(context, &signature, digestPointer, keyPointer, nil, nil)
            }
        }
        guard ok.flatMap({ $0 }) == 1 else { throw .backend("secp256k1_ecdsa_sign_recoverable failed") }
        var output = [UInt8](repeating: 0, count: 64)
        var recoveryID: Int32 = 0
        _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(context, &output, &recoveryID, &signature)
        guard (0...3).contains(recoveryID) else { throw .backend("secp256k1 returned recovery id \(recoveryID)") }
        return (Data(output), UInt8(recoveryID))
    }
}
