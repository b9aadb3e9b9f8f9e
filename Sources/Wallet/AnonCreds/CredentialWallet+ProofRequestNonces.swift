import AnonCreds

extension CredentialWallet {
    /// Whether this wallet has answered a proof request with `request`'s nonce.
    ///
    /// Nonces are compared by value, as the proof hashes them: `0123` and `123` are one nonce.
    public func hasAnswered(_ request: PresentationRequest) async throws(WalletError) -> Bool {
        try await store.isProofRequestAnswered(nonce: request.nonce.value.decimalString)
    }

    /// Refuses `request` with ``WalletError/Presentation/replayedNonce(_:)`` when its nonce was
    /// answered before: what a presentation path calls before it builds anything.
    public func refuseReplayedProofRequest(_ request: PresentationRequest) async throws(WalletError) {
        guard try await hasAnswered(request) else { return }
        throw .presentationFailed(.replayedNonce(request.nonce.value.decimalString))
    }

    /// Remembers that `request` is answered (the wallet keeps a keyed hash of its nonce and, sealed,
    /// the nonce and the request's name): a later request with the same nonce is refused.
    /// Recorded when the proof is made, not when it is delivered — a proof that was built may
    /// have left — and refused, in the same transaction, when the nonce is recorded already,
    /// so of two presentations racing for one nonce only one gets a proof.
    public func recordAnswered(_ request: PresentationRequest) async throws(WalletError) {
        try await store.recordAnsweredProofRequest(nonce: request.nonce.value.decimalString, name: request.name)
    }
}
