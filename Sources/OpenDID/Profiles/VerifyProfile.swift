import Foundation

/// What a verifier asks for: which credentials and claims, from which issuers, for which
/// nonce, and how to submit, signed by the verifier.
public struct VerifyProfile: Jsonable, ProofContainer, Sendable, Hashable {
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
        id: String, type: ProfileType = .VerifyProfile, title: String, description: String? = nil,
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

    /// The contents of a verify profile.
    public struct Profile: Jsonable, Sendable, Hashable {
        public var verifier: ProviderDetail
        public var filter: ProfileFilter
        public var process: Process

        public init(verifier: ProviderDetail, filter: ProfileFilter, process: Process) {
            self.verifier = verifier
            self.filter = filter
            self.process = process
        }

        /// Which credentials and claims may be presented.
        public struct ProfileFilter: Jsonable, Sendable, Hashable {
            public var credentialSchemas: [CredentialSchema]

            public init(credentialSchemas: [CredentialSchema]) {
                self.credentialSchemas = credentialSchemas
            }

            /// The claims and issuers acceptable for one VC schema.
            public struct CredentialSchema: Jsonable, Sendable, Hashable {
                public var id: String
                public var type: CredentialSchemaType
                /// The schema itself, multibase-encoded.
                public var value: String?
                /// Claim codes the holder may choose to present.
                public var displayClaims: [String]?
                /// Claim codes that must be presented.
                public var requiredClaims: [String]?
                /// DIDs of the issuers whose VCs are accepted; absent means any.
                public var allowedIssuers: [String]?
                /// Whether every claim of the credential must be presented. Not in the
                /// seed's declaration, but Open DID's verifier writes it and signs over it.
                public var presentAll: Bool?

                public init(
                    id: String, type: CredentialSchemaType = .osdSchemaCredential, value: String? = nil,
                    displayClaims: [String]? = nil, requiredClaims: [String]? = nil,
                    allowedIssuers: [String]? = nil, presentAll: Bool? = nil
                ) {
                    self.id = id
                    self.type = type
                    self.value = value
                    self.displayClaims = displayClaims
                    self.requiredClaims = requiredClaims
                    self.allowedIssuers = allowedIssuers
                    self.presentAll = presentAll
                }
            }
        }

        /// How to present.
        public struct Process: Jsonable, Sendable, Hashable {
            public var endpoints: [String]?
            /// The verifier's end-to-end encryption parameters.
            public var reqE2e: ReqE2e
            public var verifierNonce: String
            public var authType: VerifyAuthType?

            public init(endpoints: [String]? = nil, reqE2e: ReqE2e, verifierNonce: String, authType: VerifyAuthType? = nil) {
                self.endpoints = endpoints
                self.reqE2e = reqE2e
                self.verifierNonce = verifierNonce
                self.authType = authType
            }
        }
    }
}
