import CryptoKeys
import Foundation
import HTTP
import JSONModel
import SDJWT
import Testing

/// draft-ietf-oauth-sd-jwt-vc §6: type metadata by `vct` URL, `extends` and integrity.
@Suite("SD-JWT VC type metadata")
struct TypeMetadataTests {
    static func sri(_ text: String, _ algorithm: DigestAlgorithm = .sha256, name: String = "sha256") -> String {
        "\(name)-" + algorithm.hash(Data(text.utf8)).base64EncodedString()
    }

    static let base = #"{"vct":"%BASE%/base","name":"Base","display":[{"locale":"en-US","name":"Base credential"}],"claims":[{"path":["given_name"],"display":[{"locale":"en-US","label":"Given name"}],"sd":"always"}]}"#

    @Test("a type and the type it extends are fetched, with integrity checked at each step")
    func chain() async throws {
        try await LoopbackServer.with(pages: { url in
            let base = Self.base.replacingOccurrences(of: "%BASE%", with: url)
            let pid = #"{"vct":"\#(url)/pid","name":"PID","extends":"\#(url)/base","extends#integrity":"\#(Self.sri(base))"}"#
            let tampered = #"{"vct":"\#(url)/tampered","extends":"\#(url)/base","extends#integrity":"\#(Self.sri(base + " "))"}"#
            return [
                "/base": .init(body: base), "/pid": .init(body: pid), "/tampered": .init(body: tampered),
                "/loop-a": .init(body: #"{"vct":"\#(url)/loop-a","extends":"\#(url)/loop-b"}"#),
                "/loop-b": .init(body: #"{"vct":"\#(url)/loop-b","extends":"\#(url)/loop-a"}"#),
                "/liar": .init(body: #"{"vct":"\#(url)/base"}"#),
            ]
        }) { url in
            let resolver = TypeMetadataResolver(httpClient: URLSessionHTTPClient())
            let chain = try await resolver.metadata(for: "\(url)/pid")
            #expect(chain.map(\.vct) == ["\(url)/pid", "\(url)/base"])
            #expect(chain[1].display.first?["name"] == .string("Base credential"))
            #expect(chain[1].claims.first?["sd"] == .string("always"))
            // vct#integrity over the first document: right and wrong.
            let base = Self.base.replacingOccurrences(of: "%BASE%", with: url)
            _ = try await resolver.metadata(for: "\(url)/base", integrity: Self.sri(base, .sha384, name: "sha384"))
            let refusals: [(String, String?)] = [
                ("base", Self.sri("{}")), ("tampered", nil), ("loop-a", nil), ("liar", nil),
            ]
            for (path, integrity) in refusals {
                await expectVCError({ if case .typeMetadata = $0 { true } else { false } }) {
                    _ = try await resolver.metadata(for: "\(url)/\(path)", integrity: integrity)
                }
            }
            // A document that cannot be fetched is "unavailable", which a policy may tolerate.
            await expectVCError({ if case .typeMetadataUnavailable = $0 { true } else { false } }) {
                _ = try await resolver.metadata(for: "\(url)/missing")
            }
        }
    }

    @Test("SRI: only the strongest listed algorithm counts")
    func strongestAlgorithm() {
        let bytes = Data("{}".utf8)
        let good256 = Self.sri("{}")
        let bad512 = "sha512-" + DigestAlgorithm.sha512.hash(Data("x".utf8)).base64EncodedString()
        #expect(TypeMetadataResolver.matches(bytes, integrity: good256))
        #expect(!TypeMetadataResolver.matches(bytes, integrity: "\(good256) \(bad512)"))
        #expect(!TypeMetadataResolver.matches(bytes, integrity: "md5-abc"))
        // Compared after decoding: the same digest without its padding matches, another does not.
        let unpadded = good256.trimmingCharacters(in: ["="])
        #expect(unpadded != good256)
        #expect(TypeMetadataResolver.matches(bytes, integrity: unpadded))
        #expect(!TypeMetadataResolver.matches(bytes, integrity: "sha256-AAAA"))
    }
}
