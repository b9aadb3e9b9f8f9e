/// An HTTP request method. Open (a struct, not an enum) so rarer methods need no library change.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent, for example `GET`.
    public let rawValue: String

    /// A method with token `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `GET`: fetch a resource (metadata, a request object, a DID document).
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: submit a form or JSON (token, credential and response endpoints).
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")

    /// The method token.
    public var description: String { rawValue }
}
