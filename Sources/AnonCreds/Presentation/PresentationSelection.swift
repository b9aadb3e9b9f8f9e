/// The holder's answer to a presentation request, before any proof: which credential answers
/// which referent, revealed or not, and the self-attested values.
public struct PresentationSelection: Sendable, Hashable {
    /// One credential and the referents it answers.
    public struct CredentialUse: Sendable, Hashable {
        public var credential: Credential
        /// Requested-attribute referents whose values are shown.
        public var revealed: [String]
        /// Requested-attribute referents proven without showing the value.
        public var unrevealed: [String]
        /// Requested-predicate referents.
        public var predicates: [String]

        public init(credential: Credential, revealed: [String] = [], unrevealed: [String] = [], predicates: [String] = []) {
            self.credential = credential
            self.revealed = revealed
            self.unrevealed = unrevealed
            self.predicates = predicates
        }
    }

    public var credentials: [CredentialUse]
    /// Self-attested values by requested-attribute referent.
    public var selfAttested: [String: String]

    public init(credentials: [CredentialUse] = [], selfAttested: [String: String] = [:]) {
        self.credentials = credentials
        self.selfAttested = selfAttested
    }
}
