import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// The credential protocols' messages read strictly: each kind in 1.0 and 2.0, under both type
/// prefixes, round trips through what Vellum writes; every malformed shape is a typed error.
@Suite("Aries messages")
struct MessageTests {
    static func message(_ json: String) throws -> DIDCommMessage { try DIDCommMessage(json: Data(json.utf8)) }

    static let offerContent: JSONValue = ["schema_id": "s", "cred_def_id": "c"]

    @Test("each kind, in 1.0 and 2.0, reads back what Vellum writes", arguments: MessageKind.allCases)
    func roundTrip(kind: MessageKind) throws {
        for version in AriesProtocolVersion.allCases {
            let formats = version == .v1 ? [kind.formats[0]] : kind.formats
            let attachments = formats.map { FormattedAttachment(format: $0, content: Self.offerContent) }
            let preview = kind == .credentialOffer ? CredentialPreview(attributes: [.init(name: "age", value: "30")]) : nil
            let written = FormattedMessage.make(kind, version: version, attachments: attachments, comment: "hello", preview: preview)
            let read = try FormattedMessage(try DIDCommMessage(json: written.json), kind: kind)
            #expect(read.version == version && read.kind == kind)
            #expect(read.attachments.map(\.format) == formats)
            #expect(try read.attachments.map { try $0.json() } == formats.map { _ in Self.offerContent })
            #expect(read.comment == "hello")
            #expect(read.preview == preview)
            if version == .v1 { #expect(read.attachments[0].attachment.id?.hasPrefix("libindy-") == true) }
            // Unsigned attachments are standard base64, which ACA-Py's schema validates.
            #expect(read.attachments.allSatisfy { $0.attachment.data.base64?.contains(where: { $0 == "-" || $0 == "_" }) == false })
        }
    }

    @Test("the seed's 1.0 offer under did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/ reads, its attachment an Indy offer")
    func legacyPrefix() throws {
        let content = Data(#"{"schema_id":"LnXR1rPnncTPZvRdmJKhJQ:2:DEMO-Transcript:62.23.47","cred_def_id":"LnXR1rPnncTPZvRdmJKhJQ:3:CL:270708:tag","nonce":"715228802937390555307713"}"#.utf8)
        let message = try Self.message("""
            {"@id":"6269f643-beb2-4e98-92f1-b9683fa1cb36","@type":"did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/issue-credential/1.0/offer-credential",
             "comment":"DEMO-Transcript","credential_preview":{"@type":"did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/issue-credential/1.0/credential-preview",
             "attributes":[{"name":"DEMO-College Name","value":"Faber College"},{"name":"DEMO-GPA","value":"4.0"}]},
             "offers~attach":[{"@id":"libindy-cred-offer-0","mime-type":"application/json","data":{"base64":"\(content.base64EncodedString())"}}]}
            """)
        let offer = try FormattedMessage(message, kind: .credentialOffer)
        #expect(offer.version == .v1 && offer.attachments.map(\.format) == [.indyOffer])
        #expect(offer.preview?.values["DEMO-College Name"] == "Faber College")
        #expect(try offer.attachments[0].object()["cred_def_id"] == "LnXR1rPnncTPZvRdmJKhJQ:3:CL:270708:tag")
        #expect(offer.message.threadID == "6269f643-beb2-4e98-92f1-b9683fa1cb36")
    }

    static let v2Offer = """
        {"@id":"o1","@type":"https://didcomm.org/issue-credential/2.0/offer-credential",
         "formats":[{"attach_id":"a","format":"hlindy/cred-abstract@v2.0"}],
         "offers~attach":[{"@id":"a","data":{"json":{"schema_id":"s"}}}]}
        """

    @Test("malformed messages are refused with typed errors", arguments: [
        // formats and attachments disagree
        v2Offer.replacingOccurrences(of: #"[{"attach_id":"a","format":"hlindy/cred-abstract@v2.0"}]"#, with: "[]"),
        v2Offer.replacingOccurrences(of: #""attach_id":"a""#, with: #""attach_id":"b""#),
        v2Offer.replacingOccurrences(of: #""formats":[{"attach_id":"a","format":"hlindy/cred-abstract@v2.0"}],"#, with: ""),
        // a known format of another message kind
        v2Offer.replacingOccurrences(of: "hlindy/cred-abstract@v2.0", with: "hlindy/cred@v2.0"),
        // no attachments
        v2Offer.replacingOccurrences(of: #""offers~attach":[{"@id":"a","data":{"json":{"schema_id":"s"}}}]"#, with: #""offers~attach":[]"#),
        // a preview naming an attribute twice, a comment that is not a string
        v2Offer.replacingOccurrences(of: #""formats""#, with: #""credential_preview":{"attributes":[{"name":"x","value":"1"},{"name":"x","value":"2"}]},"formats""#),
        v2Offer.replacingOccurrences(of: #""formats""#, with: #""comment":7,"formats""#),
        // the wrong message
        v2Offer.replacingOccurrences(of: "offer-credential", with: "issue-credential"),
        v2Offer.replacingOccurrences(of: "2.0/offer", with: "3.0/offer"),
    ])
    func malformed(json: String) throws {
        let message = try Self.message(json)
        #expect(throws: AriesError.self) { try FormattedMessage(message, kind: .credentialOffer) }
    }

    @Test("the well-formed 2.0 offer the negatives start from reads")
    func wellFormed() throws {
        let offer = try FormattedMessage(try Self.message(Self.v2Offer), kind: .credentialOffer)
        #expect(offer.attachments.map(\.format) == [.indyOffer])
    }

    @Test("an unknown format is kept for the exchange to refuse, not a parse error")
    func unknownFormatKept() throws {
        let json = Self.v2Offer.replacingOccurrences(of: "hlindy/cred-abstract@v2.0", with: "example/thing@v1")
        let offer = try FormattedMessage(try Self.message(json), kind: .credentialOffer)
        #expect(offer.attachments.map(\.format) == [AttachmentFormat("example/thing@v1")])
    }

    @Test("more formats than the limit are refused")
    func tooManyFormats() throws {
        let count = FormattedMessage.maximumFormats + 1
        let attachments = (0..<count).map { FormattedAttachment(format: .indyOffer, id: "a\($0)", content: [:]) }
        let message = FormattedMessage.make(.credentialOffer, version: .v2, attachments: attachments)
        #expect(throws: AriesError.self) { try FormattedMessage(message, kind: .credentialOffer) }
    }

    @Test("a serialized exchange of another version, or damaged, is refused as malformedState")
    func serializedRefusals() throws {
        let offer = FormattedMessage.make(.credentialOffer, version: .v2, attachments: [FormattedAttachment(format: .indyOffer, content: [:])])
        let text = try CredentialExchange(offer: offer).serialized()
        #expect(text.contains(#""version":1"#))
        for damaged in [text.replacingOccurrences(of: #""version":1"#, with: #""version":2"#), String(text.dropLast()), "[]"] {
            #expect(throws: AriesError.self) { try CredentialExchange(serialized: damaged) }
        }
    }
}
