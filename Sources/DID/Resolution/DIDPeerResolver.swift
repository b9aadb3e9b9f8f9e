import Foundation
import JSONModel
import Multiformats

/// Resolves did:peer numalgo 0, 2 and 4 offline.
///
/// A short-form did:peer:4 cannot be resolved from itself; give the resolver the long forms
/// the wallet has received (``init(knownLongForms:)``) and it resolves their short forms.
public struct DIDPeerResolver: DIDResolver {
    /// Long-form did:peer:4 DIDs by their short form.
    public var knownLongForms: [DIDIdentifier: DIDIdentifier]

    /// Creates a resolver that knows these did:peer:4 long forms (others are ignored).
    public init(knownLongForms: [DIDIdentifier] = []) {
        var map: [DIDIdentifier: DIDIdentifier] = [:]
        for long in knownLongForms {
            if let short = try? DIDPeer.shortForm(of: long), short != long { map[short] = long }
        }
        self.knownLongForms = map
    }

    public func resolve(_ did: DIDIdentifier) async throws(DIDResolutionError) -> DIDResolution {
        guard did.method == "peer" else { throw .methodNotSupported(did.method) }
        let id = did.methodSpecificID
        switch id.first {
        case "0":
            let key = try DIDIdentifier.resolutionDID(method: "key", methodSpecificID: String(id.dropFirst()))
            var document = try DIDKeyDocument.make(for: key, options: DIDKeyOptions())
            document = DIDPeerNumalgo0.rebase(document, from: key, to: did)
            return DIDResolution(document: document)
        case "2":
            return DIDResolution(document: try DIDPeerNumalgo2.document(for: did))
        case "4":
            return try DIDPeerNumalgo4.resolve(did, knownLongForms: knownLongForms)
        default:
            throw .invalidDID(.invalidMethodSpecificID(id))
        }
    }
}

extension DIDIdentifier {
    /// A DID built during resolution, with syntax errors reported as ``DIDResolutionError``.
    static func resolutionDID(method: String, methodSpecificID: String) throws(DIDResolutionError) -> DIDIdentifier {
        do {
            return try DIDIdentifier(method: method, methodSpecificID: methodSpecificID)
        } catch {
            throw .invalidDID(error)
        }
    }
}

/// did:peer:0 is did:key with another prefix; the document is the did:key one, re-rooted.
enum DIDPeerNumalgo0 {
    static func rebase(_ document: DIDDocument, from key: DIDIdentifier, to peer: DIDIdentifier) -> DIDDocument {
        let old = key.description, new = peer.description
        func swap(_ text: String) -> String { text.hasPrefix(old) ? new + text.dropFirst(old.count) : text }
        var result = document
        result.id = peer
        result.verificationMethod = document.verificationMethod.map { method in
            var copy = method
            copy.id = swap(method.id)
            copy.controller = peer
            return copy
        }
        for relationship in VerificationRelationship.allCases {
            result[relationship] = document[relationship].map { entry in
                if case .reference(let reference) = entry { return .reference(swap(reference)) }
                return entry
            }
        }
        return result
    }
}

/// Resolution of did:peer:2 (did:peer spec, "Resolving a did:peer:2").
enum DIDPeerNumalgo2 {
    static func document(for did: DIDIdentifier) throws(DIDResolutionError) -> DIDDocument {
        let elements = did.methodSpecificID.split(separator: ".", omittingEmptySubsequences: false)
        guard elements.first == "2", elements.count >= 2 else {
            throw .invalidDID(.invalidMethodSpecificID(did.methodSpecificID))
        }
        guard elements.count - 1 <= DIDPeer.maximumElements else {
            throw .invalidDID(.invalidMethodSpecificID("more than \(DIDPeer.maximumElements) elements"))
        }
        var document = DIDDocument(
            context: [.string(DIDDocument.coreContext), .string(DIDKeyDocument.multikeyContext)], id: did)
        var keyNumber = 0
        var unnamedServices = 0
        for element in elements.dropFirst() {
            guard let code = element.first, element.count > 1 else {
                throw .invalidDID(.invalidMethodSpecificID("empty did:peer:2 element"))
            }
            let value = String(element.dropFirst())
            if code == "S" {
                var service = try decodeService(value, did: did)
                if service.id.isEmpty {
                    service.id = unnamedServices == 0 ? "#service" : "#service-\(unnamedServices)"
                    unnamedServices += 1
                }
                document.service.append(service)
                continue
            }
            guard let purpose = DIDPeerPurpose(rawValue: code) else {
                throw .invalidDID(.invalidMethodSpecificID("unknown did:peer:2 purpose code \(code)"))
            }
            do {
                _ = try Multikey.decode(value)
            } catch DIDError.unsupportedVerificationMethod(let type), DIDError.unsupportedKeyType(let type) {
                throw .unsupportedKeyType(type)
            } catch {
                throw .invalidPublicKey(error.description)
            }
            keyNumber += 1
            let methodID = "#key-\(keyNumber)"
            document.verificationMethod.append(
                VerificationMethod(id: methodID, type: "Multikey", controller: did, publicKeyMultibase: value))
            document[purpose.relationship].append(.reference(methodID))
        }
        return document
    }

    private static func decodeService(_ encoded: String, did: DIDIdentifier) throws(DIDResolutionError) -> DIDService {
        guard encoded.utf8.count <= DIDPeer.maximumEncodedDocumentLength else {
            throw .documentTooLarge(limit: DIDPeer.maximumEncodedDocumentLength)
        }
        let bytes: Data
        do {
            bytes = try Base64URL.decodeLenient(encoded)
        } catch {
            throw .invalidDID(.invalidMethodSpecificID("did:peer:2 service is not base64url"))
        }
        let parsed: JSONValue
        do {
            parsed = try JSONParser().parse(bytes)
        } catch {
            throw .invalidDID(.invalidMethodSpecificID("did:peer:2 service is not JSON"))
        }
        guard case .object(var object) = DIDPeerServiceAbbreviation.expand(parsed) else {
            throw .invalidDID(.invalidMethodSpecificID("did:peer:2 service is not an object"))
        }
        let hadID = object.contains("id")
        if !hadID { object["id"] = .string("#placeholder") }
        do {
            var service = try DIDService(json: .object(object), documentID: did)
            if !hadID { service.id = "" }
            return service
        } catch {
            throw .invalidDocument(error)
        }
    }
}
