import Foundation
import JSONModel
import Testing
@testable import Wallet

/// The stepwise metadata reader (CredentialMetadata+FastPath.swift) against the plain one:
/// equal wherever it answers, answering for everything JSONEncoder writes.
@Suite("Stored metadata decoding: fast path against the plain path")
struct CredentialMetadataFastPathTests {
    @Test("what JSONEncoder wrote: the fast path answers, and as the plain path does")
    func encoderOutput() throws {
        for index in 0..<10 {
            let metadata = CredentialSummariesFastPathTests.metadata(index)
            for encoder in [JSONEncoder(), Self.sortedPrettyEncoder] {
                let data = try encoder.encode(metadata)
                let fast = CredentialMetadata(storedJSONFastPath: data)
                #expect(fast != nil, "\(String(decoding: data, as: UTF8.self))")
                #expect(fast == CredentialMetadata(storedJSON: data))
                #expect(fast == metadata)
                #expect(CredentialMetadata.decodeStored(data) == CredentialMetadata.decodeStoredPlainPath(data))
            }
        }
    }

    static var sortedPrettyEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    /// Documents of every kind the fast path must either read as the plain path does or
    /// leave to it.
    static let documents: [String] = [
        #"{}"#, #" { } "#, #"{"issuer":null,"display":null,"extensions":null,"validFrom":null}"#,
        #"{"issuer":"a","issuer":"b"}"#, #"{"extensions":{"x":1,"x":2}}"#,
        #"{"extensions":{"\u00e9":1,"e\u0301":2}}"#, #"{"extensions":{"é":1,"é":2}}"#,
        #"{"iss\u0075er":"escaped name"}"#, #"{"unknown":1,"issuer":"a"}"#,
        #"{"issuer":"https:\/\/a.example\/\"q\"\n"}"#, #"{"issuer":5}"#, #"{"validFrom":"yesterday"}"#,
        #"{"validFrom":1e3,"validUntil":-0.5}"#, #"{"validFrom":true}"#, #"{"extensions":[]}"#,
        #"{"extensions":{}}"#, #"{"display":{"a":[1,{"b":null}]},"extensions":{"k":{"l":[]}}}"#,
        #"{"issuer":"a",}"#, #"{"issuer":"a"} x"#, #"{"issuer" "a"}"#, #"{"issuer":nul}"#, #"{"display":01}"#,
        #"[1]"#, "null", "", "not json", #"{"issuer":"\ud800"}"#, "{\"issuer\":\"\u{7}\"}",
        String(repeating: "[", count: 600), #"{"display":"# + String(repeating: "[", count: 600) + "}",
        #"{"extensions":"# + String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 601),
    ]

    @Test("hand-made documents: where the fast path answers, the plain path answers the same")
    func handMade() {
        var answered = 0
        for text in Self.documents {
            let data = Data(text.utf8)
            let plain = CredentialMetadata(storedJSON: data)
            if let fast = CredentialMetadata(storedJSONFastPath: data) {
                answered += 1
                #expect(fast == plain, "\(text)")
            }
            #expect(CredentialMetadata.decodeStored(data) == CredentialMetadata.decodeStoredPlainPath(data), "\(text)")
        }
        // It is exercised: the seven well-formed documents above without repeated or escaped names.
        #expect(answered == 7)
        #expect(CredentialMetadata(storedJSONFastPath: Data(#"{"issuer":"a","issuer":"b"}"#.utf8)) == nil)
        #expect(CredentialMetadata(storedJSONFastPath: Data(#"{"extensions":{"x":1}}"#.utf8))?.extensions == ["x": 1])
    }
}
