/// Why JSON-LD processing stopped: a spec error code, a document that could not be loaded, or
/// a limit an untrusted input ran into.
///
/// The W3C test suites name the expected failure by its error code, so every processing
/// failure carries a ``JSONLDErrorCode`` whose raw value is the code exactly as the JSON-LD 1.1
/// API writes it; ``code`` gives it for every case.
public enum JSONLDError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input breaks a rule of the JSON-LD 1.1 algorithms; `detail` says where.
    case invalid(JSONLDErrorCode, detail: String)
    /// A remote context (or `@import`) could not be loaded: the loader's reason, by URL.
    case loadingRemoteContextFailed(url: String, reason: DocumentLoadingError)
    /// The document to process could not be loaded.
    case loadingDocumentFailed(url: String, reason: DocumentLoadingError)
    /// The input needs more work than ``JSONLDLimits`` allows.
    case limitExceeded(JSONLDLimits.Limit, limit: Int)

    /// The spec's error code (`limitExceeded` reports `context overflow` for context limits,
    /// which is the code the spec gives that case, and `processing limit exceeded` otherwise).
    public var code: String {
        switch self {
        case let .invalid(code, _): code.rawValue
        case .loadingRemoteContextFailed: JSONLDErrorCode.loadingRemoteContextFailed.rawValue
        case .loadingDocumentFailed: JSONLDErrorCode.loadingDocumentFailed.rawValue
        case let .limitExceeded(limit, _):
            switch limit {
            case .remoteContextDepth, .remoteContexts: JSONLDErrorCode.contextOverflow.rawValue
            default: "processing limit exceeded"
            }
        }
    }

    public var description: String {
        switch self {
        case let .invalid(code, detail): "\(code.rawValue): \(detail)"
        case let .loadingRemoteContextFailed(url, reason): "loading remote context failed: \(url): \(reason)"
        case let .loadingDocumentFailed(url, reason): "loading document failed: \(url): \(reason)"
        case let .limitExceeded(limit, value): "limit exceeded: \(limit.rawValue) over \(value)"
        }
    }
}

/// The error codes of the JSON-LD 1.1 Processing Algorithms and API (§9.4.2), spelled as the
/// spec and its test manifests spell them.
public enum JSONLDErrorCode: String, Sendable, CaseIterable {
    case collidingKeywords = "colliding keywords"
    case conflictingIndexes = "conflicting indexes"
    case contextOverflow = "context overflow"
    case cyclicIRIMapping = "cyclic IRI mapping"
    case invalidBaseDirection = "invalid base direction"
    case invalidBaseIRI = "invalid base IRI"
    case invalidContainerMapping = "invalid container mapping"
    case invalidContextEntry = "invalid context entry"
    case invalidContextNullification = "invalid context nullification"
    case invalidDefaultLanguage = "invalid default language"
    case invalidIDValue = "invalid @id value"
    case invalidImportValue = "invalid @import value"
    case invalidIncludedValue = "invalid @included value"
    case invalidIndexValue = "invalid @index value"
    case invalidIRIMapping = "invalid IRI mapping"
    case invalidJSONLiteral = "invalid JSON literal"
    case invalidKeywordAlias = "invalid keyword alias"
    case invalidLanguageMapValue = "invalid language map value"
    case invalidLanguageMapping = "invalid language mapping"
    case invalidLanguageTaggedString = "invalid language-tagged string"
    case invalidLanguageTaggedValue = "invalid language-tagged value"
    case invalidLocalContext = "invalid local context"
    case invalidNestValue = "invalid @nest value"
    case invalidPrefixValue = "invalid @prefix value"
    case invalidPropagateValue = "invalid @propagate value"
    case invalidProtectedValue = "invalid @protected value"
    case invalidRemoteContext = "invalid remote context"
    case invalidReverseProperty = "invalid reverse property"
    case invalidReversePropertyMap = "invalid reverse property map"
    case invalidReversePropertyValue = "invalid reverse property value"
    case invalidReverseValue = "invalid @reverse value"
    case invalidScopedContext = "invalid scoped context"
    case invalidSetOrListObject = "invalid set or list object"
    case invalidTermDefinition = "invalid term definition"
    case invalidTypeMapping = "invalid type mapping"
    case invalidTypeValue = "invalid type value"
    case invalidTypedValue = "invalid typed value"
    case invalidValueObject = "invalid value object"
    case invalidValueObjectValue = "invalid value object value"
    case invalidVersionValue = "invalid @version value"
    case invalidVocabMapping = "invalid vocab mapping"
    case keywordRedefinition = "keyword redefinition"
    case loadingDocumentFailed = "loading document failed"
    case loadingRemoteContextFailed = "loading remote context failed"
    case processingModeConflict = "processing mode conflict"
    case protectedTermRedefinition = "protected term redefinition"
}

extension JSONLDError {
    /// Shorthand for ``invalid(_:detail:)``.
    static func error(_ code: JSONLDErrorCode, _ detail: String) -> JSONLDError {
        .invalid(code, detail: detail)
    }
}
