import CryptoKeys
import DID
import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import StatusList
import X509Trust

/// `vellum verify` for SD-JWTs and SD-JWT VCs, in the compact or a JWS JSON serialization.
struct SDJWTVerification {
    /// Trust anchors for `x5c` chains (`--trust`).
    var anchors: TrustAnchorStore
    /// A key the user trusts outright (`--issuer-key`); replaces every other mechanism.
    var issuerKey: PublicKey?
    /// The time to verify at (`--at`); `nil` is now.
    var date: Date?
    /// Type Metadata documents the user supplied (`--type-metadata`), by `vct`.
    var typeMetadataDocuments: [String: Data] = [:]
    /// Whether a credential without obtainable Type Metadata is invalid.
    var requiresTypeMetadata = false
    /// The user's languages, most preferred first, for display names and labels.
    var locales: [String] = ["en"]
    /// The nonce of the request the presentation answers (`--nonce`); the KB-JWT must carry it.
    var expectedNonce: String?
    /// The client identifier of the request the presentation answers (`--client-id`); the
    /// KB-JWT's `aud` must be it (OpenID4VP 1.0 §8.6).
    var expectedAudience: String?
    /// How issuer metadata, type metadata and status lists are fetched (the command's
    /// network options).
    var httpPolicy = HTTPClientPolicy()

    /// What the KB-JWT must be. A file may be a Holder's stored credential (no KB-JWT) or a
    /// presentation, so without `--nonce` or `--client-id` none is demanded, and one that is
    /// present is checked in full while its `aud` and `nonce` are only shown: a replayed
    /// presentation, or one made for another verifier, verifies. Naming the request asks
    /// whether the presentation answers it: then a KB-JWT must be there (leaving it out
    /// cannot dodge the comparison) and each value given must match.
    var keyBindingPolicy: KeyBindingPolicy {
        guard expectedNonce != nil || expectedAudience != nil else { return .optional }
        return KeyBindingPolicy(requirement: .required, audience: expectedAudience, nonce: expectedNonce)
    }

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

    /// The verification clock.
    var clock: @Sendable () -> Date {
        let date = date
        return { date ?? Date() }
    }

    /// The issuer key policy: the given key, or `x5c` against the anchors, DIDs, and issuer
    /// metadata over HTTPS.
    func resolver(httpClient: some HTTPClient) -> any SDJWTIssuerKeyResolver {
        if let issuerKey { return SDJWTIssuerKeyLookup(publicKey: issuerKey) }
        return SDJWTVCIssuerKeyResolver(
            certificates: X5CIssuerKeyResolver(anchors: anchors, clock: clock),
            metadata: IssuerMetadataKeyResolver(httpClient: httpClient),
            dids: DIDIssuerKeyResolver(resolver: DIDResolverRegistry.offline()))
    }

    /// Verifies `text`; the report says why when it does not.
    func verify(_ text: String) async -> SDJWTReport {
        let object: SDJWTObject
        do {
            object = try SDJWTObject(parsing: text)
        } catch {
            return SDJWTReport(isVC: false, failure: error.description, isUnreadable: true)
        }
        let type = object.jws.signatures.first?.protectedHeader["typ"]?.stringValue
        let isVC = type == SDJWTVCVerifier.mediaType || type == SDJWTVCVerifier.legacyMediaType
        let httpClient = NIOHTTPClient(policy: httpPolicy)
        let resolver = resolver(httpClient: httpClient)
        let sdJWT = SDJWTVerifier(keyBinding: keyBindingPolicy, clock: clock)
        guard isVC else {
            do {
                let verified = try await sdJWT.verify(object, resolver: resolver)
                var report = SDJWTReport(isVC: false, claims: verified.claims, keyBinding: verified.keyBinding)
                report.comparesKeyBinding(nonce: expectedNonce != nil, audience: expectedAudience != nil)
                return report
            } catch {
                return SDJWTReport(isVC: false, failure: failureText(error))
            }
        }
        var verifier = SDJWTVCVerifier(
            sdJWT: sdJWT,
            statusResolver: StatusListResolver(
                httpClient: httpClient, keys: resolver.statusListKeys, policy: StatusListPolicy(clock: clock), cache: nil),
            statusPolicy: .report,
            typeMetadata: TypeMetadataPolicy(
                resolver: TypeMetadataResolver(httpClient: httpClient, knownDocuments: typeMetadataDocuments),
                requirement: requiresTypeMetadata ? .required : .whenAvailable))
        // The VC verifier raises .optional to "required when cnf binds"; a stored credential
        // is read here too, so the policy above stands.
        verifier.sdJWT.keyBinding = keyBindingPolicy
        do {
            let verified = try await verifier.verify(object, resolver: resolver)
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
