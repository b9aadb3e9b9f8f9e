import Foundation
import JSONModel
import SDJWT

/// `vellum verify` for SD-JWTs and SD-JWT VCs, in the compact or a JWS JSON serialization.
///
/// The trust rules are the SDK's ``SDJWTVCVerificationProfile``, filled in from the command's
/// options (`--trust`, `--issuer-key`, `--at`, `--type-metadata`, `--require-type-metadata`,
/// `--nonce`, `--client-id`, the network options); this type only reads the file, picks the
/// plain or the VC verification by the header's `typ`, and words the report.
struct SDJWTVerification {
    /// The verification profile the options chose.
    var profile: SDJWTVCVerificationProfile
    /// The user's languages, most preferred first, for display names and labels.
    var locales: [String] = ["en"]

    /// Whether `text` looks like an SD-JWT: compact (a JWS, `eyJ…`, followed by `~`), or a
    /// JWS JSON serialization (general or flattened: an object with `payload` and
    /// `signatures` or `signature`).
    static func detects(_ text: String) -> Bool {
        if text.hasPrefix("eyJ") { return text.contains("~") && !text.contains(where: \.isWhitespace) }
        guard text.hasPrefix("{"), case .object(let object)? = try? JSONValue(parsing: Data(text.utf8)),
              case .string? = object["payload"]
        else { return false }
        if case .array? = object["signatures"] { return true }
        if case .string? = object["signature"] { return true }
        return false
    }

    /// Verifies `text`; the report says why when it does not.
    func verify(_ text: String) async -> SDJWTReport {
        let object: SDJWTObject
        do {
            object = try SDJWTObject(parsing: text)
        } catch {
            return SDJWTReport(isVC: false, failure: error.description, isUnreadable: true)
        }
        let expectedNonce = profile.expectedNonce, expectedAudience = profile.expectedAudience
        guard SDJWTVCVerificationProfile.isSDJWTVC(object) else {
            do {
                let verified = try await profile.verify(object)
                var report = SDJWTReport(isVC: false, claims: verified.claims, keyBinding: verified.keyBinding)
                report.comparesKeyBinding(nonce: expectedNonce != nil, audience: expectedAudience != nil)
                return report
            } catch {
                return SDJWTReport(isVC: false, failure: failureText(error))
            }
        }
        do {
            let verified = try await profile.verifySDJWTVC(object)
            var report = SDJWTReport(
                isVC: true, claims: verified.claims, vct: verified.vct, issuer: verified.issuer,
                keyBinding: verified.sdJWT.keyBinding, status: verified.status)
            report.comparesKeyBinding(nonce: expectedNonce != nil, audience: expectedAudience != nil)
            report.typeDisplay = verified.display(preferring: locales)
            report.typeMetadataFailure = verified.typeMetadataFailure?.description
            report.labels = verified.displayedClaims.compactMap { claim in
                claim.label(preferring: locales).map { SDJWTReport.Label(path: claim.path, label: $0.label, value: claim.value) }
            }
            return report
        } catch {
            return SDJWTReport(isVC: true, failure: failureText(error))
        }
    }

    /// Why verification failed; a key binding that does not answer `--nonce`/`--client-id`
    /// is said in the options' terms, naming the one that did not match.
    func failureText(_ error: any Error) -> String {
        let expectedNonce = profile.expectedNonce, expectedAudience = profile.expectedAudience
        let keyBinding: KeyBindingFailure
        switch error {
        case SDJWTError.keyBinding(let failure), SDJWTVCError.sdJWT(.keyBinding(let failure)): keyBinding = failure
        default: return "\(error)"
        }
        switch keyBinding {
        case .nonceMismatch:
            return "key binding: the KB-JWT's nonce is not the --nonce \(expectedNonce ?? ""): a presentation made for another request"
        case .audienceMismatch(let expected, let actual):
            return "key binding: the KB-JWT's aud is \(actual), not the --client-id \(expected): a presentation made for another verifier"
        case .missing:
            let options = [expectedNonce.map { _ in "--nonce" }, expectedAudience.map { _ in "--client-id" }].compactMap(\.self)
            return "key binding: there is no KB-JWT, so nothing answers \(options.joined(separator: " and "))"
        default:
            return "\(error)"
        }
    }

    /// Reads Type Metadata documents the user supplied, keyed by their `vct`.
    static func typeMetadataDocuments(_ documents: [Data]) throws(SDJWTVCError) -> [String: Data] {
        var byType = [String: Data]()
        for data in documents {
            guard case .object(let object)? = try? JSONValue(parsing: data) else {
                throw .typeMetadata("a --type-metadata file is not a JSON object")
            }
            byType[try TypeMetadata(object).vct] = data
        }
        return byType
    }

    /// Reads `--at`: an ISO 8601 date-time (`2026-02-01T12:00:00Z`, fractional seconds and
    /// offsets allowed) or a date (`2026-02-01`, midnight UTC).
    static func date(iso8601 text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
