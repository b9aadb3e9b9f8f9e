import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// Adds a Data Integrity proof to a document (a credential or a presentation), Create Proof of
/// the suites: the proof configuration takes the document's `@context`, both are canonicalized
/// (JCS, or toRdf and RDFC-1.0 through `toRDF` for the RDFC suites) and hashed, and the
/// signature goes in `proofValue` as base58btc multibase. A document that already has a proof gets this one
/// beside it (a proof set).
public enum DataIntegritySigner {
    /// The secured document.
    public static func sign(
        _ document: JSONValue, options: DataIntegrityProofOptions, signer: any Signer,
        toRDF: (any JSONLDToRDF)? = JSONLDProcessorToRDF()
    ) async throws(DataIntegrityError) -> JSONValue {
        guard let object = document.objectValue else { throw .invalidProof("the document is not a JSON object") }
        guard options.cryptosuite != .ecdsaSD2023 else {
            throw .unsupportedCryptosuite("ecdsa-sd-2023 base proofs are not made by this signer")
        }
        let curve = signer.publicKey.curve
        guard let algorithm = options.cryptosuite.signatureAlgorithm(for: curve), algorithm == signer.algorithm else {
            throw .keyNotSupported("\(options.cryptosuite.rawValue) does not sign with \(signer.algorithm.rawValue)")
        }
        let unsecured = SecuredDocument.unsecured(object)
        // The proof configuration carries the document's @context; the JCS suites also keep it
        // in the proof, the RDFC suites do not (each suite's Create Proof).
        var proof = options.json
        var configuration = proof
        if let context = unsecured["@context"] {
            configuration.updateValue(context, forName: "@context")
            if !options.cryptosuite.usesRDFC { proof = configuration }
        }
        let hashing = try await options.cryptosuite.hashing(
            document: unsecured, proofConfiguration: configuration, curve: curve, toRDF: toRDF)
        let signature: Data
        do {
            signature = try await signer.sign(hashing.hashData)
        } catch {
            throw .signing("\(error)")
        }
        proof.updateValue(.string(Multibase.encode(signature, as: .base58btc)), forName: "proofValue")
        return .object(SecuredDocument.adding(proof, to: object))
    }
}
