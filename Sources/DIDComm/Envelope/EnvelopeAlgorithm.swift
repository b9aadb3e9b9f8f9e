/// How an envelope's content key reaches its recipients (the protected header's `alg`).
public enum EnvelopeAlgorithm: String, Sendable, Hashable {
    /// The content key in a `crypto_box` from the sender's key, the sender's verkey in a sealed
    /// box: the recipient learns, and can trust, who sent it.
    case authcrypt = "Authcrypt"
    /// The content key in a sealed box: the sender stays anonymous (forward messages, and a
    /// message to a party not yet connected).
    case anoncrypt = "Anoncrypt"
}
