import Testing

/// Runs `body`, which must throw an `E` that `matches` accepts: how a test says "this input is
/// refused, for this reason", whatever the module's error type. Nothing thrown, an error of
/// another type, or one `matches` refuses is a failure at the caller's line, with `comment`.
public func expectError<E: Error>(
    _ type: E.Type, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    matching matches: (E) -> Bool, _ body: () async throws -> Void
) async {
    let error = await #expect(throws: E.self, comment, sourceLocation: sourceLocation) { try await body() }
    guard let error else { return }
    let context = comment.map { "\($0.rawValue): " } ?? ""
    #expect(matches(error), "\(context)unexpected error \(error)", sourceLocation: sourceLocation)
}

/// ``expectError(_:_:sourceLocation:matching:_:)`` for a synchronous `body`.
public func expectError<E: Error>(
    _ type: E.Type, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    matching matches: (E) -> Bool, _ body: () throws -> Void
) {
    let error = #expect(throws: E.self, comment, sourceLocation: sourceLocation) { try body() }
    guard let error else { return }
    let context = comment.map { "\($0.rawValue): " } ?? ""
    #expect(matches(error), "\(context)unexpected error \(error)", sourceLocation: sourceLocation)
}
