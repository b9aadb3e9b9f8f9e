import DID
import Testing

/// The case of a ``DIDResolutionError``, so tests can say which kind of rejection they expect
/// without spelling out its message.
enum ResolutionErrorKind: Equatable {
    case invalidDID, methodNotSupported, unsupportedKeyType, invalidPublicKey, invalidDocument, notFound
    case documentTooLarge, documentIDMismatch, hashMismatch, transport

    init(_ error: DIDResolutionError) {
        switch error {
        case .invalidDID: self = .invalidDID
        case .methodNotSupported: self = .methodNotSupported
        case .unsupportedKeyType: self = .unsupportedKeyType
        case .invalidPublicKey: self = .invalidPublicKey
        case .invalidDocument: self = .invalidDocument
        case .notFound: self = .notFound
        case .documentTooLarge: self = .documentTooLarge
        case .documentIDMismatch: self = .documentIDMismatch
        case .hashMismatch: self = .hashMismatch
        case .transport: self = .transport
        }
    }
}

/// Expects `body` to throw a ``DIDResolutionError`` of one of `kinds`.
func expectResolutionError(
    _ kinds: ResolutionErrorKind..., sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    let error = #expect(throws: DIDResolutionError.self, sourceLocation: sourceLocation) { try body() }
    if let error { #expect(kinds.contains(ResolutionErrorKind(error)), "\(error)", sourceLocation: sourceLocation) }
}

/// Expects an async `body` to throw a ``DIDResolutionError`` of one of `kinds`.
func expectResolutionError(
    _ kinds: ResolutionErrorKind..., sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    let error = await #expect(throws: DIDResolutionError.self, sourceLocation: sourceLocation) { try await body() }
    if let error { #expect(kinds.contains(ResolutionErrorKind(error)), "\(error)", sourceLocation: sourceLocation) }
}
