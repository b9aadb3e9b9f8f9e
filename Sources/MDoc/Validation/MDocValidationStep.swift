import Foundation

/// One check of mdoc validation, in the order 18013-5 §9.3.1 performs them.
public enum MDocValidationStep: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The issuerAuth algorithm is one the validator accepts (a precondition of the signature check).
    case algorithm
    /// The issuerAuth COSE_Sign1 verifies under the `x5chain` document signer certificate;
    /// checked only once that certificate chains to a trusted IACA (otherwise skipped).
    case issuerSignature
    /// The document signer certificate chains to a trusted IACA under the Annex B profiles.
    case certificateChain
    /// The MSO's docType is the document's.
    case docType
    /// Every presented element hashes to its `valueDigests` entry; digest IDs are unique.
    case digests
    /// `validityInfo` is consistent, within the DS certificate, and covers the validation time.
    case validity
    /// The MSO binds the device key the wallet asked for.
    case deviceKeyBinding
    /// The status list (when the MSO names one) says the document is valid.
    case status
    /// The device signature or MAC over `DeviceAuthentication` verifies.
    case deviceAuthentication

    /// The step's name as a person reads it in a report.
    public var description: String {
        switch self {
        case .algorithm: return "issuerAuth algorithm"
        case .issuerSignature: return "issuerAuth signature"
        case .certificateChain: return "certificate chain to IACA"
        case .docType: return "docType"
        case .digests: return "value digests"
        case .validity: return "validity"
        case .deviceKeyBinding: return "device key binding"
        case .status: return "status"
        case .deviceAuthentication: return "device authentication"
        }
    }
}

/// What one step concluded.
public enum MDocStepOutcome: Sendable, Equatable {
    /// The check held; the text says what was checked.
    case passed(String)
    /// The check failed.
    case failed(MDocError)
    /// The check did not apply (no status list, no expected device key) or was not reached
    /// because an earlier step failed; the text says which.
    case skipped(String)
}

/// The evidence and conclusions of validating one document: each step's outcome in order.
///
/// Validation stops at the first failure (later checks would rest on unverified data); the
/// remaining steps are reported as skipped, so a CLI or audit log can show the whole list.
public struct MDocValidationReport: Sendable, Equatable {
    /// The steps and their outcomes, in order.
    public internal(set) var steps: [(step: MDocValidationStep, outcome: MDocStepOutcome)]
    /// The document's claimed docType.
    public let docType: String
    /// The verified document, when every step passed or was not applicable.
    public internal(set) var verified: VerifiedDocument?

    init(docType: String) {
        self.docType = docType
        self.steps = []
    }

    /// Whether every step passed or did not apply.
    public var isValid: Bool { firstFailure == nil && verified != nil }

    /// The first failure, if any.
    public var firstFailure: MDocError? {
        for entry in steps { if case .failed(let error) = entry.outcome { return error } }
        return nil
    }

    /// The verified document, or the first failure as a typed error.
    public func get() throws(MDocError) -> VerifiedDocument {
        if let failure = firstFailure { throw failure }
        guard let verified else { throw .invalidStructure(path: docType, reason: "validation did not complete") }
        return verified
    }

    /// The outcome of `step`, if it ran.
    public func outcome(of step: MDocValidationStep) -> MDocStepOutcome? {
        steps.first { $0.step == step }?.outcome
    }

    mutating func record(_ step: MDocValidationStep, _ outcome: MDocStepOutcome) {
        steps.append((step, outcome))
    }

    /// Marks every step not yet recorded among `remaining` as skipped.
    mutating func skipRest(_ remaining: [MDocValidationStep]) {
        for step in remaining where outcome(of: step) == nil { steps.append((step, .skipped("not reached"))) }
    }

    /// Reports are equal when they hold the same steps, outcomes and verified document.
    public static func == (lhs: MDocValidationReport, rhs: MDocValidationReport) -> Bool {
        lhs.docType == rhs.docType && lhs.verified == rhs.verified
            && lhs.steps.map(\.step) == rhs.steps.map(\.step) && lhs.steps.map(\.outcome) == rhs.steps.map(\.outcome)
    }
}
