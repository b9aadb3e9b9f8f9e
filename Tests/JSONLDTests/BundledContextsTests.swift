import CryptoKeys
import Foundation
import JSONModel
import Testing
@testable import JSONLD

/// The bundled contexts are data taken as published: each text's SHA-256 is pinned here (and
/// in Docs/JSONLD-Contexts.md), each parses and processes as a context, and the offline loader
/// serves exactly these URLs.
@Suite("Bundled contexts")
struct BundledContextsTests {
    static let digests: [String: String] = [
        "https://identity.foundation/presentation-exchange/submission/v1": "f1cec97834e5c7ce695e6dbdddcc918e157c1dc6b50c44c3ba54b267f2e49ff9",
        "https://w3id.org/citizenship/v1": "9ffdc9e92801959e8f7416744aca720d06e0a4702dd83043c02c74700c161d93",
        "https://w3id.org/citizenship/v2": "4b50a8580f99ddb2df2ad94e93eee1725f6c185a34306e1c98f4d631b160a9fc",
        "https://w3id.org/citizenship/v4rc1": "5038c7383afd7ab2158f1b997913a8f60978a0abcf96e0b0d08e29f146d2db1e",
        "https://w3id.org/security/data-integrity/v1": "b5d829bd09aa7c42abc6efa0c8ed7635313b5487f37ccfce3ecd149ca9418554",
        "https://w3id.org/security/data-integrity/v2": "67f21e6e33a6c14e5ccfd2fc7865f7474fb71a04af7e94136cb399dfac8ae8f4",
        "https://w3id.org/security/multikey/v1": "ba2c182de2d92f7e47184bcca8fcf0beaee6d3986c527bf664c195bbc7c58597",
        "https://w3id.org/security/suites/ed25519-2018/v1": "166c6abb9e08176cee5f6c87c9c1bbfefa5717da391bcac525e5437f93eab809",
        "https://w3id.org/security/suites/ed25519-2020/v1": "b9e1ab971fd8bf2c7553e0c4a9438e0b9450afde1ea1ca5b2492368b9f549588",
        "https://w3id.org/security/suites/jws-2020/v1": "d648e05ddc6577827ca2bfd5e931f53e9ebc6e52a57a8da81df4ec8c46ffcd1e",
        "https://w3id.org/security/suites/secp256k1-2019/v1": "8452efdde151151539b78d240f55cee7d9cc985bf078123ce310aa7ae04763b4",
        "https://w3id.org/security/v1": "abaf97e107d1925503c433dcaf3ffd2831697cacc1ed2a293e1bc8030d5bcb47",
        "https://w3id.org/security/v2": "611bd81151d5efe53ec9aed78f5a813e577287bc9451ee26d6879b1b8b46bc3b",
        "https://w3id.org/vc/status-list/2021/v1": "6dd06a52bedb771e059c1083ba8ba7848dce22f6b4a8cfa0b98ba3fc188870e4",
        "https://www.w3.org/2018/credentials/examples/v1": "2070ae4e75bc3b4c2cfe2b8b6e86ec45119672bbb5da283f0399ea96c60a0104",
        "https://www.w3.org/2018/credentials/v1": "ab4ddd9a531758807a79a5b450510d61ae8d147eab966cc9a200c07095b0cdcc",
        "https://www.w3.org/ns/credentials/examples/v2": "57393fbc69d6efb9b9b5dc9cb6b9880b0944360abfe2eaf459c9e58cf2279d7c",
        "https://www.w3.org/ns/credentials/status/v1": "fda5add353231e6a6884a46b12e6c75464281900cb348284d9c360f62381d9f7",
        "https://www.w3.org/ns/credentials/v2": "59955ced6697d61e03f2b2556febe5308ab16842846f5b586d7f1f7adec92734",
        "https://www.w3.org/ns/did/v1": "4f3eae5568c9c5f036a082088f9e192019ee06faa78973c87ff91d5421b88dad",
        "https://www.w3.org/ns/odrl.jsonld": "88e7f9f9048f7c4997ecdd09dd82f864f92eb267ef3d4297dd7db971132583c1",
    ]

    @Test("every bundled context has the SHA-256 recorded for it, and no context is unrecorded")
    func digestsArePinned() {
        #expect(Set(BundledContexts.urls) == Set(Self.digests.keys))
        for url in BundledContexts.urls {
            let digest = DigestAlgorithm.sha256.hash(Data(BundledContexts.text(at: url)!.utf8))
            #expect(digest.map { String(format: "%02x", $0) }.joined() == Self.digests[url], "\(url)")
        }
    }

    @Test("every bundled context parses and processes as a JSON-LD context, offline")
    func everyContextProcesses() async throws {
        for url in BundledContexts.urls {
            #expect(BundledContexts.documents[url] != nil, "\(url) does not parse")
            let document: JSONValue = ["@context": .string(url), "@id": "urn:example:subject"]
            _ = try await JSONLDAPI.expand(document)
        }
    }

    @Test("a context that is not bundled is a typed error naming its URL, not a network fetch")
    func unknownContextIsRefused() async {
        let url = "https://example.com/contexts/unknown/v1"
        let document: JSONValue = ["@context": .string(url), "name": "x"]
        await #expect(throws: JSONLDError.loadingRemoteContextFailed(url: url, reason: .notAvailable(url: url))) {
            _ = try await JSONLDAPI.expand(document)
        }
    }
}
