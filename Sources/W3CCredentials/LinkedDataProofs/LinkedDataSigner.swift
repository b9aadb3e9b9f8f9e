import CryptoKeys
import Foundation
import JSONModel

/// Adds a Linked Data signature (``LinkedDataProofSuite``) to a credential or presentation:
/// the suite's context is added to the document's when they do not define its terms (as
/// ACA-Py does, so that verifiers which canonicalize the proof under the document's context
/// alone — ACA-Py, jsonld-signatures — and those which add the proof's own — DIDKit — agree),
/// the proof options are canonicalized under the document's context and the document without
/// its proofs, each with RDFC-1.0 and SHA-256, and the concatenated hashes are signed. A
/// document that already has a proof gets this one beside it.
public enum LinkedDataSigner {
    /// The secured document.
    public static func sign(
        _ document: JSONValue, options: LinkedDataProofOptions, signer: any Signer,
        toRDF: any JSONLDToRDF = JSONLDProcessorToRDF()
    ) async throws(DataIntegrityError) -> JSONValue {
        guard var object = document.objectValue else { throw .invalidProof("the document is not a JSON object") }
        guard let algorithm = options.suite.signatureAlgorithm(for: signer.publicKey.curve), algorithm == signer.algorithm else {
            throw .keyNotSupported("\(options.suite.rawValue) does not sign with \(signer.algorithm.rawValue)")
        }
        object = withSuiteContext(object, suite: options.suite)
        let unsecured = SecuredDocument.unsecured(object)
        var proof = options.json
        let hashing = try await ProofHashing.rdfc(
            document: unsecured,
            proofConfiguration: LinkedDataProofConfiguration.make(options: proof, documentContext: unsecured["@context"]),
            hashAlgorithm: .sha256, toRDF: toRDF)
        let signature = try await LinkedDataSignatureValue.sign(hashing.hashData, suite: options.suite, signer: signer)
        proof.updateValue(.string(signature.value), forName: signature.name)
        return .object(SecuredDocument.adding(proof, to: object))
    }

    /// `document` with the suite's context appended when its contexts do not define the suite.
    static func withSuiteContext(_ document: JSONObject, suite: LinkedDataProofSuite) -> JSONObject {
        let contexts = document["@context"].map { $0.arrayValue ?? [$0] } ?? []
        let urls = contexts.compactMap(\.stringValue)
        if !suite.definingContexts.isDisjoint(with: urls) { return document }
        if suite.isDefinedByCredentialsV1, urls.first == VCDataModelVersion.v1_1.baseContext { return document }
        var secured = document
        secured.updateValue(.array(contexts + [.string(suite.context)]), forName: "@context")
        return secured
    }
}
