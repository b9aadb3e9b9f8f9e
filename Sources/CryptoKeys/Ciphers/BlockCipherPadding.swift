/// How a block-cipher mode (``AESCBCCipher``, ``AESECBCipher``) fills the last block.
///
/// Open DID's `ReqE2e` names the padding separately from the cipher (`PKCS5` or `NOPAD`),
/// so the choice is a value a caller can map from the wire rather than a separate API.
public enum BlockCipherPadding: String, Sendable, Hashable, CaseIterable {
    /// PKCS#7 (RFC 5652 §6.3): 1–16 bytes each holding the pad length, always added.
    /// For AES's 16-byte blocks this is what Java and Open DID call `PKCS5Padding`.
    case pkcs7
    /// No padding: the plaintext must already be a whole number of 16-byte blocks.
    case none

    /// Requires a whole number of blocks when there is no padding to make one.
    func requireWholeBlocks(_ count: Int, of what: String) throws(CryptoKeysError) {
        guard self == .none else { return }
        guard count.isMultiple(of: AESBlock.byteCount) else {
            throw .invalidParameter(reason: "unpadded \(what) must be a multiple of \(AESBlock.byteCount) bytes, got \(count)")
        }
    }
}
