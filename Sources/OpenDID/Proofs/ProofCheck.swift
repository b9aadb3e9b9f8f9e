import Foundation

/// The outcome of checking one signature.
public struct ProofCheck: Sendable, Hashable, CustomStringConvertible {
    /// Where the signature is, as a JSON path (`proofs[1]`,
    /// `verifiableCredential[0].proof.proofValueList[2]`).
    public let location: String
    /// The key the proof names.
    public let verificationMethod: String
    /// Why it failed, or `nil` when it verified.
    public let failure: OpenDIDError?

    public init(location: String, verificationMethod: String, failure: OpenDIDError?) {
        self.location = location
        self.verificationMethod = verificationMethod
        self.failure = failure
    }

    /// Whether the signature verified.
    public var isValid: Bool { failure == nil }

    public var description: String {
        if let failure { return "\(location) ✗ \(verificationMethod): \(failure)" }
        return "\(location) ✓ \(verificationMethod)"
    }
}
