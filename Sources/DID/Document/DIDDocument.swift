import JSONModel

/// A W3C DID document (DID Core 1.0 §5): the keys and services a DID currently stands for.
///
/// The model reads the JSON representation (`application/did+json`, and the JSON-LD one,
/// whose `@context` is kept as data) and writes it back. Members it does not model are kept
/// in ``additionalMembers`` so that nothing a publisher wrote is lost. Ids and references may
/// be relative (`#key-1`); lookups resolve them against ``id``.
public struct DIDDocument: Sendable, Hashable {
    /// The JSON-LD contexts, in order (a single string is read as a one-element list).
    public var context: [JSONValue]
    /// The DID this document describes.
    public var id: DIDIdentifier
    /// DIDs allowed to change this document, besides the subject.
    public var controller: [DIDIdentifier]
    /// Other identifiers for the same subject (URIs).
    public var alsoKnownAs: [String]
    /// The verification methods declared for reference by the relationships.
    public var verificationMethod: [VerificationMethod]
    /// `authentication` entries.
    public var authentication: [VerificationMethodReference]
    /// `assertionMethod` entries.
    public var assertionMethod: [VerificationMethodReference]
    /// `keyAgreement` entries.
    public var keyAgreement: [VerificationMethodReference]
    /// `capabilityInvocation` entries.
    public var capabilityInvocation: [VerificationMethodReference]
    /// `capabilityDelegation` entries.
    public var capabilityDelegation: [VerificationMethodReference]
    /// The services.
    public var service: [DIDService]
    /// Members this model has no property for.
    public var additionalMembers: JSONObject

    /// The largest number of verification methods, relationship entries or services a
    /// document may have; bounds the work on a document from an untrusted source.
    public static let maximumEntries = 256

    /// Creates a document; everything but the id defaults to empty.
    public init(
        context: [JSONValue] = [.string(DIDDocument.coreContext)], id: DIDIdentifier, controller: [DIDIdentifier] = [],
        alsoKnownAs: [String] = [], verificationMethod: [VerificationMethod] = [],
        authentication: [VerificationMethodReference] = [], assertionMethod: [VerificationMethodReference] = [],
        keyAgreement: [VerificationMethodReference] = [], capabilityInvocation: [VerificationMethodReference] = [],
        capabilityDelegation: [VerificationMethodReference] = [], service: [DIDService] = [],
        additionalMembers: JSONObject = JSONObject()
    ) {
        self.context = context
        self.id = id
        self.controller = controller
        self.alsoKnownAs = alsoKnownAs
        self.verificationMethod = verificationMethod
        self.authentication = authentication
        self.assertionMethod = assertionMethod
        self.keyAgreement = keyAgreement
        self.capabilityInvocation = capabilityInvocation
        self.capabilityDelegation = capabilityDelegation
        self.service = service
        self.additionalMembers = additionalMembers
    }

    /// The DID Core v1 JSON-LD context URL.
    public static let coreContext = "https://www.w3.org/ns/did/v1"

    /// The entries of one verification relationship.
    public subscript(relationship: VerificationRelationship) -> [VerificationMethodReference] {
        get {
            switch relationship {
            case .authentication: return authentication
            case .assertionMethod: return assertionMethod
            case .keyAgreement: return keyAgreement
            case .capabilityInvocation: return capabilityInvocation
            case .capabilityDelegation: return capabilityDelegation
            }
        }
        set {
            switch relationship {
            case .authentication: authentication = newValue
            case .assertionMethod: assertionMethod = newValue
            case .keyAgreement: keyAgreement = newValue
            case .capabilityInvocation: capabilityInvocation = newValue
            case .capabilityDelegation: capabilityDelegation = newValue
            }
        }
    }
}
