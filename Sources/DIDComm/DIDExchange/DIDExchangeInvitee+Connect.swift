extension DIDExchangeInvitee {
    /// Runs the exchange over `transport`: the request to the invitation's service, the
    /// response from the same POST or, if the agent answered nothing, from up to
    /// `maximumPolls` trust pings `pollInterval` apart, then the complete message to the
    /// service of the DIDDoc received. A refused response is answered with a problem report
    /// (best effort) before the error is thrown.
    ///
    /// `transport` must open messages with this exchange's key.
    public mutating func connect(
        label: String, over transport: ReturnRouteTransport, maximumPolls: Int = 20, pollInterval: Duration = .milliseconds(250)
    ) async throws(DIDCommError) -> DIDCommConnection {
        try await run(label: label, over: transport, maximumPolls: maximumPolls, pollInterval: pollInterval)
    }
}
