import DCQL
import Foundation
import JSONModel
import Testing

/// A large wallet is matched in slices on every core; the answer must be the one a
/// credential-by-credential walk gives, in the wallet's order.
@Suite("DCQL matching over a large wallet")
struct DCQLLargeWalletTests {
    static let query = """
        {"credentials": [
          {"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["urn:eudi:pid:1"]},
           "claims": [{"id": "a", "path": ["given_name"]}, {"id": "c", "path": ["age_over_18"], "values": [true]}],
           "claim_sets": [["c"], ["a"]]},
          {"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
           "claims": [{"path": ["org.iso.18013.5.1", "age_over_18"], "values": [true]}]}]}
        """

    /// Every third credential an mDL, the others PIDs; some over 18, some not, some unnamed.
    static func wallet(size: Int) -> [any PresentableCredential] {
        (0..<size).map { index in
            if index % 3 == 0 {
                return TestCredential(
                    credentialID: "mdl-\(index)", format: "mso_mdoc", typeIdentifiers: ["org.iso.18013.5.1.mDL"],
                    claims: .mdoc(["org.iso.18013.5.1": ["age_over_18": .bool(index % 2 == 0)]]))
            }
            var claims: JSONObject = ["age_over_18": .bool(index % 5 != 0)]
            if index % 7 != 0 { claims["given_name"] = .string("Person \(index)") }
            return TestCredential(
                credentialID: "pid-\(index)", format: "dc+sd-jwt", typeIdentifiers: ["urn:eudi:pid:1"], claims: .json(.object(claims)))
        }
    }

    @Test("10,007 credentials: the parallel match equals the one-by-one match, in order")
    func parallelEqualsSequential() throws {
        let credentials = Self.wallet(size: 10_007)
        let query = try DCQLQuery(jsonText: Self.query)
        let result = DCQLMatcher().match(query, against: credentials)
        for credentialQuery in query.credentials {
            let expected = credentials.compactMap { DCQLMatcher().match(credentialQuery, against: $0) }
            let actual = result.candidates(forQuery: credentialQuery.id)
            #expect(actual == expected)
            #expect(!actual.isEmpty)
        }
        // Spot checks: an unnamed PID over 18 answers only with claim set 0; an unnamed one under 18 not at all.
        let pid7 = try #require(result.candidates(forQuery: "pid").first { $0.credentialID == "pid-7" })
        #expect(pid7.options.map(\.claimSetIndex) == [0])
        #expect(!result.candidates(forQuery: "pid").contains { $0.credentialID == "pid-70" })
    }
}
