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
        let request = try request(label: label)
        var answer = try await transport.send(request, to: invitationService, from: key)
        var polls = 0
        while answer == nil, polls < maximumPolls {
            polls += 1
            try? await Task.sleep(for: pollInterval)
            answer = try await transport.poll(invitationService, from: key)
        }
        guard let answer else {
            state = .abandoned
            throw .protocolFailure(reason: "no response to the DID exchange request after \(polls) polls")
        }
        let complete: DIDCommMessage
        do { complete = try receive(answer.message, sender: answer.sender) } catch {
            if let report = problemReport(for: error) { _ = try? await transport.send(report, to: invitationService, from: key) }
            throw error
        }
        guard let connection else { throw .protocolFailure(reason: "the exchange did not complete") }
        _ = try await transport.send(complete, to: connection.theirService, from: key)
        return connection
    }
}
