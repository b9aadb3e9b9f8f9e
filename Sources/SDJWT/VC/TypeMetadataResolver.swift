import CryptoKeys
import Foundation
import HTTP
import JSONModel

/// Fetches the Type Metadata of a `vct` and of every type it `extends`, over ``HTTP`` or
/// from documents the caller already holds (a registry, a local cache, or a type bundled
/// with the app, for `vct`s such as `urn:…` that are not URLs).
///
/// Each document's bytes are checked against the Subresource Integrity digest that names it
/// (`vct#integrity` from the credential, `extends#integrity` from the extending document)
/// when one is given, its `vct` must be the one asked for, and an `extends` chain may not
/// loop or exceed ``maximumDepth``.
///
/// Failures are split the way a verifier's policy needs them: a document that cannot be
/// obtained is ``SDJWTVCError/typeMetadataUnavailable(_:)``; one that was obtained but is
/// wrong (integrity, `vct`, size, structure, loops, depth) is
/// ``SDJWTVCError/typeMetadata(_:)``.
public struct TypeMetadataResolver: Sendable {
    /// Fetches the documents.
    public let httpClient: any HTTPClient
    /// The largest document accepted, in bytes.
    public let maximumDocumentBytes: Int
    /// How many documents an `extends` chain may have.
    public let maximumDepth: Int
    /// Documents by `vct`, used instead of a fetch (their integrity is still checked).
    public let knownDocuments: [String: Data]
    /// Where documents named with an integrity digest are kept between verifications;
    /// `nil` fetches every time.
    public let cache: TypeMetadataCache?

    /// A resolver fetching with `httpClient`, preferring `knownDocuments`, then `cache`.
    public init(
        httpClient: any HTTPClient, maximumDocumentBytes: Int = 256 * 1024, maximumDepth: Int = 8,
        knownDocuments: [String: Data] = [:], cache: TypeMetadataCache? = nil
    ) {
        self.httpClient = httpClient
        self.maximumDocumentBytes = maximumDocumentBytes
        self.maximumDepth = maximumDepth
        self.knownDocuments = knownDocuments
        self.cache = cache
    }

    /// The metadata of `vct` first, then of each type it extends, in order.
    public func metadata(for vct: String, integrity: String? = nil) async throws(SDJWTVCError) -> [TypeMetadata] {
        var chain = [TypeMetadata]()
        var next: (String, String?)? = (vct, integrity)
        var seen = Set<String>()
        while let (type, sri) = next {
            guard seen.insert(type).inserted else { throw .typeMetadata("extends loops back to \(type)") }
            guard chain.count < maximumDepth else { throw .typeMetadata("more than \(maximumDepth) types in the extends chain") }
            let metadata = try await document(for: type, integrity: sri)
            chain.append(metadata)
            next = metadata.extends.map { ($0, metadata.extendsIntegrity) }
        }
        return chain
    }

    /// The metadata in force for `vct`: the chain with its `extends` rules applied.
    public func resolve(_ vct: String, integrity: String? = nil) async throws(SDJWTVCError) -> ResolvedTypeMetadata {
        try ResolvedTypeMetadata(chain: try await metadata(for: vct, integrity: integrity))
    }

    private func document(for vct: String, integrity: String?) async throws(SDJWTVCError) -> TypeMetadata {
        let body: Data
        if let known = knownDocuments[vct] {
            body = known
        } else if let integrity, let cached = await cache?.document(for: integrity) {
            body = cached
        } else {
            body = try await fetch(vct)
        }
        guard body.count <= maximumDocumentBytes else {
            throw .typeMetadata("\(vct) is larger than \(maximumDocumentBytes) bytes")
        }
        if let integrity, !Self.matches(body, integrity: integrity) {
            throw .typeMetadata("\(vct) does not match its integrity digest")
        }
        guard let object = (try? JSONParser().parse(body))?.objectValue else {
            throw .typeMetadata("\(vct) is not a JSON object")
        }
        let metadata = try TypeMetadata(object)
        guard metadata.vct == vct else { throw .typeMetadata("the document at \(vct) describes \(metadata.vct)") }
        if let integrity { await cache?.store(body, for: integrity) }
        return metadata
    }

    private func fetch(_ vct: String) async throws(SDJWTVCError) -> Data {
        guard let url = URL(string: vct), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .typeMetadataUnavailable("\(vct) is not a URL and no document for it is known")
        }
        let response: HTTPResponse
        do {
            response = try await httpClient.get(url, headers: ["Accept": "application/json"])
        } catch .tooLarge(let limit) {
            throw .typeMetadata("\(vct) is larger than \(limit) bytes")
        } catch {
            throw .typeMetadataUnavailable("could not fetch \(vct): \(error)")
        }
        guard response.isSuccess else { throw .typeMetadataUnavailable("\(vct) answered \(response.status)") }
        return response.body
    }

    /// Subresource Integrity: `integrity` lists `<alg>-<base64>` digests separated by
    /// spaces; only the strongest algorithm listed counts (W3C SRI §3.3.4), and the bytes
    /// match when any digest of that algorithm does, compared after base64 decoding (so a
    /// value written without its `=` padding matches too). No supported algorithm: no match.
    public static func matches(_ bytes: Data, integrity: String) -> Bool {
        let algorithms: [(String, DigestAlgorithm)] = [("sha512", .sha512), ("sha384", .sha384), ("sha256", .sha256)]
        let entries = integrity.split(whereSeparator: \.isWhitespace).compactMap { token -> (String, String)? in
            let parts = token.split(separator: "-", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let value = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            return (String(parts[0]).lowercased(), value)
        }
        for (name, algorithm) in algorithms {
            let candidates = entries.filter { $0.0 == name }
            guard !candidates.isEmpty else { continue }
            let digest = algorithm.hash(bytes)
            return candidates.contains { Self.base64Bytes($0.1) == digest }
        }
        return false
    }

    /// The bytes of standard base64 text, padded or not; `nil` when it is not base64.
    private static func base64Bytes(_ text: String) -> Data? {
        let padding = (4 - text.utf8.count % 4) % 4
        guard padding < 3 else { return nil }
        return Data(base64Encoded: text + String(repeating: "=", count: padding))
    }
}
