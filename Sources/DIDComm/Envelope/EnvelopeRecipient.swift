import Foundation

/// One entry of the protected header's `recipients`: the content key for one verkey.
struct EnvelopeRecipient: Sendable {
    /// `header.kid`: the recipient's verkey in base58.
    var kid: String
    /// `encrypted_key`: a `crypto_box` (authcrypt) or sealed box (anoncrypt) of the content key.
    var encryptedKey: Data
    /// `header.sender`: a sealed box of the sender's base58 verkey (authcrypt only).
    var sender: Data? = nil
    /// `header.iv`: the `crypto_box` nonce (authcrypt only).
    var iv: Data? = nil
}
