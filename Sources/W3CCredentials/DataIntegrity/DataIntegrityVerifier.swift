import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats

/// A Data Integrity proof that verified: the proof, its suite and the verification method
/// whose key made it.
public struct VerifiedDataIntegrityProof: Sendable, Hashable {
    /// The proof.
    public let proof: DataIntegrityProof
    /// Its cryptosuite.
    public let cryptosuite: DataIntegrityCryptosuite
    /// The verification method, resolved through its DID, authorized for the proof purpose.
    public let verificationMethod: ResolvedVerificationMethod
}

/// Verifies the Data Integrity proofs of a document (Verify Proof of each suite) under a
/// ``DataIntegrityProofPolicy``; the RDFC suites need a JSON-LD processor (``toRDF``).
///
/// For each proof: the policy's checks on its members (purpose, suite, challenge, domain,
/// times); the proof's `@context` must be a prefix of the document's and replaces it (an RDFC
/// proof without one is configured with the document's); the
/// verification method is resolved through its DID (did:key, did:jwk … by the resolver given)
/// and must be listed under the relationship the purpose names; its key must be one the suite
/// signs with; then the signature over the hashes of the canonical proof configuration and
/// document. Every proof must verify.
public struct DataIntegrityVerifier: Sendable {
    /// Resolves the DIDs of verification methods.
    public var resolver: any DIDResolver
    /// JSON-LD toRdf, for the RDFC suites; without one they are refused.
    public var toRDF: (any JSONLDToRDF)?

    /// A verifier resolving with `resolver` (offline methods by default).
    public init(resolver: any DIDResolver = DIDResolverRegistry.offline(), toRDF: (any JSONLDToRDF)? = JSONLDProcessorToRDF()) {
        self.resolver = resolver
        self.toRDF = toRDF
    }

    /// Verifies every `DataIntegrityProof` of `document`.
    public func verify(
        _ document: JSONValue, policy: DataIntegrityProofPolicy
    ) async throws(DataIntegrityError) -> [VerifiedDataIntegrityProof] {
        guard let object = document.objectValue else { throw .invalidProof("the document is not a JSON object") }
        let proofObjects = try SecuredDocument.proofObjects(of: object)
        var proofs: [DataIntegrityProof] = []
        for value in proofObjects where value["type"]?.stringValue == "DataIntegrityProof" {
            proofs.append(try DataIntegrityProof(json: value))
        }
        guard !proofs.isEmpty else { throw .missingProof }
        var unsecured = SecuredDocument.unsecured(object)
        var verified: [VerifiedDataIntegrityProof] = []
        for proof in proofs {
            let suite = try policy.check(proof)
            var options = proof.options
            if let proofContext = options["@context"] {
                guard Self.isPrefix(proofContext, of: unsecured["@context"]) else { throw .contextMismatch }
                unsecured.updateValue(proofContext, forName: "@context")
            } else if suite.usesRDFC, let context = unsecured["@context"] {
                options.updateValue(context, forName: "@context")
            }
            let method = try await resolver.proofVerificationMethod(proof.verificationMethod, relationship: policy.proofPurpose)
            guard let algorithm = suite.signatureAlgorithm(for: method.publicKey.curve) else {
                throw .keyNotSupported("\(suite.rawValue) does not verify with a \(method.publicKey.curve?.rawValue ?? "RSA") key")
            }
            if suite == .ecdsaSD2023 {
                guard let toRDF else { throw .jsonLDProcessorMissing(suite.rawValue) }
                if ECDSASelectiveDisclosure.isBaseProofValue(proof.proofValue) {
                    guard policy.acceptsBaseProofs else { throw .baseProofPresented }
                    _ = try await ECDSASelectiveDisclosure.verifyBase(
                        .object(SecuredDocument.adding(proof.json, to: unsecured)), method: method, toRDF: toRDF)
                } else {
                    try await ECDSASelectiveDisclosure.verifyDerived(unsecured: unsecured, proof: proof, method: method, toRDF: toRDF)
                }
                verified.append(VerifiedDataIntegrityProof(proof: proof, cryptosuite: suite, verificationMethod: method))
                continue
            }
            guard let signature = try? Multibase.decode(proof.proofValue, expecting: .base58btc),
                signature.count == algorithm.signatureByteCount
            else { throw .invalidProofValue }
            let hashing = try await suite.hashing(
                document: unsecured, proofConfiguration: options, curve: method.publicKey.curve, toRDF: toRDF)
            guard (try? method.publicKey.verify(signature, for: hashing.hashData, algorithm: algorithm)) == true else {
                throw .signatureInvalid
            }
            verified.append(VerifiedDataIntegrityProof(proof: proof, cryptosuite: suite, verificationMethod: method))
        }
        return verified
    }

    /// Whether the proof's `@context` (a value or a list) is a prefix of the document's.
    static func isPrefix(_ proofContext: JSONValue, of documentContext: JSONValue?) -> Bool {
        let prefix = proofContext.arrayValue ?? [proofContext]
        let whole = documentContext?.arrayValue ?? documentContext.map { [$0] } ?? []
        return prefix.count <= whole.count && Array(whole.prefix(prefix.count)) == prefix
    }
}
