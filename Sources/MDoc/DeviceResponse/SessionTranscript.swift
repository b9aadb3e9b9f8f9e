import CBOR
import CryptoKeys
import Foundation

/// The context both sides of a presentation bind their authentication to (18013-5 §9.1.5.1):
/// `[DeviceEngagementBytes, EReaderKeyBytes, Handover]`.
///
/// The device signature or MAC covers it, so a response made for one reader, nonce or
/// session cannot be replayed to another. Proximity flows fill all three parts; OpenID4VP
/// sends `null` for the first two and a ``Handover`` that hashes the request parameters.
public struct SessionTranscript: Sendable, Equatable {
    /// The encoded `SessionTranscript` array, exactly as received or as encoded here.
    public let encoded: Data
    /// The decoded array.
    public let value: CBOR

    /// A transcript from its three parts (`null` where a flow has no engagement or reader key).
    public init(deviceEngagementBytes: CBOR = .null, eReaderKeyBytes: CBOR = .null, handover: CBOR) {
        value = [deviceEngagementBytes, eReaderKeyBytes, handover]
        encoded = value.encoded()
    }

    /// Reads a `SessionTranscript`, either the array or `SessionTranscriptBytes`
    /// (`#6.24(bstr .cbor SessionTranscript)`), keeping the array's exact bytes.
    public init(decoding data: some DataProtocol, limits: MDocLimits = .default) throws(MDocError) {
        var item = try CBOR.decodeMDoc(data, limits: limits)
        var bytes = Data(data)
        if let inner = item.embeddedBytes {
            bytes = inner
            item = try CBOR.decodeMDoc(inner, limits: limits)
        }
        guard let parts = item.arrayValue, parts.count == 3 else {
            throw .invalidStructure(path: "SessionTranscript", reason: "expected an array of 3")
        }
        encoded = bytes
        value = item
    }

    /// `DeviceEngagementBytes` or `null`.
    public var deviceEngagementBytes: CBOR { value[0] ?? .null }
    /// `EReaderKeyBytes` or `null`.
    public var eReaderKeyBytes: CBOR { value[1] ?? .null }
    /// The handover.
    public var handover: CBOR { value[2] ?? .null }

    /// `SessionTranscriptBytes`: `#6.24(bstr .cbor SessionTranscript)`, the HKDF salt input
    /// of the session and MAC keys.
    public var taggedBytes: Data { CBOR.embedded(encoded: encoded).encoded() }

    /// The transcript of an OpenID4VP 1.0 redirect flow (Appendix B.2.6.1): no engagement,
    /// no reader key, and an `OpenID4VPHandover`.
    public static func openID4VP(
        clientID: String, nonce: String, jwkThumbprint: Data?, responseURI: String
    ) -> SessionTranscript {
        SessionTranscript(handover: Handover.openID4VP(
            clientID: clientID, nonce: nonce, jwkThumbprint: jwkThumbprint, responseURI: responseURI))
    }

    /// The transcript of an OpenID4VP 1.0 presentation over the Digital Credentials API
    /// (Appendix B.2.6.2), with an `OpenID4VPDCAPIHandover`.
    public static func openID4VPDigitalCredentialsAPI(origin: String, nonce: String, jwkThumbprint: Data?) -> SessionTranscript {
        SessionTranscript(handover: Handover.openID4VPDigitalCredentialsAPI(
            origin: origin, nonce: nonce, jwkThumbprint: jwkThumbprint))
    }
}

/// The `Handover` element of a ``SessionTranscript`` for the OpenID4VP flows.
///
/// Each is `[name, SHA-256(cbor(HandoverInfo))]`: the request parameters are hashed rather
/// than embedded so the transcript stays small and the same on both sides.
public enum Handover {
    /// `OpenID4VPHandoverInfo`: `[client_id, nonce, jwkThumbprint or null, response_uri]`.
    public static func openID4VPInfo(clientID: String, nonce: String, jwkThumbprint: Data?, responseURI: String) -> CBOR {
        [.textString(clientID), .textString(nonce), jwkThumbprint.map(CBOR.byteString) ?? .null, .textString(responseURI)]
    }

    /// `OpenID4VPHandover`: `["OpenID4VPHandover", SHA-256(OpenID4VPHandoverInfoBytes)]`.
    ///
    /// `jwkThumbprint` is the RFC 7638 SHA-256 thumbprint of the verifier's encryption key
    /// when the response is encrypted, `nil` otherwise.
    public static func openID4VP(clientID: String, nonce: String, jwkThumbprint: Data?, responseURI: String) -> CBOR {
        let info = openID4VPInfo(clientID: clientID, nonce: nonce, jwkThumbprint: jwkThumbprint, responseURI: responseURI)
        return ["OpenID4VPHandover", .byteString(DigestAlgorithm.sha256.hash(info.encoded()))]
    }

    /// `OpenID4VPDCAPIHandoverInfo`: `[origin, nonce, jwkThumbprint or null]`.
    public static func openID4VPDigitalCredentialsAPIInfo(origin: String, nonce: String, jwkThumbprint: Data?) -> CBOR {
        [.textString(origin), .textString(nonce), jwkThumbprint.map(CBOR.byteString) ?? .null]
    }

    /// `OpenID4VPDCAPIHandover`: `["OpenID4VPDCAPIHandover", SHA-256(OpenID4VPDCAPIHandoverInfoBytes)]`.
    public static func openID4VPDigitalCredentialsAPI(origin: String, nonce: String, jwkThumbprint: Data?) -> CBOR {
        let info = openID4VPDigitalCredentialsAPIInfo(origin: origin, nonce: nonce, jwkThumbprint: jwkThumbprint)
        return ["OpenID4VPDCAPIHandover", .byteString(DigestAlgorithm.sha256.hash(info.encoded()))]
    }
}
