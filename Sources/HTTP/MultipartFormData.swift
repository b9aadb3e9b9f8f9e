import Foundation

/// A `multipart/form-data` body (RFC 7578) of text fields: what form handlers that do not
/// read `application/x-www-form-urlencoded` expect (Credible's issuers and verifiers post and
/// read it this way).
public struct MultipartFormData: Sendable, Equatable {
    /// The fields, in order.
    public var fields: [(name: String, value: String)]
    /// The boundary between parts: random unless given, so no field value can contain it by
    /// chance (a value that does contain it is refused by ``body()``).
    public var boundary: String

    /// A form of `fields`; the boundary is random unless given.
    public init(_ fields: [(name: String, value: String)], boundary: String = "vellum-" + UUID().uuidString) {
        self.fields = fields
        self.boundary = boundary
    }

    /// The `Content-Type` header value: `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The encoded body: each field as a part with `Content-Disposition: form-data; name="…"`
    /// (quotes, backslashes and line breaks in the name percent-encoded, as HTML forms do),
    /// its UTF-8 value, and the closing delimiter.
    ///
    /// Throws ``HTTPError/encoding(_:)`` when a value contains the boundary.
    public func body() throws(HTTPError) -> Data {
        var out = Data()
        for field in fields {
            guard !field.value.contains(boundary) else { throw .encoding("a form value contains the multipart boundary") }
            out.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escape(field.name))\"\r\n\r\n".utf8))
            out.append(Data(field.value.utf8))
            out.append(Data("\r\n".utf8))
        }
        out.append(Data("--\(boundary)--\r\n".utf8))
        return out
    }

    /// A field name as HTML writes it into `name="…"`: `"`, CR and LF percent-encoded.
    static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    public static func == (lhs: MultipartFormData, rhs: MultipartFormData) -> Bool {
        lhs.boundary == rhs.boundary && lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

extension HTTPClient {
    /// `POST url` with a `multipart/form-data` body of `form`.
    public func postMultipart(_ url: URL, form: MultipartFormData, headers: HTTPHeaders = [:]) async throws(HTTPError) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = form.contentType
        return try await send(HTTPRequest(method: .post, url: url, headers: headers, body: try form.body()))
    }
}
