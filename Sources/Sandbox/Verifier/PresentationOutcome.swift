import JSONModel

/// What the sandbox verifier concluded about one response.
public struct PresentationOutcome: Sendable, Hashable {
    /// Accepted, rejected with a reason, or declined by the wallet.
    public enum Status: Sendable, Hashable {
        case accepted
        case rejected(String)
        case declined(error: String, description: String?)
    }

    /// One verified presentation.
    public struct Presented: Sendable, Hashable {
        /// The credential query it answered.
        public let queryID: String
        /// Its format.
        public let format: String
        /// Its type: `vct` or docType.
        public let type: String
        /// The claims it disclosed: SD-JWT VC processed payload, or namespace → elements.
        public let claims: JSONObject
    }

    public let status: Status
    public let presentations: [Presented]

    static func rejected(_ reason: String) -> PresentationOutcome {
        PresentationOutcome(status: .rejected(reason), presentations: [])
    }
}
