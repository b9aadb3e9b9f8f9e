import Foundation
import HTTP
import Hummingbird
import SDJWT
import Testing
import VellumTestSupport

/// draft-ietf-oauth-sd-jwt-vc "From a Local Cache": a document named by its integrity
/// digest is fetched once; one without a digest every time.
@Suite("SD-JWT VC type metadata cache")
struct TypeMetadataCacheTests {
    /// Counts the requests the type host answers.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test("with integrity the second resolution is served from the cache; without, it is fetched again")
    func integrityKeyedReuse() async throws {
        let counter = Counter()
        let base = Locked("")
        let router = Router()
        router.get("type") { _, _ in
            counter.increment()
            return #"{"vct":"\#(base.value)/type","display":[{"locale":"en","name":"Cached"}]}"#
        }
        try await LoopbackHTTPServer.run(router, label: "type-metadata-cache") { port in
            base.value = "http://127.0.0.1:\(port)"
            let vct = "\(base.value)/type"
            let integrity = TypeMetadataTests.sri(#"{"vct":"\#(vct)","display":[{"locale":"en","name":"Cached"}]}"#)
            let cache = TypeMetadataCache()
            let resolver = TypeMetadataResolver(httpClient: URLSessionHTTPClient(), cache: cache)
            for _ in 0..<3 {
                #expect(try await resolver.resolve(vct, integrity: integrity).display(preferring: ["en"])?.name == "Cached")
            }
            #expect(counter.count == 1)
            #expect(await cache.count == 1)
            _ = try await resolver.resolve(vct)
            _ = try await resolver.resolve(vct)
            #expect(counter.count == 3)
            // A wrong digest is never satisfied from the cache, nor stored.
            await expectVCError({ if case .typeMetadata = $0 { true } else { false } }) {
                _ = try await resolver.resolve(vct, integrity: TypeMetadataTests.sri("{}"))
            }
            #expect(await cache.count == 1)
        }
    }

    @Test("the least recently used document is dropped beyond the capacity")
    func capacity() async {
        let cache = TypeMetadataCache(capacity: 2)
        await cache.store(Data("a".utf8), for: "sha256-a")
        await cache.store(Data("b".utf8), for: "sha256-b")
        _ = await cache.document(for: "sha256-a")
        await cache.store(Data("c".utf8), for: "sha256-c")
        #expect(await cache.document(for: "sha256-b") == nil)
        #expect(await cache.document(for: "sha256-a") == Data("a".utf8))
        #expect(await cache.count == 2)
    }
}
