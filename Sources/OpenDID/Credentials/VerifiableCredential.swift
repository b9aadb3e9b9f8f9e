import Foundation

/// An Open DID verifiable credential (VC).
///
/// The issuer signs it twice over: ``VCProof/proofValue`` covers the whole credential and
/// ``VCProof/proofValueList`` has one signature per claim, which is what lets a holder
/// present a subset of the claims (see ``VerifiablePresentation``).
public struct VerifiableCredential: Jsonable, Identifiable, Sendable, Hashable {
    public var context: [String]
    public var id: String
    public var type: [String]
    public var issuer: Issuer
    public var issuanceDate: String
    @UTCDatetime public var validFrom: String
    @UTCDatetime public var validUntil: String
    public var encoding: String
    public var formatVersion: String
    public var language: String
    public var evidence: [Evidence]
    public var credentialSchema: CredentialSchema
    public var credentialSubject: CredentialSubject
    public var proof: VCProof

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case id, type, issuer, issuanceDate, validFrom, validUntil, encoding, formatVersion
        case language, evidence, credentialSchema, credentialSubject, proof
    }

    public init(
        context: [String] = ["https://www.w3.org/ns/credentials/v2"], id: String,
        type: [String] = ["VerifiableCredential"], issuer: Issuer, issuanceDate: String,
        validFrom: String, validUntil: String, encoding: String = "UTF-8", formatVersion: String,
        language: String, evidence: [Evidence], credentialSchema: CredentialSchema,
        credentialSubject: CredentialSubject, proof: VCProof
    ) {
        self.context = context
        self.id = id
        self.type = type
        self.issuer = issuer
        self.issuanceDate = issuanceDate
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.encoding = encoding
        self.formatVersion = formatVersion
        self.language = language
        self.evidence = evidence
        self.credentialSchema = credentialSchema
        self.credentialSubject = credentialSubject
        self.proof = proof
    }
}

/// Who issued a VC.
public struct Issuer: Jsonable, Sendable, Hashable {
    /// The issuer's DID.
    public var id: String
    public var name: String?
    /// Where the issuer's certificate of membership (itself a VC) can be fetched.
    public var certVcRef: String?

    public init(id: String, name: String? = nil, certVcRef: String? = nil) {
        self.id = id
        self.name = name
        self.certVcRef = certVcRef
    }
}

/// The schema a VC follows.
public struct CredentialSchema: Jsonable, Sendable, Hashable {
    /// URL of the VC schema.
    public var id: String
    public var type: CredentialSchemaType

    public init(id: String, type: CredentialSchemaType = .osdSchemaCredential) {
        self.id = id
        self.type = type
    }
}

/// The subject of a VC and what the issuer says about them.
public struct CredentialSubject: Jsonable, Sendable, Hashable {
    /// The subject's (holder's) DID.
    public var id: String
    public var claims: [Claim]

    public init(id: String, claims: [Claim]) {
        self.id = id
        self.claims = claims
    }
}

/// One statement about the subject.
public struct Claim: Jsonable, Sendable, Hashable {
    /// The claim's code, e.g. `org.opendid.v1.national_id.birth_date`: what presentation
    /// requests select by.
    public var code: String
    public var caption: String
    public var value: String
    public var type: ClaimType
    public var format: ClaimFormat
    /// Absent means `false`; see ``hidesValue``.
    public var hideValue: Bool?
    /// Absent means ``Location/inline``; see ``valueLocation``.
    public var location: Location?
    /// Subresource-integrity digest of a value kept elsewhere.
    public var digestSRI: String?
    /// The caption (and value) in other languages, keyed by language code.
    public var i18n: [String: Internationalization]?

    public init(
        code: String, caption: String, value: String, type: ClaimType = .text, format: ClaimFormat = .plain,
        hideValue: Bool? = nil, location: Location? = nil, digestSRI: String? = nil,
        i18n: [String: Internationalization]? = nil
    ) {
        self.code = code
        self.caption = caption
        self.value = value
        self.type = type
        self.format = format
        self.hideValue = hideValue
        self.location = location
        self.digestSRI = digestSRI
        self.i18n = i18n
    }

    /// Whether a wallet should mask the value on screen (default `false`).
    public var hidesValue: Bool { hideValue ?? false }
    /// Where the value is (default ``Location/inline``).
    public var valueLocation: Location { location ?? .inline }
}

/// A claim's caption and value in another language.
public struct Internationalization: Jsonable, Sendable, Hashable {
    public var caption: String
    public var value: String?
    /// Subresource-integrity digest of the value.
    public var digestSRI: String?

    public init(caption: String, value: String? = nil, digestSRI: String? = nil) {
        self.caption = caption
        self.value = value
        self.digestSRI = digestSRI
    }
}
