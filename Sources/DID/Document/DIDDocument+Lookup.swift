import CryptoKeys

/// A verification method found in a document, with its absolute id and its public key.
public struct ResolvedVerificationMethod: Sendable, Hashable {
    /// The absolute DID URL of the method (relative ids resolved against the document).
    public let id: DIDURL
    /// The method as the document wrote it.
    public let method: VerificationMethod
    /// The public key, checked against the method type.
    public let publicKey: PublicKey
}

extension DIDDocument {
    /// Finds the verification method a `kid` (a JWS header, a Data Integrity
    /// `verificationMethod`, a DIDComm `skid`) names, and its public key.
    ///
    /// `kid` may be absolute (`did:example:123#key-1`) or relative to this document
    /// (`#key-1`). An absolute `kid` must be rooted at this document's DID: a document cannot
    /// vouch for another DID's keys. With a `relationship`, the method must also be listed
    /// (by reference or embedded) in that relationship; this is the check that stops a
    /// key-agreement key from being accepted as a signing key.
    public func verificationMethod(
        for kid: String, relationship: VerificationRelationship? = nil
    ) throws(DIDError) -> ResolvedVerificationMethod {
        let target = try DIDURL(kid, relativeTo: id)
        guard target.did == id else { throw .verificationMethodNotFound(kid) }
        let method: VerificationMethod
        if let relationship {
            guard let found = try findMethod(target, in: self[relationship]) else {
                throw .verificationMethodNotFound(kid)
            }
            method = found
        } else {
            let all = verificationMethod.map(VerificationMethodReference.embedded)
                + VerificationRelationship.allCases.flatMap { self[$0] }.filter {
                    if case .embedded = $0 { return true } else { return false }
                }
            guard let found = try findMethod(target, in: all) else { throw .verificationMethodNotFound(kid) }
            method = found
        }
        return ResolvedVerificationMethod(id: target, method: method, publicKey: try method.publicKey())
    }

    /// The methods of one relationship, with references looked up in `verificationMethod`.
    /// References to methods this document does not declare are skipped.
    public func verificationMethods(for relationship: VerificationRelationship) throws(DIDError) -> [VerificationMethod] {
        var methods: [VerificationMethod] = []
        for entry in self[relationship] {
            switch entry {
            case .embedded(let method): methods.append(method)
            case .reference(let reference):
                let target = try DIDURL(reference, relativeTo: id)
                if let method = try declaredMethod(target) { methods.append(method) }
            }
        }
        return methods
    }

    private func findMethod(_ target: DIDURL, in entries: [VerificationMethodReference]) throws(DIDError) -> VerificationMethod? {
        for entry in entries {
            switch entry {
            case .embedded(let method):
                if try method.absoluteID(relativeTo: id) == target { return method }
            case .reference(let reference):
                if try DIDURL(reference, relativeTo: id) == target { return try declaredMethod(target) }
            }
        }
        return nil
    }

    private func declaredMethod(_ target: DIDURL) throws(DIDError) -> VerificationMethod? {
        for method in verificationMethod {
            if try method.absoluteID(relativeTo: id) == target { return method }
        }
        return nil
    }
}
