import JSONModel
import QRExchange
import Testing

@Suite("QueryByExample: type, @context and trusted issuer")
struct QueryByExampleMatcherTests {
    static let degree: JSONObject = [
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
        "type": ["VerifiableCredential", "UniversityDegreeCredential"], "issuer": ["id": "did:key:z6MkIssuer"],
    ]
    static let email: JSONObject = [
        "@context": ["https://www.w3.org/2018/credentials/v1"], "type": "VerifiableCredential", "issuer": "did:key:z6MkOther",
    ]

    static func query(_ json: JSONObject) throws -> QueryByExample.CredentialQuery {
        try QueryByExample(json: ["type": "QueryByExample", "credentialQuery": .object(json)]).credentialQueries[0]
    }

    @Test("every example type and context must be the credential's; a trusted issuer list narrows by issuer id")
    func matching() throws {
        let matcher = QueryByExampleMatcher()
        let any = try Self.query(["example": ["type": "VerifiableCredential"]])
        #expect(matcher.matches(Self.degree, any) && matcher.matches(Self.email, any))
        let degree = try Self.query(["example": ["type": ["UniversityDegreeCredential"], "@context": ["https://www.w3.org/2018/credentials/examples/v1"]]])
        #expect(matcher.matches(Self.degree, degree) && !matcher.matches(Self.email, degree))
        let trusted = try Self.query(["example": ["type": "VerifiableCredential"], "trustedIssuer": [["issuer": "did:key:z6MkOther"]]])
        #expect(!matcher.matches(Self.degree, trusted) && matcher.matches(Self.email, trusted))
        #expect(matcher.candidates([Self.degree, Self.email], for: any) == [1, 0], "the closest match first")
    }
}
