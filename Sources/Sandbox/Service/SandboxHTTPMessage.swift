import Foundation
import JSONModel

/// A request as the endpoint handlers see it: independent of the HTTP server, so each handler
/// is a plain function from request to response.
struct SandboxHTTPRequest: Sendable {
    var method: String
    /// The path without the query.
    var path: String
    /// The raw (still percent-encoded) query, if any.
    var query: String?
    /// Header values by lower-cased name; a repeated header keeps every value.
    var headers: [String: [String]]
    var body: Data

    /// The only value of a header, `nil` when absent or repeated (a repeated `DPoP` or
    /// `Authorization` header is refused rather than guessed at).
    func header(_ name: String) -> String? {
        guard let values = headers[name.lowercased()], values.count == 1 else { return nil }
        return values[0]
    }

    /// How many times a header appears.
    func headerCount(_ name: String) -> Int { headers[name.lowercased()]?.count ?? 0 }

    /// The media type of the body, lower-cased, without parameters.
    var mediaType: String? {
        header("content-type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The query's parameters.
    var queryParameters: FormParameters { FormParameters(query ?? "") }

    /// The body's `application/x-www-form-urlencoded` parameters.
    var formParameters: FormParameters { FormParameters(String(decoding: body, as: UTF8.self)) }

    /// The body as a JSON object, `nil` when it is not one.
    var jsonObject: JSONObject? {
        guard let value = try? JSONValue(parsing: body), case let .object(object) = value else { return nil }
        return object
    }
}

/// A response from a handler.
struct SandboxHTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data

    init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body; responses carrying tokens, nonces or credentials are never cached.
    static func json(_ value: JSONValue, status: Int = 200, headers: [(String, String)] = []) -> SandboxHTTPResponse {
        SandboxHTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + headers,
            body: value.serialized(.compact))
    }

    /// An OAuth 2.0 / OpenID4VCI error body (`error`, `error_description`).
    static func error(
        _ code: String, _ description: String? = nil, status: Int = 400, headers: [(String, String)] = []
    ) -> SandboxHTTPResponse {
        var object: JSONObject = ["error": .string(code)]
        if let description { object["error_description"] = .string(asciiDescription(description)) }
        return json(.object(object), status: status, headers: headers)
    }

    /// An HTML page.
    static func html(_ text: String, status: Int = 200) -> SandboxHTTPResponse {
        SandboxHTTPResponse(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Data(text.utf8))
    }

    /// A redirect (`302 Found`).
    /// 303 See Other: where a browser goes after posting a form.
    static func seeOther(_ location: String) -> SandboxHTTPResponse {
        SandboxHTTPResponse(status: 303, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    static func redirect(to location: String) -> SandboxHTTPResponse {
        SandboxHTTPResponse(status: 302, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    /// `error_description` allows only `%x20-21 / %x23-5B / %x5D-7E` (RFC 6749 §5.2).
    static func asciiDescription(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            let value = scalar.value
            let allowed = (0x20...0x21).contains(value) || (0x23...0x5B).contains(value) || (0x5D...0x7E).contains(value)
            return allowed ? Character(scalar) : "?"
        }.prefix(300))
    }
}

/// `application/x-www-form-urlencoded` parameters (a query string or a form body), with
/// repeated names kept so a handler can refuse them (RFC 6749 §3.1: parameters must not repeat).
struct FormParameters: Sendable {
    private(set) var pairs: [(name: String, value: String)] = []

    init(_ text: String) {
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(pieces[0])
            let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
            pairs.append((name, value))
        }
    }

    /// The value of `name` when it appears exactly once and is not empty.
    subscript(name: String) -> String? {
        let values = pairs.filter { $0.name == name }
        guard values.count == 1, !values[0].value.isEmpty else { return nil }
        return values[0].value
    }

    /// Names that appear more than once.
    var repeatedNames: [String] {
        var seen = Set<String>()
        var repeated = [String]()
        for pair in pairs where !seen.insert(pair.name).inserted && !repeated.contains(pair.name) { repeated.append(pair.name) }
        return repeated
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

/// Percent-encoding for query values: everything but the RFC 3986 unreserved characters.
enum QueryEncoding {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}
