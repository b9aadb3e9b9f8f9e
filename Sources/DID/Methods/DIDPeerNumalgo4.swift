import Foundation
import JSONModel
import Multiformats

/// Resolution of did:peer:4 (did:peer spec, "Method 4: Short Form and Long Form").
enum DIDPeerNumalgo4 {
    static func resolve(_ did: DIDIdentifier, knownLongForms: [DIDIdentifier: DIDIdentifier]) throws(DIDResolutionError) -> DIDResolution {
        let parts = did.methodSpecificID.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let hash = parts.first, hash.hasPrefix("z") else {
            throw .invalidDID(.invalidMethodSpecificID(did.methodSpecificID))
        }
        if parts.count == 1 {
            guard let long = knownLongForms[did] else { throw .notFound(did.description) }
            let input = try decode(long)
            let document = try contextualize(input, as: did, alsoKnownAs: long)
            return DIDResolution(
                document: document,
                documentMetadata: DIDDocumentMetadata(equivalentID: [long.description], canonicalID: did.description))
        }
        let short = try DIDPeer.shortForm(of: did)
        let input = try decode(did)
        let document = try contextualize(input, as: did, alsoKnownAs: short)
        return DIDResolution(
            document: document,
            documentMetadata: DIDDocumentMetadata(equivalentID: [short.description], canonicalID: short.description))
    }

    /// Checks the hash of a long form and returns its input document.
    static func decode(_ long: DIDIdentifier) throws(DIDResolutionError) -> JSONObject {
        let parts = long.methodSpecificID.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .invalidDID(.invalidMethodSpecificID(long.methodSpecificID)) }
        let hash = String(parts[0]), encoded = String(parts[1])
        guard encoded.utf8.count <= DIDPeer.maximumEncodedDocumentLength else {
            throw .documentTooLarge(limit: DIDPeer.maximumEncodedDocumentLength)
        }
        guard DIDPeer.hash(ofEncodedDocument: encoded) == hash else { throw .hashMismatch }
        let bytes: Data
        do {
            bytes = try Multibase.decode(encoded, expecting: .base58btc)
        } catch {
            throw .invalidDID(.invalidMethodSpecificID("did:peer:4 document is not base58btc"))
        }
        guard bytes.starts(with: DIDPeer.jsonCodecPrefix) else {
            throw .invalidDID(.invalidMethodSpecificID("did:peer:4 document is not tagged json"))
        }
        let parsed: JSONValue
        do {
            parsed = try JSONParser().parse(bytes.dropFirst(DIDPeer.jsonCodecPrefix.count))
        } catch {
            throw .invalidDID(.invalidMethodSpecificID("did:peer:4 document is not JSON"))
        }
        guard case .object(let object) = parsed else {
            throw .invalidDocument(.invalidDocument(reason: "did:peer:4 input document is not an object"))
        }
        guard !object.contains("id") else {
            throw .invalidDocument(.invalidDocument(reason: "did:peer:4 input document must not have an id"))
        }
        return object
    }

    /// Sets `id`, appends the other form to `alsoKnownAs` and fills in missing controllers.
    static func contextualize(_ input: JSONObject, as did: DIDIdentifier, alsoKnownAs other: DIDIdentifier) throws(DIDResolutionError) -> DIDDocument {
        var object = input
        object["id"] = .string(did.description)
        var aliases = object["alsoKnownAs"]?.arrayValue ?? []
        aliases.append(.string(other.description))
        object["alsoKnownAs"] = .array(aliases)
        func withController(_ value: JSONValue) -> JSONValue {
            guard case .object(var method) = value else { return value }
            if !method.contains("controller") { method["controller"] = .string(did.description) }
            return .object(method)
        }
        for name in ["verificationMethod"] + VerificationRelationship.allCases.map(\.rawValue) {
            if case .array(let entries) = object[name] { object[name] = .array(entries.map(withController)) }
        }
        do {
            return try DIDDocument(json: .object(object))
        } catch {
            throw .invalidDocument(error)
        }
    }
}
