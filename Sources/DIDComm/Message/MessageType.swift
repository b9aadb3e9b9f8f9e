/// A DIDComm v1 message type URI (`@type`, Aries RFC 0003): a document URI, then the protocol
/// name, its `major.minor` version and the message name.
///
/// Agents write the prefix two ways: `https://didcomm.org/` (RFC 0348) and the legacy
/// `did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/`, which older agents still send. Both are read and the
/// legacy one normalised, so a handler matches on one form; Vellum writes the new one.
public struct MessageType: Hashable, Sendable, CustomStringConvertible {
    /// The current document URI prefix.
    public static let didcommOrg = "https://didcomm.org/"
    /// The legacy prefix, read as ``didcommOrg``.
    public static let legacySov = "did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/"

    /// The document URI, ending in `/` (normalised to ``didcommOrg`` for the legacy prefix).
    public let documentURI: String
    /// The protocol name (`didexchange`, `out-of-band`, `issue-credential` …).
    public let protocolName: String
    /// The protocol's major version (semver: a different major is a different protocol).
    public let major: Int
    /// The protocol's minor version (a receiver reads a higher minor of the same major).
    public let minor: Int
    /// The message name (`request`, `invitation`, `problem-report` …).
    public let name: String

    /// A type from its parts.
    public init(documentURI: String = didcommOrg, protocolName: String, major: Int, minor: Int, name: String) {
        self.documentURI = documentURI == Self.legacySov ? Self.didcommOrg : documentURI
        self.protocolName = protocolName
        self.major = major
        self.minor = minor
        self.name = name
    }

    /// Reads a type URI; at most 512 characters.
    public init(_ text: String) throws(DIDCommError) {
        guard text.utf8.count <= 512 else { throw .malformedMessage(reason: "@type longer than 512 characters") }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4 else { throw .malformedMessage(reason: "@type is not <doc-uri>/<protocol>/<version>/<name>: \(text)") }
        let name = parts[parts.count - 1], version = parts[parts.count - 2], protocolName = parts[parts.count - 3]
        let documentURI = parts.dropLast(3).joined(separator: "/") + "/"
        let numbers = version.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 2, let major = Int(numbers[0]), let minor = Int(numbers[1]), major >= 0, minor >= 0,
            !name.isEmpty, !protocolName.isEmpty, documentURI.count > 1
        else { throw .malformedMessage(reason: "@type is not <doc-uri>/<protocol>/<major.minor>/<name>: \(text)") }
        self.init(documentURI: documentURI, protocolName: String(protocolName), major: major, minor: minor, name: String(name))
    }

    /// The URI as Vellum writes it.
    public var uri: String { "\(documentURI)\(protocolName)/\(major).\(minor)/\(name)" }

    public var description: String { uri }

    /// Whether this is `name` of the same protocol and major version as `other` (any minor):
    /// what a handler expecting `other` accepts.
    public func isCompatible(with other: MessageType) -> Bool {
        documentURI == other.documentURI && protocolName == other.protocolName && major == other.major && name == other.name
    }
}

extension MessageType {
    /// `https://didcomm.org/notification/1.0/ack` (RFC 0015).
    public static let ack = MessageType(protocolName: "notification", major: 1, minor: 0, name: "ack")
    /// `https://didcomm.org/report-problem/1.0/problem-report` (RFC 0035).
    public static let problemReport = MessageType(protocolName: "report-problem", major: 1, minor: 0, name: "problem-report")
    /// `https://didcomm.org/trust_ping/1.0/ping` (RFC 0048).
    public static let trustPing = MessageType(protocolName: "trust_ping", major: 1, minor: 0, name: "ping")
    /// `https://didcomm.org/trust_ping/1.0/ping_response` (RFC 0048).
    public static let trustPingResponse = MessageType(protocolName: "trust_ping", major: 1, minor: 0, name: "ping_response")
    /// `https://didcomm.org/routing/1.0/forward` (RFC 0094).
    public static let forward = MessageType(protocolName: "routing", major: 1, minor: 0, name: "forward")
}
