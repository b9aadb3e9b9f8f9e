import JSONModel

/// The `~thread` decorator (Aries RFC 0008): which interaction a message belongs to.
public struct ThreadDecorator: Sendable, Hashable {
    /// `thid`: the thread's id, the `@id` of the message that began it.
    public var threadID: String?
    /// `pthid`: the parent thread (for DID exchange, the invitation's `@id`).
    public var parentThreadID: String?

    /// A decorator with the given ids.
    public init(threadID: String? = nil, parentThreadID: String? = nil) {
        self.threadID = threadID
        self.parentThreadID = parentThreadID
    }

    init(_ value: JSONValue) throws(DIDCommError) {
        guard let object = value.objectValue else { throw .malformedMessage(reason: "~thread is not an object") }
        threadID = try MessageField.optionalString(object, "thid", in: "~thread")
        parentThreadID = try MessageField.optionalString(object, "pthid", in: "~thread")
    }

    var json: JSONValue {
        var object = JSONObject()
        if let threadID { object.updateValue(.string(threadID), forName: "thid") }
        if let parentThreadID { object.updateValue(.string(parentThreadID), forName: "pthid") }
        return .object(object)
    }
}
