import Foundation
import JSONModel
import Testing
@testable import Wallet

/// The metadata blob is read on every list; its fast reader must agree with `JSONDecoder`.
@Suite("Stored metadata decoding")
struct CredentialMetadataDecodingTests {
    @Test("what JSONEncoder wrote reads back equal, fractional dates and nested display included")
    func roundTrip() throws {
        let metadata = CredentialMetadata(
            issuer: "https://issuer.example", issuerDisplayName: "Issuer", credentialType: "urn:eudi:pid:1",
            display: [["name": "PID", "logo": ["uri": "https://issuer.example/l.png"]]],
            validFrom: Date(timeIntervalSinceReferenceDate: 123.456789), validUntil: Date(timeIntervalSince1970: 2_000_000_000),
            issuerCertificateFingerprint: String(repeating: "ab", count: 32),
            issuedAt: Date(timeIntervalSinceReferenceDate: 0.125), issuerCommonName: "CN",
            issuerDisplay: ReceivedCredential.IssuerDisplay(credentialDisplay: [["name": "PID"]], credentialConfigurationID: "pid"),
            lastStatus: "valid", lastVerified: true, lastCheckedAt: Date(timeIntervalSince1970: 1),
            extensions: ["vellum.lastStatus": "valid", "n": 1.5, "flag": true])
        let encoded = try JSONEncoder().encode(metadata)
        #expect(CredentialMetadata(storedJSON: encoded) == metadata)
        #expect(CredentialMetadata.decodeStored(try JSONEncoder().encode(CredentialMetadata())) == CredentialMetadata())
    }

    @Test("a member of the wrong type or bytes that are not JSON are refused")
    func refusals() {
        for text in [#"{"issuer": 5}"#, #"{"validFrom": "yesterday"}"#, #"{"extensions": []}"#, #"[1]"#, "not json", ""] {
            #expect(CredentialMetadata.decodeStored(Data(text.utf8)) == nil, "\(text)")
        }
    }
}
