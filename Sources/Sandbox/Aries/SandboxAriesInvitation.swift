import Foundation
import JSONModel

/// An invitation the sandbox's Aries agent made: the link a holder accepts (`…/aries?oob=…`,
/// out-of-band 1.1) and the invitation message.
public struct SandboxAriesInvitation: Sendable, Hashable {
    /// The invitation's `@id`: the `pthid` of everything that follows, and the key of
    /// ``SandboxIssuer/ariesExchanges(invitationID:)``.
    public let id: String
    /// The link.
    public let url: URL
    /// The invitation message.
    public let invitation: JSONValue
}
