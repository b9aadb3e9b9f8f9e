import CryptoKeys
import Foundation
import JSONModel

/// Verifies Open DID proofs with keys from the DID documents at hand.
///
/// A proof verifies when the public key recovered from its 65-byte signature and recovery
/// id over SHA-256 of the ``SigningInput`` is the key its `verificationMethod` names, that
/// key is listed in its document for the proof's purpose, the document is not
/// deactivated, and the signer is who the document says it should be (a VC's issuer, a
/// VP's holder, a profile's provider, a DID document's subject or controller).
///
/// Proofs are checked over the JSON as received, so members this model does not know and
/// date-times in any accepted form are covered exactly as the signer wrote them.
public struct ProofVerifier: Sendable {
    /// The DID documents whose keys may sign.
    public var documents: [DIDDocument]

    public init(documents: [DIDDocument] = []) {
        self.documents = documents
    }

    // MARK: Whole documents

    /// Checks every signature in `json`, a document of any ``OpenDIDDocumentKind``; a DID
    /// document's own keys are used for its self-signature. Never throws: each failure is
    /// in its ``ProofCheck``.
    public func checks(for json: JSONValue) -> [ProofCheck] {
        guard let kind = OpenDIDDocumentKind(detecting: json), case let .object(object) = json else {
            return [ProofCheck(location: "(root)", verificationMethod: "",
                               failure: .malformedJSON("not an Open DID DID document, VC, VP, profile, ReqE2e or AccE2e"))]
        }
        return checks(for: object, kind: kind)
    }

    /// Checks every signature in `object`, which is a `kind` document.
    public func checks(for object: JSONObject, kind: OpenDIDDocumentKind) -> [ProofCheck] {
        PendingCheck.settle(pendingChecks(for: object, kind: kind))
    }

    /// The checks of `object` with the signature arithmetic still to do, so that all
    /// signatures by one key (a credential's eleven, every credential of one issuer in a
    /// presentation) are settled together.
    private func pendingChecks(for object: JSONObject, kind: OpenDIDDocumentKind) -> [PendingCheck] {
        switch kind {
        case .didDocument:
            var keys = self
            if let document: DIDDocument = try? OpenDIDCoding.decode(DIDDocument.self, from: .object(object)) {
                keys.documents.insert(document, at: 0)
            }
            let subject = object["id"]?.stringValue
            let controller = object["controller"]?.stringValue
            return keys.containerChecks(object, prefix: "", signers: [subject, controller].compactMap { $0 }, keys: KeyCache())
        case .verifiableCredential:
            return credentialChecks(object, prefix: "", keys: KeyCache())
        case .verifiablePresentation:
            let cache = KeyCache()
            var results = containerChecks(
                object, prefix: "", signers: [object["holder"]?.stringValue].compactMap { $0 }, keys: cache)
            for (index, element) in (object["verifiableCredential"]?.arrayValue ?? []).enumerated() {
                let prefix = "verifiableCredential[\(index)]."
                guard case let .object(credential) = element else {
                    results.append(.finished(ProofCheck(location: prefix, verificationMethod: "",
                                              failure: .typeMismatch(path: prefix, expected: "VerifiableCredential"))))
                    continue
                }
                results += credentialChecks(credential, prefix: prefix, keys: cache)
            }
            return results
        case .issueProfile:
            return singleProofChecks(
                object, signers: [object["profile"]?["issuer"]?["did"]?.stringValue].compactMap { $0 }, keys: KeyCache())
        case .verifyProfile:
            return singleProofChecks(
                object, signers: [object["profile"]?["verifier"]?["did"]?.stringValue].compactMap { $0 }, keys: KeyCache())
        case .reqE2e, .accE2e:
            return singleProofChecks(object, signers: nil, keys: KeyCache())
        }
    }

    // MARK: Typed conveniences (throw the first failure)

    /// Verifies a DID document's proofs with its own keys (and those at hand).
    public func verify(_ document: DIDDocument) throws(OpenDIDError) {
        try firstFailure(checks(for: OpenDIDCoding.jsonObject(of: document), kind: .didDocument))
    }

    /// Verifies a credential's `proofValue` and every `proofValueList` entry.
    public func verify(_ credential: VerifiableCredential) throws(OpenDIDError) {
        try firstFailure(checks(for: OpenDIDCoding.jsonObject(of: credential), kind: .verifiableCredential))
    }

    /// Verifies a presentation's holder proofs and each credential's issuer signatures.
    public func verify(_ presentation: VerifiablePresentation) throws(OpenDIDError) {
        try firstFailure(checks(for: OpenDIDCoding.jsonObject(of: presentation), kind: .verifiablePresentation))
    }

    /// Verifies an issue profile's proof (by the profile's issuer).
    public func verify(_ profile: IssueProfile) throws(OpenDIDError) {
        try firstFailure(checks(for: OpenDIDCoding.jsonObject(of: profile), kind: .issueProfile))
    }

    /// Verifies a verify profile's proof (by the profile's verifier).
    public func verify(_ profile: VerifyProfile) throws(OpenDIDError) {
        try firstFailure(checks(for: OpenDIDCoding.jsonObject(of: profile), kind: .verifyProfile))
    }

    /// Verifies a ``ReqE2e`` or ``AccE2e`` proof, signed by a key of `signer`.
    public func verify<Container: ProofContainer>(_ container: Container, signedBy signer: String) throws(OpenDIDError) {
        let object = try OpenDIDCoding.jsonObject(of: container)
        try firstFailure(PendingCheck.settle(singleProofChecks(object, signers: [signer], keys: KeyCache())))
    }

    private func firstFailure(_ checks: [ProofCheck]) throws(OpenDIDError) {
        if let failure = checks.lazy.compactMap(\.failure).first { throw failure }
    }

    // MARK: Per shape

    private func containerChecks(_ object: JSONObject, prefix: String, signers: [String], keys: KeyCache) -> [PendingCheck] {
        var located: [(String, JSONValue)] = []
        if case let .array(proofs)? = object["proofs"] {
            located = proofs.enumerated().map { ("\(prefix)proofs[\($0.offset)]", $0.element) }
        }
        if let proof = object["proof"] { located.insert(("\(prefix)proof", proof), at: 0) }
        guard !located.isEmpty else {
            return [.finished(ProofCheck(location: "\(prefix)proof", verificationMethod: "", failure: .proofMissing("no proof or proofs")))]
        }
        let inputs = SigningInputBuilder(document: object)
        return located.map { location, proof in
            check(proof, at: location, signers: signers, keys: keys) { header, signature in
                (inputs.bytes(proof: header), signature)
            }
        }
    }

    private func singleProofChecks(_ object: JSONObject, signers: [String]?, keys: KeyCache) -> [PendingCheck] {
        guard let proof = object["proof"] else {
            return [.finished(ProofCheck(location: "proof", verificationMethod: "", failure: .proofMissing("no proof")))]
        }
        let inputs = SigningInputBuilder(document: object)
        return [check(proof, at: "proof", signers: signers, keys: keys) { header, signature in
            (inputs.bytes(proof: header), signature)
        }]
    }

    private func credentialChecks(_ object: JSONObject, prefix: String, keys: KeyCache) -> [PendingCheck] {
        let location = "\(prefix)proof"
        guard let proof = object["proof"], case let .object(proofObject) = proof else {
            return [.finished(ProofCheck(location: location, verificationMethod: "", failure: .proofMissing("VC without proof")))]
        }
        let signers = [object["issuer"]?["id"]?.stringValue].compactMap { $0 }
        let inputs = SigningInputBuilder(document: object)
        var results: [PendingCheck] = []
        if proofObject["proofValue"] != nil {
            results.append(check(proof, at: "\(location).proofValue", signers: signers, keys: keys) { header, _ in
                (inputs.bytes(proof: header), proofObject["proofValue"])
            })
        }
        if case let .array(list)? = proofObject["proofValueList"] {
            let claimCount = object["credentialSubject"]?["claims"]?.arrayValue?.count ?? 0
            if list.count != claimCount {
                results.append(.finished(ProofCheck(
                    location: "\(location).proofValueList", verificationMethod: proofObject["verificationMethod"]?.stringValue ?? "",
                    failure: .proofValueListMismatch(claims: claimCount, signatures: list.count))))
            } else {
                // Every entry signs under the same proof header: serialize it once.
                let proofFragment = SigningInputBuilder.proofFragment(proofObject)
                for (index, value) in list.enumerated() {
                    results.append(check(proof, at: "\(location).proofValueList[\(index)]", signers: signers, keys: keys) {
                        (_: JSONObject, _: JSONValue?) throws(OpenDIDError) -> (Data, JSONValue?) in
                        (try inputs.bytes(proofFragment: proofFragment, claimAt: index), value)
                    })
                }
            }
        }
        if results.isEmpty {
            results.append(.finished(ProofCheck(
                location: location, verificationMethod: proofObject["verificationMethod"]?.stringValue ?? "",
                failure: .proofMissing("VC proof has neither proofValue nor proofValueList"))))
        }
        return results
    }

    // MARK: One signature

    /// Checks one proof up to its signature arithmetic. `signedBytes` returns the signing
    /// input and the JSON of the proof value, given the proof's JSON object.
    private func check(
        _ proof: JSONValue, at location: String, signers: [String]?, keys: KeyCache,
        signedBytes: (JSONObject, JSONValue?) throws(OpenDIDError) -> (Data, JSONValue?)
    ) -> PendingCheck {
        let method = proof["verificationMethod"]?.stringValue ?? ""
        do throws(OpenDIDError) {
            guard case let .object(object) = proof else { throw OpenDIDError.typeMismatch(path: location, expected: "Proof") }
            let header = try Proof(header: object)
            let (input, value) = try signedBytes(object, object["proofValue"])
            guard let proofValue = value?.stringValue else { throw OpenDIDError.proofMissing("\(location) has no value") }
            let (verifier, signature) = try signatureCheck(proofValue, header: header, signers: signers, keys: keys)
            return .signature(PendingSignature(
                location: location, verificationMethod: method, verifier: verifier, signature: signature,
                digest: DigestAlgorithm.sha256.hash(input)))
        } catch {
            return .finished(ProofCheck(location: location, verificationMethod: method, failure: error))
        }
    }

    /// Everything about one proof but the signature arithmetic: the key it names is known,
    /// authorised for its purpose and the expected signer's, and the proof value decodes.
    private func signatureCheck(
        _ proofValue: String, header: Proof, signers: [String]?, keys: KeyCache
    ) throws(OpenDIDError) -> (RecoveringVerifier, RecoverableECDSASignature) {
        guard let curve = header.type.curve else { throw .unsupportedProofType(header.type.rawValue) }
        let resolved = try keys.resolve(header.verificationMethod, in: self)
        if let signers, !signers.contains(resolved.reference.did) {
            throw .keyNotAuthorized(verificationMethod: header.verificationMethod, purpose: "signing for \(signers.joined(separator: " or "))")
        }
        let (document, method) = (resolved.document, resolved.method)
        guard !document.deactivated else {
            throw .keyNotAuthorized(verificationMethod: header.verificationMethod, purpose: "anything (DID deactivated)")
        }
        guard document.keyNames(for: header.proofPurpose)?.contains(method.id) == true else {
            throw .keyNotAuthorized(verificationMethod: header.verificationMethod, purpose: header.proofPurpose.rawValue)
        }
        let verifier = try resolved.verifier()
        let key = verifier.publicKey
        guard key.curve == curve else {
            throw .signatureInvalid(proof: "\(header.type.rawValue) proof by a \(method.type.rawValue) key")
        }
        return (verifier, try ProofValue.decode(proofValue, curve: curve))
    }

    /// The document and key entry a reference names: the pinned version, or the newest.
    func keyEntry(for reference: VerificationMethodReference) throws(OpenDIDError) -> (DIDDocument, VerificationMethod) {
        let candidates = documents.filter { $0.id == reference.did }
        let document: DIDDocument?
        if let version = reference.versionId {
            document = candidates.first { $0.versionId == version }
        } else {
            document = candidates.max { (UInt64($0.versionId) ?? 0) < (UInt64($1.versionId) ?? 0) }
        }
        guard let document, let method = document.verificationMethod(named: reference.keyID) else {
            throw .keyNotFound(verificationMethod: reference.description)
        }
        return (document, method)
    }
}
