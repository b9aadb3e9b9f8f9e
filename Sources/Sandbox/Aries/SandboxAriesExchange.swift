import Foundation
import JSONModel

/// One exchange the sandbox's Aries agent ran or runs, as the admin API and the tests see it:
/// which step of which invitation, where it stands, what a verified proof revealed, and why it
/// was refused or abandoned.
public struct SandboxAriesExchange: Sendable, Hashable, Codable {
    /// Where the exchange stands.
    public enum State: String, Sendable, Hashable, Codable {
        /// Not started: an earlier step of the invitation is still running.
        case waiting
        /// The offer or proof request was sent (or attached to the invitation).
        case sent
        /// The credential was issued; the holder's ack is awaited.
        case credentialIssued = "credential-issued"
        /// Done: the credential was acknowledged, or the proof verified and acknowledged.
        case done
        /// Refused by the agent (``SandboxAriesExchange/error`` says why) or abandoned by the holder.
        case abandoned
    }

    /// The thread's id (the offer's or the request's `@id`), `nil` while waiting.
    public internal(set) var threadID: String?
    /// The invitation it belongs to.
    public let invitationID: String
    /// The step.
    public let step: SandboxAriesPlan.Step
    /// Where it stands.
    public internal(set) var state: State
    /// The values a verified proof revealed, by referent (`name`); the predicate's attribute is not among them.
    public internal(set) var revealed: [String: String]
    /// Why the agent refused a message of it, or the holder's problem report.
    public internal(set) var error: String?

    init(invitationID: String, step: SandboxAriesPlan.Step) {
        self.invitationID = invitationID
        self.step = step
        state = .waiting
        revealed = [:]
    }

    /// The exchange as the admin API shows it.
    var json: JSONValue {
        var object: JSONObject = [
            "invitation_id": .string(invitationID), "step": .string(step.rawValue), "state": .string(state.rawValue),
            "revealed": .object(JSONObject(revealed.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
        ]
        if let threadID { object["thread_id"] = .string(threadID) }
        if let error { object["error"] = .string(error) }
        return .object(object)
    }
}
