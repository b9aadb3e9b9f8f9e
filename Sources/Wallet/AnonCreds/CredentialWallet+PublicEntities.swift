import AnonCreds
import AnonCredsLedger
import Foundation

extension CredentialWallet {
    /// Fills the wallet's cache of AnonCreds public objects from `registry`: for every schema
    /// and credential definition a stored AnonCreds credential names and the cache lacks, the
    /// registry's object (checked against its identifier by the registry and again here) is
    /// kept when it is the very object the credential was issued and checked under.
    ///
    /// Each stored credential keeps its own schema and definition, so proving from it needs no
    /// network either way; what this adds is the published objects by identifier — what a
    /// verifier will resolve — shared by every credential and offer under them, served by
    /// ``anonCredsRegistry(fallingBackTo:)`` with no network. An object the registry publishes
    /// differently from the stored copy is not cached
    /// (``PublicEntityFetchReport/Failure/differsFromStored``): a verifier using it would
    /// refuse the credential's proofs, which the holder should learn now, not at a verifier.
    ///
    /// A registry failure is reported per object, not thrown; the wallet's own storage
    /// failures throw.
    public func fetchPublicEntities(using registry: any AnonCredsRegistry) async throws(WalletError) -> PublicEntityFetchReport {
        var schemas: [String: Schema] = [:], definitions: [String: CredentialDefinition] = [:]
        for record in try await anonCredsRecords().values {
            schemas[record.credential.schemaID] = record.schema
            definitions[record.credential.credentialDefinitionID] = record.definition
        }
        var report = PublicEntityFetchReport()
        try await fetch(schemas, from: registry, into: &report)
        try await fetch(definitions, from: registry, into: &report)
        return report
    }

    /// Caches each of `stored` (the credentials' copies, by identifier) that `registry`
    /// publishes as it is, noting in `report` what happened to each.
    private func fetch<Entity: PublicEntity>(
        _ stored: [String: Entity], from registry: any AnonCredsRegistry, into report: inout PublicEntityFetchReport
    ) async throws(WalletError) {
        for (id, copy) in stored.sorted(by: { $0.key < $1.key }) {
            let reference = PublicEntityReference(kind: Entity.kind, id: id)
            if try await store.anonCredsPublicEntity(Entity.kind, id: id) != nil {
                report.alreadyCached.append(reference)
                continue
            }
            let published: Entity
            do {
                published = try await Entity.resolve(id, from: registry)
                try published.check(against: id, policy: .standard)
            } catch {
                report.failures[reference] = .unresolved(error)
                continue
            }
            guard published.jsonData() == copy.jsonData() else {
                report.failures[reference] = .differsFromStored
                continue
            }
            try await store.addAnonCredsPublicEntity(Entity.kind, id: id, json: published.jsonData())
            report.fetched.append(reference)
        }
    }

    /// The wallet's cache of AnonCreds public objects as a registry, asking `remote` (and
    /// keeping its answer) for what the cache lacks: what an offer or a proof request is
    /// resolved through, so objects once fetched need no network again.
    public nonisolated func anonCredsRegistry(fallingBackTo remote: (any AnonCredsRegistry)? = nil) -> WalletAnonCredsRegistry {
        WalletAnonCredsRegistry(store: store, remote: remote)
    }
}

extension CredentialWallet {
    /// Fills the cache of public objects for every stored AnonCreds credential through the
    /// `~ledger` decorators the Aries offers and invitations carried (the seed's
    /// `fetchPublicEntities`): each ledger's HTTP registry is asked in turn, and an object any
    /// of them gives is cached, so a later proof needs no network. One report for all: an
    /// object is a failure only when no ledger gave it.
    public func fetchPublicEntities() async throws(WalletError) -> PublicEntityFetchReport {
        var ledgers: [LedgerDecorator] = []
        for object in try await ariesCredentials() {
            if let ledger = object.ledger, !ledgers.contains(ledger) { ledgers.append(ledger) }
        }
        for connection in try await ariesConnections() {
            if let ledger = connection.ledger, !ledgers.contains(ledger) { ledgers.append(ledger) }
        }
        if ledgers.isEmpty { return try await fetchPublicEntities(using: InMemoryAnonCredsRegistry()) }
        var fetched: [PublicEntityReference] = [], cached: [PublicEntityReference] = []
        var failures: [PublicEntityReference: PublicEntityFetchReport.Failure] = [:]
        for ledger in ledgers {
            let report = try await fetchPublicEntities(using: HTTPAnonCredsRegistry(ledger: ledger, httpClient: httpClient))
            fetched += report.fetched
            cached += report.alreadyCached.filter { !cached.contains($0) }
            failures.merge(report.failures) { first, _ in first }
        }
        var combined = PublicEntityFetchReport()
        combined.fetched = fetched
        combined.alreadyCached = cached.filter { !fetched.contains($0) }
        combined.failures = failures.filter { !fetched.contains($0.key) && !cached.contains($0.key) }
        return combined
    }
}
