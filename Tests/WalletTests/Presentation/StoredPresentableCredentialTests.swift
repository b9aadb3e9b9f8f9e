import DCQL
import JSONModel
import Testing
@testable import Wallet

/// How stored credentials are shown to the DCQL matcher: which SD-JWT VC claims every
/// presentation reveals, and which stored credentials a query makes the wallet read at all.
@Suite("Stored credentials as DCQL candidates")
struct StoredPresentableCredentialTests {
    @Test("claims no Disclosure revealed are always disclosed: whole values without selective members, else their plain members")
    func plainClaims() throws {
        let claims: JSONValue = [
            "iss": "https://issuer.example", "vct": "urn:eudi:pid:1", "cnf": ["jwk": ["kty": "EC"]],
            "address": ["locality": "Köln", "country": "DE"], "nationalities": ["DE", "FR"], "given_name": "Erika",
        ]
        let selective: Set<[ClaimPath.Component]> = [
            [.key("address"), .key("locality")], [.key("nationalities"), .index(1)], [.key("given_name")],
        ]
        let plain = StoredPresentableCredential.plainClaims(in: claims, at: [], selective: selective)
        #expect(plain == [
            [.key("iss")], [.key("vct")], [.key("cnf")], [.key("address"), .key("country")], [.key("nationalities"), .index(0)],
        ])
        #expect(StoredPresentableCredential.plainClaims(in: claims, at: [], selective: []) == [])
    }

    @Test("only stored credentials of a requested format and type are candidates to read")
    func prefilter() throws {
        let query = try DCQLQuery(json: [
            "credentials": [
                ["id": "pid", "format": "vc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]]],
                ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"]],
            ],
        ])
        #expect(CredentialWallet.mayAnswer(query, plugIn: CredentialFormatRegistry.standard.plugIn(for: .sdJWTVC), type: "urn:eudi:pid:1"))
        #expect(!CredentialWallet.mayAnswer(query, plugIn: CredentialFormatRegistry.standard.plugIn(for: .sdJWTVC), type: "urn:other"))
        #expect(CredentialWallet.mayAnswer(query, plugIn: CredentialFormatRegistry.standard.plugIn(for: .sdJWTVC), type: nil), "a credential of unknown type is read to find out")
        #expect(CredentialWallet.mayAnswer(query, plugIn: CredentialFormatRegistry.standard.plugIn(for: .mdoc), type: "org.iso.18013.5.1.mDL"))
        #expect(!CredentialWallet.mayAnswer(query, plugIn: CredentialFormatRegistry.standard.plugIn(for: .mdoc), type: "urn:eudi:pid:1"))
        #expect(!CredentialWallet.mayAnswer(query, plugIn: CredentialFormatRegistry.standard.plugIn(for: .jwtVCJSON), type: nil))
        #expect(!CredentialWallet.mayAnswer(query, plugIn: CredentialFormatRegistry.standard.plugIn(for: .openDID), type: nil))
    }

    @Test("claim paths read as the activity log writes them")
    func displayPaths() throws {
        #expect(PresentationProposal.displayPath(try ClaimPath([.key("address"), .key("locality")]), isMDoc: false) == "address.locality")
        #expect(PresentationProposal.displayPath(try ClaimPath([.key("nationalities"), .index(0)]), isMDoc: false) == "nationalities.0")
        #expect(PresentationProposal.displayPath(
            try ClaimPath([.key("org.iso.18013.5.1"), .key("age_over_18")]), isMDoc: true) == "org.iso.18013.5.1/age_over_18")
    }
}
