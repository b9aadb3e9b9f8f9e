import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT
import Testing
import VellumTestSupport

/// The examples of RFC 9901 as published (the rendered draft-22 text in
/// `../shared/vectors/sd-jwt/rendered-drafts`), read out of the document itself: every
/// listed Disclosure hashes to its listed digest, every compact and JSON-serialized
/// SD-JWT verifies with the A.5 key, and every "Processed SD-JWT Payload" is what the
/// preceding presentation yields.
@Suite("RFC 9901 examples")
struct RFCExampleTests {
    static let documentPath = "sd-jwt/rendered-drafts/draft-ietf-oauth-selective-disclosure-jwt-latest.txt"

    static func lines() throws -> [String] {
        String(decoding: try Vectors.data(documentPath), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Indented runs of base64url/`.`/`~` lines, joined: the examples' tokens.
    static func tokenBlocks(_ lines: [String]) -> [(line: Int, text: String)] {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")
        var blocks = [(line: Int, text: String)]()
        var current = "", start = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("   "), !trimmed.isEmpty, trimmed.allSatisfy(alphabet.contains) {
                if current.isEmpty { start = index }
                current += trimmed
            } else if !current.isEmpty {
                blocks.append((start, current))
                current = ""
            }
        }
        return blocks
    }

    /// The lines of the JSON block (from a line `   {` to the next `   }`) starting at or
    /// after `line`.
    static func jsonBlockRange(_ lines: [String], from line: Int) -> ClosedRange<Int>? {
        guard let start = lines[line...].firstIndex(of: "   {"), let end = lines[start...].firstIndex(of: "   }") else {
            return nil
        }
        return start...end
    }

    /// The JSON block starting at or after `line`, parsed as written.
    static func jsonBlock(_ lines: [String], from line: Int) throws -> (end: Int, value: JSONValue) {
        guard let range = jsonBlockRange(lines, from: line) else { throw FixtureError("no JSON block after \(line)") }
        return (range.upperBound, try JSONValue(parsing: lines[range].joined(separator: "\n")))
    }

    @Test("every listed Disclosure hashes to its listed SHA-256 digest",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func disclosureDigests() throws {
        let lines = try Self.lines()
        var checked = 0
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: "SHA-256 Hash: ") else { continue }
            let digest = String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            guard lines[index + 1].contains("Disclosure:") else { continue }
            var encoded = ""
            var next = index + 2
            while !lines[next].contains("Contents:") {
                encoded += lines[next].trimmingCharacters(in: .whitespaces)
                next += 1
            }
            let disclosure = try Disclosure(encoded: encoded)
            #expect(disclosure.digest(using: .sha256) == digest, "line \(index + 1)")
            checked += 1
        }
        #expect(checked == 87)
    }

    @Test("the §4.2 Disclosure examples")
    func sectionFourExamples() throws {
        let property = try Disclosure(encoded: "WyJfMjZiYzRMVC1hYzZxMktJNmNCVzVlcyIsICJmYW1pbHlfbmFtZSIsICJNw7ZiaXVzIl0")
        #expect(property.salt == "_26bc4LT-ac6q2KI6cBW5es")
        #expect(property.claimName == "family_name")
        #expect(property.value == "Möbius")
        #expect(property.digest(using: .sha256) == "X9yH0Ajrdm1Oij4tWso9UzzKJvPoDxwmuEcO3XAdRC0")
        // Three other encodings of the same claim: equal content, different Disclosures.
        for variant in [
            "WyJfMjZiYzRMVC1hYzZxMktJNmNCVzVlcyIsICJmYW1pbHlfbmFtZSIsICJNXHUwMGY2Yml1cyJd",
            "WyJfMjZiYzRMVC1hYzZxMktJNmNCVzVlcyIsImZhbWlseV9uYW1lIiwiTcO2Yml1cyJd",
            "WwoiXzI2YmM0TFQtYWM2cTJLSTZjQlc1ZXMiLAoiZmFtaWx5X25hbWUiLAoiTcO2Yml1cyIKXQ",
        ] {
            let other = try Disclosure(encoded: variant)
            #expect(other.value == property.value && other.claimName == property.claimName)
            #expect(other.digest(using: .sha256) != property.digest(using: .sha256))
        }
        let element = try Disclosure(encoded: "WyJsa2x4RjVqTVlsR1RQVW92TU5JdkNBIiwgIkZSIl0")
        #expect(element.isArrayElement)
        #expect(element.value == "FR")
        #expect(element.digest(using: .sha256) == "w0I8EKcdCtUPkGCNUrfwVp2xEgNjtoIDlOxc9-PlOhs")
    }

    @Test("every compact SD-JWT verifies, and each presentation yields the Processed SD-JWT Payload after it",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func compactExamples() async throws {
        let lines = try Self.lines()
        let examples = Self.tokenBlocks(lines).filter { $0.text.contains("~") }
        #expect(examples.count == 8)
        var results = [(line: Int, claims: JSONObject)]()
        for example in examples {
            let sdJWT = try SDJWTObject(parsing: example.text)
            let verifier = try Self.verifier(for: sdJWT)
            let verified = try await verifier.verify(sdJWT, resolver: Fixtures.issuerResolver())
            #expect(verified.keyBinding != nil || !sdJWT.hasKeyBinding, "line \(example.line + 1)")
            results.append((example.line, verified.claims))
        }
        var compared = 0
        for (index, line) in lines.enumerated() where index > 1_000 && line.contains("Processed") {
            guard let block = try? Self.jsonBlock(lines, from: index), block.end - index < 40,
                  lines[index...(index + 3)].contains(where: { $0.trimmingCharacters(in: .whitespaces) == "{" })
            else { continue }
            let presentation = try #require(results.last { $0.line < index })
            #expect(.object(presentation.claims) == block.value, "payload at line \(index + 1)")
            compared += 1
        }
        #expect(compared == 5)
    }

    @Test("the §8 JWS JSON serializations verify, with their KB-JWTs",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func jsonSerializationExamples() async throws {
        let lines = try Self.lines()
        guard let section = lines.firstIndex(of: "8.2.  Flattened JSON Serialization"),
              let end = lines.firstIndex(of: "8.4.  Verification of the JWS JSON Serialized SD-JWT")
        else { throw FixtureError("section 8 not found") }
        var line = section
        var serializations = [SDJWTObject]()
        while let block = Self.jsonBlockRange(lines, from: line), block.upperBound < end {
            // Strings are wrapped across lines; no value in these examples has a space.
            let text = lines[block].joined().filter { !$0.isWhitespace }
            serializations.append(try SDJWTObject(parsing: text))
            line = block.upperBound + 1
        }
        #expect(serializations.map(\.serialization) == [.flattenedJSON, .flattenedJSON, .generalJSON])
        for sdJWT in serializations {
            let verified = try await Self.verifier(for: sdJWT).verify(sdJWT, resolver: Fixtures.issuerResolver())
            #expect(verified.claims["given_name"] == "John" || verified.claims["sub"] == "john_doe_42")
            #expect(verified.keyBinding != nil || !sdJWT.hasKeyBinding)
        }
    }

    /// A verifier at the KB-JWT's own `iat` (the examples were made at different times),
    /// demanding key binding exactly when the example has a KB-JWT.
    static func verifier(for sdJWT: SDJWTObject) throws -> SDJWTVerifier {
        guard let kb = sdJWT.keyBindingJWT else { return Fixtures.holderVerifier() }
        let payload = try JWSObject(compact: kb).encodedPayload ?? ""
        let claims = try JSONValue(parsing: Base64URL.decode(payload))
        let iat = try #require(claims["iat"]?.doubleValue)
        return Fixtures.verifier(at: iat, audience: "https://verifier.example.org", nonce: "1234567890")
    }
}
