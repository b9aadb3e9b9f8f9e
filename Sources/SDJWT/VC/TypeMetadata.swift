import JSONModel

/// One SD-JWT VC Type Metadata document (draft-ietf-oauth-sd-jwt-vc §6): what a `vct`
/// means, how to display it and its claims.
public struct TypeMetadata: Sendable, Hashable {
    /// `vct`: the type this document describes.
    public let vct: String
    /// `name`, for developers.
    public let name: String?
    /// `description`, for developers.
    public let description: String?
    /// `extends`: the type this one extends, if any.
    public let extends: String?
    /// `extends#integrity`: the SRI digest the extended document must match.
    public let extendsIntegrity: String?
    /// `display`: one object per locale.
    public let display: [JSONObject]
    /// `claims`: one object per claim path (`path`, `display`, `sd`, `svg_id`).
    public let claims: [JSONObject]
    /// The whole document, for members this type does not model.
    public let document: JSONObject

    /// Reads a type metadata document.
    public init(_ document: JSONObject) throws(SDJWTVCError) {
        guard case .string(let vct)? = document["vct"] else { throw .typeMetadata("vct is absent or not a string") }
        self.vct = vct
        self.name = try Self.string(document, "name")
        self.description = try Self.string(document, "description")
        self.extends = try Self.string(document, "extends")
        self.extendsIntegrity = try Self.string(document, "extends#integrity")
        self.display = try Self.objects(document, "display")
        self.claims = try Self.objects(document, "claims")
        self.document = document
    }

    private static func string(_ document: JSONObject, _ name: String) throws(SDJWTVCError) -> String? {
        guard let value = document[name] else { return nil }
        guard case .string(let text) = value else { throw .typeMetadata("\(name) is not a string") }
        return text
    }

    private static func objects(_ document: JSONObject, _ name: String) throws(SDJWTVCError) -> [JSONObject] {
        guard let value = document[name] else { return [] }
        guard case .array(let items) = value else { throw .typeMetadata("\(name) is not an array") }
        var objects = [JSONObject]()
        for item in items {
            guard case .object(let object) = item else { throw .typeMetadata("\(name) holds a non-object") }
            objects.append(object)
        }
        return objects
    }
}
