import AnonCreds
import Aries
import CryptoKeys
import DIDComm
import JSONModel

/// One invitation of the sandbox's Aries agent and everything that follows it: the DID exchange
/// (when not connectionless), the holder key the exchanges are bound to, and the plan's steps
/// run one after the other through the Aries module's issuer and verifier state machines.
struct SandboxAriesSession: Sendable {
    let invitation: OutOfBandInvitation
    /// The key the invitation names: DID exchange's response is signed with it, and a
    /// connectionless session's messages are packed from it.
    let invitationKey: PrivateKey
    let plan: SandboxAriesPlan
    /// The inviter's side of DID exchange, `nil` for a connectionless session.
    var inviter: DIDExchangeInviter?
    /// Our pairwise key of the DID exchange connection.
    let pairwiseKey: PrivateKey?
    /// The holder's key: the DID exchange request's sender, or the first key that answered a
    /// connectionless message. Every later message must come from it.
    var holder: Verkey?
    /// The plan's exchanges, as shown.
    var exchanges: [SandboxAriesExchange]
    /// The step running now (an index of ``exchanges``).
    var current = 0
    var issuance: CredentialIssuance?
    var verification: PresentationVerification?

    /// Where the holder answers a connectionless message (`~service`), `nil` with a connection.
    let service: DIDCommService?

    init(
        invitation: OutOfBandInvitation, invitationKey: PrivateKey, plan: SandboxAriesPlan, pairwiseKey: PrivateKey?,
        inviter: DIDExchangeInviter?, service: DIDCommService?
    ) {
        self.invitation = invitation
        self.invitationKey = invitationKey
        self.plan = plan
        self.pairwiseKey = pairwiseKey
        self.inviter = inviter
        self.service = service
        exchanges = plan.steps.map { SandboxAriesExchange(invitationID: invitation.id, step: $0) }
    }

    /// The key messages to the holder are packed from.
    var senderKey: PrivateKey { pairwiseKey ?? invitationKey }

    /// Whether every step has ended (done or abandoned).
    var isFinished: Bool { current >= exchanges.count }

    /// The message that starts the current step (an offer or a proof request) with the
    /// `~ledger` decorator and, connectionless, the `~service` to answer to.
    static func firstMessage(
        of step: SandboxAriesPlan.Step, plan: SandboxAriesPlan, material: SandboxAriesMaterial, decorators: JSONObject,
        parentThreadID: String?
    ) throws(AriesError) -> Started {
        let version: AriesProtocolVersion = step == .issueV1 || step == .presentV1 ? .v1 : .v2
        let anonCreds = version == .v2 && plan.format == .anoncreds
        if step.isIssuance {
            var generator = SystemRandomNumberGenerator()
            let issuance = try CredentialIssuance(
                offering: material.issuer.offer(using: &generator), values: plan.values ?? SandboxAriesMaterial.defaultValues,
                version: version, format: anonCreds ? .anonCredsOffer : .indyOffer, comment: "Vellum sandbox person credential",
                decorators: decorators, parentThreadID: parentThreadID)
            return .issuance(issuance)
        }
        let verification = try PresentationVerification(
            requesting: material.proofRequest(), version: version, format: anonCreds ? .anonCredsProofRequest : .indyProofRequest,
            comment: "Prove that you are 18 or older; your name is shown, your age is not", decorators: decorators,
            parentThreadID: parentThreadID)
        return .verification(verification)
    }

    /// A started step's state machine.
    enum Started: Sendable {
        case issuance(CredentialIssuance)
        case verification(PresentationVerification)

        var message: DIDCommMessage {
            switch self {
            case .issuance(let issuance): issuance.offer
            case .verification(let verification): verification.request
            }
        }
    }

    /// Starts the current step: its state machine kept, its view `sent`; the message to send.
    mutating func start(_ started: Started) -> DIDCommMessage {
        switch started {
        case .issuance(let issuance): self.issuance = issuance
        case .verification(let verification): self.verification = verification
        }
        exchanges[current].threadID = started.message.id
        exchanges[current].state = .sent
        return started.message
    }

    /// Judges a message on the current step's thread: the answer to send (a credential, an
    /// ack, a problem report), if any. When the step ended well, ``current`` moves on.
    mutating func receive(_ message: DIDCommMessage, material: SandboxAriesMaterial) -> DIDCommMessage? {
        guard !isFinished else { return nil }
        if var issuance {
            do {
                let reply = try issuance.receive(message, issuer: material.issuer)
                exchanges[current].state = issuance.state == .done ? .done : .credentialIssued
                self.issuance = issuance
                if issuance.state == .done { finishStep() }
                return reply
            } catch {
                return end(error, report: issuance.problemReport)
            }
        }
        if var verification {
            do {
                let ack = try verification.receive(
                    message, schemas: [material.schemaID: material.schema],
                    definitions: [material.credentialDefinitionID: material.issuer.definition])
                exchanges[current].revealed = verification.revealedValues
                exchanges[current].state = .done
                finishStep()
                return ack
            } catch {
                return end(error, report: verification.problemReport)
            }
        }
        return nil
    }

    /// Ends the session at a refused (or abandoned) step: the step says why; the problem
    /// report to send, if any.
    private mutating func end(_ error: AriesError, report: DIDCommMessage?) -> DIDCommMessage? {
        exchanges[current].state = .abandoned
        exchanges[current].error = error.description
        current = exchanges.count
        issuance = nil
        verification = nil
        return report
    }

    private mutating func finishStep() {
        current += 1
        issuance = nil
        verification = nil
    }

    /// The thread the current step runs on.
    var currentThreadID: String? { isFinished ? nil : exchanges[current].threadID }
}
