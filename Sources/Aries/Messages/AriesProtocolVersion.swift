import DIDComm

/// The major version of an Aries credential protocol: 1.0 (RFC 0036 issue-credential, RFC 0037
/// present-proof: Indy objects only, the format implied) or 2.0 (RFC 0453, RFC 0454: a
/// `formats` list naming each attachment's format).
public enum AriesProtocolVersion: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 1.0.
    case v1 = 1
    /// 2.0.
    case v2 = 2

    /// `issue-credential/<version>`.
    public var issueCredential: ProtocolIdentifier {
        ProtocolIdentifier(protocolName: "issue-credential", major: rawValue, minor: 0)
    }

    /// `present-proof/<version>`.
    public var presentProof: ProtocolIdentifier {
        ProtocolIdentifier(protocolName: "present-proof", major: rawValue, minor: 0)
    }
}
