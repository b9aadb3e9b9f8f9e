/// The identifier rules anoncreds-rs 0.2 checks: every identifier is a URI (`scheme:rest`) or,
/// for objects published on an Indy ledger before `did:indy`, a legacy identifier of its kind
/// (`DID:2:name:version` for a schema, `DID:3:CL:schema:tag` for a credential definition).
///
/// The legacy forms matter beyond syntax: a credential request may carry a `prover_did` instead
/// of `entropy` only for a legacy credential definition.
public enum AnonCredsIdentifier: Sendable {
    /// What an identifier names, for its legacy form.
    public enum Kind: String, Sendable {
        case issuer, schema, credentialDefinition = "credential definition"
        case revocationRegistryDefinition = "revocation registry definition"
    }

    /// Whether `value` is a URI in anoncreds' loose sense (a scheme, a colon, anything).
    public static func isURI(_ value: String) -> Bool {
        value.wholeMatch(of: /[a-zA-Z][a-zA-Z0-9+\-.]*:.+/) != nil
    }

    /// Whether `value` is the legacy Indy form of `kind`.
    public static func isLegacy(_ value: String, as kind: Kind) -> Bool {
        switch kind {
        case .issuer:
            value.wholeMatch(of: /[1-9A-HJ-NP-Za-km-z]{21,22}/) != nil
        case .schema:
            value.wholeMatch(of: /[1-9A-HJ-NP-Za-km-z]{21,22}:2:[^:]+:[0-9.]+/) != nil
        case .credentialDefinition:
            value.wholeMatch(of: /[1-9A-HJ-NP-Za-km-z]{21,22}:3:CL:(([1-9][0-9]*)|([a-zA-Z0-9]{21,22}:2:[^:]+:[0-9.]+)):([^:]+)?/) != nil
        case .revocationRegistryDefinition:
            value.wholeMatch(of: /[1-9A-HJ-NP-Za-km-z]{21,22}:4:[1-9A-HJ-NP-Za-km-z]{21,22}:3:CL:(([1-9][0-9]*)|([a-zA-Z0-9]{21,22}:2:[^:]+:[0-9.]+)):([^:]+):CL_ACCUM:([^:]+)?/) != nil
        }
    }

    /// Checks that `value` is a URI or the legacy form of `kind`.
    public static func validate(_ value: String, as kind: Kind) throws(AnonCredsError) {
        guard isURI(value) || isLegacy(value, as: kind) else {
            throw .invalidIdentifier(kind: kind.rawValue, value: value)
        }
    }
}
