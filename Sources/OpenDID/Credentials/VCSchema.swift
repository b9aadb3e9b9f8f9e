import Foundation

/// A VC schema: which claims a credential type has, by namespace, with their captions,
/// types and formats. Published unsigned by issuers.
public struct VCSchema: Jsonable, Sendable, Hashable {
    /// URL of this schema (`@id`).
    public var id: String
    /// URL of the schema format (`@schema`).
    public var schema: String
    public var title: String
    public var description: String
    public var metadata: VCMetadata
    public var credentialSubject: CredentialSubject

    enum CodingKeys: String, CodingKey {
        case id = "@id"
        case schema = "@schema"
        case title, description, metadata, credentialSubject
    }

    public init(
        id: String, schema: String, title: String, description: String, metadata: VCMetadata,
        credentialSubject: CredentialSubject
    ) {
        self.id = id
        self.schema = schema
        self.title = title
        self.description = description
        self.metadata = metadata
        self.credentialSubject = credentialSubject
    }

    /// Language and format version of credentials made from the schema.
    public struct VCMetadata: Jsonable, Sendable, Hashable {
        public var language: String
        public var formatVersion: String

        public init(language: String, formatVersion: String) {
            self.language = language
            self.formatVersion = formatVersion
        }
    }

    /// The claims of the schema, grouped by namespace.
    public struct CredentialSubject: Jsonable, Sendable, Hashable {
        public var claims: [Claim]

        public init(claims: [Claim]) {
            self.claims = claims
        }

        /// The claim definitions of one namespace.
        public struct Claim: Jsonable, Sendable, Hashable {
            public var namespace: Namespace
            public var items: [ClaimDef]

            public init(namespace: Namespace, items: [ClaimDef]) {
                self.namespace = namespace
                self.items = items
            }

            /// A claim namespace; a claim's code is `namespace.id + "." + item.id`.
            public struct Namespace: Jsonable, Sendable, Hashable {
                public var id: String
                public var name: String
                public var ref: String?

                public init(id: String, name: String, ref: String? = nil) {
                    self.id = id
                    self.name = name
                    self.ref = ref
                }
            }

            /// One claim's definition.
            public struct ClaimDef: Jsonable, Sendable, Hashable {
                public var id: String
                public var caption: String
                public var type: ClaimType
                public var format: ClaimFormat
                /// Absent means `false`; see ``hidesValue``.
                public var hideValue: Bool?
                /// Absent means ``Location/inline``; see ``valueLocation``.
                public var location: Location?
                /// Absent means `true`; see ``isRequired``.
                public var required: Bool?
                /// Absent means `""`; see ``descriptionText``.
                public var description: String?
                /// Captions in other languages, keyed by language code.
                public var i18n: [String: String]?

                public init(
                    id: String, caption: String, type: ClaimType = .text, format: ClaimFormat = .plain,
                    hideValue: Bool? = nil, location: Location? = nil, required: Bool? = nil,
                    description: String? = nil, i18n: [String: String]? = nil
                ) {
                    self.id = id
                    self.caption = caption
                    self.type = type
                    self.format = format
                    self.hideValue = hideValue
                    self.location = location
                    self.required = required
                    self.description = description
                    self.i18n = i18n
                }

                /// Whether a wallet should mask the value (default `false`).
                public var hidesValue: Bool { hideValue ?? false }
                /// Where the value is (default ``Location/inline``).
                public var valueLocation: Location { location ?? .inline }
                /// Whether credentials of this schema must carry the claim (default `true`).
                public var isRequired: Bool { required ?? true }
                /// The description (default empty).
                public var descriptionText: String { description ?? "" }
            }
        }
    }
}

/// The seed declares these at the top level of its VC schema chapter.
public typealias VCMetadata = VCSchema.VCMetadata
public typealias Namespace = VCSchema.CredentialSubject.Claim.Namespace
public typealias ClaimDef = VCSchema.CredentialSubject.Claim.ClaimDef
