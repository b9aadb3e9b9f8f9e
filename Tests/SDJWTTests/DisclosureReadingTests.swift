import Foundation
import JSONModel
import Multiformats
@testable import SDJWT
import Testing

/// A Disclosure as issuers write it is read in one pass; anything else goes to the general
/// reading. The one-pass reading must agree with the general one on all it accepts.
@Suite("Reading a Disclosure")
struct DisclosureReadingTests {
    /// The outcome of a reading: the claim name and value, or that it threw.
    static func outcome(_ read: () throws(SDJWTError) -> Disclosure) -> (String?, JSONValue)?? {
        guard let disclosure = try? read() else { return .some(nil) }
        return .some((disclosure.claimName, disclosure.value))
    }

    static func expectAgreement(_ json: [UInt8], _ label: String) {
        let encoded = Substring(Base64URL.encode(json))
        let fast = outcome { () throws(SDJWTError) in try Disclosure(text: encoded, limits: .default) }
        let general = outcome { () throws(SDJWTError) in try Disclosure(readingGenerally: encoded, limits: .default) }
        switch (fast, general) {
        case (.some(nil), .some(nil)): break
        case let (.some(a?), .some(b?)): #expect(a.0 == b.0 && a.1 == b.1, "\(label)")
        default: Issue.record("the readings disagree on \(label)")
        }
    }

    @Test("the common shapes and the unusual ones read alike both ways")
    func shapes() {
        let texts = [
            #"["c2FsdA","given_name","Erika"]"#, #"["c2FsdA","DE"]"#, #" [ "c2FsdA" , "n" , {"a":[1,2,{"b":null}]} ] "#,
            #"["c2FsdA",{"x":1}]"#, #"["c2FsdA","n",[[[[]]]]]"#, #"["\u0063","n",1]"#, #"["c2FsdA","\u006e",1]"#,
            #"["c2FsdA","n",1,2]"#, #"["c2FsdA"]"#, #"[1,"n",1]"#, #"["c2FsdA",1,1]"#, #"["c2FsdA","n",1] x"#,
            #"["c2FsdA","n",{"a":1,"a":2}]"#, #"{"salt":"x"}"#, #"["c2FsdA","n",01]"#, "[", "",
            #"["c2FsdA","n",\#(String(repeating: "[", count: 40))\#(String(repeating: "]", count: 40))]"#,
        ]
        for text in texts { Self.expectAgreement(Array(text.utf8), text) }
    }

    @Test("as deep as the limit allows, and one level deeper, read alike")
    func depth() {
        let limit = SDJWTLimits.default.maximumDepth
        for depth in [limit - 2, limit - 1, limit] {
            let text = #"["c2FsdA","n","# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]"
            Self.expectAgreement(Array(text.utf8), "depth \(depth)")
        }
    }

    @Test("mutated Disclosures: whatever the one-pass reading accepts, the general reading accepts alike")
    func mutations() {
        let original = Array(#"["2GLC42sKQveCfGfryNRN9w","address",{"street":"Heidestraße 17","n":[1,2.5,true,null]}]"#.utf8)
        for bytes in JSONMutations(of: original, count: 3_000, seed: 0x2545_F491_4F6C_DD1D) {
            Self.expectAgreement(bytes, String(decoding: bytes, as: UTF8.self))
        }
    }
}
