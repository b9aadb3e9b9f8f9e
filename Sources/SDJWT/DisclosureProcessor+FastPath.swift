import JSONModel

extension DisclosureProcessor {
    /// What reading the payload gives: the processed claims and the `_sd_alg` value the
    /// payload declares (`nil` when absent). A struct, as in ``Disclosure``: an optional
    /// tuple holding JSON values is copied through the runtime's generic value operations.
    struct ReadPayload {
        let claims: JSONObject
        let declaredHashAlgorithm: JSONValue?
    }

    /// The processed payload read straight from the Issuer-signed payload's JSON, and the
    /// `_sd_alg` value it declares (`nil` when absent).
    ///
    /// This is the fast path for an SD-JWT as issuers write it. The reference path parses
    /// the payload into a tree of strings and objects (every digest a heap string) and then
    /// walks that tree; this reads the JSON once, decodes each digest from the bytes where
    /// it lies, and builds only the processed payload. Every rule of the reference path is
    /// enforced, so whatever this accepts, ``process(_:)`` accepts with the same result.
    ///
    /// It gives up on the first thing it does not take: any error, and anything it leaves
    /// to the reference path (a digest that is escaped or not a digest of this algorithm's
    /// length). The caller then runs ``process(_:)``, which reports exactly what is wrong,
    /// so errors, their order and their messages are the reference path's.
    ///
    /// - Returns: `nil` when it gave up; the processor is then spent.
    mutating func processedPayload(
        readingJSON bytes: UnsafeBufferPointer<UInt8>, parserLimits: JSONParser.Limits
    ) -> ReadPayload? {
        guard bytes.count <= parserLimits.maximumSize else { return nil }
        var reader = JSONReader(bytes: bytes, limits: parserLimits, duplicateMembers: .reject)
        path.reserveCapacity(8)
        pendingMembers.reserveCapacity(16)
        do throws(PayloadJSONStop) {
            guard reader.consume(UInt8(ascii: "{")) else { return nil }
            var declared: JSONValue?
            let claims = try readObject(&reader, firstName: nil, depth: 1, declaredHashAlgorithm: &declared)
            try json { () throws(JSONError) in try reader.expectEnd() }
            try rule { () throws(SDJWTError) in try checkEveryDigestAndDisclosure() }
            return ReadPayload(claims: claims, declaredHashAlgorithm: declared)
        } catch {
            return nil
        }
    }

    /// Reads an object's members up to its `}` (its `{` already read; its first name too,
    /// when given) and returns it processed.
    private mutating func readObject(
        _ reader: inout JSONReader, firstName: (String, Int)?, depth: Int, declaredHashAlgorithm: inout JSONValue?
    ) throws(PayloadJSONStop) -> JSONObject {
        guard depth <= limits.maximumDepth else { throw PayloadJSONStop() }
        var object = JSONObject()
        var nextName = firstName
        if nextName == nil, reader.consume(UInt8(ascii: "}")) { return object }
        let pendingStart = pendingMembers.count
        // Room for a handful of members at the first one, or for every disclosed one too when
        // `_sd` comes first (as issuers write it): most objects then grow once.
        var reserved = false
        var memberCount = 0
        var sawDigests = false
        var sawHashAlgorithm = false
        while true {
            let (name, offset): (String, Int)
            if let given = nextName {
                (name, offset) = given
                nextName = nil
            } else {
                (name, offset) = try json { () throws(JSONError) in
                    reader.skipWhitespace()
                    return try reader.readMemberName()
                }
            }
            try json { () throws(JSONError) in try reader.checkCount(memberCount, offset: offset) }
            memberCount += 1
            switch name {
            case "_sd":
                guard !sawDigests else { throw PayloadJSONStop() }
                sawDigests = true
                try readDigestList(&reader, depth: depth + 1)
                if !reserved {
                    object.reserveCapacity(object.count + pendingMembers.count - pendingStart + 8)
                    reserved = true
                }
            case "_sd_alg":
                guard depth == 1, !sawHashAlgorithm else { throw PayloadJSONStop() }
                sawHashAlgorithm = true
                declaredHashAlgorithm = try json { () throws(JSONError) in try reader.readValue(inside: depth) }
            case "...":
                throw PayloadJSONStop()
            default:
                let value = try readValue(&reader, at: .key(name), depth: depth + 1)
                if !reserved {
                    object.reserveCapacity(8)
                    reserved = true
                }
                guard !object.updateValue(value, forName: name) else { throw PayloadJSONStop() }
            }
            if try json({ () throws(JSONError) in try reader.readSeparator(closing: UInt8(ascii: "}")) }) { break }
        }
        // Disclosed members follow the plain ones, in digest order, as in the reference path.
        guard pendingMembers.count > pendingStart else { return object }
        object.reserveCapacity(object.count + pendingMembers.count - pendingStart)
        for position in pendingStart..<pendingMembers.count {
            let index = pendingMembers[position]
            try rule { () throws(SDJWTError) in
                try insertMember(disclosedBy: index, digest: "", into: &object, depth: depth)
            }
        }
        pendingMembers.removeSubrange(pendingStart...)
        return object
    }

    /// Reads the array of an `_sd` member, looking each digest up; the Disclosures found
    /// wait in ``pendingMembers`` for the end of the object.
    private mutating func readDigestList(_ reader: inout JSONReader, depth: Int) throws(PayloadJSONStop) {
        try json { () throws(JSONError) in
            try reader.checkDepth(openContainers: depth - 1)
            try reader.expect(UInt8(ascii: "["))
        }
        if reader.consume(UInt8(ascii: "]")) { return }
        var count = 0
        repeat {
            try json { () throws(JSONError) in try reader.checkCount(count, offset: reader.index) }
            count += 1
            if let index = try readDigest(&reader) { pendingMembers.append(index) }
        } while !(try json { () throws(JSONError) in try reader.readSeparator(closing: UInt8(ascii: "]")) })
    }

    /// Reads a digest string at the cursor and looks it up: the Disclosure it names, if any.
    private mutating func readDigest(_ reader: inout JSONReader) throws(PayloadJSONStop) -> Int? {
        let algorithm = hashAlgorithm
        guard case let key?? = reader.withPlainString({ DigestKey(encodedUTF8: $0, algorithm: algorithm) }) else {
            // Escaped, not a string, or not a digest of this length: the reference path's call.
            throw PayloadJSONStop()
        }
        return try rule { () throws(SDJWTError) in try lookUp(key) }
    }

    /// Reads the value at the cursor, which sits at `component` below the current path,
    /// processed: containers member by member, anything else whole.
    private mutating func readValue(
        _ reader: inout JSONReader, at component: ClaimPath.Component, depth: Int
    ) throws(PayloadJSONStop) -> JSONValue {
        reader.skipWhitespace()
        switch reader.peek() {
        case UInt8(ascii: "{"):
            try json { () throws(JSONError) in try reader.checkDepth(openContainers: depth - 1) }
            _ = reader.consume(UInt8(ascii: "{"))
            path.append(component)
            defer { path.removeLast() }
            var unused: JSONValue?
            return .object(try readObject(&reader, firstName: nil, depth: depth, declaredHashAlgorithm: &unused))
        case UInt8(ascii: "["):
            try json { () throws(JSONError) in try reader.checkDepth(openContainers: depth - 1) }
            _ = reader.consume(UInt8(ascii: "["))
            path.append(component)
            defer { path.removeLast() }
            return .array(try readArray(&reader, depth: depth))
        default:
            return try json { () throws(JSONError) in try reader.readValue() }
        }
    }

    /// Reads an array's elements up to its `]` (its `[` already read) and returns it
    /// processed: `{"...": digest}` elements replaced by what they disclose or dropped.
    private mutating func readArray(_ reader: inout JSONReader, depth: Int) throws(PayloadJSONStop) -> [JSONValue] {
        guard depth <= limits.maximumDepth else { throw PayloadJSONStop() }
        var array = [JSONValue]()
        if reader.consume(UInt8(ascii: "]")) { return array }
        var count = 0
        repeat {
            try json { () throws(JSONError) in try reader.checkCount(count, offset: reader.index) }
            count += 1
            let component = ClaimPath.Component.index(array.count)
            reader.skipWhitespace()
            guard reader.peek() == UInt8(ascii: "{") else {
                array.append(try readValue(&reader, at: component, depth: depth + 1))
                continue
            }
            // An object: an element digest when its first (and only) member is "...".
            try json { () throws(JSONError) in try reader.checkDepth(openContainers: depth) }
            _ = reader.consume(UInt8(ascii: "{"))
            if reader.consume(UInt8(ascii: "}")) {
                array.append(.object(JSONObject()))
                continue
            }
            let first = try json { () throws(JSONError) in try reader.readMemberName() }
            guard first.0 == "..." else {
                path.append(component)
                defer { path.removeLast() }
                var unused: JSONValue?
                array.append(.object(try readObject(&reader, firstName: first, depth: depth + 1, declaredHashAlgorithm: &unused)))
                continue
            }
            let index = try readDigest(&reader)
            guard reader.consume(UInt8(ascii: "}")) else { throw PayloadJSONStop() }
            guard let index else { continue }
            guard isArrayElement(index) else { throw PayloadJSONStop() }
            array.append(try rule { () throws(SDJWTError) in try disclosedValue(of: index, at: component, depth: depth + 1) })
        } while !(try json { () throws(JSONError) in try reader.readSeparator(closing: UInt8(ascii: "]")) })
        return array
    }

    /// A step of the JSON reader; its error ends the fast path.
    private func json<Result>(_ step: () throws(JSONError) -> Result) throws(PayloadJSONStop) -> Result {
        do {
            return try step()
        } catch {
            throw PayloadJSONStop()
        }
    }

    /// A rule shared with the reference path; its error ends the fast path.
    private func rule<Result>(_ step: () throws(SDJWTError) -> Result) throws(PayloadJSONStop) -> Result {
        do {
            return try step()
        } catch {
            throw PayloadJSONStop()
        }
    }
}

/// The fast path over a payload's JSON gave up; the reference path takes over.
struct PayloadJSONStop: Error {}
