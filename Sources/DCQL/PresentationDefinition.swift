import JSONModel

/// A DIF Presentation Exchange 2.0 `presentation_definition`, read so the same matcher that
/// answers DCQL can answer it (see ``dcqlQuery()``).
///
/// Pre-1.0 OpenID4VP verifiers still send these. Each input descriptor becomes a credential
/// query; each required field a claim; submission requirements become credential sets.
public struct PresentationDefinition: Sendable, Hashable {
    /// One requested credential.
    public struct InputDescriptor: Sendable, Hashable {
        public let id: String
        public let name: String?
        public let purpose: String?
        /// Groups named by submission requirements.
        public let group: [String]
        /// Acceptable formats (descriptor level, else the definition's).
        public let formats: [String]
        /// `constraints.limit_disclosure`: `required` or `preferred`.
        public let limitDisclosure: String?
        public let fields: [Field]
    }

    /// One constraint on a claim.
    public struct Field: Sendable, Hashable {
        public let id: String?
        /// Alternatives in preference order; the first that resolves is used.
        public let paths: [ClaimPath]
        public let filter: ClaimValueFilter?
        /// Optional fields may be left out; the wallet leaves them out.
        public let isOptional: Bool
        public let intentToRetain: Bool?
    }

    /// A rule over groups of input descriptors.
    public struct SubmissionRequirement: Sendable, Hashable {
        public enum Rule: String, Sendable, Hashable { case all, pick }
        public let rule: Rule
        public let count: Int?
        public let minimum: Int?
        public let maximum: Int?
        /// The group the rule draws from.
        public let from: String
    }

    public let id: String
    public let name: String?
    public let purpose: String?
    public let inputDescriptors: [InputDescriptor]
    public let submissionRequirements: [SubmissionRequirement]?

    /// Parses and checks a definition.
    public init(json: JSONValue, limits: DCQLLimits = .default) throws(DCQLError) {
        let reader = try QueryReader(json, path: "presentation_definition", limits: limits)
        id = try reader.requiredString("id")
        name = reader.object["name"]?.stringValue
        purpose = reader.object["purpose"]?.stringValue
        let definitionFormats = reader.object["format"]?.objectValue?.keys ?? []
        var descriptors: [InputDescriptor] = []
        var ids: Set<String> = []
        for (index, entry) in try reader.requiredArray("input_descriptors", limit: limits.maximumCredentialQueries).enumerated() {
            let descriptor = try Self.descriptor(
                entry, path: "\(reader.location("input_descriptors"))[\(index)]", definitionFormats: definitionFormats, limits: limits)
            guard ids.insert(descriptor.id).inserted else {
                throw .invalidQuery(path: "\(reader.location("input_descriptors"))[\(index)].id", reason: "'\(descriptor.id)' is repeated")
            }
            descriptors.append(descriptor)
        }
        inputDescriptors = descriptors
        if let entries = try reader.optionalArray("submission_requirements", limit: limits.maximumSetEntries) {
            var requirements: [SubmissionRequirement] = []
            for (index, entry) in entries.enumerated() {
                requirements.append(try Self.requirement(entry, path: "\(reader.location("submission_requirements"))[\(index)]", limits: limits))
            }
            submissionRequirements = requirements
        } else {
            submissionRequirements = nil
        }
    }

    private static func descriptor(
        _ json: JSONValue, path: String, definitionFormats: [String], limits: DCQLLimits
    ) throws(DCQLError) -> InputDescriptor {
        let reader = try QueryReader(json, path: path, limits: limits)
        let id = try reader.requiredString("id")
        let groups = try reader.optionalArray("group", limit: limits.maximumSetEntries)
        let group = try groups.map { values throws(DCQLError) in try reader.strings(values, at: reader.location("group")) } ?? []
        let formats = reader.object["format"]?.objectValue?.keys ?? definitionFormats
        guard let constraints = reader.object["constraints"] else { throw reader.invalid("constraints", "is required") }
        let constraintReader = try QueryReader(constraints, path: reader.location("constraints"), limits: limits)
        let limitDisclosure = constraintReader.object["limit_disclosure"]?.stringValue
        var fields: [Field] = []
        for (index, entry) in (try constraintReader.optionalArray("fields", limit: limits.maximumClaimsPerCredential) ?? []).enumerated() {
            let fieldReader = try QueryReader(entry, path: "\(constraintReader.location("fields"))[\(index)]", limits: limits)
            let expressions = try fieldReader.strings(
                fieldReader.requiredArray("path", limit: limits.maximumValues), at: fieldReader.location("path"))
            var paths: [ClaimPath] = []
            for (position, expression) in expressions.enumerated() {
                paths.append(try JSONPathPointer.claimPath(expression, at: "\(fieldReader.location("path"))[\(position)]"))
            }
            let filter = try fieldReader.object["filter"].map { value throws(DCQLError) in
                try ClaimValueFilter(schema: value, path: fieldReader.location("filter"))
            }
            fields.append(Field(
                id: fieldReader.object["id"]?.stringValue, paths: paths, filter: filter,
                isOptional: try fieldReader.optionalBool("optional") ?? false,
                intentToRetain: try fieldReader.optionalBool("intent_to_retain")))
        }
        return InputDescriptor(
            id: id, name: reader.object["name"]?.stringValue, purpose: reader.object["purpose"]?.stringValue, group: group,
            formats: formats, limitDisclosure: limitDisclosure, fields: fields)
    }

    private static func requirement(_ json: JSONValue, path: String, limits: DCQLLimits) throws(DCQLError) -> SubmissionRequirement {
        let reader = try QueryReader(json, path: path, limits: limits)
        guard reader.object["from_nested"] == nil else {
            throw reader.invalid("from_nested", "nested submission requirements are not supported")
        }
        let ruleText = try reader.requiredString("rule")
        guard let rule = SubmissionRequirement.Rule(rawValue: ruleText) else { throw reader.invalid("rule", "must be all or pick") }
        func number(_ name: String) throws(DCQLError) -> Int? {
            guard let value = reader.object[name] else { return nil }
            guard let number = value.intValue, number >= 0 else { throw reader.invalid(name, "must be a non-negative integer") }
            return number
        }
        return SubmissionRequirement(
            rule: rule, count: try number("count"), minimum: try number("min"), maximum: try number("max"),
            from: try reader.requiredString("from"))
    }
}
