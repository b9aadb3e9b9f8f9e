import AnonCreds
import ArgumentParser
import Foundation
import JSONModel

/// `vellum verify` for an AnonCreds presentation (anoncreds-rs 0.2's JSON), checked as a
/// verifier would: against the presentation request it answers (`--proof-request`), with the
/// schemas and credential definitions it names (`--schema`, `--cred-def`), through
/// ``AnonCredsVerifier`` — nonce, every referent answered, revealed values encoded and proven,
/// predicates, restrictions, one link secret.
///
/// A schema or credential definition object carries no identifier of its own, so each file
/// says which one it is: `ID=FILE`, a file with the identifier beside the object (ACA-Py's
/// `{"schema_id", "schema"}` / `{"credential_definition_id", "credential_definition"}`), or,
/// when the presentation names only one schema (definition), the bare object.
struct AnonCredsVerification {
    var requestFile: String?
    var schemaFiles: [String]
    var definitionFiles: [String]

    /// Whether `document` has the shape of an AnonCreds presentation, legacy or W3C (an
    /// `anoncreds-2023` proof).
    static func detects(_ document: JSONValue) -> Bool {
        (document["proof"]?["proofs"] != nil && document["proof"]?["aggregated_proof"] != nil && document["requested_proof"] != nil)
            || isW3C(document)
    }

    static func isW3C(_ document: JSONValue) -> Bool { document["proof"]?["cryptosuite"]?.stringValue == "anoncreds-2023" }

    /// The outcome: whether it verifies, and why not.
    struct Report {
        var presentation: Presentation?
        var w3c: W3CAnonCredsPresentation?
        var failure: String?
        var isValid: Bool { failure == nil }
    }

    /// Reads everything (an unreadable input is exit 2) and verifies.
    func verify(_ data: Data, file: String, document: JSONValue) throws -> Report {
        if Self.isW3C(document) {
            let presentation: W3CAnonCredsPresentation
            do {
                presentation = try W3CAnonCredsPresentation(jsonData: data)
            } catch {
                throw failure("\(file) is not an AnonCreds W3C presentation: \(error)", code: 2)
            }
            let (request, schemas, definitions) = try inputs(
                for: file, schemaIDs: presentation.credentials.compactMap(\.schemaID),
                definitionIDs: presentation.credentials.compactMap(\.credentialDefinitionID))
            do {
                try AnonCredsVerifier.verify(presentation, request: request, schemas: schemas, definitions: definitions)
                return Report(w3c: presentation)
            } catch {
                return Report(w3c: presentation, failure: error.description)
            }
        }
        let presentation: Presentation = try Self.read(data, what: file)
        let (request, schemas, definitions) = try inputs(
            for: file, schemaIDs: presentation.identifiers.map(\.schemaID),
            definitionIDs: presentation.identifiers.map(\.credentialDefinitionID))
        do {
            try AnonCredsVerifier.verify(presentation, request: request, schemas: schemas, definitions: definitions)
            return Report(presentation: presentation)
        } catch {
            return Report(presentation: presentation, failure: error.description)
        }
    }

    /// The request, schemas and credential definitions a presentation naming these is checked with.
    func inputs(
        for file: String, schemaIDs: [String], definitionIDs: [String]
    ) throws -> (PresentationRequest, [String: Schema], [String: CredentialDefinition]) {
        guard let requestFile else {
            throw failure(
                "\(file) is an AnonCreds presentation: it verifies only against the request it answers",
                hint: "add --proof-request FILE, and --schema and --cred-def for what it names", code: 2)
        }
        let request: PresentationRequest = try Self.read(try readFile(requestFile), what: requestFile)
        let schemas: [String: Schema] = try Self.objects(
            schemaFiles, named: Set(schemaIDs), option: "--schema", wrapped: ("schema_id", "schema"))
        let definitions: [String: CredentialDefinition] = try Self.objects(
            definitionFiles, named: Set(definitionIDs), option: "--cred-def",
            wrapped: ("credential_definition_id", "credential_definition"))
        return (request, schemas, definitions)
    }

    static func read<T: AnonCredsObject>(_ data: Data, what: String) throws -> T {
        do {
            return try T(jsonData: data)
        } catch {
            throw failure("\(what) is not an AnonCreds \(T.objectName): \(error)", code: 2)
        }
    }

    /// The objects of `files` by identifier.
    static func objects<T: AnonCredsObject>(
        _ files: [String], named: Set<String>, option: String, wrapped: (id: String, object: String)
    ) throws -> [String: T] {
        var objects: [String: T] = [:]
        for argument in files {
            var identifier: String?
            var path = argument
            if let equals = argument.lastIndex(of: "="), !FileManager.default.fileExists(atPath: argument) {
                identifier = String(argument[..<equals])
                path = String(argument[argument.index(after: equals)...])
            }
            var data = try readFile(path)
            if identifier == nil, let document = try? JSONValue(parsing: data) {
                if let id = document[wrapped.id]?.stringValue, let object = document[wrapped.object] {
                    identifier = id
                    data = Data(object.serializedString().utf8)
                } else if let id = document["id"]?.stringValue {
                    identifier = id
                }
            }
            if identifier == nil, files.count == 1, named.count == 1 { identifier = named.first }
            guard let identifier else {
                throw failure(
                    "\(option) \(argument): which \(T.objectName) is it?",
                    hint: "name it: \(option) ID=\(path) (the presentation names \(named.sorted().joined(separator: ", ")))", code: 2)
            }
            objects[identifier] = try read(data, what: path)
        }
        return objects
    }

    static func text(_ report: Report) -> String {
        guard let presentation = report.presentation else { return w3cText(report) }
        var lines = ["AnonCreds presentation: \(presentation.identifiers.count) credential(s)"]
        for (index, identifier) in presentation.identifiers.enumerated() {
            lines.append("  [\(index)] \(identifier.credentialDefinitionID)  (schema \(identifier.schemaID))")
        }
        let requested = presentation.requestedProof
        for (referent, value) in requested.revealedAttributes.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(referent): \(value.raw)  [\(value.subProofIndex)]")
        }
        for (referent, group) in requested.revealedAttributeGroups.sorted(by: { $0.key < $1.key }) {
            let values = group.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.raw)" }
            lines.append("  \(referent): \(values.joined(separator: ", "))  [\(group.subProofIndex)]")
        }
        for (referent, value) in requested.selfAttestedAttributes.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(referent): \(value)  (self-attested)")
        }
        for referent in requested.unrevealedAttributes.keys.sorted() { lines.append("  \(referent): proven, not revealed") }
        for referent in requested.predicates.keys.sorted() { lines.append("  \(referent): predicate proven") }
        lines.append(report.failure.map { "INVALID: \($0)" } ?? "VALID")
        return lines.joined(separator: "\n")
    }

    /// A W3C presentation: each credential and what its subject shows.
    static func w3cText(_ report: Report) -> String {
        let credentials = report.w3c?.credentials ?? []
        var lines = ["AnonCreds W3C presentation: \(credentials.count) credential(s)"]
        for (index, credential) in credentials.enumerated() {
            lines.append("  [\(index)] \(credential.credentialDefinitionID ?? "?")  (schema \(credential.schemaID ?? "?"))")
            for (name, value) in credential.subject.sorted(by: { $0.key < $1.key }) {
                lines.append("    \(name): \(value.raw ?? "predicate proven")")
            }
        }
        lines.append(report.failure.map { "INVALID: \($0)" } ?? "VALID")
        return lines.joined(separator: "\n")
    }

    static func json(_ report: Report) -> String {
        guard let presentation = report.presentation else {
            var object: JSONObject = ["format": "anoncreds", "kind": "w3c-presentation", "valid": .bool(report.isValid)]
            object["credentials"] = .array((report.w3c?.credentials ?? []).map { credential in
                .object([
                    "schemaId": .string(credential.schemaID ?? ""), "credDefId": .string(credential.credentialDefinitionID ?? ""),
                    "subject": .object(JSONObject(credential.subject.sorted { $0.key < $1.key }.map { ($0.key, $0.value.raw.map(JSONValue.string) ?? .bool(true)) })),
                ])
            })
            if let failure = report.failure { object["error"] = .string(failure) }
            return JSONValue.object(object).serializedString(.pretty)
        }
        let requested = presentation.requestedProof
        var revealed = JSONObject()
        for (referent, value) in requested.revealedAttributes { revealed[referent] = .string(value.raw) }
        for (referent, group) in requested.revealedAttributeGroups {
            revealed[referent] = .object(JSONObject(group.values.map { ($0.key, JSONValue.string($0.value.raw)) }))
        }
        var object: JSONObject = [
            "format": "anoncreds", "kind": "presentation", "valid": .bool(report.isValid),
            "credentials": .array(presentation.identifiers.map {
                .object(["schemaId": .string($0.schemaID), "credDefId": .string($0.credentialDefinitionID)])
            }),
            "revealed": .object(revealed),
            "selfAttested": .object(JSONObject(requested.selfAttestedAttributes.map { ($0.key, JSONValue.string($0.value)) })),
            "unrevealed": .array(requested.unrevealedAttributes.keys.sorted().map(JSONValue.string)),
            "predicates": .array(requested.predicates.keys.sorted().map(JSONValue.string)),
        ]
        if let failure = report.failure { object["error"] = .string(failure) }
        return JSONValue.object(object).serializedString(.pretty)
    }
}

extension VerifyCommand {
    /// Verifies an AnonCreds presentation against `--proof-request` and prints the outcome.
    func verifyAnonCreds(_ data: Data, document: JSONValue) throws {
        let verification = AnonCredsVerification(
            requestFile: proofRequest, schemaFiles: anonCredsSchemas, definitionFiles: anonCredsDefinitions)
        let report = try verification.verify(data, file: file, document: document)
        print(json ? AnonCredsVerification.json(report) : AnonCredsVerification.text(report))
        if !report.isValid { throw ExitCode.failure }
    }
}
