extension WalletError {
    /// The validation failures of a rejected credential (``credentialRejected(_:)`` with
    /// ``Rejection/failedValidation(_:)``), empty for every other error.
    public var failures: [VerificationFailure] {
        if case .credentialRejected(let rejection) = self { return rejection.failures }
        return []
    }

    /// Why a received or imported credential was not stored. Nothing of it was written.
    ///
    /// ``failedValidation(_:)`` carries every reason found (the MATTR SDK's
    /// `credentialNotAdded`); the other cases say the input was the problem. A storage failure
    /// while keeping a valid credential is not a rejection: it is thrown as the storage
    /// ``WalletError`` it is.
    public enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        /// The credential did not pass validation; the failures say why (untrusted issuer,
        /// invalid signature, expired, holder key mismatch, revoked, …).
        case failedValidation([VerificationFailure])
        /// The bytes are not a credential of the declared format.
        case malformed(String)
        /// The holder key named is not in the wallet's secure area.
        case holderKeyNotFound(String)
        /// The wallet does not accept credentials of this format.
        case unsupportedFormat(String)

        /// The validation failures, empty for the other cases.
        public var failures: [VerificationFailure] {
            if case .failedValidation(let failures) = self { return failures }
            return []
        }

        /// A message naming every reason.
        public var description: String {
            switch self {
            case .failedValidation(let failures):
                return "credential not added: " + failures.map(\.description).joined(separator: "; ")
            case .malformed(let reason): return "credential not added: malformed: \(reason)"
            case .holderKeyNotFound(let id): return "credential not added: no holder key \(id) in the wallet"
            case .unsupportedFormat(let format): return "credential not added: unsupported format \(format)"
            }
        }
    }
}
