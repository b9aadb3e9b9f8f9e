import Foundation
import JSONModel

/// One entry of `credential_configurations_supported` (OpenID4VCI 1.0 §12.2.4): what a
/// credential configuration id in an offer means — its format and type, how it is bound to a
/// holder key, which key proofs the issuer takes, and how to display it.
public struct CredentialConfiguration: Sendable, Hashable {
    /// The format and its type identifier (Appendix A).
    public enum Format: Sendable, Hashable {
        /// `mso_mdoc` with its `doctype` (ISO/IEC 18013-5).
        case msoMdoc(doctype: String)
        /// `dc+sd-jwt` (or the earlier `vc+sd-jwt`) with its `vct`.
        case sdJWTVC(vct: String)
        /// `jwt_vc_json` with `credential_definition.type`.
        case jwtVCJSON(types: [String])
        /// Any other format identifier; the raw configuration is in ``CredentialConfiguration/json``.
        case other(String)
    }

    /// The configuration id (the key in `credential_configurations_supported`).
    public var id: String
    /// `format` as written.
    public var formatIdentifier: String
    /// The format with its type.
    public var format: Format
    /// `scope`: the OAuth scope that requests this credential, when the issuer defines one.
    public var scope: String?
    /// `cryptographic_binding_methods_supported` (`jwk`, `cose_key`, `did:…`); empty when the
    /// credential is not bound to a holder key.
    public var cryptographicBindingMethods: [String]
    /// `credential_signing_alg_values_supported`: JOSE names, or COSE numbers for `mso_mdoc`.
    public var credentialSigningAlgorithms: [SigningAlgorithmIdentifier]
    /// `proof_types_supported`, by proof type (`jwt`, `attestation`, …).
    public var proofTypes: [String: ProofTypeMetadata]
    /// `credential_metadata.display` (or the draft placement at the top level).
    public var display: [CredentialDisplay]
    /// `credential_metadata.claims` (or the draft placement at the top level), in display order.
    public var claims: [ClaimDescription]
    /// The configuration as received, for members this model does not name.
    public var json: JSONObject

    init(id: String, members: JSONMembers) throws(OpenID4VCIError) {
        self.id = id
        json = members.object
        formatIdentifier = try members.requiredString("format")
        switch formatIdentifier {
        case "mso_mdoc":
            format = .msoMdoc(doctype: try members.requiredString("doctype"))
        case "dc+sd-jwt", "vc+sd-jwt":
            format = .sdJWTVC(vct: try members.requiredString("vct"))
        case "jwt_vc_json":
            guard let definition = try members.object("credential_definition") else {
                throw members.fail("credential_definition", "missing")
            }
            guard let types = try definition.strings("type", limit: 64) else { throw definition.fail("type", "missing") }
            format = .jwtVCJSON(types: types)
        default:
            format = .other(formatIdentifier)
        }
        scope = try members.string("scope")
        cryptographicBindingMethods = try members.strings("cryptographic_binding_methods_supported", limit: 64) ?? []
        var algorithms = [SigningAlgorithmIdentifier]()
        for (index, value) in (try members.array("credential_signing_alg_values_supported", limit: 64) ?? []).enumerated() {
            guard let algorithm = SigningAlgorithmIdentifier(json: value) else {
                throw members.fail("credential_signing_alg_values_supported[\(index)]", "not a string or an integer")
            }
            algorithms.append(algorithm)
        }
        credentialSigningAlgorithms = algorithms
        var proofTypes = [String: ProofTypeMetadata]()
        if let types = try members.object("proof_types_supported") {
            guard !types.object.isEmpty else { throw members.fail("proof_types_supported", "empty object") }
            guard types.object.count <= 16 else { throw members.fail("proof_types_supported", "more than 16 proof types") }
            for (name, _) in types.object {
                guard let proof = try types.object(name) else { continue }
                proofTypes[name] = try ProofTypeMetadata(proof)
            }
        }
        self.proofTypes = proofTypes
        // 1.0 final: display and claims inside credential_metadata; drafts 13-15: at the top.
        if let metadata = try members.object("credential_metadata") {
            display = try Self.display(metadata)
            claims = try ClaimDescription.list(metadata, name: "claims")
        } else {
            display = try Self.display(members)
            if case .object? = members.object["claims"] {
                claims = try ClaimDescription.legacyMap(members, name: "claims")
            } else {
                claims = try ClaimDescription.list(members, name: "claims")
            }
        }
    }

    private static func display(_ members: JSONMembers) throws(OpenID4VCIError) -> [CredentialDisplay] {
        var display = [CredentialDisplay]()
        for entry in try members.objects("display", limit: 64) ?? [] { display.append(try CredentialDisplay(entry)) }
        try checkUniqueLocales(display.map(\.locale), members: members, name: "display")
        return display
    }

    /// The display entry for the first of `preferredLocales` the issuer has (matching a language
    /// prefix too), else the first entry.
    public func display(preferring preferredLocales: [String]) -> CredentialDisplay? {
        bestDisplay(display, locale: \.locale, preferring: preferredLocales)
    }
}

/// A `credential_signing_alg_values_supported` entry: JOSE algorithm names for JWT-based
/// formats, numeric COSE algorithm identifiers for `mso_mdoc`.
public enum SigningAlgorithmIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// A JOSE algorithm name such as `ES256`.
    case jose(String)
    /// A COSE algorithm number such as `-7`.
    case cose(Int)

    init?(json: JSONValue) {
        switch json {
        case let .string(name): self = .jose(name)
        case let .number(number):
            guard let value = number.intValue else { return nil }
            self = .cose(value)
        default: return nil
        }
    }

    /// The identifier as the metadata writes it (`ES256`, `-7`).
    public var description: String {
        switch self {
        case let .jose(name): name
        case let .cose(number): String(number)
        }
    }
}

/// One entry of `proof_types_supported`: the algorithms a key proof may be signed with and
/// whether the issuer wants key attestations.
public struct ProofTypeMetadata: Sendable, Hashable {
    /// `proof_signing_alg_values_supported`: never empty.
    public var signingAlgorithms: [String]
    /// `key_attestations_required`: present when the issuer requires a key attestation.
    public var keyAttestationsRequired: KeyAttestationRequirement?

    /// Proof type metadata built in code.
    public init(signingAlgorithms: [String], keyAttestationsRequired: KeyAttestationRequirement? = nil) {
        self.signingAlgorithms = signingAlgorithms
        self.keyAttestationsRequired = keyAttestationsRequired
    }

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        var algorithms = [String]()
        for (index, value) in (try members.array("proof_signing_alg_values_supported", limit: 64) ?? []).enumerated() {
            // COSE numbers appear for mdoc-flavoured proof types; keep them as text.
            guard let algorithm = SigningAlgorithmIdentifier(json: value) else {
                throw members.fail("proof_signing_alg_values_supported[\(index)]", "not a string or an integer")
            }
            algorithms.append(algorithm.description)
        }
        guard !algorithms.isEmpty else { throw members.fail("proof_signing_alg_values_supported", "missing") }
        signingAlgorithms = algorithms
        keyAttestationsRequired = try members.object("key_attestations_required").map { value throws(OpenID4VCIError) in
            KeyAttestationRequirement(
                keyStorage: try value.strings("key_storage", limit: 32),
                userAuthentication: try value.strings("user_authentication", limit: 32))
        }
    }
}

/// `key_attestations_required` (OpenID4VCI 1.0 §12.2.4, Appendix D): the attack potential
/// resistance levels the issuer accepts; both `nil` means any key attestation will do.
public struct KeyAttestationRequirement: Sendable, Hashable {
    /// `key_storage`: accepted levels for the key storage.
    public var keyStorage: [String]?
    /// `user_authentication`: accepted levels for user authentication.
    public var userAuthentication: [String]?

    /// A requirement built in code; `nil` lists mean "any level".
    public init(keyStorage: [String]? = nil, userAuthentication: [String]? = nil) {
        self.keyStorage = keyStorage
        self.userAuthentication = userAuthentication
    }
}

/// The entry whose locale best matches: exact tag first, then language prefix, then the first.
func bestDisplay<Entry>(_ entries: [Entry], locale: KeyPath<Entry, String?>, preferring preferred: [String]) -> Entry? {
    for wanted in preferred.map({ $0.lowercased() }) {
        if let exact = entries.first(where: { $0[keyPath: locale]?.lowercased() == wanted }) { return exact }
        let language = wanted.split(separator: "-").first.map(String.init) ?? wanted
        if let close = entries.first(where: {
            $0[keyPath: locale]?.lowercased().split(separator: "-").first.map(String.init) == language
        }) { return close }
    }
    return entries.first
}
