import JSONModel

extension PresentationDefinition {
    /// The DCQL query that asks for the same credentials and claims, so ``DCQLMatcher`` can
    /// answer a Presentation Exchange request too.
    ///
    /// - Each input descriptor becomes a credential query with the first format it accepts
    ///   that the wallet knows (`dc+sd-jwt`/`vc+sd-jwt`, `mso_mdoc`, `jwt_vc_json`); an mdoc
    ///   descriptor's id is its docType (ISO 18013-7 Annex B), an SD-JWT VC's `vct` comes from a
    ///   `$.vct` field's `const`/`enum` filter.
    /// - Each required field becomes claims; a field's alternative paths become `claim_sets`,
    ///   most preferred first, so exactly one alternative is disclosed. Optional fields are
    ///   left out (data minimisation).
    /// - Submission requirements become credential sets: `all` needs every descriptor of its
    ///   group, `pick` any `count` (or `min`…`max`) of them.
    public func dcqlQuery(limits: DCQLLimits = .default) throws(DCQLError) -> DCQLQuery {
        let credentials = try inputDescriptors.enumerated().map { index, descriptor throws(DCQLError) in
            try Self.credentialQuery(descriptor, path: "presentation_definition.input_descriptors[\(index)]", limits: limits)
        }
        guard let submissionRequirements else { return DCQLQuery(credentials: credentials) }
        var sets: [CredentialSetQuery] = []
        for (index, requirement) in submissionRequirements.enumerated() {
            let members = inputDescriptors.filter { $0.group.contains(requirement.from) }.map(\.id)
            let location = "presentation_definition.submission_requirements[\(index)]"
            guard !members.isEmpty else { throw .invalidQuery(path: "\(location).from", reason: "no input descriptor is in group '\(requirement.from)'") }
            let options: [[String]]
            switch requirement.rule {
            case .all: options = [members]
            case .pick:
                let sizes: ClosedRange<Int>
                if let count = requirement.count {
                    sizes = count...count
                } else {
                    sizes = max(requirement.minimum ?? 1, 1)...min(requirement.maximum ?? members.count, members.count)
                }
                guard sizes.lowerBound <= sizes.upperBound, sizes.upperBound <= members.count, sizes.lowerBound >= 1 else {
                    throw .invalidQuery(path: location, reason: "count/min/max do not fit the group's \(members.count) descriptors")
                }
                options = try Self.combinations(of: members, sizes: sizes, limit: limits.maximumSetEntries, location: location)
            }
            sets.append(CredentialSetQuery(options: options, isRequired: true))
        }
        return DCQLQuery(credentials: credentials, credentialSets: sets)
    }

    private static func credentialQuery(_ descriptor: InputDescriptor, path: String, limits: DCQLLimits) throws(DCQLError) -> CredentialQuery {
        let known: [(String, String)] = [
            (CredentialFormatIdentifier.sdJWTVC, CredentialFormatIdentifier.sdJWTVC),
            (CredentialFormatIdentifier.legacySDJWTVC, CredentialFormatIdentifier.sdJWTVC),
            (CredentialFormatIdentifier.mdoc, CredentialFormatIdentifier.mdoc),
            (CredentialFormatIdentifier.jwtVCJSON, CredentialFormatIdentifier.jwtVCJSON),
            ("jwt_vc", CredentialFormatIdentifier.jwtVCJSON),
        ]
        guard let format = descriptor.formats.lazy.compactMap({ name in known.first { $0.0 == name }?.1 }).first else {
            throw .invalidQuery(path: "\(path).format", reason: "none of the accepted formats \(descriptor.formats) is supported")
        }
        let required = descriptor.fields.filter { !$0.isOptional }
        let meta: CredentialQueryMeta
        switch format {
        case CredentialFormatIdentifier.mdoc: meta = .mdoc(doctypeValue: descriptor.id)
        case CredentialFormatIdentifier.sdJWTVC:
            let vctField = required.first { field in field.paths.contains { $0.components == [.key("vct")] } }
            let filter = vctField?.filter?.schema
            let values = (filter?["const"]?.stringValue).map { [$0] } ?? filter?["enum"]?.arrayValue?.compactMap(\.stringValue)
            meta = values.map { .sdJWTVC(vctValues: $0) } ?? .other(JSONObject())
        default: meta = .other(JSONObject())
        }
        var claims: [ClaimsQuery] = []
        var alternatives: [[String]] = []
        for (fieldIndex, field) in required.enumerated() {
            var ids: [String] = []
            for (pathIndex, claimPath) in field.paths.enumerated() {
                if format == CredentialFormatIdentifier.mdoc {
                    guard claimPath.components.count == 2,
                          claimPath.components.allSatisfy({ if case .key = $0 { true } else { false } })
                    else { throw .invalidQuery(path: "\(path).constraints.fields[\(fieldIndex)].path", reason: "an mdoc path is $['namespace']['element']") }
                }
                let id = "f\(fieldIndex)_\(pathIndex)"
                ids.append(id)
                claims.append(ClaimsQuery(id: id, path: claimPath, intentToRetain: field.intentToRetain, filter: field.filter))
            }
            alternatives.append(ids)
        }
        let claimSets = try product(alternatives, limit: limits.maximumSetEntries, location: path)
        let hasAlternatives = alternatives.contains { $0.count > 1 }
        return CredentialQuery(
            id: descriptor.id, format: format, meta: meta, claims: claims.isEmpty ? nil : claims,
            claimSets: hasAlternatives ? claimSets : nil)
    }

    /// Every choice of one id per list, earlier ids preferred.
    private static func product(_ lists: [[String]], limit: Int, location: String) throws(DCQLError) -> [[String]] {
        var result: [[String]] = [[]]
        for list in lists {
            result = result.flatMap { prefix in list.map { prefix + [$0] } }
            guard result.count <= limit else { throw .limitExceeded(path: "\(location).constraints.fields", limit: limit) }
        }
        return result
    }

    /// Every subset of `members` whose size is in `sizes`, smaller and earlier first.
    private static func combinations(
        of members: [String], sizes: ClosedRange<Int>, limit: Int, location: String
    ) throws(DCQLError) -> [[String]] {
        var result: [[String]] = []
        func extend(_ chosen: [String], from start: Int, size: Int) throws(DCQLError) {
            if chosen.count == size {
                result.append(chosen)
                guard result.count <= limit else { throw .limitExceeded(path: location, limit: limit) }
                return
            }
            guard start < members.count else { return }
            for index in start..<members.count {
                try extend(chosen + [members[index]], from: index + 1, size: size)
            }
        }
        for size in sizes { try extend([], from: 0, size: size) }
        return result
    }
}
