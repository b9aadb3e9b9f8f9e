import Foundation
import JSONModel
import Multiformats
import SDJWT
import Testing
import VellumTestSupport

/// What a caller of ``ProcessedSDJWT`` and ``Disclosure`` sees must not depend on whether a fast
/// path or the plain path ran (`SDJWTFastPathCheck`, which the `diff-sd-jwt` fuzz harness drives
/// too): the same value or the same error, input by input.
@Suite("SD-JWT fast paths agree with the plain paths")
struct FastPathAgreementTests {
    @Test("every vector: processed alike, and every Disclosure read alike",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: GeneratedVectorTests.folders)
    func vectors(folder: String) throws {
        for name in ["sd_jwt_issuance", "sd_jwt_presentation"] {
            let sdJWT = try SDJWTObject(parsing: GeneratedVectorTests.serialization(folder, name))
            let processing = SDJWTFastPathCheck.processing(sdJWT)
            #expect(processing.shipped == processing.plain, "\(folder)/\(name)")
            #expect(throws: Never.self) { try processing.shipped.get() }
            for disclosure in sdJWT.disclosures {
                let reading = SDJWTFastPathCheck.reading(disclosure: disclosure.encoded)
                #expect(reading.shipped == reading.plain, "\(disclosure.encoded)")
            }
        }
    }

    @Test("mutated payloads and Disclosures: the same outcome or the same error each time")
    func mutations() async throws {
        let sdJWT = try await Fixtures.rfcStyleSDJWT(decoys: .fixed(2))
        let payload = try Base64URL.decode(String(try #require(sdJWT.jws.payloadText)))
        let header = try #require(sdJWT.serialized.split(separator: ".").first)
        var refused = 0
        for bytes in JSONMutations(of: Array(payload), count: 1_500, seed: 0x2545_F491_4F6C_DD1D) {
            let compact = "\(header).\(Base64URL.encode(Data(bytes))).c2ln~" + sdJWT.disclosures.map { $0.encoded + "~" }.joined()
            guard let mutated = try? SDJWTObject(compact: compact) else { continue }
            let processing = SDJWTFastPathCheck.processing(mutated)
            #expect(processing.shipped == processing.plain, "\(String(decoding: bytes, as: UTF8.self))")
            if case .failure = processing.plain { refused += 1 }
        }
        for disclosure in sdJWT.disclosures {
            let json = try Base64URL.decode(disclosure.encoded)
            for bytes in JSONMutations(of: Array(json), count: 300, seed: 0x9E37_79B9_7F4A_7C15) {
                let reading = SDJWTFastPathCheck.reading(disclosure: Base64URL.encode(Data(bytes)))
                #expect(reading.shipped == reading.plain, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // The mutations reach refusals, so errors are compared, not only values.
        #expect(refused > 0)
    }
}
