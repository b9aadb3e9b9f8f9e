import CryptoKeys
import DID
import Foundation
import JSONModel

/// A Linked Data signature that verified: the proof and the verification method whose key made it.
public struct VerifiedLinkedDataProof: Sendable, Hashable {
    /// The proof.
    public let proof: LinkedDataProof
    /// The verification method, resolved through its DID, authorized for the proof purpose.
    public let verificationMethod: ResolvedVerificationMethod
}

/// Verifies the Linked Data signatures (``LinkedDataProofSuite``) of a document under the same
/// ``DataIntegrityProofPolicy`` the Data Integrity proofs are judged by: purpose, suites
/// (``DataIntegrityProofPolicy/linkedDataSuites``), challenge, domain and times.
///
/// For each proof: the policy's checks on its members; the verification method resolved
/// through its DID and listed under the relationship the purpose names; the key one the suite
/// signs with; then the signature over the SHA-256 hashes of the RDFC-1.0 canonical proof
/// options (under the document's context, then the proof's own) and of the canonical
/// document without its proofs. Every such proof must verify; other proof types are left to
/// their own verifiers.
public struct LinkedDataProofVerifier: Sendable {
    /// Resolves the DIDs of verification methods.
    public var resolver: any DIDResolver
    /// JSON-LD toRdf; the bundled, offline contexts by default.
    public var toRDF: any JSONLDToRDF

    /// A verifier resolving with `resolver` (offline methods by default).
    public init(resolver: any DIDResolver = DIDResolverRegistry.offline(), toRDF: any JSONLDToRDF = JSONLDProcessorToRDF()) {
        self.resolver = resolver
        self.toRDF = toRDF
    }

    /// Verifies every Linked Data signature of `document`; none is ``DataIntegrityError/missingProof``.
    public func verify(
        _ document: JSONValue, policy: DataIntegrityProofPolicy
    ) async throws(DataIntegrityError) -> [VerifiedLinkedDataProof] {
        guard let object = document.objectValue else { throw .invalidProof("the document is not a JSON object") }
        var proofs: [LinkedDataProof] = []
        for value in try SecuredDocument.proofObjects(of: object) where LinkedDataProof.isLinkedDataProof(.object(value)) {
            proofs.append(try LinkedDataProof(json: value))
        }
        guard !proofs.isEmpty else { throw .missingProof }
        let unsecured = SecuredDocument.unsecured(object)
        var verified: [VerifiedLinkedDataProof] = []
        for proof in proofs {
            guard policy.linkedDataSuites.contains(proof.suite) else { throw .unsupportedCryptosuite(proof.suite.rawValue) }
            try policy.check(proof.members)
            let method = try await resolver.proofVerificationMethod(proof.verificationMethod, relationship: policy.proofPurpose)
            guard let algorithm = proof.suite.signatureAlgorithm(for: method.publicKey.curve) else {
                throw .keyNotSupported("\(proof.suite.rawValue) does not verify with a \(method.publicKey.curve?.rawValue ?? "RSA") key")
            }
            let hashing = try await ProofHashing.rdfc(
                document: unsecured,
                proofConfiguration: LinkedDataProofConfiguration.make(options: proof.options, documentContext: unsecured["@context"]),
                hashAlgorithm: .sha256, toRDF: toRDF)
            try LinkedDataSignatureValue.verify(proof.signature, hashData: hashing.hashData, key: method.publicKey, algorithm: algorithm)
            verified.append(VerifiedLinkedDataProof(proof: proof, verificationMethod: method))
        }
        return verified
    }
}
