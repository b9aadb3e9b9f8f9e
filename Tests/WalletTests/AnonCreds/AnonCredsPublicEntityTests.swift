import AnonCreds
import AnonCredsLedger
import Foundation
import HTTP
import Testing
import VellumTestSupport
@testable import Wallet

/// The wallet's cache of AnonCreds public objects (issue #28): filled from a real `~ledger`
/// registry on loopback for every stored credential, kept sealed under keyed hashes, served
/// afterwards with no network; a published object that is not the one the credential was
/// issued under, or that the registry does not give, is reported and not kept.
@Suite("CredentialWallet: AnonCreds public objects cached")
struct AnonCredsPublicEntityTests {
    typealias Issuing = AnonCredsWalletTests

    /// Serves `objects` (kind, id → JSON) by the `~ledger` convention while `body` runs with an
    /// HTTP registry over it; `hits` counts requests.
    static func withLedger(
        _ objects: [PublicEntityKind: [String: Data]], hits: Locked<Int> = Locked(0),
        _ body: (HTTPAnonCredsRegistry) async throws -> Void
    ) async throws {
        try await LoopbackPages.serve(label: "wallet-ledger", pages: { port in
            hits.value += 1
            let base = "http://127.0.0.1:\(port)"
            guard let ledger = try? LedgerDecorator(baseURL: URL(string: base)!) else { return [:] }
            var pages: [String: LoopbackPages.Page] = [:]
            for (kind, byID) in objects {
                for (id, json) in byID {
                    guard let url = try? ledger.url(for: kind, id: id) else { continue }
                    pages[String(url.absoluteString.dropFirst(base.count))] = LoopbackPages.Page(body: String(decoding: json, as: UTF8.self))
                }
            }
            return pages
        }) { port in
            let ledger = try LedgerDecorator(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
            try await body(HTTPAnonCredsRegistry(ledger: ledger, httpClient: TemporaryWallet.loopbackHTTPClient()))
        }
    }

    static var schemaID: String { Issuing.issuer.definition.schemaID }
    static var definitionID: String { Issuing.issuer.credentialDefinitionID }
    static var honest: [PublicEntityKind: [String: Data]] {
        [.schema: [schemaID: Issuing.schema.jsonData()], .credentialDefinition: [definitionID: Issuing.issuer.definition.jsonData()]]
    }

    @Test("fetchPublicEntities caches each object the stored credentials name once; then the wallet answers with no network")
    func fillsTheCache() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, files in
            _ = try await Issuing.issue(into: wallet)
            _ = try await Issuing.issue(into: wallet, values: ["name": "Bea", "age": "12"])
            let hits = Locked(0)
            try await Self.withLedger(Self.honest, hits: hits) { registry in
                let report = try await wallet.fetchPublicEntities(using: registry)
                #expect(Set(report.fetched) == [.init(kind: .credentialDefinition, id: Self.definitionID), .init(kind: .schema, id: Self.schemaID)])
                #expect(report.isComplete && report.alreadyCached.isEmpty)
                #expect(hits.value == 2)
                let again = try await wallet.fetchPublicEntities(using: registry)
                #expect(again.fetched.isEmpty && again.alreadyCached.count == 2)
                #expect(hits.value == 2)
            }
            // The server is gone: the wallet's registry answers from its sealed table.
            let cache = wallet.anonCredsRegistry()
            let definition = try await cache.credentialDefinition(id: Self.definitionID)
            let schema = try await cache.schema(id: Self.schemaID)
            #expect(definition == Issuing.issuer.definition)
            #expect(schema == Issuing.schema)
            // Kept under keyed hashes and sealed: the identifiers are nowhere in the files.
            let bytes = try files.allFileBytes()
            #expect(!bytes.contains(Data(Self.definitionID.utf8)) && !bytes.contains(Data("cred-def/degree".utf8)))
        }
    }

    @Test("a published definition that is not the one the credential was issued under is reported and not cached")
    func differsFromStored() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            _ = try await Issuing.issue(into: wallet)
            var other = Issuing.issuer.definition
            other.value.primary.z = other.value.primary.z + .one
            var objects = Self.honest
            objects[.credentialDefinition] = [Self.definitionID: other.jsonData()]
            try await Self.withLedger(objects) { registry in
                let report = try await wallet.fetchPublicEntities(using: registry)
                #expect(report.failures == [.init(kind: .credentialDefinition, id: Self.definitionID): .differsFromStored])
                #expect(report.fetched == [.init(kind: .schema, id: Self.schemaID)])
            }
            await expectError(AnonCredsRegistryError.self, matching: { if case .notFound = $0 { true } else { false } }) {
                _ = try await wallet.anonCredsRegistry().credentialDefinition(id: Self.definitionID)
            }
        }
    }

    @Test("what the registry does not give — missing, or under an identifier naming another issuer — is reported per object")
    func unresolvedReported() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            _ = try await Issuing.issue(into: wallet)
            var forged = Issuing.schema
            forged.issuerID = "did:example:mallory"
            try await Self.withLedger([.schema: [Self.schemaID: forged.jsonData()]]) { registry in
                let report = try await wallet.fetchPublicEntities(using: registry)
                #expect(report.fetched.isEmpty && !report.isComplete)
                #expect(report.failures[.init(kind: .credentialDefinition, id: Self.definitionID)]
                    == .unresolved(.notFound(kind: .credentialDefinition, id: Self.definitionID)))
                guard case .unresolved(.identifierMismatch(_, "issuerId", _, _))? = report.failures[.init(kind: .schema, id: Self.schemaID)] else {
                    Issue.record("the forged schema was not refused: \(report.failures)")
                    return
                }
            }
        }
    }

    @Test("the wallet's registry asks the remote one on a miss, once, and keeps the answer")
    func fallsBackAndKeeps() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let hits = Locked(0)
            try await Self.withLedger(Self.honest, hits: hits) { remote in
                let registry = wallet.anonCredsRegistry(fallingBackTo: remote)
                for _ in 0..<3 {
                    let definition = try await registry.credentialDefinition(id: Self.definitionID)
                    #expect(definition == Issuing.issuer.definition)
                }
                #expect(hits.value == 1)
            }
            let kept = try await wallet.anonCredsRegistry().credentialDefinition(id: Self.definitionID)
            #expect(kept == Issuing.issuer.definition)
        }
    }
}
