import CryptoKeys
import Foundation
import Multiformats

/// A key that signs Open DID proofs: the signer, the key reference written into the proof,
/// the proof's purpose and the multibase form of the signature.
///
/// The signer may be anything that makes ES256 (P-256) or ES256K (secp256k1) signatures —
/// a software key, a Secure Enclave key, an HSM; the recovery id Open DID needs is found
/// from the signature and the signer's public key.
public struct ProofKey: Sendable {
    public var signer: any Signer
    /// Written into the proof, e.g. `did:omn:abc?versionId=1#pin`.
    public var verificationMethod: String
    public var purpose: ProofPurpose
    /// `.base58btc` (`z`) as Open DID wallets write; `.base64` (`m`) as its servers write.
    public var encoding: MultibaseEncoding

    public init(
        signer: any Signer, verificationMethod: String, purpose: ProofPurpose = .assertionMethod,
        encoding: MultibaseEncoding = .base58btc
    ) {
        self.signer = signer
        self.verificationMethod = verificationMethod
        self.purpose = purpose
        self.encoding = encoding
    }

    /// A key named `keyID` in version `versionId` of `did`'s document.
    public init(
        signer: any Signer, did: String, versionId: String, keyID: String, purpose: ProofPurpose = .assertionMethod,
        encoding: MultibaseEncoding = .base58btc
    ) {
        self.init(
            signer: signer,
            verificationMethod: VerificationMethodReference(did: did, versionId: versionId, keyID: keyID).description,
            purpose: purpose, encoding: encoding)
    }

    /// The proof type this key makes.
    public var proofType: ProofType {
        get throws(OpenDIDError) {
            guard let curve = signer.publicKey.curve, let type = ProofType(curve: curve) else {
                throw .unsupportedProofType("keys of kind \(signer.publicKey.keyType)")
            }
            return type
        }
    }

    /// The proof this key makes at `created`, without its value yet.
    func header(created: String) throws(OpenDIDError) -> Proof {
        Proof(created: created, proofPurpose: purpose, verificationMethod: verificationMethod, type: try proofType)
    }

    /// Signs several inputs; a key in memory signs them as one batch.
    func proofValues(for inputs: [Data], type: ProofType) async throws(OpenDIDError) -> [String] {
        guard let software = signer as? SoftwareSigner, inputs.count > 1 else {
            var values: [String] = []
            for input in inputs { values.append(try await proofValue(for: input, type: type)) }
            return values
        }
        guard type.curve == software.privateKey.curve else { throw .unsupportedProofType(type.rawValue) }
        do {
            let signatures = try software.privateKey.signRecoverable(digests: inputs.map { DigestAlgorithm.sha256.hash($0) })
            return signatures.map { ProofValue.encode($0, as: encoding) }
        } catch {
            throw .signingFailed("\(error)")
        }
    }

    /// Signs `input` (a ``SigningInput``) and returns the `proofValue`.
    func proofValue(for input: Data, type: ProofType) async throws(OpenDIDError) -> String {
        guard let curve = type.curve else { throw .unsupportedProofType(type.rawValue) }
        let digest = DigestAlgorithm.sha256.hash(input)
        let signature: RecoverableECDSASignature
        do {
            if let software = signer as? SoftwareSigner {
                // A key in memory signs the digest and knows its recovery id directly.
                signature = try software.privateKey.signRecoverable(digest: digest)
            } else {
                guard signer.algorithm.curve == curve, signer.algorithm.digest == .sha256 else {
                    throw OpenDIDError.signingFailed("signer algorithm \(signer.algorithm.rawValue) cannot make \(type.rawValue)")
                }
                let raw = try await signer.sign(input)
                let plain = try ECDSASignature(rawRepresentation: raw, curve: curve)
                signature = try RecoverableECDSASignature(signature: plain, digest: digest, publicKey: signer.publicKey)
            }
        } catch let error as OpenDIDError {
            throw error
        } catch {
            throw .signingFailed("\(error)")
        }
        return ProofValue.encode(signature, as: encoding)
    }
}
