import CBOR
import Foundation
import MDoc
import Testing
import VellumTestSupport

/// OpenID4VP 1.0 Appendix B.2.6: the handovers hash the request parameters; the spec's
/// examples (and two conformance-suite variants without encryption) must come out byte for byte.
@Suite("SessionTranscript for OpenID4VP", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct SessionTranscriptTests {
    let vectors: [String: Any]

    init() throws {
        vectors = try #require(try Vectors.json("oid4vp/oid4vp10_mdoc_session_transcript_vectors.json") as? [String: Any])
    }

    func section(_ name: String) throws -> [String: Any] { try #require(vectors[name] as? [String: Any]) }
    func hex(_ section: [String: Any], _ key: String) throws -> Data {
        let text = try #require(section[key] as? String)
        return try #require(Data(testHex: text))
    }
    var thumbprint: Data {
        get throws {
            let text = try #require(vectors["jwk_thumbprint_sha256_hex"] as? String)
            return try #require(Data(testHex: text))
        }
    }

    @Test("Redirect flow: OpenID4VPHandoverInfo, OpenID4VPHandover and SessionTranscript")
    func redirect() throws {
        let vector = try section("redirect")
        let clientID = try #require(vector["client_id"] as? String)
        let nonce = try #require(vector["nonce"] as? String)
        let responseURI = try #require(vector["response_uri"] as? String)
        let info = Handover.openID4VPInfo(clientID: clientID, nonce: nonce, jwkThumbprint: try thumbprint, responseURI: responseURI)
        #expect(info.encoded() == (try hex(vector, "OpenID4VPHandoverInfo_hex")))
        let handover = Handover.openID4VP(clientID: clientID, nonce: nonce, jwkThumbprint: try thumbprint, responseURI: responseURI)
        #expect(handover.encoded() == (try hex(vector, "OpenID4VPHandover_hex")))
        let transcript = SessionTranscript.openID4VP(
            clientID: clientID, nonce: nonce, jwkThumbprint: try thumbprint, responseURI: responseURI)
        #expect(transcript.encoded == (try hex(vector, "SessionTranscript_hex")))
    }

    @Test("Digital Credentials API: OpenID4VPDCAPIHandover and SessionTranscript")
    func digitalCredentialsAPI() throws {
        let vector = try section("dc_api")
        let origin = try #require(vector["origin"] as? String)
        let nonce = try #require(vector["nonce"] as? String)
        let info = Handover.openID4VPDigitalCredentialsAPIInfo(origin: origin, nonce: nonce, jwkThumbprint: try thumbprint)
        #expect(info.encoded() == (try hex(vector, "OpenID4VPDCAPIHandoverInfo_hex")))
        #expect(Handover.openID4VPDigitalCredentialsAPI(origin: origin, nonce: nonce, jwkThumbprint: try thumbprint).encoded()
            == (try hex(vector, "OpenID4VPDCAPIHandover_hex")))
        let transcript = SessionTranscript.openID4VPDigitalCredentialsAPI(origin: origin, nonce: nonce, jwkThumbprint: try thumbprint)
        #expect(transcript.encoded == (try hex(vector, "SessionTranscript_hex")))
    }

    @Test("Unencrypted variants put null where the thumbprint would be")
    func unencrypted() throws {
        let redirect = try section("redirect_unencrypted")
        let transcript = SessionTranscript.openID4VP(
            clientID: try #require(redirect["client_id"] as? String), nonce: try #require(redirect["nonce"] as? String),
            jwkThumbprint: nil, responseURI: try #require(redirect["response_uri"] as? String))
        #expect(transcript.encoded == (try hex(redirect, "SessionTranscript_hex")))

        let dcAPI = try section("dc_api_unencrypted")
        let dcTranscript = SessionTranscript.openID4VPDigitalCredentialsAPI(
            origin: try #require(dcAPI["origin"] as? String), nonce: try #require(dcAPI["nonce"] as? String), jwkThumbprint: nil)
        #expect(dcTranscript.encoded == (try hex(dcAPI, "SessionTranscript_hex")))
    }

    @Test("A transcript read back keeps its bytes; SessionTranscriptBytes wraps them in tag 24")
    func readBack() throws {
        let bytes = try hex(try section("redirect"), "SessionTranscript_hex")
        let transcript = try SessionTranscript(decoding: bytes)
        #expect(transcript.encoded == bytes)
        #expect(transcript.deviceEngagementBytes == .null)
        #expect(transcript.handover[0] == "OpenID4VPHandover")
        #expect(try SessionTranscript(decoding: transcript.taggedBytes) == transcript)
        #expect(throws: MDocError.self) { try SessionTranscript(decoding: CBOR.array([.null, .null]).encoded()) }
    }
}
