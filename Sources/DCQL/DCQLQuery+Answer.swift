extension DCQLQuery {
    /// Checks that presenting this many credentials per credential query id answers the query
    /// (OpenID4VP 1.0 §6.4.2): only known queries, one presentation unless `multiple`, every
    /// query answered when there are no credential sets, otherwise every required set
    /// satisfied by a complete option, and no query answered outside a complete option.
    public func checkAnswer(presentationCounts: [String: Int]) throws(DCQLSelectionError) {
        let answered = Set(presentationCounts.filter { $0.value > 0 }.keys)
        for id in answered.sorted() {
            guard let credentialQuery = credentialQuery(id: id) else { throw .unknownQuery(id) }
            if (presentationCounts[id] ?? 0) > 1, !credentialQuery.allowsMultiple { throw .multipleNotAllowed(id) }
        }
        guard let credentialSets else {
            if let missing = credentials.first(where: { !answered.contains($0.id) }) { throw .unanswered(missing.id) }
            return
        }
        for (index, set) in credentialSets.enumerated() where set.isRequired {
            guard set.options.contains(where: { answered.isSuperset(of: $0) }) else { throw .requiredSetUnsatisfied(index) }
        }
        let covered = Set(credentialSets.flatMap { set in set.options.filter { answered.isSuperset(of: $0) }.flatMap { $0 } })
        if let stray = answered.subtracting(covered).sorted().first { throw .notInAnyOption(stray) }
    }
}
