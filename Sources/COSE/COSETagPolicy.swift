/// Whether a COSE message must, may or must not carry its CBOR tag (RFC 9052 §2).
///
/// Protocols differ: a stand-alone COSE_Sign1 is usually tagged (18), while ISO 18013-5
/// embeds COSE_Sign1 and COSE_Mac0 untagged where the context already says what they are.
/// Whatever the policy, a *different* tag is always an error.
public enum COSETagPolicy: Sendable, Hashable {
    /// The message must start with its tag.
    case required
    /// The tag may be present or absent.
    case optional
    /// The message must not be tagged.
    case forbidden
}
