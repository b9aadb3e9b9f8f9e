/// The version of the W3C Verifiable Credentials Data Model a document follows, told by its
/// first `@context` entry — which both versions require to be their base context.
public enum VCDataModelVersion: String, Sendable, Hashable, CaseIterable {
    /// VCDM 1.1: `issuanceDate` (required) and `expirationDate`.
    case v1_1 = "https://www.w3.org/2018/credentials/v1"
    /// VCDM 2.0: `validFrom` and `validUntil` (both optional), dates with a time zone.
    case v2_0 = "https://www.w3.org/ns/credentials/v2"

    /// The base context URL.
    public var baseContext: String { rawValue }
}
