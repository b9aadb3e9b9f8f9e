import JSONModel

/// One entry of a Type Metadata document's `claims` (draft-ietf-oauth-sd-jwt-vc, "Claim
/// Metadata"): which claims it is about, how to label them, and the issuer's obligations
/// for them, which a Holder or Verifier checks.
public struct ClaimMetadata: Sendable, Hashable {
    /// Whether the Issuer must, may or must not make a claim selectively disclosable.
    public enum SelectiveDisclosure: String, Sendable, Hashable {
        /// The claim must be a Disclosure.
        case always
        /// The Issuer chooses (the default).
        case allowed
        /// The claim must not be a Disclosure itself; it sits in the Issuer-signed payload (or
        /// in the Disclosure of an enclosing claim). Its own sub-claims may still be
        /// Disclosures, each as its own metadata says: "disclosable" means directly
        /// represented as a Disclosure.
        case never
    }

    /// `path`: the claim or claims this entry is about, evaluated against the credential as
    /// issued (undisclosed array elements keep their positions).
    public let path: ClaimPath
    /// `display`: one label per locale; `nil` when the entry has none (an extending type
    /// then keeps the extended type's labels).
    public let display: [ClaimDisplay]?
    /// `mandatory`; `nil` when absent (meaning `false`).
    public let mandatory: Bool?
    /// `sd`; `nil` when absent (meaning ``SelectiveDisclosure/allowed``).
    public let selectiveDisclosure: SelectiveDisclosure?
    /// `svg_id`: the placeholder name an SVG template uses for this claim.
    public let svgID: String?

    /// Whether the issuer had to include the claim.
    public var isMandatory: Bool { mandatory ?? false }
    /// The `sd` rule in force.
    public var effectiveSelectiveDisclosure: SelectiveDisclosure { selectiveDisclosure ?? .allowed }

    /// An entry from its parts.
    public init(
        path: ClaimPath, display: [ClaimDisplay]? = nil, mandatory: Bool? = nil,
        selectiveDisclosure: SelectiveDisclosure? = nil, svgID: String? = nil
    ) {
        self.path = path
        self.display = display
        self.mandatory = mandatory
        self.selectiveDisclosure = selectiveDisclosure
        self.svgID = svgID
    }

    /// Reads one `claims` entry; anything not shaped as the draft says fails, since the
    /// draft makes claim metadata processing fail with it.
    init(_ value: JSONValue, at location: String) throws(SDJWTVCError) {
        let members = try TypeMetadataMembers(value, at: location)
        guard let pathValue = members.object["path"] else { throw .typeMetadata("\(location).path is missing") }
        do {
            path = try ClaimPath(json: pathValue)
        } catch {
            throw .typeMetadata("\(location).path: \(error)")
        }
        if let entries = try members.array("display") {
            var labels = [ClaimDisplay]()
            for (entry, entryLocation) in entries {
                labels.append(try ClaimDisplay(entry, at: entryLocation))
            }
            display = labels
        } else {
            display = nil
        }
        mandatory = try members.bool("mandatory")
        if let sd = try members.string("sd") {
            guard let rule = SelectiveDisclosure(rawValue: sd) else {
                throw .typeMetadata("\(location).sd is \(sd), not always, allowed or never")
            }
            selectiveDisclosure = rule
        } else {
            selectiveDisclosure = nil
        }
        if let id = try members.string("svg_id") {
            guard Self.isValidSVGID(id) else {
                throw .typeMetadata("\(location).svg_id \(id) is not letters, digits and _ starting with a non-digit")
            }
            svgID = id
        } else {
            svgID = nil
        }
    }

    /// `svg_id` syntax: ASCII letters, digits and `_`, not starting with a digit, so it can
    /// stand in an SVG template's `{{…}}` without escaping.
    static func isValidSVGID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, !("0"..."9").contains(first), id.utf8.count <= 256 else { return false }
        return id.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// This entry as an extending type overrides it with `child` (same `path`): each
    /// property the child sets wins, whole (lists are not merged); `sd` may only move away
    /// from `allowed`, and `mandatory` may not be dropped.
    func overridden(by child: ClaimMetadata) throws(SDJWTVCError) -> ClaimMetadata {
        if let inherited = selectiveDisclosure, inherited != .allowed, let new = child.selectiveDisclosure, new != inherited {
            throw .typeMetadata("an extending type changes sd of \(path) from \(inherited.rawValue) to \(new.rawValue)")
        }
        if mandatory == true, child.mandatory == false {
            throw .typeMetadata("an extending type makes the mandatory claim \(path) optional")
        }
        return ClaimMetadata(
            path: path, display: child.display ?? display, mandatory: child.mandatory ?? mandatory,
            selectiveDisclosure: child.selectiveDisclosure ?? selectiveDisclosure, svgID: child.svgID ?? svgID)
    }

    /// The label for the most appropriate of `locales` (see ``TypeMetadataLocale``).
    public func label(preferring locales: [String]) -> ClaimDisplay? {
        TypeMetadataLocale.best(of: display ?? [], preferring: locales)
    }
}

/// A claim's label in one locale.
public struct ClaimDisplay: Sendable, Hashable, TypeMetadataLocalized {
    /// The language tag.
    public let locale: String
    /// `label`, for end users.
    public let label: String
    /// `description`, for end users.
    public let description: String?

    /// A label from its parts.
    public init(locale: String, label: String, description: String? = nil) {
        self.locale = locale
        self.label = label
        self.description = description
    }

    init(_ value: JSONValue, at location: String) throws(SDJWTVCError) {
        let members = try TypeMetadataMembers(value, at: location)
        locale = try members.locale()
        label = try members.text("label", required: true) ?? ""
        description = try members.text("description")
    }
}
