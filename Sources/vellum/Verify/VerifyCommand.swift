import ArgumentParser
import MDoc
import Multiformats
import CryptoKeys
import Foundation
import HTTP
import JSONModel
import OpenDID
import SDJWT
import X509Trust

/// `vellum verify`: check every signature of a credential-related document.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify the signatures of a credential, presentation or DID document.",
        discussion: """
            Recognises W3C verifiable credentials and presentations (VCDM 1.1 and 2.0) with \
            Data Integrity proofs (eddsa-jcs-2022, ecdsa-jcs-2019, eddsa-rdfc-2022, ecdsa-rdfc-2019; \
            keys from did:key/did:jwk, contexts from the bundled set, never fetched; a presentation's \
            proof must carry --nonce as its challenge and --client-id as its domain when given), \
            or secured as JWTs (VC-JWT and VP-JWT of VCDM 1.1, vc+jwt and vp+jwt of VC-JOSE-COSE; \
            the key is the kid's did:key, did:jwk or did:web; a presentation's nonce and aud must \
            be --nonce and --client-id when given); a credential's Bitstring Status List entries \
            are fetched, their list credential verified, and each bit reported. \
            Recognises Open DID DID documents, verifiable credentials (whole-credential and \
            per-claim signatures), verifiable presentations, issue and verify profiles, ReqE2e \
            and AccE2e. Keys come from the DID documents given with --did-doc; a DID document \
            is checked with its own keys. Also recognises SD-JWTs and SD-JWT VCs, compact or \
            in a JWS JSON serialization (general or flattened), with or without a KB-JWT: the \
            issuer key is --issuer-key, or an x5c chain to a --trust anchor, a did:key/did:jwk \
            kid, or the issuer's JWT VC metadata over HTTPS; the status list is checked; the \
            type metadata of vct (fetched, or given with --type-metadata) is applied when \
            available and its display name and claim labels are printed. Also recognises ISO \
            18013-5 mdocs (an IssuerSigned or a DeviceResponse, as binary CBOR, hex or \
            base64url): the document signer must chain to a --trust IACA, and every validation \
            step is printed; a DeviceResponse's device signature (or, with --reader-key, its \
            device MAC) is checked against --session-transcript (or the --client-id, --nonce and \
            --response-uri of an OpenID4VP request), and without them the response is invalid \
            ("device authentication not checked") unless --issuer-data-only asks for its issuer \
            data alone, which the report then says. With --nonce and/or --client-id an SD-JWT \
            presentation must carry a KB-JWT whose nonce and aud are those given. --at verifies \
            as of another time. Also recognises AnonCreds presentations (anoncreds-rs 0.2 JSON, legacy or W3C), checked \
            against the --proof-request they answer with the --schema and --cred-def files they name \
            (FILE or ID=FILE). A file over \(verifyInputLimit >> 20) MiB, a pipe or a device is \
            refused unread. Exits 0 only when everything verifies (1 invalid, 2 unreadable).
            """
    )

    @Argument(help: "The file to verify: a JSON document, an SD-JWT (compact or JSON) or an mdoc.")
    var file: String

    @Option(name: .customLong("did-doc"), help: "An Open DID DID document whose keys may sign (repeatable).")
    var didDocuments: [String] = []

    @Option(name: .customLong("trust"), help: "A PEM certificate trusted as an x5c chain root for SD-JWT VCs, or as an IACA for mdocs (repeatable).")
    var trustedCertificates: [String] = []

    @Option(name: .customLong("issuer-key"), help: "The SD-JWT issuer's public key: a JWK, or a file holding one.")
    var issuerKey: String?

    @Option(name: .customLong("at"), help: ArgumentHelp("Verify as of this ISO 8601 time (2026-02-01T12:00:00Z or 2026-02-01) instead of now.", valueName: "date"))
    var at: String?

    @Option(name: .customLong("type-metadata"), help: ArgumentHelp("An SD-JWT VC Type Metadata document to use for its vct instead of fetching it (repeatable).", valueName: "file"))
    var typeMetadataFiles: [String] = []

    @Flag(name: .customLong("require-type-metadata"), help: "Treat an SD-JWT VC whose type metadata cannot be obtained as invalid.")
    var requiresTypeMetadata = false

    @Option(name: .customLong("locale"), help: ArgumentHelp("The language for type display names and claim labels (repeatable, most preferred first).", valueName: "tag"))
    var locales: [String] = []

    @Option(name: .customLong("session-transcript"), help: "A DeviceResponse's SessionTranscript(Bytes) file (binary or hex): checks device authentication.")
    var sessionTranscript: String?

    @Option(name: .customLong("client-id"), help: "The OpenID4VP request's client_id: an SD-JWT presentation's KB-JWT aud must be it; with --nonce and --response-uri, the request a DeviceResponse answers.")
    var clientID: String?

    @Option(help: "The OpenID4VP request's nonce: an SD-JWT presentation's KB-JWT nonce must be it.")
    var nonce: String?

    @Option(name: .customLong("response-uri"), help: "The OpenID4VP request's response_uri.")
    var responseURI: String?

    @Option(name: .customLong("reader-key"), help: "The reader's ephemeral P-256 private key (PEM, or the hex scalar), for a deviceMac.")
    var readerKey: String?

    @Flag(name: .customLong("issuer-data-only"), help: "For a DeviceResponse without its session transcript: verify the issuer data alone, and say so.")
    var issuerDataOnly = false

    @Option(name: .customLong("proof-request"), help: ArgumentHelp("The AnonCreds presentation request an AnonCreds presentation answers.", valueName: "file"))
    var proofRequest: String?

    @Option(name: .customLong("schema"), help: ArgumentHelp("An AnonCreds schema the presentation names, FILE or ID=FILE (repeatable).", valueName: "file"))
    var anonCredsSchemas: [String] = []

    @Option(name: .customLong("cred-def"), help: ArgumentHelp("An AnonCreds credential definition the presentation names, FILE or ID=FILE (repeatable).", valueName: "file"))
    var anonCredsDefinitions: [String] = []

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    @OptionGroup var network: NetworkOptions

    func run() async throws {
        let data = try readFile(file)
        if let bytes = MDocVerification.detect(data) {
            try await verifyMDoc(bytes)
            return
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if SDJWTVerification.detects(text) {
            try await verifySDJWT(text)
            return
        }
        if W3CJWTVerification.detects(text) {
            try await verifyW3CJWT(text)
            return
        }
        let documents = try didDocuments.map { path in
            do {
                return try OpenDID.DIDDocument(from: try readFile(path))
            } catch {
                throw failure("\(path) is not an Open DID DID document: \(error)", code: 2)
            }
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            throw failure(
                "\(file) is not a credential or document vellum verify reads",
                hint: "it reads an SD-JWT (compact or JSON), an mdoc IssuerSigned or DeviceResponse (CBOR, hex or base64url), W3C VCs/VPs with Data Integrity proofs or as JWTs, and Open DID JSON",
                code: 2)
        }
        if AnonCredsVerification.detects(document) {
            try verifyAnonCreds(data, document: document)
            return
        }
        if W3CVerification.detects(document) {
            try await verifyW3C(document)
            return
        }
        guard let kind = OpenDIDDocumentKind(detecting: document) else {
            throw failure("\(file) is not a document vellum can verify (expected an Open DID document)", code: 2)
        }
        var checks = ProofVerifier(documents: documents).checks(for: document)
        if let modelError = Self.modelError(kind: kind, data: data) {
            checks.insert(ProofCheck(location: "(document)", verificationMethod: "", failure: modelError), at: 0)
        }
        let valid = !checks.isEmpty && checks.allSatisfy(\.isValid)
        print(json ? Self.jsonReport(kind: kind, checks: checks, valid: valid) : Self.textReport(kind: kind, checks: checks, valid: valid))
        if !valid { throw ExitCode.failure }
    }

    /// Verifies a W3C credential or presentation with Data Integrity proofs and prints each check.
    func verifyW3C(_ document: JSONValue) async throws {
        var verification = W3CVerification(now: try verificationTime(), challenge: nonce, domain: clientID)
        verification.httpClient = NetworkOptions.client(network)
        let (kind, checks) = await verification.verify(document)
        print(json ? W3CVerification.json(kind: kind, checks: checks) : W3CVerification.text(kind: kind, checks: checks))
        if !checks.allSatisfy(\.isValid) { throw ExitCode.failure }
    }

    /// Validates an mdoc's issuer data and prints the steps and elements.
    func verifyMDoc(_ bytes: Data) async throws {
        var time = Date()
        if let at {
            guard let date = SDJWTVerification.date(iso8601: at) else {
                throw failure("--at \(at) is not an ISO 8601 date or date-time", code: 2)
            }
            time = date
        }
        var profile = MDocVerificationProfile(
            trustAnchors: try trustAnchors(), time: time, httpClient: NIOHTTPClient(policy: NetworkOptions.policy(network)),
            sessionTranscript: try mdocSessionTranscript())
        // Asking for device authentication and for issuer data alone at once is a mistake
        // in the command, not something to settle silently either way.
        if issuerDataOnly, profile.sessionTranscript != nil || readerKey != nil {
            throw failure(
                "--issuer-data-only leaves device authentication out; it does not go with --session-transcript, "
                    + "--client-id/--nonce/--response-uri or --reader-key", code: 2)
        }
        profile.issuerDataOnly = issuerDataOnly
        if let readerKey {
            let text = String(decoding: try readFile(readerKey), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            do {
                profile.readerKey = text.hasPrefix("-----")
                    ? try PrivateKey(pemRepresentation: text)
                    : try PrivateKey(rawRepresentation: try Base16.decode(text), curve: .p256)
            } catch {
                throw failure("--reader-key \(readerKey) is not a P-256 private key: \(error)", code: 2)
            }
        }
        let verification = MDocVerification(profile: profile)
        let report = await verification.verify(bytes)
        print(json ? report.json : report.text)
        if report.documents.isEmpty { throw ExitCode(2) }
        if !report.isValid { throw ExitCode.failure }
    }

    /// The session transcript from `--session-transcript`, or the OpenID4VP redirect
    /// transcript from `--client-id`, `--nonce` and `--response-uri`; `nil` when neither is given.
    func mdocSessionTranscript() throws -> SessionTranscript? {
        if let sessionTranscript {
            let data = try readFile(sessionTranscript)
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            do {
                return try SessionTranscript(decoding: (try? Base16.decode(text)) ?? data)
            } catch {
                throw failure("\(sessionTranscript) is not a SessionTranscript: \(error)", code: 2)
            }
        }
        switch (clientID, nonce, responseURI) {
        case (nil, nil, nil): return nil
        case let (clientID?, nonce?, responseURI?):
            return .openID4VP(clientID: clientID, nonce: nonce, jwkThumbprint: nil, responseURI: responseURI)
        default: throw failure("--client-id, --nonce and --response-uri go together", code: 2)
        }
    }

    /// The `--trust` certificates.
    func trustAnchors() throws -> TrustAnchorStore {
        var anchors = TrustAnchorStore()
        for path in trustedCertificates {
            do {
                guard try anchors.add(pem: String(decoding: try readFile(path), as: UTF8.self)) > 0 else {
                    throw failure("\(path) holds no certificate", code: 2)
                }
            } catch let error as ExitCode {
                throw error
            } catch {
                throw failure("\(path) is not a PEM certificate: \(error)", code: 2)
            }
        }
        return anchors
    }

    /// Verifies an SD-JWT or SD-JWT VC and prints the processed claims.
    func verifySDJWT(_ text: String) async throws {
        let anchors = try trustAnchors()
        var key: PublicKey?
        if let issuerKey {
            let source = issuerKey.hasPrefix("{") ? Data(issuerKey.utf8) : try readFile(issuerKey)
            do {
                key = try JWK(jsonData: source).publicKey()
            } catch {
                throw failure("--issuer-key is not a usable JWK: \(error)", code: 2)
            }
        }
        let date: Date?
        if let at {
            guard let parsed = SDJWTVerification.date(iso8601: at) else {
                throw failure("--at \(at) is not an ISO 8601 date or date-time", code: 2)
            }
            date = parsed
        } else {
            date = nil
        }
        let typeMetadataDocuments: [String: Data]
        do {
            typeMetadataDocuments = try SDJWTVerification.typeMetadataDocuments(typeMetadataFiles.map(readFile))
        } catch let error as ExitCode {
            throw error
        } catch {
            throw failure("--type-metadata: \(error)", code: 2)
        }
        let profile = SDJWTVCVerificationProfile(
            trustAnchors: anchors, issuerKey: key, clock: { date ?? Date() },
            httpClient: NIOHTTPClient(policy: NetworkOptions.policy(network)), typeMetadataDocuments: typeMetadataDocuments,
            requiresTypeMetadata: requiresTypeMetadata, expectedNonce: nonce, expectedAudience: clientID)
        let verification = SDJWTVerification(
            profile: profile, locales: locales.isEmpty ? Locale.preferredLanguages + ["en"] : locales)
        let report = await verification.verify(text)
        print(json ? report.json : report.text)
        if report.isUnreadable { throw ExitCode(2) }
        if !report.isValid { throw ExitCode.failure }
    }

    /// Why the document does not fit the Open DID data model, if it does not.
    static func modelError(kind: OpenDIDDocumentKind, data: Data) -> OpenDIDError? {
        do {
            switch kind {
            case .didDocument: _ = try OpenDID.DIDDocument(from: data)
            case .verifiableCredential: _ = try VerifiableCredential(from: data)
            case .verifiablePresentation: _ = try VerifiablePresentation(from: data)
            case .issueProfile: _ = try IssueProfile(from: data)
            case .verifyProfile: _ = try VerifyProfile(from: data)
            case .reqE2e: _ = try ReqE2e(from: data)
            case .accE2e: _ = try AccE2e(from: data)
            }
            return nil
        } catch let error as OpenDIDError {
            return error
        } catch {
            return .malformedJSON("\(error)")
        }
    }

    static func textReport(kind: OpenDIDDocumentKind, checks: [ProofCheck], valid: Bool) -> String {
        var lines = ["Open DID \(kind.rawValue)"]
        for check in checks {
            let mark = check.isValid ? "✓" : "✗"
            var line = "  \(mark) \(check.location)"
            if !check.verificationMethod.isEmpty { line += "  \(check.verificationMethod)" }
            if let failure = check.failure { line += "\n      \(failure.description)" }
            lines.append(line)
        }
        let good = checks.filter(\.isValid).count
        lines.append(valid ? "VALID: \(good) of \(checks.count) checks hold" : "INVALID: \(checks.count - good) of \(checks.count) checks fail")
        return lines.joined(separator: "\n")
    }

    static func jsonReport(kind: OpenDIDDocumentKind, checks: [ProofCheck], valid: Bool) -> String {
        let proofs: [JSONValue] = checks.map { check in
            var entry: JSONObject = [
                "location": .string(check.location), "verificationMethod": .string(check.verificationMethod),
                "valid": .bool(check.isValid),
            ]
            if let failure = check.failure { entry["error"] = .string(failure.description) }
            return .object(entry)
        }
        let report: JSONObject = [
            "format": "opendid", "kind": .string(kind.rawValue), "valid": .bool(valid), "checks": .array(proofs),
        ]
        return JSONValue.object(report).serializedString(.pretty)
    }
}

/// The most bytes `vellum verify` reads from one file: the largest input a format it
/// recognises accepts, an mdoc at MDoc's 4 MiB limit written as hex (an SD-JWT may be 1 MiB,
/// an Open DID document 4 MiB). The format is known only once the file is read, so every
/// file is held to this bound, before it is read.
let verifyInputLimit = 2 * MDocLimits.default.maxInputSize

/// Reads a file the user named, at most ``verifyInputLimit`` bytes of it, or fails with a
/// message (exit code 2). A larger file is refused before it is read, and a pipe or device is
/// not read at all: neither a huge file nor `/dev/zero` can keep `verify` busy.
func readFile(_ path: String) throws -> Data {
    do throws(BoundedFileReadError) {
        return try BoundedFileReader.contents(ofFile: path, limit: verifyInputLimit)
    } catch .fileTooLarge(let size, let limit) {
        throw failure(
            "cannot read \(path): it is \(size) bytes, over the \(BoundedFileReader.describe(limit: limit)) vellum verify reads",
            code: 2)
    } catch .grewPastLimit(let limit) {
        throw failure(
            "cannot read \(path): it holds more than the \(BoundedFileReader.describe(limit: limit)) vellum verify reads",
            code: 2)
    } catch .notRegularFile {
        throw failure("cannot read \(path): not a regular file (vellum verify reads no directory, pipe or device)", code: 2)
    } catch {
        throw failure("cannot read \(path)", code: 2)
    }
}

/// Prints `message` to standard error and returns the exit code to throw.
func failure(_ message: String, hint: String? = nil, code: Int32) -> ExitCode {
    CommandOutput.fail(message, hint: hint, exitCode: code)
    return ExitCode(code)
}
