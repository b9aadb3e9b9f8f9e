import Foundation
import JSONModel

/// This module's fast paths beside the plain paths they stand in for, run on the same input so
/// the differential tests and the `diff-sd-jwt` fuzz harness can hold them equal (issue #29).
///
/// Two fast paths stand in for plain ones here: processing the payload while its JSON is read
/// (``DisclosureProcessor/processedPayload(readingJSON:parserLimits:)``, falling back to
/// ``ProcessedSDJWT/init(sdJWT:decodedPayload:acceptedHashAlgorithms:limits:)``), and reading a
/// Disclosure's plain elements straight from its decoded bytes (falling back to
/// ``Disclosure/init(readingGenerally:limits:)``). What a caller sees must not depend on which one
/// ran: each pair below must be equal — the same outcome, or the same error.
package enum SDJWTFastPathCheck {
    /// What processing an SD-JWT gives a caller, member order included.
    package struct Processed: Equatable, Sendable {
        package let claims: JSONObject
        package let memberOrder: [String]
        package let hashAlgorithm: SDHashAlgorithm
        package let disclosedClaims: [DisclosedClaim]

        init(_ processed: ProcessedSDJWT) {
            claims = processed.claims
            memberOrder = Array(processed.claims.keys)
            hashAlgorithm = processed.hashAlgorithm
            disclosedClaims = processed.disclosedClaims
        }
    }

    /// `sdJWT` processed through the shipped path (fast, then plain) and through the plain path alone.
    package static func processing(
        _ sdJWT: SDJWTObject, limits: SDJWTLimits = .default
    ) -> (shipped: Result<Processed, SDJWTError>, plain: Result<Processed, SDJWTError>) {
        let accepted = Set(SDHashAlgorithm.allCases)
        let shipped = Result { () throws(SDJWTError) in
            Processed(try ProcessedSDJWT(sdJWT: sdJWT, acceptedHashAlgorithms: accepted, limits: limits))
        }
        let plain = Result { () throws(SDJWTError) in
            Processed(
                try ProcessedSDJWT(
                    sdJWT: sdJWT, decodedPayload: sdJWT.decodedPayload(limits: limits),
                    acceptedHashAlgorithms: accepted, limits: limits))
        }
        return (shipped, plain)
    }

    /// The Disclosure `encoded` read through the shipped path and by the general reading alone,
    /// each as its salt, name and serialized value (so a number read two ways shows).
    package static func reading(
        disclosure encoded: String, limits: SDJWTLimits = .default
    ) -> (shipped: Result<[String?], SDJWTError>, plain: Result<[String?], SDJWTError>) {
        func elements(_ disclosure: Disclosure) -> [String?] {
            [disclosure.encoded, disclosure.salt, disclosure.claimName, String(decoding: disclosure.value.serialized(), as: UTF8.self)]
        }
        let shipped = Result { () throws(SDJWTError) in elements(try Disclosure(encoded: encoded, limits: limits)) }
        // The emptiness and size checks come before either reading.
        let plain = Result { () throws(SDJWTError) in
            guard !encoded.isEmpty, encoded.utf8.count <= limits.maximumDisclosureSize else {
                return elements(try Disclosure(encoded: encoded, limits: limits))
            }
            return elements(try Disclosure(readingGenerally: Substring(encoded), limits: limits))
        }
        return (shipped, plain)
    }
}
