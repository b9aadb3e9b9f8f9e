import Foundation

/// What an issuer offers: which credential, on which schema, and how to ask for it,
/// signed by the issuer.
public struct IssueProfile: Jsonable, ProofContainer, Sendable, Hashable {
    public var id: String
    public var type: ProfileType
    public var title: String
    public var description: String?
    public var logo: LogoImage?
    public var encoding: String
    public var language: String
    public var profile: Profile
    public var proof: Proof?

    public init(
        id: String, type: ProfileType = .IssueProfile, title: String, description: String? = nil,
        logo: LogoImage? = nil, encoding: String = "UTF-8", language: String, profile: Profile,
        proof: Proof? = nil
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.description = description
        self.logo = logo
        self.encoding = encoding
        self.language = language
        self.profile = profile
        self.proof = proof
    }

    /// The contents of an issue profile.
    public struct Profile: Jsonable, Sendable, Hashable {
        public var issuer: ProviderDetail
        public var credentialSchema: CredentialSchema
        public var process: Process

        public init(issuer: ProviderDetail, credentialSchema: CredentialSchema, process: Process) {
            self.issuer = issuer
            self.credentialSchema = credentialSchema
            self.process = process
        }

        /// The schema of the credential on offer, optionally inlined.
        public struct CredentialSchema: Jsonable, Sendable, Hashable {
            public var id: String
            public var type: CredentialSchemaType
            /// The schema itself, multibase-encoded.
            public var value: String?

            public init(id: String, type: CredentialSchemaType = .osdSchemaCredential, value: String? = nil) {
                self.id = id
                self.type = type
                self.value = value
            }
        }

        /// How to request issuance.
        public struct Process: Jsonable, Sendable, Hashable {
            public var endpoints: [String]
            /// The issuer's end-to-end encryption parameters (unsigned here: the profile's
            /// proof covers them).
            public var reqE2e: ReqE2e
            public var issuerNonce: String

            public init(endpoints: [String], reqE2e: ReqE2e, issuerNonce: String) {
                self.endpoints = endpoints
                self.reqE2e = reqE2e
                self.issuerNonce = issuerNonce
            }
        }
    }
}
