import CryptoKeys
import Foundation
import HTTP
import JSONModel

/// Fetches the Type Metadata of a `vct` and of every type it `extends`, over ``HTTP``.
///
/// Each document's bytes are checked against the Subresource Integrity digest that names it
/// (`vct#integrity` from the credential, `extends#integrity` from the extending document)
/// when one is given, its `vct` must be the one asked for, and an `extends` chain may not
/// loop or exceed ``maximumDepth``.
public struct TypeMetadataResolver: Sendable {
    /// Fetches the documents.
    public let httpClient: any HTTPClient
    /// The largest document accepted, in bytes.
    public let maximumDocumentBytes: Int
    /// How many documents an `extends` chain may have.
    public let maximumDepth: Int

    /// A resolver fetching with `httpClient`.
    public init(httpClient: any HTTPClient, maximumDocumentBytes: Int = 256 * 1024, maximumDepth: Int = 8) {
        self.httpClient = httpClient
        self.maximumDocumentBytes = maximumDocumentBytes
        self.maximumDepth = maximumDepth
    }

    /// The metadata of `vct` first, then of each type it extends, in order.
    public func metadata(for vct: String, integrity: String? = nil) async throws(SDJWTVCError) -> [TypeMetadata] {
        var chain = [TypeMetadata]()
        var next: (String, String?)? = (vct, integrity)
        var seen = Set<String>()
        while let (type, sri) = next {
            guard seen.insert(type).inserted else { throw .typeMetadata("extends loops back to \(type)") }
            guard chain.count < maximumDepth else { throw .typeMetadata("more than \(maximumDepth) types in the extends chain") }
            let metadata = try await fetch(type, integrity: sri)
            chain.append(metadata)
            next = metadata.extends.map { ($0, metadata.extendsIntegrity) }
        }
        return chain
    }

    private func fetch(_ vct: String, integrity: String?) async throws(SDJWTVCError) -> TypeMetadata {
        guard let url = URL(string: vct), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .typeMetadata("\(vct) is not a URL this resolver can fetch")
        }
        let response: HTTPResponse
        do {
            response = try await httpClient.get(url, headers: ["Accept": "application/json"])
        } catch {
            throw .typeMetadata("could not fetch \(vct): \(error)")
        }
        guard response.isSuccess else { throw .typeMetadata("\(vct) answered \(response.status)") }
        guard response.body.count <= maximumDocumentBytes else {
            throw .typeMetadata("\(vct) is larger than \(maximumDocumentBytes) bytes")
        }
        if let integrity, !Self.matches(response.body, integrity: integrity) {
            throw .typeMetadata("\(vct) does not match its integrity digest")
        }
        guard let object = (try? JSONParser().parse(response.body))?.objectValue else {
            throw .typeMetadata("\(vct) is not a JSON object")
        }
        let metadata = try TypeMetadata(object)
        guard metadata.vct == vct else { throw .typeMetadata("the document at \(vct) describes \(metadata.vct)") }
        return metadata
    }

    /// Subresource Integrity: `integrity` lists `<alg>-<base64>` digests separated by
    /// spaces; only the strongest algorithm listed counts (W3C SRI §3.3.4), and the bytes
    /// match when any digest of that algorithm does.
    public static func matches(_ bytes: Data, integrity: String) -> Bool {
        let algorithms: [(String, DigestAlgorithm)] = [("sha512", .sha512), ("sha384", .sha384), ("sha256", .sha256)]
        let entries = integrity.split(separator: " ").compactMap { token -> (String, String)? in
            let parts = token.split(separator: "-", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let value = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            return (String(parts[0]).lowercased(), value)
        }
        for (name, algorithm) in algorithms {
            let candidates = entries.filter { $0.0 == name }
            guard !candidates.isEmpty else { continue }
            let digest = algorithm.hash(bytes).base64EncodedString()
            return candidates.contains { $0.1 == digest }
        }
        return false
    }
}
