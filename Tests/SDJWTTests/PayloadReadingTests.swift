import Foundation
import JSONModel
import Multiformats
@testable import SDJWT
import Testing
import VellumTestSupport

/// The fast path that processes an SD-JWT while reading its payload's JSON must agree with
/// the reference path (parse the payload, then walk it) on everything it accepts, and give
/// up on everything the reference path refuses, so that the reference path reports it.
@Suite("Processing the payload as it is read")
struct PayloadReadingTests {
    /// The fast path's processed payload and revealed claims, `nil` when it gave up.
    static func fast(_ json: String, _ disclosures: [Disclosure]) -> (JSONObject, [DisclosedClaim])? {
        fast(Array(json.utf8), disclosures)
    }

    static func fast(_ json: [UInt8], _ disclosures: [Disclosure]) -> (JSONObject, [DisclosedClaim])? {
        guard var processor = try? DisclosureProcessor(disclosures: disclosures, hashAlgorithm: .sha256, limits: .default)
        else { return nil }
        var bytes = json
        let read = bytes.withUnsafeMutableBufferPointer { buffer in
            processor.processedPayload(readingJSON: UnsafeBufferPointer(buffer), parserLimits: SDJWTLimits.default.documentParserLimits)
        }
        guard let read else { return nil }
        // The caller keeps the result only when the payload declares SHA-256 or nothing.
        guard read.declaredHashAlgorithm == nil || read.declaredHashAlgorithm == "sha-256" else { return nil }
        return (read.claims, processor.revealedClaims.disclosedClaims(of: disclosures))
    }

    /// The reference path's result, or its error.
    static func reference(_ json: String, _ disclosures: [Disclosure]) -> Result<(JSONObject, [DisclosedClaim]), SDJWTError> {
        reference(Array(json.utf8), disclosures)
    }

    static func reference(_ json: [UInt8], _ disclosures: [Disclosure]) -> Result<(JSONObject, [DisclosedClaim]), SDJWTError> {
        Result { () throws(SDJWTError) in
            let payload: JSONObject
            do {
                let parser = JSONParser(limits: SDJWTLimits.default.documentParserLimits, duplicateMembers: .reject)
                guard case .object(let object) = try parser.parse(json) else { throw SDJWTError.invalidPayload("not an object") }
                payload = object
            } catch {
                throw .invalidPayload("\(error)")
            }
            let algorithm = try ProcessedSDJWT.hashAlgorithm(declared: payload["_sd_alg"], accepting: [.sha256])
            var processor = try DisclosureProcessor(disclosures: disclosures, hashAlgorithm: algorithm, limits: .default)
            let claims = try processor.process(payload)
            return (claims, processor.revealedClaims.disclosedClaims(of: disclosures))
        }
    }

    /// The payload JSON and Disclosures of an SD-JWT.
    static func parts(of sdJWT: SDJWTObject) throws -> (String, [Disclosure]) {
        let payload = try Base64URL.decode(String(try #require(sdJWT.jws.payloadText)))
        return (String(decoding: payload, as: UTF8.self), sdJWT.disclosures)
    }

    static func expectAgreement(_ json: String, _ disclosures: [Disclosure], _ label: String) throws {
        let fast = try #require(Self.fast(json, disclosures), "\(label): the fast path gave up")
        let reference = try Self.reference(json, disclosures).get()
        #expect(fast.0 == reference.0, "\(label)")
        #expect(fast.0.keys == reference.0.keys, "\(label): member order")
        #expect(fast.1 == reference.1, "\(label): revealed claims")
    }

    @Test("every SHA-256 vector is processed as it is read, with the reference path's result",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: GeneratedVectorTests.folders)
    func vectors(folder: String) throws {
        for name in ["sd_jwt_issuance", "sd_jwt_presentation"] {
            let (json, disclosures) = try Self.parts(of: SDJWTObject(parsing: GeneratedVectorTests.serialization(folder, name)))
            guard (try JSONValue(parsing: json))["_sd_alg"] ?? "sha-256" == "sha-256" else { continue }
            try Self.expectAgreement(json, disclosures, "\(folder)/\(name)")
        }
    }

    @Test("flat, structured, recursive and array Disclosures with decoys agree with the reference path")
    func builderShapes() async throws {
        for decoys in [DecoyDigests.none, .fixed(3)] {
            let (json, disclosures) = try Self.parts(of: try await Fixtures.rfcStyleSDJWT(decoys: decoys))
            try Self.expectAgreement(json, disclosures, "rfc style")
            let nested = try await SDJWTBuilder(
                claims: Fixtures.object(#"{"a":{"b":{"c":[1,{"d":2},[3]]}},"list":[{"x":1},{"y":[true,null]}]}"#),
                disclosing: try [#"["a"]"#, #"["a","b"]"#, #"["a","b","c",1]"#, #"["list",null]"#, #"["list",1,"y",0]"#]
                    .map(Fixtures.path),
                decoys: decoys
            ).issue(signer: Fixtures.issuerSigner())
            let (nestedJSON, nestedDisclosures) = try Self.parts(of: nested)
            try Self.expectAgreement(nestedJSON, nestedDisclosures, "nested")
        }
    }

    @Test("another _sd_alg is left to the reference path, which processes it")
    func otherHashAlgorithms() async throws {
        for algorithm in [SDHashAlgorithm.sha384, .sha512] {
            let sdJWT = try await Fixtures.rfcStyleSDJWT(hashAlgorithm: algorithm)
            let (json, disclosures) = try Self.parts(of: sdJWT)
            #expect(Self.fast(json, disclosures) == nil)
            let processed = try ProcessedSDJWT(unverified: sdJWT)
            #expect(processed.hashAlgorithm == algorithm)
            #expect(processed.claims["given_name"] == "John")
        }
    }

    @Test("what the reference path refuses, the fast path gives up on")
    func refusals() throws {
        let name = Disclosure(salt: "c2FsdC0x", claimName: "given_name", value: "Erika")
        let other = Disclosure(salt: "c2FsdC0z", claimName: "family_name", value: "Mustermann")
        let element = Disclosure(salt: "c2FsdC0y", claimName: nil, value: "DE")
        let reserved = Disclosure(salt: "c2FsdC00", claimName: "_sd", value: "x")
        let deep = Disclosure(salt: "c2FsdC01", claimName: "deep", value: try JSONValue(parsing: String(repeating: "[", count: 40) + String(repeating: "]", count: 40)))
        let n = name.digest(using: .sha256), o = other.digest(using: .sha256), e = element.digest(using: .sha256)
        let r = reserved.digest(using: .sha256), d = deep.digest(using: .sha256)
        let cases: [(String, [Disclosure])] = [
            (#"{"_sd":"\#(n)"}"#, [name]),  // _sd is not an array
            (#"{"_sd":[42]}"#, []),  // a digest that is not a string
            (#"{"_sd":["\#(n)","\#(n)"]}"#, [name]),  // the same digest twice
            (#"{"_sd":["\#(n)"],"x":{"_sd":["\#(n)"]}}"#, [name]),  // twice, in two objects
            (#"{"_sd":["AAAA","AAAA"]}"#, []),  // an undecodable decoy twice
            (#"{"_sd":["\#(o)"],"list":[{"...":"\#(o)"}]}"#, [other]),  // across an object and an array
            (#"{"_sd":[]}"#, [name]),  // a Disclosure nothing references
            (#"{"given_name":"x","_sd":["\#(n)"]}"#, [name]),  // a disclosed claim collides
            (#"{"_sd":["\#(r)"]}"#, [reserved]),  // a Disclosure naming _sd
            (#"{"_sd":["\#(e)"]}"#, [element]),  // an array element in _sd
            (#"{"list":[{"...":"\#(n)"}]}"#, [name]),  // an object property in an array
            (#"{"...":"\#(n)"}"#, [name]),  // ... outside an array
            (#"{"list":[{"...":"\#(e)","x":1}]}"#, [element]),  // ... beside other members
            (#"{"list":[{"x":1,"...":"\#(e)"}]}"#, [element]),  // ... after another member
            (#"{"list":[{"...":42}]}"#, []),  // a non-string element digest
            (#"{"x":{"_sd_alg":"sha-256"}}"#, []),  // _sd_alg below the top level
            (#"{"_sd_alg":"md5"}"#, []),  // an unknown hash
            (#"{"_sd_alg":1}"#, []),  // a non-string hash
            (#"{"a":1,"a":2}"#, []),  // a duplicate member
            (#"{"_sd":[],"_sd":[]}"#, []),  // a duplicate _sd
            (#"{"_sd":["\#(d)"]}"#, [deep]),  // a recursive value nested too deep
            (String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 40), []),  // too deep as signed
            (#"{"a":1} x"#, []),  // trailing content
            (#"{"a":1"#, []),  // truncated
            (#"{"a":01}"#, []),  // not strict JSON
            (#"["a"]"#, []),  // not an object
            ("", []),
        ]
        for (json, disclosures) in cases {
            #expect(Self.fast(json, disclosures) == nil, "\(json)")
            if case .success = Self.reference(json, disclosures) { Issue.record("the reference path accepts \(json)") }
        }
    }

    @Test("a payload the fast path leaves alone still processes: escaped and odd-length digests")
    func leftToReference() throws {
        let name = Disclosure(salt: "c2FsdC0x", claimName: "given_name", value: "Erika")
        let digest = name.digest(using: .sha256)
        // The same digest with its first character escaped, and a decoy that is no digest.
        let escaped = #"\u00"# + String(format: "%02x", Int(digest.utf8.first!)) + digest.dropFirst()
        for json in [#"{"_sd":["\#(escaped)"]}"#, #"{"_sd":["\#(digest)","not-a-digest"]}"#] {
            #expect(Self.fast(json, [name]) == nil, "\(json)")
            let reference = try Self.reference(json, [name]).get()
            #expect(reference.0["given_name"] == "Erika")
        }
    }

    @Test("mutated payloads: whatever the fast path accepts, the reference path accepts alike")
    func mutations() async throws {
        let (json, disclosures) = try Self.parts(of: try await Fixtures.rfcStyleSDJWT(decoys: .fixed(2)))
        var accepted = 0
        for bytes in JSONMutations(of: Array(json.utf8), count: 3_000, seed: 0x9E37_79B9_7F4A_7C15) {
            let mutated = String(decoding: bytes, as: UTF8.self)
            guard let fast = Self.fast(bytes, disclosures) else { continue }
            accepted += 1
            guard case .success(let reference) = Self.reference(bytes, disclosures) else {
                Issue.record("the fast path accepts what the reference path refuses: \(mutated)")
                continue
            }
            #expect(fast.0 == reference.0 && fast.0.keys == reference.0.keys && fast.1 == reference.1, "\(mutated)")
        }
        // Some mutations (inside a string value, whitespace) keep the payload valid.
        #expect(accepted > 0)
    }
}
