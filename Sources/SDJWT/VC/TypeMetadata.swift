import JSONModel

/// One SD-JWT VC Type Metadata document (draft-ietf-oauth-sd-jwt-vc §6): what a `vct`
/// means, how to display it and its claims.
///
/// Reading a document checks its structure the way the draft requires before anything in
/// it is used: `display` and `claims` entries must have their required members with the
/// right types, `sd` must be one of the three rules, `svg_id`s must be well formed and
/// unique, and no two `claims` entries may share a `path`. A document that fails is refused
/// whole (``SDJWTVCError/typeMetadata(_:)``).
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
    /// `display` as sent: one object per locale (see ``displays`` for the checked form).
    public let display: [JSONObject]
    /// `claims` as sent: one object per claim path (see ``claimMetadata``).
    public let claims: [JSONObject]
    /// `display`, checked; `nil` when the document has no `display` (an extending type then
    /// keeps the extended type's).
    public let displays: [TypeDisplay]?
    /// `claims`, checked.
    public let claimMetadata: [ClaimMetadata]
    /// The whole document, for members this type does not model.
    public let document: JSONObject

    /// Reads a type metadata document.
    public init(_ document: JSONObject) throws(SDJWTVCError) {
        let members = TypeMetadataMembers(document, at: "type metadata")
        guard case .string(let vct)? = document["vct"] else { throw .typeMetadata("vct is absent or not a string") }
        self.vct = vct
        self.name = try members.string("name")
        self.description = try members.string("description")
        self.extends = try members.string("extends")
        self.extendsIntegrity = try members.string("extends#integrity")
        self.display = try Self.objects(document, "display")
        self.claims = try Self.objects(document, "claims")
        if let entries = try members.array("display") {
            var displays = [TypeDisplay]()
            for (entry, location) in entries {
                displays.append(try TypeDisplay(entry, at: location))
            }
            self.displays = displays
        } else {
            self.displays = nil
        }
        var claimMetadata = [ClaimMetadata]()
        var paths = Set<ClaimPath>()
        for (entry, location) in try members.array("claims") ?? [] {
            let claim = try ClaimMetadata(entry, at: location)
            guard paths.insert(claim.path).inserted else { throw .typeMetadata("two claims entries have the path \(claim.path)") }
            claimMetadata.append(claim)
        }
        try Self.checkUniqueSVGIDs(claimMetadata)
        self.claimMetadata = claimMetadata
        self.document = document
    }

    /// `svg_id` must be unique within the type metadata.
    static func checkUniqueSVGIDs(_ claims: [ClaimMetadata]) throws(SDJWTVCError) {
        var ids = Set<String>()
        for claim in claims {
            if let id = claim.svgID, !ids.insert(id).inserted { throw .typeMetadata("svg_id \(id) is used twice") }
        }
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
