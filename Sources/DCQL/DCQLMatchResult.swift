/// What a wallet can answer to a DCQL query, and the choices the user has.
public struct DCQLMatchResult: Sendable, Hashable {
    /// The query that was evaluated.
    public let query: DCQLQuery
    /// The candidates per credential query, in query order.
    public let queries: [CredentialQueryMatch]
    /// The satisfiable options per credential set query, in query order (empty when the
    /// query has no `credential_sets`).
    public let sets: [CredentialSetMatch]

    /// Whether the wallet can answer: every credential query has a candidate (no
    /// `credential_sets`), or every required credential set has a satisfiable option. When
    /// this is `false` the wallet must not return any credential.
    public var isSatisfied: Bool {
        if query.credentialSets == nil { return queries.allSatisfy { !$0.candidates.isEmpty } }
        return sets.allSatisfy { !$0.set.isRequired || $0.isSatisfiable }
    }

    /// The candidates for one credential query.
    public func candidates(forQuery id: String) -> [CredentialMatch] {
        queries.first { $0.query.id == id }?.candidates ?? []
    }

    /// The selection to propose to the user: for every credential query that must be
    /// answered, the first candidate with its preferred claim selection. Optional credential
    /// sets are left out unless `includingOptionalSets`, so nothing is disclosed by default
    /// that the verifier does not need. `nil` when the query cannot be satisfied.
    public func proposedSelection(includingOptionalSets: Bool = false) -> DCQLSelection? {
        guard isSatisfied else { return nil }
        var queryIDs: [String] = []
        if query.credentialSets == nil {
            queryIDs = query.credentials.map(\.id)
        } else {
            for set in sets where set.set.isRequired || includingOptionalSets {
                guard let option = set.satisfiableOptions.first else { continue }
                queryIDs.append(contentsOf: option)
            }
        }
        var choices: [String: [PresentationChoice]] = [:]
        for id in queryIDs where choices[id] == nil {
            guard let first = candidates(forQuery: id).first, let selection = first.options.first else { return nil }
            choices[id] = [PresentationChoice(credentialID: first.credentialID, selection: selection)]
        }
        return DCQLSelection(choices: choices)
    }

    /// Checks a selection the user made (credential ids per credential query id) and returns
    /// it with the preferred claim selection of each chosen credential.
    ///
    /// - Throws: ``DCQLSelectionError`` when a credential does not answer its query, a query
    ///   without `multiple` gets several credentials, a chosen query is not part of any
    ///   option, or a required credential set is left unsatisfied.
    public func selection(choosing chosen: [String: [String]]) throws(DCQLSelectionError) -> DCQLSelection {
        var choices: [String: [PresentationChoice]] = [:]
        for (queryID, credentialIDs) in chosen where !credentialIDs.isEmpty {
            guard let match = queries.first(where: { $0.query.id == queryID }) else { throw .unknownQuery(queryID) }
            guard credentialIDs.count == 1 || match.query.allowsMultiple else { throw .multipleNotAllowed(queryID) }
            choices[queryID] = try credentialIDs.map { credentialID throws(DCQLSelectionError) in
                guard let candidate = match.candidates.first(where: { $0.credentialID == credentialID }),
                      let selection = candidate.options.first
                else { throw .notACandidate(queryID: queryID, credentialID: credentialID) }
                return PresentationChoice(credentialID: credentialID, selection: selection)
            }
        }
        try query.checkAnswer(presentationCounts: choices.mapValues(\.count))
        return DCQLSelection(choices: choices)
    }
}

/// Why a user's selection does not answer the query.
public enum DCQLSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownQuery(String)
    case notACandidate(queryID: String, credentialID: String)
    case multipleNotAllowed(String)
    case unanswered(String)
    case requiredSetUnsatisfied(Int)
    case notInAnyOption(String)

    public var description: String {
        switch self {
        case let .unknownQuery(id): "the query has no credential query '\(id)'"
        case let .notACandidate(queryID, credentialID): "credential \(credentialID) does not answer credential query '\(queryID)'"
        case let .multipleNotAllowed(id): "credential query '\(id)' accepts only one credential"
        case let .unanswered(id): "credential query '\(id)' needs a credential"
        case let .requiredSetUnsatisfied(index): "required credential set \(index) is not satisfied"
        case let .notInAnyOption(id): "credential query '\(id)' is not part of a complete option, so it would be disclosed for nothing"
        }
    }
}
