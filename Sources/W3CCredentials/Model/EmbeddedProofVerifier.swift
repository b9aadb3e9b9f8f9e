import DID
import JSONModel

/// Verifies every embedded proof of a W3C credential or presentation — its Data Integrity
/// proofs and its Linked Data signatures, each through its own verifier under one
/// ``DataIntegrityProofPolicy`` — and, when asked, that each was made with a key of the DID
/// that must have made it.
///
/// The one entry point for "does this document's proof hold": `vellum verify`, the wallet's
/// `ldp_vc` plug-in and the sandbox's verifier all use it, so a suite added here is accepted
/// everywhere at once.
public struct EmbeddedProofVerifier: Sendable {
    /// Resolves the DIDs of verification methods.
    public var resolver: any DIDResolver

    /// A verifier resolving with `resolver` (offline methods by default).
    public init(resolver: any DIDResolver = DIDResolverRegistry.offline()) {
        self.resolver = resolver
    }

    /// One proof that held: its suite (`eddsa-rdfc-2022`, `Ed25519Signature2020` …) and the
    /// verification method that made it.
    public struct Verified: Sendable, Hashable {
        /// The cryptosuite or Linked Data signature suite.
        public let suite: String
        /// The verification method (a DID URL).
        public let verificationMethod: String
    }

    /// Verifies every embedded proof of `document` under `policy`; with a `controller` that is
    /// a DID (the credential's `issuer`, the presentation's `holder`), each proof's
    /// verification method must be a key of that DID
    /// (``DataIntegrityError/notControllersKey(method:controller:)``). A controller that is
    /// not a DID (an `https` issuer) names no document this library resolves, so whose key
    /// signed is the caller's to judge (``isDID(_:)``). A document with no proof of either
    /// kind is ``DataIntegrityError/missingProof``.
    public func verify(
        _ document: JSONValue, policy: DataIntegrityProofPolicy, controller: String? = nil
    ) async throws(DataIntegrityError) -> [Verified] {
        let proofs = document["proof"]?.arrayValue ?? [document["proof"]].compactMap { $0 }
        var verified: [Verified] = []
        if proofs.contains(where: { $0["type"]?.stringValue == "DataIntegrityProof" }) {
            verified += try await DataIntegrityVerifier(resolver: resolver).verify(document, policy: policy).map {
                Verified(suite: $0.cryptosuite.rawValue, verificationMethod: $0.proof.verificationMethod)
            }
        }
        if proofs.contains(where: LinkedDataProof.isLinkedDataProof) {
            verified += try await LinkedDataProofVerifier(resolver: resolver).verify(document, policy: policy).map {
                Verified(suite: $0.proof.suite.rawValue, verificationMethod: $0.proof.verificationMethod)
            }
        }
        guard !verified.isEmpty else { throw .missingProof }
        if let controller, Self.isDID(controller), let stranger = verified.first(where: { !VerificationMethodOwner.method($0.verificationMethod, belongsTo: controller) }) {
            throw .notControllersKey(method: stranger.verificationMethod, controller: controller)
        }
        return verified
    }

    /// Whether `identifier` is a DID, whose keys ``verify(_:policy:controller:)`` can check.
    public static func isDID(_ identifier: String) -> Bool {
        (try? DIDIdentifier(identifier)) != nil
    }

    /// Whether `document` carries a proof this verifier checks.
    public static func hasEmbeddedProof(_ document: JSONValue) -> Bool {
        let proofs = document["proof"]?.arrayValue ?? [document["proof"]].compactMap { $0 }
        return proofs.contains { $0["type"]?.stringValue == "DataIntegrityProof" || LinkedDataProof.isLinkedDataProof($0) }
    }
}
