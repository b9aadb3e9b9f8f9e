import DID

/// Who a proof's verification method belongs to: the DID its URL names.
///
/// A proof that verifies says only that the holder of *some* key signed; a credential is the
/// issuer's statement only when that key is the issuer's, and a presentation is the holder's
/// only when the key is the holder's. The suites' verifiers resolve the method through its own
/// DID, so a credential claiming `issuer: did:A` signed with a key of `did:B` verifies as a
/// proof — this check is what refuses it.
public enum VerificationMethodOwner {
    /// The DID of `verificationMethod` (a DID URL such as `did:key:z6Mk…#z6Mk…`), or `nil`
    /// when it is not a DID URL.
    public static func did(of verificationMethod: String) -> String? {
        (try? DIDURL(verificationMethod))?.did.description
    }

    /// Whether `verificationMethod` belongs to `controller` (a DID).
    public static func method(_ verificationMethod: String, belongsTo controller: String) -> Bool {
        guard let owner = did(of: verificationMethod), let expected = try? DIDIdentifier(controller) else { return false }
        return owner == expected.description
    }
}
