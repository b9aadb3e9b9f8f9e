/// What accepting an Aries invitation did: the connection made (by DID exchange, or the
/// connectionless one), and the credential offers and proof requests that arrived on it, each
/// kept by the wallet as a state object waiting for the holder (state 3).
public struct AriesInvitationResult: Sendable {
    /// The connection.
    public let connection: AriesConnection
    /// The exchanges the messages that arrived began or moved on.
    public let received: AriesMessagesReceived
}

/// The state objects a batch of received messages made or moved on, in arrival order.
public struct AriesMessagesReceived: Sendable {
    /// Credential offers made into state objects, and credential exchanges moved on.
    public internal(set) var credentials: [AriesCredential] = []
    /// Proof requests made into state objects, and proof exchanges moved on.
    public internal(set) var proofs: [DisclosedProof] = []

    /// Nothing received.
    public init() {}

    /// Whether nothing arrived.
    public var isEmpty: Bool { credentials.isEmpty && proofs.isEmpty }

    mutating func merge(_ other: AriesMessagesReceived) {
        for credential in other.credentials {
            if let index = credentials.firstIndex(where: { $0.id == credential.id }) { credentials[index] = credential } else { credentials.append(credential) }
        }
        for proof in other.proofs {
            if let index = proofs.firstIndex(where: { $0.id == proof.id }) { proofs[index] = proof } else { proofs.append(proof) }
        }
    }
}
