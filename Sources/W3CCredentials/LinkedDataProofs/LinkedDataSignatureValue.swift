import CryptoKeys
import Foundation
import JOSE
import Multiformats

/// Makes and checks a Linked Data signature over the proof's hash data: a detached JWS with an
/// unencoded payload (RFC 7797: the signing input is the encoded header, a dot, and the raw
/// hash data) whose `alg` must be the one the suite and key call for, or a base58btc
/// `proofValue` of the raw signature. JOSE does the JWS, so its header rules are not repeated
/// here.
enum LinkedDataSignatureValue {
    /// The signature member's name and value for `hashData`.
    static func sign(
        _ hashData: Data, suite: LinkedDataProofSuite, signer: any Signer
    ) async throws(DataIntegrityError) -> (name: String, value: String) {
        guard suite.usesJWS else {
            let signature: Data
            do {
                signature = try await signer.sign(hashData)
            } catch {
                throw .signing("\(error)")
            }
            return ("proofValue", Multibase.encode(signature, as: .base58btc))
        }
        do {
            let jws = try await JWS.signCompact(
                payload: hashData, header: JOSEHeader(), signer: AnonymousSigner(base: signer),
                options: JWS.SigningOptions(detachedPayload: true, unencodedPayload: true))
            return ("jws", jws)
        } catch {
            throw .signing("\(error)")
        }
    }

    /// Whether `signature` is `key`'s signature over `hashData` with `algorithm`; a malformed
    /// value is a typed error, a wrong signature ``DataIntegrityError/signatureInvalid``.
    static func verify(
        _ signature: LinkedDataProof.Signature, hashData: Data, key: PublicKey, algorithm: SignatureAlgorithm
    ) throws(DataIntegrityError) {
        switch signature {
        case let .proofValue(value):
            guard let bytes = try? Multibase.decode(value, expecting: .base58btc), bytes.count == algorithm.signatureByteCount
            else { throw .invalidProofValue }
            guard (try? key.verify(bytes, for: hashData, algorithm: algorithm)) == true else { throw .signatureInvalid }
        case let .jws(token):
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1].isEmpty else { throw .invalidJWS("not a detached compact JWS") }
            let policy = JWSPolicy(allowedAlgorithms: [JWSAlgorithm(algorithm)])
            do throws(JOSEError) {
                let verified = try JWS.verifyCompact(token, key: key, detachedPayload: hashData, policy: policy)
                guard verified.protectedHeader["b64"]?.boolValue == false else { throw .invalidHeader("b64 is not false") }
            } catch .invalidSignature {
                throw .signatureInvalid
            } catch {
                throw .invalidJWS("\(error)")
            }
        }
    }
}

/// A signer that leaves `kid` out of the JWS header: the proof's `verificationMethod` names
/// the key, and the suites' headers carry only `alg`, `b64` and `crit`.
private struct AnonymousSigner: Signer {
    let base: any Signer
    var algorithm: SignatureAlgorithm { base.algorithm }
    var publicKey: PublicKey { base.publicKey }
    var keyID: String? { nil }
    func sign(_ data: Data) async throws -> Data { try await base.sign(data) }
}
