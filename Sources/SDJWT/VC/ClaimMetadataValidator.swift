import JSONModel

/// A claim of a verified credential that its type's claim metadata describes: the value a
/// wallet shows and the labels to show it with.
public struct DisplayedClaim: Sendable, Hashable {
    /// Where the claim is in the processed payload (names and indices only).
    public let path: ClaimPath
    /// The claim's processed value.
    public let value: JSONValue
    /// The claim metadata in force for it (labels, `svg_id`).
    public let metadata: ClaimMetadata

    /// The label for the most appropriate of `locales`, if the metadata has labels.
    public func label(preferring locales: [String]) -> ClaimDisplay? {
        metadata.label(preferring: locales)
    }
}

/// Checks a verified SD-JWT against claim metadata (draft-ietf-oauth-sd-jwt-vc, "Claim
/// Metadata") and finds the claims to label.
///
/// Paths are evaluated against the credential *as issued*: the Issuer-signed payload with
/// the presented Disclosures looked up by digest, so array indices count undisclosed
/// elements and every selected claim is known to be a Disclosure or plain. An undisclosed
/// array element counts as selectively disclosable and selects nothing below it. Digests in
/// an `_sd` array that no presented Disclosure matches are withheld claims or decoys, which
/// nobody can tell apart: they make a missing `mandatory` claim unprovable, and they are not
/// taken as evidence against `sd: never`.
struct ClaimMetadataValidator {
    /// One claim a path selected.
    struct Selection {
        /// Its value as issued (digests in place); `nil` for an undisclosed array element.
        var issued: JSONValue?
        /// Its path as issued (indices count undisclosed elements).
        var issuedPath: [ClaimPath.Component]
        /// Its path in the processed payload; `nil` for an undisclosed array element.
        var processedPath: [ClaimPath.Component]?
        /// Whether a Disclosure (or an array element digest) carries it.
        var isSelectivelyDisclosable: Bool
    }

    let payload: JSONObject
    let processed: JSONObject
    let disclosures: [String: Disclosure]

    init(_ verified: VerifiedSDJWT) {
        payload = verified.processed.issuerSignedPayload
        processed = verified.claims
        var byDigest = [String: Disclosure](minimumCapacity: verified.sdJWT.disclosures.count)
        for disclosure in verified.sdJWT.disclosures {
            byDigest[disclosure.digest(using: verified.hashAlgorithm)] = disclosure
        }
        disclosures = byDigest
    }

    /// Validates every claim metadata entry; returns the present claims that have labels or
    /// an `svg_id`, in metadata order.
    func validate(_ claims: [ClaimMetadata]) throws(SDJWTVCError) -> [DisplayedClaim] {
        var displayed = [DisplayedClaim]()
        for claim in claims {
            let selections: [Selection]
            let mayBeHidden: Bool
            do {
                (selections, mayBeHidden) = try select(claim.path)
            } catch {
                throw .claimMetadata(.pathMismatch(claim.path, error))
            }
            if selections.isEmpty, claim.isMandatory, !mayBeHidden {
                throw .claimMetadata(.mandatoryClaimMissing(claim.path))
            }
            for selection in selections {
                let concrete = (try? ClaimPath(selection.issuedPath)) ?? claim.path
                switch claim.effectiveSelectiveDisclosure {
                case .always where !selection.isSelectivelyDisclosable:
                    throw .claimMetadata(.mustBeSelectivelyDisclosable(concrete))
                case .never where selection.isSelectivelyDisclosable:
                    throw .claimMetadata(.mustNotBeSelectivelyDisclosable(concrete))
                default:
                    break
                }
                guard claim.display != nil || claim.svgID != nil, let processedPath = selection.processedPath,
                      let path = try? ClaimPath(processedPath), let value = Self.value(at: processedPath, in: processed)
                else { continue }
                displayed.append(DisplayedClaim(path: path, value: value, metadata: claim))
            }
        }
        return displayed
    }

    /// Applies `path` to the credential as issued (the processing rules of the draft's
    /// "Claim Path"): a name meeting a non-object or an index meeting a non-array is an
    /// error; a missing member or index drops that branch. `mayBeHidden` is whether some
    /// branch ended at an undisclosed digest that could hold the claim.
    func select(_ path: ClaimPath) throws(ClaimPathError) -> (selections: [Selection], mayBeHidden: Bool) {
        var selection = [Selection(issued: .object(payload), issuedPath: [], processedPath: [], isSelectivelyDisclosable: false)]
        var mayBeHidden = false
        for (position, component) in path.components.enumerated() {
            var next = [Selection]()
            for item in selection {
                guard let issued = item.issued, let processedPath = item.processedPath else {
                    mayBeHidden = true
                    continue
                }
                switch component {
                case .key(let name):
                    guard case .object(let object) = issued else { throw .typeMismatch(position: position, expected: .object) }
                    if let member = member(name, of: object, atTop: position == 0) {
                        next.append(Selection(
                            issued: member.value, issuedPath: item.issuedPath + [component],
                            processedPath: processedPath + [component], isSelectivelyDisclosable: member.disclosed))
                    } else if hasUndisclosedDigests(object) {
                        mayBeHidden = true
                    }
                case .index, .allElements:
                    guard case .array(let array) = issued else { throw .typeMismatch(position: position, expected: .array) }
                    var processedIndex = 0
                    for (index, element) in array.enumerated() {
                        let (value, disclosed) = self.element(element)
                        let wanted: Bool
                        if case .index(let target) = component { wanted = index == target } else { wanted = true }
                        if wanted {
                            next.append(Selection(
                                issued: value, issuedPath: item.issuedPath + [.index(index)],
                                processedPath: value == nil ? nil : processedPath + [.index(processedIndex)],
                                isSelectivelyDisclosable: disclosed))
                        }
                        if value != nil { processedIndex += 1 }
                    }
                }
            }
            selection = next
        }
        return (selection, mayBeHidden)
    }

    /// A member as issued: plain, or revealed by a presented Disclosure through `_sd`.
    private func member(_ name: String, of object: JSONObject, atTop: Bool) -> (value: JSONValue, disclosed: Bool)? {
        if name != "_sd", !(atTop && name == "_sd_alg"), let value = object[name] { return (value, false) }
        guard case .array(let digests)? = object["_sd"] else { return nil }
        for case .string(let digest) in digests {
            if let disclosure = disclosures[digest], disclosure.claimName == name { return (disclosure.value, true) }
        }
        return nil
    }

    /// An array element as issued: its value (`nil` when it is a digest no Disclosure
    /// matches) and whether it is an element digest.
    private func element(_ element: JSONValue) -> (value: JSONValue?, disclosed: Bool) {
        guard case .object(let object) = element, object.count == 1, case .string(let digest)? = object["..."] else {
            return (element, false)
        }
        return (disclosures[digest].flatMap { $0.isArrayElement ? $0.value : nil }, true)
    }

    private func hasUndisclosedDigests(_ object: JSONObject) -> Bool {
        guard case .array(let digests)? = object["_sd"] else { return false }
        return digests.contains { $0.stringValue.map { disclosures[$0] == nil } ?? false }
    }

    /// The value at a concrete path of the processed payload.
    static func value(at path: [ClaimPath.Component], in root: JSONObject) -> JSONValue? {
        var current = JSONValue.object(root)
        for component in path {
            switch (component, current) {
            case (.key(let name), .object(let object)):
                guard let next = object[name] else { return nil }
                current = next
            case (.index(let index), .array(let array)):
                guard array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }
}
