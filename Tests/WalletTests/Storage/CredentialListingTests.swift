import Foundation
import JSONModel
import Testing
@testable import Wallet

/// A credential's listing: made from its metadata, sealed in its own column, read back
/// exactly; what a list shows is what the metadata says.
@Suite("Credential listing")
struct CredentialListingTests {
    static let displays: [JSONValue?] = [
        nil, "just text", [], ["name": "Lone", "locale": "fr"],
        [["name": "Personalausweis", "locale": "de"], ["name": "Person ID", "locale": "en-GB"], ["locale": "es"]],
        [["locale": "en"], "not an object", ["name": "Second"]],
        [["name": "Sans locale"], ["name": "EN", "lang": "en"], ["name": "Nummer", "locale": "DE-at"]],
    ]

    @Test("the display name is the one CredentialBranding picks, for every locale preference")
    func displayNameAsBranding() {
        for display in Self.displays {
            let listing = CredentialListing(CredentialMetadata(display: display))
            for locales in [[], ["en"], ["de-DE"], ["es", "en"], ["fr-CA"], ["de-at"], ["zz"]] {
                #expect(listing.displayName(preferring: locales)
                        == CredentialBranding(display: display, preferring: locales)?.name, "\(String(describing: display)) \(locales)")
            }
        }
    }

    @Test("the stored form reads back equal: absent, empty, non-ASCII and long text, every date and flag")
    func storedRoundTrip() {
        let listings = [
            CredentialListing(),
            CredentialListing(
                credentialType: "urn:eudi:pid:1", issuer: "https://issuer.example/", issuerDisplayName: "Ärztekammer \"Süd\" \u{1F600}",
                issuerCommonName: "", displayNames: [.init(locale: nil, name: "x"), .init(locale: "de", name: nil)],
                validity: CredentialValidity(
                    issuedAt: Date(timeIntervalSinceReferenceDate: -0.0), validFrom: Date(timeIntervalSinceReferenceDate: 123.456789),
                    validUntil: Date(timeIntervalSince1970: 2_000_000_000), expectedUpdate: .distantFuture),
                lastStatus: "revoked", lastVerified: false, lastCheckedAt: Date(timeIntervalSinceReferenceDate: -1e9)),
            CredentialListing(issuer: String(repeating: "é", count: 20_000), lastVerified: true),
        ]
        for listing in listings {
            #expect(CredentialListing(stored: listing.stored) == listing)
        }
    }

    @Test("bytes that are not exactly one stored listing are refused: truncated, extended, other version, bad flag")
    func storedRefusals() {
        let stored = CredentialListing(credentialType: "t", displayNames: [.init(locale: "en", name: "n")], lastVerified: true).stored
        for length in 0..<stored.count {
            #expect(CredentialListing(stored: stored.prefix(length)) == nil, "\(length)")
        }
        #expect(CredentialListing(stored: stored + [0]) == nil)
        var otherVersion = stored
        otherVersion[otherVersion.startIndex] = 2
        #expect(CredentialListing(stored: otherVersion) == nil)
        #expect(CredentialListing(stored: Data([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0])) == nil)
        #expect(CredentialListing(stored: Data([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])) == CredentialListing())
        // A count of display names the remaining bytes cannot hold.
        #expect(CredentialListing(stored: Data([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7F])) == nil)
        #expect(CredentialListing(stored: Data([1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F])) == nil)
    }
}
