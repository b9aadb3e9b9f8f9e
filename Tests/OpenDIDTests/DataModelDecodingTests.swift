import Foundation
import JSONModel
import OpenDID
import Testing

/// How the model reads and refuses JSON: every failure is a typed error with a path.
@Suite("Open DID data model: decoding rules")
struct DataModelDecodingTests {
    static let claimJSON = #"{"code":"c","caption":"C","value":"v","type":"text","format":"plain"}"#

    static let didDocumentJSON = #"""
    {"@context":["https://www.w3.org/ns/did/v1"],"id":"did:omn:a","controller":"did:omn:tas",
     "verificationMethod":[{"id":"pin","type":"Secp256r1VerificationKey2018","controller":"did:omn:a",
       "publicKeyMultibase":"zuSs74QpRygXhkHP8R5ysNMgGrhKVWLdG6abMTUaHSMUu","authType":2}],
     "created":"2025-01-02T03:04:05Z","updated":"2025-01-02T03:04:05Z","versionId":"1","deactivated":false}
    """#

    func document(replacing old: String, with new: String) -> String {
        Self.didDocumentJSON.replacingOccurrences(of: old, with: new)
    }

    @Test func claimDefaultsApplyWhenAbsent() throws {
        let claim = try Claim(from: Self.claimJSON)
        #expect(claim.hideValue == nil && claim.hidesValue == false)
        #expect(claim.location == nil && claim.valueLocation == .inline)
        let definition = try ClaimDef(from: #"{"id":"x","caption":"X","type":"image","format":"png"}"#)
        #expect(definition.isRequired && !definition.hidesValue && definition.descriptionText == "")
        #expect(definition.valueLocation == .inline)
        // Absent stays absent when written back: the issuer's signature covers the JSON.
        #expect(try claim.toJson() == #"{"caption":"C","code":"c","format":"plain","type":"text","value":"v"}"#)
    }

    @Test func unknownEnumValueNamesTypeValueAndPath() {
        let json = Self.claimJSON.replacingOccurrences(of: #""format":"plain""#, with: #""format":"docx""#)
        #expect(throws: OpenDIDError.unknownEnumValue(type: "ClaimFormat", value: "docx", path: "format")) {
            try Claim(from: json)
        }
        #expect(throws: OpenDIDError.unknownEnumValue(type: "AuthType", value: "3", path: "verificationMethod[0].authType")) {
            try DIDDocument(from: document(replacing: #""authType":2"#, with: #""authType":3"#))
        }
        #expect(throws: OpenDIDError.unknownEnumValue(
            type: "DIDKeyType", value: "Ed25519VerificationKey2018", path: "verificationMethod[0].type")) {
            try DIDDocument(from: document(replacing: "Secp256r1VerificationKey2018", with: "Ed25519VerificationKey2018"))
        }
    }

    @Test func unknownEvidenceTypeIsTyped() {
        let json = #"{"type":"SelfAttested","verifier":"v","evidenceDocument":"d","subjectPresence":"Physical","documentPresence":"Digital"}"#
        #expect(throws: OpenDIDError.unknownEvidenceType("SelfAttested", path: "(root)")) { try EvidenceHolder(from: json) }
    }

    @Test(arguments: ["0", "01", "-1", "1.0", "", "a", "1a", " 1", "99999999999999999999"])
    func malformedVersionIdIsRefused(_ version: String) {
        #expect(throws: OpenDIDError.invalidVersionId(version, path: "versionId")) {
            try DIDDocument(from: document(replacing: #""versionId":"1""#, with: "\"versionId\":\"\(version)\""))
        }
    }

    @Test func versionIdAsNumberIsATypeMismatch() {
        #expect(throws: OpenDIDError.typeMismatch(path: "versionId", expected: "String")) {
            try DIDDocument(from: document(replacing: #""versionId":"1""#, with: #""versionId":1"#))
        }
    }

    @Test(arguments: [
        "2025-01-02 03:04:05Z", "2025-13-02T03:04:05Z", "2025-02-29T03:04:05Z", "2025-01-02T24:00:00Z",
        "2025-01-02T03:04:05", "2025-01-02T03:04:05.Z", "2025-01-02T03:04:05.1234567890Z", "yesterday",
    ])
    func malformedDatetimeIsRefused(_ text: String) {
        #expect(throws: OpenDIDError.invalidDatetime(text, path: "created")) {
            try DIDDocument(from: document(replacing: #""created":"2025-01-02T03:04:05Z""#, with: "\"created\":\"\(text)\""))
        }
    }

    @Test func acceptedDatetimeVariantsDenoteTheSameInstant() throws {
        let expected = try #require(UTCDatetime.date(from: "2025-01-02T03:04:05Z"))
        for text in [
            "2025-01-02T03:04:05.123Z", "2025-01-02T03:04:05.123456Z", "2025-01-02T12:04:05+09:00",
            "2025-01-01T22:04:05-0500",
        ] {
            let date = try #require(UTCDatetime.date(from: text), "\(text) should parse")
            #expect(date.timeIntervalSince1970.rounded(.down) == expected.timeIntervalSince1970, "\(text)")
        }
        #expect(UTCDatetime.normalized("2025-01-02T12:04:05.5+09:00") == "2025-01-02T03:04:05Z")
        #expect(UTCDatetime.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(UTCDatetime.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test func datetimeMadeInCodeIsWrittenInTheSeedFormat() throws {
        let proof = Proof(
            created: UTCDatetime(date: Date(timeIntervalSince1970: 1_735_787_045.75)).wrappedValue,
            proofPurpose: .assertionMethod, verificationMethod: "did:omn:a?versionId=1#pin", type: .secp256r1Signature2018)
        #expect(proof.created == "2025-01-02T03:04:05Z")
        var broken = proof
        broken.created = "soon"
        #expect(throws: OpenDIDError.invalidDatetime("soon", path: "created")) { try broken.toJson() }
    }

    @Test func missingMandatoryFieldIsNamed() {
        #expect(throws: OpenDIDError.missingField(path: "controller")) {
            try DIDDocument(from: document(replacing: #""controller":"did:omn:tas","#, with: ""))
        }
        #expect(throws: OpenDIDError.missingField(path: "verificationMethod[0].publicKeyMultibase")) {
            try DIDDocument(from: document(
                replacing: #""publicKeyMultibase":"zuSs74QpRygXhkHP8R5ysNMgGrhKVWLdG6abMTUaHSMUu","#, with: ""))
        }
    }

    @Test func malformedJSONIsRefusedBeforeDecoding() {
        for text in ["", "{", #"{"code":"c","code":"d"}"#, "[1,2", String(repeating: "[", count: 100)] {
            #expect(throws: OpenDIDError.self, "\(text.prefix(20))") { try Claim(from: text) }
        }
        #expect(throws: OpenDIDError.typeMismatch(path: "value", expected: "String")) {
            try Claim(from: Self.claimJSON.replacingOccurrences(of: #""value":"v""#, with: #""value":1"#))
        }
    }

    @Test func verifyAuthTypeIsABareIntegerBitSet() throws {
        let pinAndBio = try JSONValue(encoding: VerifyAuthType([.pin, .bio]))
        #expect(pinAndBio == .number(JSONNumber(6)))
        #expect(Array(VerifyAuthType([.pin, .bio, .and])) == [.pin, .bio, .and])
        #expect(VerifyAuthType.any.rawValue == 0 && Array(VerifyAuthType.any).isEmpty)
        #expect(VerifyAuthType.any.isSatisfied(by: .free))
        #expect(VerifyAuthType([.pin, .bio]).isSatisfied(by: .bio))
        #expect(!VerifyAuthType([.pin, .bio, .and]).isSatisfied(by: .bio))
        #expect(!VerifyAuthType.pin.isSatisfied(by: .free))
        let json = #"{"reqE2e":{"nonce":"n","curve":"Secp256r1","publicKey":"k","cipher":"AES-128-ECB","padding":"NOPAD"},"verifierNonce":"n","authType":8}"#
        #expect(throws: OpenDIDError.unknownEnumValue(type: "VerifyAuthType", value: "8", path: "authType")) {
            try VerifyProfile.Profile.Process(from: json)
        }
        let process = try VerifyProfile.Profile.Process(from: json.replacingOccurrences(of: "\"authType\":8", with: "\"authType\":32774"))
        #expect(process.authType == [.pin, .bio, .and])
    }

    @Test func algorithmTypeConversions() {
        for algorithm in AlgorithmType.allCases {
            #expect(DIDKeyType.convertFrom(algorithmType: algorithm).convertTo() == algorithm)
            #expect(ProofType.convertFrom(algorithmType: algorithm).convertTo() == algorithm)
            #expect(DIDKeyType.convertFrom(algorithmType: algorithm).rawValue == algorithm.rawValue + DIDKeyType.commonString)
            #expect(ProofType.convertFrom(algorithmType: algorithm).rawValue == algorithm.rawValue + ProofType.commonString)
        }
        #expect(EllipticCurveType.secp256r1.convertTo() == .secp256r1 && EllipticCurveType.commonString.isEmpty)
    }

    @Test func proofsRuleOneProofIsWrittenAsProof() throws {
        var document = try DIDDocument(from: Self.didDocumentJSON)
        let proof = Proof(created: "2025-01-02T03:04:05Z", proofPurpose: .assertionMethod,
                          verificationMethod: "did:omn:a?versionId=1#pin", type: .secp256r1Signature2018, proofValue: "z1")
        document.setProofs([proof])
        let one = try JSONValue(parsing: try document.toJsonData())
        #expect(one["proof"] != nil && one["proofs"] == nil)
        document.setProofs([proof, proof])
        let two = try JSONValue(parsing: try document.toJsonData())
        #expect(one["proof"] != nil && two["proof"] == nil && two["proofs"]?.arrayValue?.count == 2)
        #expect(document.allProofs.count == 2)
    }

    @Test func jsonableWritesSortedKeysCompactOrPretty() throws {
        let schema = try VCSchema(from: #"{"@id":"i","@schema":"s","title":"t","description":"d","metadata":{"language":"ko","formatVersion":"1.0"},"credentialSubject":{"claims":[]}}"#)
        #expect(try schema.toJson() == #"{"@id":"i","@schema":"s","credentialSubject":{"claims":[]},"description":"d","metadata":{"formatVersion":"1.0","language":"ko"},"title":"t"}"#)
        #expect(try schema.toJson(isPretty: true).hasPrefix("{\n  \"@id\": \"i\",\n"))
        #expect(try VCSchema(from: try schema.toJsonData(isPretty: true)) == schema)
    }
}

/// Decodes one evidence entry as the `evidence` array would.
struct EvidenceHolder: Jsonable {
    var evidence: Evidence
    init(from decoder: any Decoder) throws { evidence = try Evidence(from: decoder) }
    func encode(to encoder: any Encoder) throws { try evidence.encode(to: encoder) }
}
