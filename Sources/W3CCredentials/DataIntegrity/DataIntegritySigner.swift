import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// Adds a Data Integrity proof to a document (a credential or a presentation) with a JCS
/// cryptosuite (§3.3.1 Create Proof of either suite): the proof configuration takes the
/// document's `@context`, both are canonicalized and hashed, and the signature goes in
/// `proofValue` as base58btc multibase. A document that already has a proof gets this one
/// beside it (a proof set).
public enum DataIntegritySigner {
    /// The secured document.
    public static func sign(
        _ document: JSONValue, options: DataIntegrityProofOptions, signer: any Signer
    ) async throws(DataIntegrityError) -> JSONValue {
        guard let object = document.objectValue else { throw .invalidProof("the document is not a JSON object") }
        let curve = signer.publicKey.curve
        guard let algorithm = options.cryptosuite.signatureAlgorithm(for: curve), algorithm == signer.algorithm else {
            throw .keyNotSupported("\(options.cryptosuite.rawValue) does not sign with \(signer.algorithm.rawValue)")
        }
        let unsecured = JSONObject(object.members.filter { $0.name != "proof" })
        var proof = options.json
        if let context = unsecured["@context"] { proof.updateValue(context, forName: "@context") }
        let hashing = try JCSProofHashing(
            document: unsecured, proofConfiguration: proof, hashAlgorithm: options.cryptosuite.hashAlgorithm(for: curve))
        let signature: Data
        do {
            signature = try await signer.sign(hashing.hashData)
        } catch {
            throw .signing("\(error)")
        }
        proof.updateValue(.string(Multibase.encode(signature, as: .base58btc)), forName: "proofValue")
        var secured = object
        switch object["proof"] {
        case nil: secured.updateValue(.object(proof), forName: "proof")
        case let .array(existing)?: secured.updateValue(.array(existing + [.object(proof)]), forName: "proof")
        case let existing?: secured.updateValue(.array([existing, .object(proof)]), forName: "proof")
        }
        return .object(secured)
    }
}
