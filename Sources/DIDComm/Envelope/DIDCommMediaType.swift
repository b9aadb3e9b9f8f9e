import Foundation

/// The media types a DIDComm v1 envelope is sent with over HTTP.
public enum DIDCommMediaType {
    /// `application/didcomm-envelope-enc` (RFC 0044), what Vellum sends.
    public static let envelope = "application/didcomm-envelope-enc"
    /// `application/ssi-agent-wire`, the older name some agents still send and accept.
    public static let legacyEnvelope = "application/ssi-agent-wire"

    /// Whether a `Content-Type` value (parameters ignored) names an envelope.
    public static func isEnvelope(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased()
        return type == envelope || type == legacyEnvelope
    }
}
