import Foundation

/// An Open DID DID document: the keys of a DID (`did:omn:…`), what each may be used for,
/// and the owner's proofs over the document.
///
/// Unlike a W3C DID document, key ids are bare names (`"pin"`), relationships list those
/// names, and the document carries its own version and timestamps; a key is referenced
/// from proofs as `did:omn:…?versionId=1#pin`.
public struct DIDDocument: Jsonable, ProofsContainer, Sendable, Hashable {
    public var context: [String]
    public var id: String
    public var controller: String
    public var verificationMethod: [VerificationMethod]
    public var assertionMethod: [String]?
    public var authentication: [String]?
    public var keyAgreement: [String]?
    public var capabilityInvocation: [String]?
    public var capabilityDelegation: [String]?
    public var service: [Service]?
    @UTCDatetime public var created: String
    @UTCDatetime public var updated: String
    @DIDVersionId public var versionId: String
    public var deactivated: Bool
    public var proof: Proof?
    public var proofs: [Proof]?

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case id, controller, verificationMethod, assertionMethod, authentication, keyAgreement
        case capabilityInvocation, capabilityDelegation, service, created, updated, versionId
        case deactivated, proof, proofs
    }

    public init(
        context: [String] = ["https://www.w3.org/ns/did/v1"], id: String, controller: String,
        verificationMethod: [VerificationMethod], assertionMethod: [String]? = nil,
        authentication: [String]? = nil, keyAgreement: [String]? = nil,
        capabilityInvocation: [String]? = nil, capabilityDelegation: [String]? = nil,
        service: [Service]? = nil, created: String, updated: String, versionId: String,
        deactivated: Bool = false, proof: Proof? = nil, proofs: [Proof]? = nil
    ) {
        self.context = context
        self.id = id
        self.controller = controller
        self.verificationMethod = verificationMethod
        self.assertionMethod = assertionMethod
        self.authentication = authentication
        self.keyAgreement = keyAgreement
        self.capabilityInvocation = capabilityInvocation
        self.capabilityDelegation = capabilityDelegation
        self.service = service
        self.created = created
        self.updated = updated
        self.versionId = versionId
        self.deactivated = deactivated
        self.proof = proof
        self.proofs = proofs
    }

    /// The key named `keyID` (the part after `#`).
    public func verificationMethod(named keyID: String) -> VerificationMethod? {
        verificationMethod.first { $0.id == keyID }
    }

    /// The key names listed for `purpose`, or `nil` when the document has no such list.
    public func keyNames(for purpose: ProofPurpose) -> [String]? {
        switch purpose {
        case .assertionMethod: assertionMethod
        case .authentication: authentication
        case .keyAgreement: keyAgreement
        case .capabilityInvocation: capabilityInvocation
        case .capabilityDelegation: capabilityDelegation
        }
    }
}

/// A key in a DID document.
public struct VerificationMethod: Jsonable, Sendable, Hashable {
    /// The key name, e.g. `pin`, `bio`, `keyagree`, `assert`.
    public var id: String
    public var type: DIDKeyType
    public var controller: String
    /// The public key, multibase-encoded (compressed SEC1 point for EC keys).
    public var publicKeyMultibase: String
    public var authType: AuthType

    public init(id: String, type: DIDKeyType, controller: String, publicKeyMultibase: String, authType: AuthType) {
        self.id = id
        self.type = type
        self.controller = controller
        self.publicKeyMultibase = publicKeyMultibase
        self.authType = authType
    }
}

/// A service endpoint of a DID.
public struct Service: Jsonable, Sendable, Hashable {
    public var id: String
    public var type: DIDServiceType
    public var serviceEndpoint: [String]

    public init(id: String, type: DIDServiceType, serviceEndpoint: [String]) {
        self.id = id
        self.type = type
        self.serviceEndpoint = serviceEndpoint
    }
}
