import CBOR
import Foundation
import JSONModel

/// The data elements of the sandbox mDL: a fixed, fictional holder (ISO 18013-5 §7.2.1).
enum MDLContent {
    /// Element identifiers, display labels and whether the element is mandatory in 18013-5.
    static let claimLabels: [(name: String, label: String, mandatory: Bool)] = [
        ("family_name", "Family name", true), ("given_name", "Given name", true), ("birth_date", "Date of birth", true),
        ("issue_date", "Date of issue", true), ("expiry_date", "Date of expiry", true),
        ("issuing_country", "Issuing country", true), ("issuing_authority", "Issuing authority", true),
        ("document_number", "Licence number", true), ("portrait", "Portrait", true),
        ("driving_privileges", "Driving privileges", true), ("un_distinguishing_sign", "UN distinguishing sign", true),
        ("age_over_18", "Older than 18", false), ("age_over_21", "Older than 21", false),
    ]

    /// The elements for a licence issued at `now`, valid until `until`.
    static func elements(now: Date, until: Date) -> [(String, CBOR)] {
        let issued = FullDate(now)
        let expiry = FullDate(until)
        let birth = FullDate(year: 1984, month: 1, day: 26) ?? issued
        let licensed = FullDate(year: 2010, month: 5, day: 1) ?? issued
        return [
            ("family_name", "Mustermann"), ("given_name", "Erika"), ("birth_date", .fullDate(birth)),
            ("issue_date", .fullDate(issued)), ("expiry_date", .fullDate(expiry)),
            ("issuing_country", "UT"), ("issuing_authority", "Utopia Sandbox DMV"), ("document_number", "SBX1234567"),
            ("portrait", .byteString(portrait)),
            ("driving_privileges", .array([.map([
                (key: "vehicle_category_code", value: "B"), (key: "issue_date", value: .fullDate(licensed)),
            ])])),
            ("un_distinguishing_sign", "UTO"), ("age_over_18", .bool(true)), ("age_over_21", .bool(true)),
        ]
    }

    /// A tiny placeholder JPEG-shaped portrait (SOI … EOI): the sandbox has no photographs.
    static let portrait = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x00, count: 60) + [0xFF, 0xD9])
}

/// The claims of the sandbox PID SD-JWT VC, modelled on the EUDI PID rulebook's names.
enum PIDContent {
    /// Claim paths and display labels for the issuer metadata.
    static let claimLabels: [(path: [String], label: String)] = [
        (["given_name"], "Given name"), (["family_name"], "Family name"), (["birthdate"], "Date of birth"),
        (["address"], "Address"), (["address", "street_address"], "Street"), (["address", "locality"], "City"),
        (["address", "postal_code"], "Postal code"), (["address", "country"], "Country"),
        (["nationalities"], "Nationalities"), (["age_equal_or_over", "18"], "Adult"),
    ]

    /// The subject claims (without `iss`, `iat`, `exp`, `vct`, `status`, `cnf`).
    static let subjectClaims: JSONObject = [
        "given_name": "Erika",
        "family_name": "Mustermann",
        "birthdate": "1984-01-26",
        "address": [
            "street_address": "Heidestraße 17", "locality": "Köln", "postal_code": "51147", "country": "DE",
        ],
        "nationalities": ["DE"],
        "age_equal_or_over": ["18": true, "21": true],
    ]

    /// The selectively disclosable claims.
    static let disclosablePaths: [ClaimPath] = {
        let paths: [[ClaimPath.Component]] = [
            [.key("given_name")], [.key("family_name")], [.key("birthdate")],
            [.key("address")], [.key("address"), .key("street_address")], [.key("address"), .key("locality")],
            [.key("address"), .key("postal_code")], [.key("address"), .key("country")],
            [.key("nationalities")], [.key("nationalities"), .allElements],
            [.key("age_equal_or_over"), .key("18")], [.key("age_equal_or_over"), .key("21")],
        ]
        return paths.compactMap { try? ClaimPath($0) }
    }()
}
